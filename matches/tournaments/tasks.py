"""Celery tasks: parse the message, call the services, send what they return.

``play_batch`` is idempotent: a worker plays a batch only while it holds the batch's lease,
and records it with ``done`` in one transaction (games upserted on tournament, pairing and
game), so a message sent twice, redelivered or retried never plays a game twice into the
counts. It runs with ``acks_late`` and ``reject_on_worker_lost`` as a second line; the first
is the lease: a batch whose worker stops is sent again by the sweep once its lease runs out
(``matches/tournaments/progress.py``), not after the broker's visibility timeout.
"""

from __future__ import annotations

import os

from celery import shared_task
from celery.exceptions import Retry
from django.db import DatabaseError, InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerError

from matches.tournaments.progress import batch_failed, tournament_advance, tournaments_sweep
from matches.tournaments.services import batch_play

# Per batch, at least: far above a batch of a few dozen millisecond games; the per-game CPU
# limit ends a runaway game long before these. A batch of costly games (search) is sent with
# limits above its games' CPU limits added up (``batch_send``).
SOFT_TIME_LIMIT = 600
TIME_LIMIT = 660
TIME_LIMIT_MARGIN = 60  # seconds above a batch's longest play: the database work around it
# Outages (database, broker) are retried with backoff; once spent, the sweep sends the batch
# again when its lease runs out, so a long outage heals too.
OUTAGES = (OperationalError, InterfaceError, DatabaseError, BrokerError)
RETRIES = int(os.environ.get("BATCH_RETRIES", "8"))


@shared_task(
    name="matches.tasks.play_batch",  # a queued message names it: the name outlived the module
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    soft_time_limit=SOFT_TIME_LIMIT,
    time_limit=TIME_LIMIT,
    autoretry_for=OUTAGES,
    retry_backoff=True,
    retry_backoff_max=60,
    max_retries=RETRIES,
)
def play_batch(self, batch_id: int, legacy_items: list | None = None) -> int:
    """Play and record one batch, then advance its tournament (the next round, the finish,
    whatever went missing). Returns how many batches that sent.

    A message from before batches were rows (``play_batch(tournament id, items)``, still
    queued at an upgrade) advances that tournament instead, which covers its games with
    batch rows and sends them."""
    if legacy_items is not None:
        return len(tournament_advance(tournament_id=batch_id, sweep=True))
    owner = f"{self.request.hostname}/{self.request.id}"
    try:
        batch_play(batch_id=batch_id, owner=owner)
    except (*OUTAGES, Retry):
        raise
    except Exception as error:  # the batch itself fails (a bug, the soft time limit)
        batch_failed(batch_id=batch_id, owner=owner, error=error)
        raise
    from matches.models import Batch

    tournament_id = Batch.objects.filter(pk=batch_id).values_list("tournament", flat=True).first()
    if tournament_id is None:
        return 0
    return len(tournament_advance(tournament_id=tournament_id))


def batch_time_limits(seconds: float) -> tuple[int, int]:
    """Soft and hard time limits of a batch whose games take at most ``seconds`` of play."""
    soft = max(SOFT_TIME_LIMIT, int(seconds) + TIME_LIMIT_MARGIN)
    return soft, soft + TIME_LIMIT - SOFT_TIME_LIMIT


def batch_send(batch_id: int, *, seconds: float = 0.0) -> None:
    """Send one batch, with time limits above ``seconds`` (its games each run to their CPU
    limit). The broker's visibility timeout must exceed the hard limit
    (``CELERY_VISIBILITY_TIMEOUT``, docs/ARCHITECTURE.md)."""
    soft, hard = batch_time_limits(seconds)
    play_batch.apply_async((batch_id,), soft_time_limit=soft, time_limit=hard)


@shared_task(name="matches.tasks.sweep", ignore_result=True)  # beat schedules name it
def sweep() -> int:
    """The sweep as a task, for a deployment that prefers Celery beat to the workers' own
    sweep thread (``matches/tournaments/sweep.py``)."""
    return tournaments_sweep()
