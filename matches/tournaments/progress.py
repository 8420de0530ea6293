"""Progress lives in the database, and this module watches it.

``tournament_advance`` looks at a tournament's stored games and batches and does exactly what
is missing: the next round when the current one is complete (pairing computed before any row
lock is taken), the finish after the last, batch rows for games no batch covers, and sending
again the batches whose message was lost: never sent (the broker was down), leased by a worker
that stopped renewing its lease (killed, or its retries spent), or sent but untaken while every
worker is idle (the broker lost its queue). It is idempotent and safe to run anywhere at any
time: a worker runs it after every batch, and ``tournaments_sweep`` runs it on every running
tournament every ``TOURNAMENT_SWEEP_SECONDS`` (the sweep thread of each worker,
``matches/tournaments/sweep.py``). Sending a batch twice is harmless: a batch is played by
whoever holds its lease and counted once (``services.batch_record``).

A tournament that cannot progress says why in ``Tournament.problem``; the next batch recorded
clears it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q, Sum
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import RedisError

from matches.models import Batch, Match, Pairing, Problem, Status, Tournament
from matches.tournaments import formats
from matches.tournaments.services import (
    MAX_BATCH_FAILURES,
    batch_time_limit,
    batches_create,
    round_open,
    series_history,
    tournament_finish,
)

log = logging.getLogger(__name__)

# What publishing a message raises when the broker cannot be reached.
SEND_ERRORS = (BrokerError, RedisError, OSError)


def sweep_seconds() -> float:
    return float(getattr(settings, "TOURNAMENT_SWEEP_SECONDS", 30))


def resend_seconds() -> float:
    """A batch sent this long ago and not taken, while no worker has taken any batch for as
    long, is sent again (``BATCH_RESEND_SECONDS``)."""
    return float(getattr(settings, "BATCH_RESEND_SECONDS", 90))


def problem_set(tournament_id: int, problem: str, detail: str = "") -> None:
    Tournament.objects.filter(pk=tournament_id, status=Status.RUNNING).update(
        problem=problem, problem_detail=detail[:300]
    )


def batches_send(tournament_id: int, batch_ids: Sequence[int]) -> bool:
    """Send a message for each batch. When the broker cannot be reached, the batches not sent
    are marked unsent and the tournament says so; the sweep sends them once it is back. Never
    raises for a broker outage (a create answers, and its tournament is not an orphan)."""
    from matches.tournaments.tasks import batch_send

    limits = batch_time_limits(batch_ids)
    for index, batch_id in enumerate(batch_ids):
        try:
            batch_send(batch_id, seconds=limits.get(batch_id, 0.0))
        except SEND_ERRORS as error:
            Batch.objects.filter(pk__in=batch_ids[index:], done=False).update(sent_at=None)
            problem_set(tournament_id, Problem.BROKER_UNREACHABLE, str(error))
            log.warning("tournament %s: batches not sent: %s", tournament_id, error)
            return False
    return True


def batch_time_limits(batch_ids: Sequence[int]) -> dict[int, float]:
    """Per batch: the seconds its games take at most, each run to its CPU limit
    (``services.batch_time_limit``); the task's time limits are set above."""
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


def round_counts(*, tournament: Tournament, number: int) -> tuple[int, int]:
    """Games stored and games planned in round ``number``."""
    stored = Match.objects.filter(tournament=tournament, pairing__round=number).count()
    planned = (
        Pairing.objects.filter(tournament=tournament, round=number).aggregate(n=Sum("games"))["n"]
        or 0
    )
    return stored, planned


def tournament_advance(
    *, tournament_id: int, send: bool = True, sweep: bool = False, now: datetime | None = None
) -> list[int]:
    """Do what is missing for one tournament (see the module's doc); ``sweep`` also checks
    that every missing game has a batch. Returns the batches sent (or due, without ``send``)."""
    tournament = Tournament.objects.filter(pk=tournament_id, status=Status.RUNNING).first()
    if tournament is None:
        return []
    now = now or timezone.now()
    number = tournament.round
    stored, planned = round_counts(tournament=tournament, number=number)
    if stored >= planned:
        due = _round_next(tournament=tournament, number=number)
    else:
        if sweep:
            _batches_cover(tournament=tournament, number=number)
        due = _batches_due(tournament=tournament, now=now)
    if send and due:
        batches_send(tournament_id, due)
    return due


def _round_next(*, tournament: Tournament, number: int) -> list[int]:
    """Round ``number`` is complete: open the next or finish. The pairing is computed from the
    stored results before the lock (bounded: ``formats.swiss_pairs``); under the lock only the
    check that nobody advanced meanwhile and the writes."""
    history = series_history(tournament=tournament)
    plans = formats.next_round(
        format=tournament.format,
        count=tournament.entries.count(),
        games=tournament.games_per_pairing,
        options=tournament.options,
        history=history,
    )
    with transaction.atomic():
        locked = (
            Tournament.objects.select_for_update()
            .filter(pk=tournament.pk, status=Status.RUNNING, round=number)
            .first()
        )
        if locked is None:  # another advance got here first, or it was cancelled
            return []
        if not plans:
            tournament_finish(tournament=locked, history=history)
            return []
        return round_open(tournament=locked, number=number + 1, plans=plans)


def _batches_cover(*, tournament: Tournament, number: int) -> None:
    """Batch rows for the round's games that are neither stored nor in a pending batch (a
    tournament from before batches were rows, or rows lost by hand)."""
    covered = {
        (p, g)
        for items in Batch.objects.filter(
            tournament=tournament, round=number, done=False
        ).values_list("items", flat=True)
        for p, g in items
    }
    stored = set(
        Match.objects.filter(tournament=tournament, pairing__round=number).values_list(
            "pairing_id", "game"
        )
    )
    missing = [
        (pairing_id, game)
        for pairing_id, games in Pairing.objects.filter(
            tournament=tournament, round=number
        ).values_list("pk", "games")
        for game in range(games)
        if (pairing_id, game) not in stored and (pairing_id, game) not in covered
    ]
    if not missing:
        return
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if locked.round != number or locked.status != Status.RUNNING:
            return
        last = (
            Batch.objects.filter(tournament=tournament, round=number)
            .order_by("-number")
            .values_list("number", flat=True)
            .first()
        )
        ids = batches_create(tournament=locked, number=number, items=missing, first=(last or 0) + 1)
        Batch.objects.filter(pk__in=ids).update(sent_at=None, sends=0)


def _batches_due(*, tournament: Tournament, now: datetime) -> list[int]:
    """The pending batches whose message is missing, marked sent now; the tournament's
    problem says why when it is stuck."""
    pending = Batch.objects.filter(tournament=tournament, done=False)
    failed = pending.filter(failures__gte=MAX_BATCH_FAILURES).first()
    if failed is not None:
        problem_set(tournament.pk, Problem.BATCH_FAILED, failed.error)
    pending = pending.filter(failures__lt=MAX_BATCH_FAILURES)
    unsent = Q(sent_at__isnull=True)
    lost = Q(lease_expires__lt=now)
    waited = now - timedelta(seconds=resend_seconds())
    # Idle: no batch taken for a while and none being played (a long search batch keeps its
    # lease alive at every decision, so busy workers are never taken for lost messages).
    idle = not Batch.objects.filter(Q(claimed_at__gte=waited) | Q(lease_expires__gte=now)).exists()
    untaken = Q(lease_expires__isnull=True, sent_at__lt=waited) if idle else Q(pk__in=[])
    due = list(pending.filter(unsent | lost | untaken).values_list("pk", flat=True))
    if not due:
        return []
    if pending.filter(lost).exists():
        problem_set(tournament.pk, Problem.WORKER_LOST)
    elif pending.filter(untaken).exists():
        problem_set(tournament.pk, Problem.WAITING_FOR_WORKER)
    Batch.objects.filter(pk__in=due).update(
        sent_at=now, lease_owner="", lease_expires=None, sends=F("sends") + 1
    )
    return due


def batch_failed(*, batch_id: int, owner: str, error: BaseException) -> None:
    """A batch raised something that is not an outage: count it, keep the error, free the
    lease so the sweep sends it again (at most ``MAX_BATCH_FAILURES`` times)."""
    Batch.objects.filter(pk=batch_id, lease_owner=owner, done=False).update(
        failures=F("failures") + 1,
        error=f"{type(error).__name__}: {error}"[:2000],
        lease_owner="",
        lease_expires=None,
        sent_at=None,
    )


def tournaments_sweep() -> int:
    """``tournament_advance`` on every running tournament; one failing does not stop the
    others. Returns how many batches it sent."""
    sent = 0
    for tournament_id in Tournament.objects.filter(status=Status.RUNNING).values_list(
        "pk", flat=True
    ):
        try:
            sent += len(tournament_advance(tournament_id=tournament_id, sweep=True))
        except Exception:  # one tournament's trouble must not stop the sweep of the others
            log.exception("sweep of tournament %s failed", tournament_id)
    return sent
