"""Whether this process can serve (``/api/health/ready/``): the database answers a query and
the broker takes a connection. Each check is bounded by a short timeout, so a probe never
hangs on a host that drops packets."""

from __future__ import annotations

import logging
from enum import StrEnum

from django.conf import settings
from django.db import DatabaseError, connection

logger = logging.getLogger(__name__)

BROKER_TIMEOUT_SECONDS = 2.0


class Check(StrEnum):
    OK = "ok"
    UNAVAILABLE = "unavailable"
    # No broker configured: tasks run in the web process (the embedded first run).
    IN_PROCESS = "in_process"


def database_check() -> Check:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        logger.warning("readiness: the database does not answer", exc_info=True)
        # A broken persistent connection must not stay for the next request.
        connection.close_if_unusable_or_obsolete()
        return Check.UNAVAILABLE
    return Check.OK


def broker_check() -> Check:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return Check.IN_PROCESS
    from config.celery import app

    try:
        with app.connection_for_write(connect_timeout=BROKER_TIMEOUT_SECONDS) as broker:
            broker.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_SECONDS)
    except Exception:  # kombu raises the transport's own errors (redis, OSError, …)
        logger.warning("readiness: the broker does not answer", exc_info=True)
        return Check.UNAVAILABLE
    return Check.OK


def readiness() -> dict[str, Check]:
    return {"database": database_check(), "broker": broker_check()}
