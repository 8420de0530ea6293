"""Each pytest-xdist worker its own Redis database: ``python -m pytest -n 2 -p
tests.parallel_services`` (``scripts/test.sh`` does).

The cache (throttle counters, cached catalogue answers), the Celery broker and the channel layer
all live in ``REDIS_URL``'s database; two workers sharing one would clear each other's throttle
history and read each other's cached answers. Worker ``gwN`` takes database *base + 1 + N*. A
plugin named with ``-p`` is imported before pytest-django reads the settings, which a conftest
would be too late for; outside xdist it changes nothing.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping
from urllib.parse import urlsplit, urlunsplit

REDIS_DATABASES = 16  # Redis's default ``databases``
URL_VARIABLES = ("REDIS_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "CHANNEL_LAYER_URL")


def worker_redis_url(url: str, worker: str) -> str:
    """``url`` moved to the database of xdist worker ``worker`` (``gw0``, ``gw1``, …)."""
    index = int(worker.removeprefix("gw"))
    parts = urlsplit(url)
    base = int(parts.path.lstrip("/") or 0)
    database = base + 1 + index
    if database >= REDIS_DATABASES:
        raise ValueError(
            f"worker {worker} would need Redis database {database} after {url}'s {base}; "
            f"Redis has {REDIS_DATABASES}: start from a lower database or run fewer workers"
        )
    return urlunsplit(parts._replace(path=f"/{database}"))


def move_to_worker_database(environ: MutableMapping[str, str]) -> None:
    """Every Redis URL in ``environ`` that names ``REDIS_URL``'s database, on this worker's."""
    worker = environ.get("PYTEST_XDIST_WORKER")
    shared = environ.get("REDIS_URL")
    if not worker or not shared:
        return
    for name in URL_VARIABLES:
        if environ.get(name) == shared:
            environ[name] = worker_redis_url(shared, worker)


move_to_worker_database(os.environ)
