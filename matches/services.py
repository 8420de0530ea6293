"""Changes to matches and tournaments.

A tournament is played in rounds of pairings; each round's games go out in batches (many games
per Celery task). A batch plays its games outside any transaction, then records them in one
transaction under the tournament's row lock: games already stored (a redelivered batch) are
overwritten in place, not added, and only the new ones advance the ``done`` counter. The batch
whose games complete a round schedules the next round (its batches are returned to the caller
to send), and the one completing the last round finishes the tournament: nobody waits on
another task.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from decks.models import DeckVersion, Visibility
from matches import formats
from matches.engine import rules
from matches.engine.agents import AGENTS
from matches.engine.decks import DeckError
from matches.engine.match import ENGINE_VERSION
from matches.engine_decks import PlayableDeck, playable_deck_of
from matches.models import Entry, Match, Pairing, Status, Tournament
from matches.playing import GAME_LIMIT, GameRecord, GameSetup, play_game

Item = tuple[int, int]  # (pairing id, game number)
MAX_BATCH_GAMES = 50
MAX_DECKS = 32
MAX_GAMES_PER_PAIRING = 1000


def limit(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def game_cpu_limit() -> float:
    return float(getattr(settings, "MATCH_GAME_CPU_SECONDS", 10.0))


class TournamentError(ValueError):
    """Bad input: ``code`` for clients, ``fields`` naming each bad field."""

    def __init__(self, code: str, message: str, fields: dict[str, list[str]] | None = None):
        self.code = code
        self.message = message
        self.fields = fields or {}
        super().__init__(message)


class LimitExceeded(Exception):
    """A per-user limit (HTTP 429)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(message)


def can_enter(*, user, version: DeckVersion) -> bool:
    """Public decks and precons (owner-less) are open to every signed-in user; any other deck
    takes its owner."""
    deck = version.deck
    return (
        deck.owner_id is None
        or deck.owner_id == getattr(user, "pk", None)
        or deck.visibility == Visibility.PUBLIC
    )


def entry_problems(*, user, versions: Sequence[DeckVersion]) -> list[str]:
    problems = []
    for version in versions:
        label = f"{version.deck.name} v{version.number}"
        if not can_enter(user=user, version=version):
            problems.append(f"{label}: a private deck can be entered only by its owner")
        elif not version.is_valid:
            problems.append(f"{label}: this version of the deck is not legal")
        else:
            try:
                playable_deck_of(version=version)
            except DeckError as error:
                problems.append(f"{label}: {error}")
    return problems


def agents_pair(agents: str | Sequence[str]) -> list[str]:
    pair = [agents, agents] if isinstance(agents, str) else list(agents)
    if len(pair) != 2 or any(name not in AGENTS for name in pair):
        raise TournamentError(
            "invalid",
            f"agents: one name or a pair of {', '.join(sorted(AGENTS))}",
            {"agents": [f"one of {', '.join(sorted(AGENTS))}, or a pair of them"]},
        )
    return pair


@dataclass(frozen=True, slots=True)
class TournamentRequest:
    name: str
    format: str
    versions: Sequence[DeckVersion]
    games_per_pairing: int
    agents: str | Sequence[str] = "heuristic"
    seed: int = 0
    options: dict[str, Any] | None = None
    turn_cap: int = rules.DEFAULT_TURN_CAP
    is_public: bool = True


def tournament_create(*, owner, request: TournamentRequest, dispatch: bool = True) -> Tournament:
    """Check everything, create the tournament and its first round, and (``dispatch``) send
    its batches to the workers once the transaction commits. Raises ``TournamentError`` (bad
    input) or ``LimitExceeded``."""
    versions = list(request.versions)
    count = len(versions)
    if count > MAX_DECKS:
        raise TournamentError("invalid", "decks", {"decks": [f"at most {MAX_DECKS} decks"]})
    if len({v.pk for v in versions}) != count:
        raise TournamentError("invalid", "decks", {"decks": ["each deck version once"]})
    if not 2 <= request.games_per_pairing <= MAX_GAMES_PER_PAIRING:
        raise TournamentError(
            "invalid",
            "games_per_pairing",
            {"games_per_pairing": [f"an even number from 2 to {MAX_GAMES_PER_PAIRING}"]},
        )
    try:
        options = formats.normalized_options(
            format=request.format,
            count=count,
            games=request.games_per_pairing,
            options=request.options or {},
        )
    except formats.FormatError as error:
        fields = {name: [problem] for name, problem in error.fields.items()}
        raise TournamentError("invalid", str(error), fields) from error
    agents = agents_pair(request.agents)
    problems = entry_problems(user=owner, versions=versions)
    if problems:
        raise TournamentError("deck_not_playable", "; ".join(problems), {"decks": problems})
    total = formats.planned_games(
        format=request.format, count=count, games=request.games_per_pairing, options=options
    )
    with transaction.atomic():
        _check_limits(owner=owner, new_games=total)
        tournament = Tournament.objects.create(
            owner=owner,
            name=request.name,
            format=request.format,
            options=options,
            games_per_pairing=request.games_per_pairing,
            agents=agents,
            seed=request.seed,
            turn_cap=request.turn_cap,
            is_public=request.is_public,
            engine_version=ENGINE_VERSION,
            total=total,
        )
        Entry.objects.bulk_create(
            Entry(tournament=tournament, deck_version=version, rank=rank)
            for rank, version in enumerate(versions)
        )
        batches = _round_schedule(tournament=tournament, history=[])
        if dispatch:
            transaction.on_commit(lambda: dispatch_batches(tournament.pk, batches))
    return tournament


def _check_limits(*, owner, new_games: int) -> None:
    # Lock the owner's running tournaments so two requests cannot both slip under the limit.
    running = list(
        Tournament.objects.select_for_update()
        .filter(owner=owner, status=Status.RUNNING)
        .values_list("total", "done")
    )
    most = limit("TOURNAMENTS_RUNNING_PER_USER", 3)
    if len(running) >= most:
        raise LimitExceeded(
            "too_many_tournaments",
            f"at most {most} tournaments running at once; wait for one or cancel it",
        )
    queued = sum(total - done for total, done in running) + new_games
    most = limit("MATCHES_QUEUED_PER_USER", 20000)
    if queued > most:
        raise LimitExceeded(
            "too_many_matches",
            f"at most {most} games queued per user; this would make {queued}",
        )


def dispatch_batches(tournament_id: int, batches: Iterable[list[Item]]) -> None:
    from matches.tasks import play_batch

    for items in batches:
        play_batch.delay(tournament_id, [list(item) for item in items])


def batches_of(items: Sequence[Item], *, workers_hint: int = 8) -> list[list[Item]]:
    """Games in batches of whole seed pairs: big enough that a task is not one 3 ms game, small
    enough that a round spreads over several workers."""
    size = min(MAX_BATCH_GAMES, max(2, math.ceil(len(items) / workers_hint)))
    size += size % 2
    return [list(items[start : start + size]) for start in range(0, len(items), size)]


def _round_schedule(*, tournament: Tournament, history: Sequence[formats.SeriesResult]):
    """Create the next round's pairings (or nothing: the tournament is over). Returns the
    batches to play; empty when finished."""
    plans = formats.next_round(
        format=tournament.format,
        count=tournament.entries.count(),
        games=tournament.games_per_pairing,
        options=tournament.options,
        history=history,
    )
    if not plans:
        return []
    number = max((r.round for r in history), default=0) + 1
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
    return batches_of(items)


def series_history(*, tournament: Tournament) -> list[formats.SeriesResult]:
    """Every pairing's result so far, in entry ranks, for the formats."""
    results = []
    for pairing in Pairing.objects.filter(tournament=tournament).select_related("a", "b"):
        a_wins = b_wins = draws = 0
        for winner_seat, a_seat in pairing.matches.values_list("winner_seat", "a_seat"):
            if winner_seat is None:
                draws += 1
            elif winner_seat == a_seat:
                a_wins += 1
            else:
                b_wins += 1
        results.append(
            formats.SeriesResult(
                pairing.round, pairing.a.rank, pairing.b.rank, a_wins, b_wins, draws
            )
        )
    return results


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


def seat_agents(*, tournament: Tournament, a_seat: int) -> list[str]:
    """The tournament's agents are per pairing side (deck A, deck B); this is per seat."""
    agent_a, agent_b = tournament.agents
    return [agent_a, agent_b] if a_seat == 0 else [agent_b, agent_a]


def batch_play(
    *, tournament_id: int, items: Sequence[Item], cpu_limit: float | None = None
) -> list[list[Item]]:
    """Play a batch of a tournament's games and record them. Returns the batches of the next
    round when this batch completed a round. Idempotent: safe to run twice."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or tournament.status != Status.RUNNING:
        return []
    wanted = {(int(p), int(g)) for p, g in items}
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
    decks: dict[int, PlayableDeck] = {}
    rows = []
    for pairing_id, game in sorted(wanted - stored):
        pairing = pairings[pairing_id]
        rows.append(
            _tournament_game(
                tournament=tournament,
                pairing=pairing,
                game=game,
                decks=decks,
                cpu_limit=game_cpu_limit() if cpu_limit is None else cpu_limit,
            )
        )
    return batch_record(tournament_id=tournament_id, rows=rows)


def _tournament_game(
    *, tournament: Tournament, pairing: Pairing, game: int, decks: dict, cpu_limit: float
) -> Match:
    setup = game_setup(tournament=tournament, pairing=pairing, game=game)
    sides = [pairing.a.deck_version, pairing.b.deck_version]
    seats = sides if setup.a_seat == 0 else sides[::-1]
    for version in seats:
        if version.pk not in decks:
            decks[version.pk] = playable_deck_of(version=version)
    agents = seat_agents(tournament=tournament, a_seat=setup.a_seat)
    record, _ = play_game(
        seats=[decks[v.pk] for v in seats],
        agents=agents,
        seed=setup.seed,
        turn_cap=tournament.turn_cap,
        cpu_limit=cpu_limit,
    )
    return _match_row(
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


def _match_row(record: GameRecord, **fields: Any) -> Match:
    seats = fields.pop("seats")
    return Match(
        seat0=seats[0],
        seat1=seats[1],
        engine_version=record.engine_version,
        winner_seat=record.winner_seat,
        termination=record.termination,
        reason=record.reason,
        turns=record.turns,
        cpu_ms=record.cpu_ms,
        summary=record.summary,
        **fields,
    )


RESULT_FIELDS = [
    "seat0",
    "seat1",
    "a_seat",
    "agents",
    "seed",
    "turn_cap",
    "engine_version",
    "winner_seat",
    "termination",
    "reason",
    "turns",
    "cpu_ms",
    "summary",
]


def batch_record(*, tournament_id: int, rows: Sequence[Match]) -> list[list[Item]]:
    """Upsert a batch's games on (tournament, pairing, game) and advance the counter by the
    games that were new; the batch reaching the round's target schedules the next round or
    finishes the tournament."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.status != Status.RUNNING:
            return []
        keys = {(row.pairing_id, row.game) for row in rows}
        already = set(
            Match.objects.filter(
                tournament=tournament, pairing_id__in={p for p, _ in keys}
            ).values_list("pairing_id", "game")
        )
        Match.objects.bulk_create(
            rows,
            update_conflicts=True,
            unique_fields=["tournament", "pairing", "game"],
            update_fields=RESULT_FIELDS,
        )
        new = len(keys - already)
        if not new:
            return []
        Tournament.objects.filter(pk=tournament.pk).update(done=F("done") + new)
        tournament.refresh_from_db()
        if tournament.done < tournament.round_target:
            return []
        history = series_history(tournament=tournament)
        batches = _round_schedule(tournament=tournament, history=history)
        if not batches:
            _finish(tournament=tournament, history=history)
        return batches


def _finish(*, tournament: Tournament, history: Sequence[formats.SeriesResult]) -> None:
    decision = formats.final_decision(
        format=tournament.format, options=tournament.options, history=history
    )
    Tournament.objects.filter(pk=tournament.pk).update(
        status=Status.FINISHED,
        finished_at=timezone.now(),
        total=F("done"),
        decision=decision,
    )


def tournament_cancel(*, tournament: Tournament) -> Tournament:
    """Stop a running tournament: batches not yet recorded are dropped."""
    Tournament.objects.filter(pk=tournament.pk, status=Status.RUNNING).update(
        status=Status.CANCELLED, finished_at=timezone.now()
    )
    tournament.refresh_from_db()
    return tournament


def pending_items(*, tournament: Tournament) -> list[Item]:
    """The current round's games not yet recorded (for the in-process runner)."""
    stored = set(Match.objects.filter(tournament=tournament).values_list("pairing_id", "game"))
    return [
        (pairing.pk, game)
        for pairing in Pairing.objects.filter(tournament=tournament, round=tournament.round)
        for game in range(pairing.games)
        if (pairing.pk, game) not in stored
    ]


def tournament_play_inline(
    *, tournament: Tournament, on_batch: Callable[[Tournament], None] | None = None
) -> Tournament:
    """Play a tournament in this process, batch by batch (the shell command, tests)."""
    while True:
        tournament.refresh_from_db()
        items = pending_items(tournament=tournament)
        if tournament.status != Status.RUNNING or not items:
            return tournament
        for batch in batches_of(items):
            batch_play(tournament_id=tournament.pk, items=batch)
            if on_batch is not None:
                tournament.refresh_from_db()
                on_batch(tournament)


def match_create(
    *,
    owner,
    versions: Sequence[DeckVersion],
    agents: str | Sequence[str] = "heuristic",
    seed: int = 0,
    turn_cap: int = rules.DEFAULT_TURN_CAP,
) -> Match:
    """One match, played now: bounded by the per-game CPU limit, so a request is never held
    long. ``versions`` are seats 0 and 1."""
    if len(versions) != 2:
        raise TournamentError("invalid", "decks", {"decks": ["exactly two decks: seats 0 and 1"]})
    pair = agents_pair(agents)
    problems = entry_problems(user=owner, versions=versions)
    if problems:
        raise TournamentError("deck_not_playable", "; ".join(problems), {"decks": problems})
    record, _ = play_game(
        seats=[playable_deck_of(version=v) for v in versions],
        agents=pair,
        seed=seed,
        turn_cap=turn_cap,
        cpu_limit=game_cpu_limit(),
    )
    row = _match_row(
        record,
        owner=owner,
        seats=list(versions),
        agents=pair,
        seed=seed,
        turn_cap=turn_cap,
    )
    row.save()
    return row


def match_replay_possible(*, match: Match) -> bool:
    """Only this engine version can regenerate a game, and only a game played to its end."""
    return match.engine_version == ENGINE_VERSION and match.termination != GAME_LIMIT


def match_replay(*, match: Match):
    """The match played again with its log on: the same deck versions, seed, agents and
    engine give the same game. None when it cannot be regenerated: another engine version
    played it, or it was ended by the per-game limit (no whole game to replay)."""
    if not match_replay_possible(match=match):
        return None
    _, result = play_game(
        seats=[playable_deck_of(version=match.seat0), playable_deck_of(version=match.seat1)],
        agents=match.agents,
        seed=match.seed,
        turn_cap=match.turn_cap,
        cpu_limit=game_cpu_limit(),
        log=True,
    )
    if result is None or result.outcome.winner != match.winner_seat:
        return None
    return result
