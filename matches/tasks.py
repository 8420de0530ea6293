"""Celery tasks: parse the message, call one service, send what it returns.

``play_batch`` is idempotent (results upserted on tournament, pairing and game; the counter
advances only by new games), so it runs with ``acks_late`` and ``reject_on_worker_lost``: a
batch whose worker dies is delivered again and nothing is lost or counted twice.
"""

from __future__ import annotations

from celery import shared_task
from django.db import DatabaseError, InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerError

from matches.services import batch_play, dispatch_batches

# Per batch: far above a batch of a few dozen millisecond games; the per-game CPU limit ends a
# runaway game long before these.
SOFT_TIME_LIMIT = 600
TIME_LIMIT = 660


@shared_task(
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    soft_time_limit=SOFT_TIME_LIMIT,
    time_limit=TIME_LIMIT,
    autoretry_for=(OperationalError, InterfaceError, DatabaseError, BrokerError),
    retry_backoff=True,
    retry_backoff_max=60,
    max_retries=8,
)
def play_batch(tournament_id: int, items: list[list[int]]) -> int:
    """Play and record one batch; send the next round's batches when this one completed a
    round. Returns how many batches it sent."""
    batches = batch_play(tournament_id=tournament_id, items=[tuple(item) for item in items])
    dispatch_batches(tournament_id, batches)
    return len(batches)
