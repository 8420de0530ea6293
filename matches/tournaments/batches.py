"""Batches of a tournament's games: a round's pairings and batches written, each game's setup,
the lease a worker holds while it plays a batch, and the games recorded."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from matches.games.decks import PlayableDeck, playable_deck_of
from matches.games.playing import GameRecord, GameSetup, play_game
from matches.models import Batch, Match, Pairing, Status, Tournament
from matches.tournaments import formats
from matches.tournaments.budget import Item, batches_of, expected_game_cpu, game_cpu_limit
from matches.tournaments.card_tallies import card_tallies_add
from matches.tournaments.clock import db_now
from matches.tournaments.pairing_results import pairing_results_add, series_history

MAX_BATCH_FAILURES = 3  # errors (not outages) after which a batch is no longer sent


def round_open(
    *, tournament: Tournament, number: int, plans: Sequence[formats.PairingPlan]
) -> list[int]:
    """Write round ``number``'s pairings and its batches (the caller holds the tournament's
    row lock, or has just created it). Returns the new batches' ids, to send after the
    commit."""
    entries = {entry.rank: entry for entry in tournament.entries.all()}
    Pairing.objects.bulk_create(
        Pairing(
            tournament=tournament,
            round=number,
            slot=slot,
            a=entries[plan.a],
            b=entries[plan.b],
            games=plan.games,
        )
        for slot, plan in enumerate(plans)
    )
    Tournament.objects.filter(pk=tournament.pk).update(
        round=number, round_target=F("round_target") + sum(plan.games for plan in plans)
    )
    tournament.refresh_from_db()
    items = [
        (pairing.pk, game)
        for pairing in Pairing.objects.filter(tournament=tournament, round=number)
        for game in range(pairing.games)
    ]
    return batches_create(tournament=tournament, number=number, items=items, first=0)


def batches_create(
    *, tournament: Tournament, number: int, items: Sequence[Item], first: int
) -> list[int]:
    """Batch rows for ``items`` of round ``number``, numbered from ``first``; marked sent now
    (the caller sends them, and unmarks what it could not send)."""
    now = db_now()
    Batch.objects.bulk_create(
        Batch(
            tournament=tournament,
            round=number,
            number=first + index,
            items=[list(item) for item in batch],
            sent_at=now,
            sends=1,
        )
        for index, batch in enumerate(
            batches_of(
                items,
                game_cpu=expected_game_cpu(agents=tournament.agents, turn_cap=tournament.turn_cap),
            )
        )
    )
    return list(
        Batch.objects.filter(tournament=tournament, round=number, number__gte=first).values_list(
            "pk", flat=True
        )
    )


def game_setup(*, tournament: Tournament, pairing: Pairing, game: int) -> GameSetup:
    """Seed and seats of one game: fixed by the tournament's seed, the pairing's round and
    decks, and the game number (games 2k and 2k+1 share a seed and swap seats)."""
    return GameSetup.of_game(
        tournament_seed=tournament.seed,
        pair_seed=formats.seed_key(
            format=tournament.format,
            round=pairing.round,
            slot=pairing.slot,
            a=pairing.a.rank,
            b=pairing.b.rank,
        ),
        game=game,
    )


def agent_names_by_seat(*, tournament: Tournament, a_seat: int) -> list[str]:
    """The tournament's agents are per pairing side (deck A, deck B); this is per seat."""
    agent_a, agent_b = tournament.agents
    return [agent_a, agent_b] if a_seat == 0 else [agent_b, agent_a]


SideValues = tuple[dict[str, float], dict[str, float]]


def round_values(*, tournament: Tournament, number: int) -> SideValues | None:
    """The parameter values of side A and side B in round ``number``, for a format whose sides
    have their own (``formats.side_values``: the tuning's, a function of the rounds before);
    None for the others."""
    if tournament.format not in formats.VALUED:
        return None
    return formats.side_values(
        format=tournament.format,
        options=tournament.options,
        round=number,
        history=series_history(tournament=tournament, before_round=number),
    )


def lease_seconds() -> float:
    """How long a batch's lease lasts without renewal (``BATCH_LEASE_SECONDS``); the worker
    renews it after a game once a quarter of it has passed."""
    return float(getattr(settings, "BATCH_LEASE_SECONDS", 60))


def batch_claim(*, batch_id: int, owner: str) -> bool:
    """Take the lease on a batch that is not done, of a running tournament, and free: never
    leased, its lease run out, or already this owner's (a retry of the same task). Times are
    the database's (``clock.db_now``), never this machine's."""
    now = db_now()
    return bool(
        Batch.objects.filter(
            pk=batch_id,
            done=False,
            failures__lt=MAX_BATCH_FAILURES,
            tournament__status=Status.RUNNING,
        )
        .filter(Q(lease_expires__isnull=True) | Q(lease_expires__lt=now) | Q(lease_owner=owner))
        .update(
            lease_owner=owner,
            lease_expires=now + timedelta(seconds=lease_seconds()),
            claimed_at=now,
        )
    )


def batch_renew(*, batch_id: int, owner: str) -> bool:
    """Extend this owner's lease; False when it is no longer theirs (the sweep gave the batch
    to another worker) or the tournament stopped, and the batch should stop."""
    return bool(
        Batch.objects.filter(
            pk=batch_id, lease_owner=owner, done=False, tournament__status=Status.RUNNING
        ).update(lease_expires=db_now() + timedelta(seconds=lease_seconds()))
    )


class LeaseLost(Exception):
    """The batch's lease went to another worker, or its tournament stopped: stop playing."""


class LeaseKeeper:
    """Renews a batch's lease once a quarter of it has passed, checked after every game and
    before every decision of a game (``play_game``'s heartbeat), so a search game longer than
    the lease keeps it. ``clock`` is injectable for tests."""

    def __init__(
        self, *, batch_id: int, owner: str, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.batch_id = batch_id
        self.owner = owner
        self.clock = clock
        self.every = lease_seconds() / 4
        self.renew_at = clock() + self.every

    def __call__(self) -> None:
        if self.clock() < self.renew_at:
            return
        if not batch_renew(batch_id=self.batch_id, owner=self.owner):
            raise LeaseLost
        self.renew_at = self.clock() + self.every


def batch_play(
    *,
    batch_id: int,
    owner: str,
    cpu_limit: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> bool:
    """Take a batch's lease, play its games (renewing the lease as they go) and record them.
    True when this call recorded them. Idempotent: a batch done, leased by another or of a
    stopped tournament is left alone."""
    if not batch_claim(batch_id=batch_id, owner=owner):
        return False
    batch = Batch.objects.select_related("tournament").get(pk=batch_id)
    tournament = batch.tournament
    wanted = {(int(p), int(g)) for p, g in batch.items}
    stored = set(
        Match.objects.filter(
            tournament=tournament, pairing_id__in={p for p, _ in wanted}
        ).values_list("pairing_id", "game")
    )
    pairings = {
        p.pk: p
        for p in Pairing.objects.filter(pk__in={p for p, _ in wanted}).select_related(
            "a__deck_version__deck", "b__deck_version__deck"
        )
    }
    if cpu_limit is None:
        cpu_limit = game_cpu_limit(agents=tournament.agents, turn_cap=tournament.turn_cap)
    decks: dict[int, PlayableDeck] = {}
    values = round_values(tournament=tournament, number=batch.round)
    rows = []
    keeper = LeaseKeeper(batch_id=batch_id, owner=owner, clock=clock)
    try:
        for pairing_id, game in sorted(wanted - stored):
            rows.append(
                _tournament_game(
                    tournament=tournament,
                    pairing=pairings[pairing_id],
                    game=game,
                    decks=decks,
                    cpu_limit=cpu_limit,
                    heartbeat=keeper,
                    values=values,
                )
            )
            keeper()
    except LeaseLost:
        return False
    return batch_record(batch_id=batch_id, owner=owner, rows=rows)


def _tournament_game(
    *,
    tournament: Tournament,
    pairing: Pairing,
    game: int,
    decks: dict,
    cpu_limit: float,
    heartbeat: Callable[[], None] | None = None,
    values: SideValues | None = None,
) -> Match:
    setup = game_setup(tournament=tournament, pairing=pairing, game=game)
    sides = [pairing.a.deck_version, pairing.b.deck_version]
    seats = sides if setup.a_seat == 0 else sides[::-1]
    for version in seats:
        if version.pk not in decks:
            decks[version.pk] = playable_deck_of(version=version)
    agents = agent_names_by_seat(tournament=tournament, a_seat=setup.a_seat)
    parameters = None
    if values is not None:
        parameters = list(values) if setup.a_seat == 0 else list(values)[::-1]
    record, _ = play_game(
        seats=[decks[v.pk] for v in seats],
        agents=agents,
        seed=setup.seed,
        turn_cap=tournament.turn_cap,
        cpu_limit=cpu_limit,
        heartbeat=heartbeat,
        parameters=parameters,
    )
    return match_row(
        record,
        tournament=tournament,
        pairing=pairing,
        game=game,
        seats=seats,
        a_seat=setup.a_seat,
        agents=agents,
        seed=setup.seed,
        turn_cap=tournament.turn_cap,
    )


RESULT_FIELDS = [
    "seat0",
    "seat1",
    "a_seat",
    "agents",
    "seed",
    "turn_cap",
    "engine_version",
    "agents_version",
    "actions",
    "winner_seat",
    "termination",
    "reason",
    "turns",
    "cpu_ms",
    "summary",
]


def match_row(record: GameRecord, **fields: Any) -> Match:
    seats = fields.pop("seats")
    return Match(
        seat0=seats[0],
        seat1=seats[1],
        engine_version=record.engine_version,
        agents_version=record.agents_version,
        actions=record.actions,
        winner_seat=record.winner_seat,
        termination=record.termination,
        reason=record.reason,
        turns=record.turns,
        cpu_ms=record.cpu_ms,
        summary=record.summary,
        **fields,
    )


def batch_record(*, batch_id: int, owner: str, rows: Sequence[Match]) -> bool:
    """In one short transaction: mark the batch done (only while this owner holds it, so two
    workers never both count it), upsert its games on (tournament, pairing, game) and add the
    games that were new to the counters: ``done``, the card sums and the pairings' results.
    No pairing is computed here and nothing waits: the tournament's row is touched last, by
    one UPDATE, so a cancel waits for this commit at most. False (and nothing written) when
    the lease was lost or the tournament stopped."""
    with transaction.atomic():
        if not Batch.objects.filter(pk=batch_id, lease_owner=owner, done=False).update(
            done=True, lease_expires=None
        ):
            return False
        tournament_id = Batch.objects.filter(pk=batch_id).values_list("tournament", flat=True)[0]
        keys = {(row.pairing_id, row.game) for row in rows}
        already = set(
            Match.objects.filter(
                tournament_id=tournament_id, pairing_id__in={p for p, _ in keys}
            ).values_list("pairing_id", "game")
        )
        Match.objects.bulk_create(
            rows,
            update_conflicts=True,
            unique_fields=["tournament", "pairing", "game"],
            update_fields=RESULT_FIELDS,
        )
        new = keys - already
        added = [row for row in rows if (row.pairing_id, row.game) in new]
        # The stored aggregates count exactly the games new here, as ``done`` does.
        card_tallies_add(tournament_id=tournament_id, rows=added)
        pairing_results_add(rows=added)
        if not Tournament.objects.filter(pk=tournament_id, status=Status.RUNNING).update(
            done=F("done") + len(keys - already),
            progressed_at=timezone.now(),
            problem="",
            problem_detail="",
        ):
            transaction.set_rollback(True)  # cancelled meanwhile: its batches are dropped
            return False
    return True
