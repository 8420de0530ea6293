"""Celery tasks, and the sending of batches: parse the message, call the services, send what
they return (the progress step finds what is due and sends nothing itself).

``play_batch`` is idempotent: a worker plays a batch only while it holds the batch's lease,
and records it with ``done`` in one transaction (games upserted on tournament, pairing and
game), so a message sent twice, redelivered or retried never plays a game twice into the
counts. It runs with ``acks_late`` and ``reject_on_worker_lost`` as a second line; the first
is the lease: a batch whose worker stops is sent again by the sweep once its lease runs out
(``matches/tournaments/progress.py``), not after the broker's visibility timeout.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence

from celery import shared_task
from celery.exceptions import Retry
from django.db import DatabaseError, InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import RedisError

from matches.models import Batch, Problem, Status, Tournament
from matches.tournaments.batches import batch_play
from matches.tournaments.budget import batch_time_limit
from matches.tournaments.progress import batch_failed, problem_set, tournament_advance

log = logging.getLogger(__name__)

# Per batch, at least: far above a batch of a few dozen millisecond games; the per-game CPU
# limit ends a runaway game long before these. A batch of costly games (search) is sent with
# limits above its games' CPU limits added up (``batch_send``).
SOFT_TIME_LIMIT = 600
TIME_LIMIT = 660
TIME_LIMIT_MARGIN = 60  # seconds above a batch's longest play: the database work around it
# Outages (database, broker) are retried with backoff; once spent, the sweep sends the batch
# again when its lease runs out, so a long outage heals too.
OUTAGES = (OperationalError, InterfaceError, DatabaseError, BrokerError)
# What publishing a message raises when the broker cannot be reached.
SEND_ERRORS = (BrokerError, RedisError, OSError)
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
        return len(advance_and_send(tournament_id=batch_id, sweep=True))
    owner = f"{self.request.hostname}/{self.request.id}"
    try:
        batch_play(batch_id=batch_id, owner=owner)
    except (*OUTAGES, Retry):
        raise
    except Exception as error:  # the batch itself fails (a bug, the soft time limit)
        batch_failed(batch_id=batch_id, owner=owner, error=error)
        raise
    tournament_id = Batch.objects.filter(pk=batch_id).values_list("tournament", flat=True).first()
    if tournament_id is None:
        return 0
    return len(advance_and_send(tournament_id=tournament_id))


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


def batches_send(tournament_id: int, batch_ids: Sequence[int]) -> bool:
    """Send a message for each batch. When the broker cannot be reached, the batches not sent
    are marked unsent and the tournament says so; the sweep sends them once it is back. Never
    raises for a broker outage (a create answers, and its tournament is not an orphan)."""
    limits = batches_seconds(batch_ids)
    for index, batch_id in enumerate(batch_ids):
        try:
            batch_send(batch_id, seconds=limits.get(batch_id, 0.0))
        except SEND_ERRORS as error:
            Batch.objects.filter(pk__in=batch_ids[index:], done=False).update(sent_at=None)
            problem_set(tournament_id, Problem.BROKER_UNREACHABLE, str(error))
            log.warning("tournament %s: batches not sent: %s", tournament_id, error)
            return False
    return True


def batches_seconds(batch_ids: Sequence[int]) -> dict[int, float]:
    """Per batch: the seconds its games take at most, each run to its CPU limit
    (``budget.batch_time_limit``); the task's time limits are set above."""
    tournaments: dict[int, Tournament] = {}
    limits = {}
    for batch in Batch.objects.filter(pk__in=batch_ids).only("pk", "items", "tournament_id"):
        if batch.tournament_id not in tournaments:
            tournaments[batch.tournament_id] = Tournament.objects.only("agents", "turn_cap").get(
                pk=batch.tournament_id
            )
        limits[batch.pk] = batch_time_limit(
            tournament=tournaments[batch.tournament_id], games=len(batch.items)
        )
    return limits


def advance_and_send(*, tournament_id: int, sweep: bool = False) -> list[int]:
    """``progress.tournament_advance``, then send the batches it found due. Returns them."""
    due = tournament_advance(tournament_id=tournament_id, sweep=sweep)
    if due:
        batches_send(tournament_id, due)
    return due


def tournaments_sweep() -> int:
    """``tournament_advance`` on every running tournament; one failing does not stop the
    others. Returns how many batches it sent."""
    sent = 0
    for tournament_id in Tournament.objects.filter(status=Status.RUNNING).values_list(
        "pk", flat=True
    ):
        try:
            sent += len(advance_and_send(tournament_id=tournament_id, sweep=True))
        except Exception:  # one tournament's trouble must not stop the sweep of the others
            log.exception("sweep of tournament %s failed", tournament_id)
    return sent
