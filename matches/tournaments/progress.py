"""Progress lives in the database, and this module watches it.

``tournament_advance`` looks at a tournament's stored games and batches and does exactly what
is missing: the next round when the current one is complete (pairing computed before any row
lock is taken), the finish after the last, batch rows for games no batch covers, and sending
again the batches whose message was lost: never sent (the broker was down), leased by a worker
that stopped renewing its lease (killed, or its retries spent), or sent but untaken while every
worker is idle (the broker lost its queue). It is idempotent and safe to run anywhere at any
time: a worker runs it after every batch, and ``tasks.tournaments_sweep`` runs it on every
running tournament every ``TOURNAMENT_SWEEP_SECONDS`` (the sweep thread of each worker,
``matches/tournaments/sweep.py``). Sending a batch twice is harmless: a batch is played by
whoever holds its lease and counted once (``batches.batch_record``).

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

from matches.models import Batch, Match, Pairing, Problem, Status, Tournament
from matches.tournaments import formats
from matches.tournaments.batches import (
    MAX_BATCH_FAILURES,
    batches_create,
    lease_seconds,
    round_open,
)
from matches.tournaments.clock import db_now

# Re-exported: its old home (the lab and other helpers import it from here).
from matches.tournaments.pairing_results import series_history as series_history

log = logging.getLogger(__name__)


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


def round_counts(*, tournament: Tournament, number: int) -> tuple[int, int]:
    """Games stored and games planned in round ``number``."""
    stored = Match.objects.filter(tournament=tournament, pairing__round=number).count()
    planned = (
        Pairing.objects.filter(tournament=tournament, round=number).aggregate(n=Sum("games"))["n"]
        or 0
    )
    return stored, planned


def tournament_advance(
    *, tournament_id: int, sweep: bool = False, now: datetime | None = None
) -> list[int]:
    """Do what is missing for one tournament (see the module's doc); ``sweep`` also checks
    that every missing game has a batch. Returns the batches due, marked sent: the caller
    sends them (``tasks.batches_send``; this module sends nothing, so it imports no task)."""
    tournament = Tournament.objects.filter(pk=tournament_id, status=Status.RUNNING).first()
    if tournament is None:
        return []
    now = now or db_now()  # the clock every lease was stamped with (clock.py)
    number = tournament.round
    stored, planned = round_counts(tournament=tournament, number=number)
    if stored >= planned:
        due = _round_next(tournament=tournament, number=number)
    else:
        if sweep:
            _batches_cover(tournament=tournament, number=number)
        due = _batches_due(tournament=tournament, now=now)
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
        if pending.filter(_silent(now)).exists():
            problem_set(tournament.pk, Problem.WAITING_FOR_LOST_BATCH)
        return []
    if pending.filter(lost).exists():
        problem_set(tournament.pk, Problem.WORKER_LOST)
    elif pending.filter(untaken).exists():
        problem_set(tournament.pk, Problem.WAITING_FOR_WORKER)
    Batch.objects.filter(pk__in=due).update(
        sent_at=now, lease_owner="", lease_expires=None, sends=F("sends") + 1
    )
    return due


def silence_seconds() -> float:
    """A worker renews its lease every quarter of it (``batches.LeaseKeeper``), before each
    decision; a lease not renewed for that and a sixth more (a slow decision) belongs to a
    worker that is gone or cut off. The sweep says so at once; the batch is sent again only
    when the lease runs out, as its worker may still come back within it."""
    return lease_seconds() * (1 / 4 + 1 / 6)


def _silent(now: datetime) -> Q:
    """Leases still running but not renewed for ``silence_seconds``."""
    renewed_by = now + timedelta(seconds=lease_seconds() - silence_seconds())
    return Q(lease_expires__gte=now, lease_expires__lt=renewed_by)


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


def tournament_finish(*, tournament: Tournament, history: Sequence[formats.SeriesResult]) -> None:
    """The last round is complete: finished, with the games stored as both counts."""
    decision = formats.final_decision(
        format=tournament.format,
        options=tournament.options,
        history=history,
        count=tournament.entries.count(),
    )
    played = Match.objects.filter(tournament=tournament).count()
    Tournament.objects.filter(pk=tournament.pk).update(
        status=Status.FINISHED,
        finished_at=timezone.now(),
        done=played,
        total=played,
        decision=decision,
        problem="",
        problem_detail="",
    )
