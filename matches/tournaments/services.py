"""Changes to matches and tournaments.

A tournament is played in rounds of pairings; each round's games are split into ``Batch``
rows, one Celery task each. Progress lives in the database, not in messages: a worker takes a
lease on a batch (renewed while it plays), plays its games outside any transaction, then
records them and marks the batch done in one short transaction (games upserted on tournament,
pairing and game; the counter advances only by new games). Everything after that — the next
round once a round is complete, the finish, sending again what was lost — is the idempotent
``tournament_advance`` of ``matches/tournaments/progress.py``, run after every batch and by
the sweep.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from decks.models import DeckVersion
from decks.selectors import version_visible
from matches.engine import rules
from matches.engine.decks import DeckError
from matches.engine.events import EventLog
from matches.engine.match import ENGINE_VERSION, MatchSetup
from matches.engine.match_state import MatchState, decode_actions
from matches.games.agent_specs import agents_problems, game_cost
from matches.games.decks import PlayableDeck, playable_deck_of
from matches.games.playing import GAME_LIMIT, GameRecord, GameSetup, play_game
from matches.models import Batch, Entry, Match, Pairing, Status, Tournament
from matches.replays.walk import ReplayWalk, T, match_setup, replay_walk, replayed
from matches.tournaments import formats

Item = tuple[int, int]  # (pairing id, game number)
MAX_BATCH_GAMES = 50
# Expected CPU seconds of one batch: batches of costly agents (search) hold fewer games, so a
# round's progress still moves and a lease or time limit is never near.
BATCH_CPU_SECONDS = 20.0
# A game's CPU limit is at least this many times its expected CPU (a long search game may take
# a few times the mean); with the heuristic the fixed ``MATCH_GAME_CPU_SECONDS`` is far above.
GAME_LIMIT_OVER_EXPECTED = 10
MAX_DECKS = 32
MAX_GAMES_PER_PAIRING = 1000


def limit(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def game_cpu_limit(*, agents: Sequence[str] = (), turn_cap: int = rules.DEFAULT_TURN_CAP) -> float:
    """Seconds of CPU after which a game with ``agents`` is ended (``game_limit``): the fixed
    ``MATCH_GAME_CPU_SECONDS``, or a multiple of a costly game's expected CPU."""
    fixed = float(getattr(settings, "MATCH_GAME_CPU_SECONDS", 10.0))
    if not agents:
        return fixed
    expected = expected_game_cpu(agents=agents, turn_cap=turn_cap)
    return max(fixed, GAME_LIMIT_OVER_EXPECTED * expected)


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
    """Exactly the versions the deck's pages show ``user`` (``decks.selectors.version_visible``):
    the owner's every version, a precon's, and of a public deck those saved while it was not
    private."""
    return version_visible(version=version, user=user)


def entry_problems(*, user, versions: Sequence[DeckVersion]) -> list[str]:
    problems = []
    for version in versions:
        label = f"{version.deck.name} v{version.number}"
        if not can_enter(user=user, version=version):
            problems.append(
                gettext("%(deck)s: a private deck can be entered only by its owner.")
                % {"deck": label}
            )
        elif not version.is_valid:
            problems.append(
                gettext("%(deck)s: this version of the deck is not legal.") % {"deck": label}
            )
        else:
            try:
                playable_deck_of(version=version)
            except DeckError as error:
                problems.append(f"{label}: {error}")
    return problems


def agents_pair(agents: str | Sequence[str]) -> list[str]:
    problems = agents_problems(agents)
    if problems:
        raise TournamentError(
            "invalid",
            gettext("agents: %(problem)s") % {"problem": problems[0]},
            {"agents": problems},
        )
    return [agents, agents] if isinstance(agents, str) else list(agents)


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
    is_public: bool = False


def tournament_create(*, owner, request: TournamentRequest, dispatch: bool = True) -> Tournament:
    """Check everything, create the tournament and its first round, and (``dispatch``) send
    its batches to the workers once the transaction commits. Raises ``TournamentError`` (bad
    input) or ``LimitExceeded``."""
    versions = list(request.versions)
    count = len(versions)
    if count > MAX_DECKS:
        most = gettext("At most %(most)s decks.") % {"most": MAX_DECKS}
        raise TournamentError("invalid", "decks", {"decks": [most]})
    if len({v.pk for v in versions}) != count:
        raise TournamentError("invalid", "decks", {"decks": [gettext("Each deck version once.")]})
    if not 2 <= request.games_per_pairing <= MAX_GAMES_PER_PAIRING:
        raise TournamentError(
            "invalid",
            "games_per_pairing",
            {
                "games_per_pairing": [
                    gettext("An even number from 2 to %(most)s.") % {"most": MAX_GAMES_PER_PAIRING}
                ]
            },
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
    batch_bound_check(agents=agents, turn_cap=request.turn_cap)
    problems = entry_problems(user=owner, versions=versions)
    if problems:
        raise TournamentError("deck_not_playable", "; ".join(problems), {"decks": problems})
    total = formats.planned_games(
        format=request.format, count=count, games=request.games_per_pairing, options=options
    )
    with transaction.atomic():
        _check_limits(
            owner=owner,
            new_games=total,
            new_cpu=total * expected_game_cpu(agents=agents, turn_cap=request.turn_cap),
        )
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
        plans = formats.next_round(
            format=tournament.format,
            count=count,
            games=tournament.games_per_pairing,
            options=tournament.options,
            history=[],
        )
        batch_ids = round_open(tournament=tournament, number=1, plans=plans or [])
        if dispatch:
            # Sent after the commit; a broker that cannot be reached leaves the batches
            # unsent and the tournament saying so, and the sweep sends them when it is back.
            from matches.tournaments.progress import batches_send

            transaction.on_commit(lambda: batches_send(tournament.pk, batch_ids))
    if dispatch:
        tournament.refresh_from_db()  # what sending it said (``problem``)
    return tournament


def expected_game_cpu(*, agents: Sequence[str], turn_cap: int = rules.DEFAULT_TURN_CAP) -> float:
    """Seconds of CPU one game is expected to take, for the per-user limit, the batch size and
    the form's estimate: the measured heuristic game at the default turn cap
    (``MATCH_EXPECTED_GAME_CPU_SECONDS``), scaled by the cap and by the agents' cost (a search
    agent costs many heuristic games, ``agent_specs.game_cost``)."""
    per_game = float(getattr(settings, "MATCH_EXPECTED_GAME_CPU_SECONDS", 0.05))
    return per_game * game_cost(agents) * max(turn_cap, 1) / rules.DEFAULT_TURN_CAP


def _check_limits(*, owner, new_games: int, new_cpu: float) -> None:
    """The owner's running tournaments, games and expected CPU still to play, checked under
    the owner's row lock: concurrent creates by one user take turns, so none slips under a
    limit another is about to use up (locking only existing tournaments let eight parallel
    creates all pass)."""
    list(get_user_model().objects.select_for_update().filter(pk=owner.pk).values_list("pk"))
    running = list(
        Tournament.objects.filter(owner=owner, status=Status.RUNNING).values_list(
            "total", "done", "agents", "turn_cap"
        )
    )
    most = limit("TOURNAMENTS_RUNNING_PER_USER", 3)
    if len(running) >= most:
        raise LimitExceeded(
            "too_many_tournaments",
            gettext("At most %(most)s tournaments running at once; wait for one or cancel it.")
            % {"most": most},
        )
    queued = sum(total - done for total, done, _, _ in running) + new_games
    most = limit("MATCHES_QUEUED_PER_USER", 20000)
    if queued > most:
        raise LimitExceeded(
            "too_many_matches",
            gettext("At most %(most)s games queued per user; this would make %(queued)s.")
            % {"most": most, "queued": queued},
        )
    cpu = new_cpu + sum(
        (total - done) * expected_game_cpu(agents=agents, turn_cap=cap)
        for total, done, agents, cap in running
    )
    most = limit("CPU_SECONDS_QUEUED_PER_USER", 3600)
    if cpu > most:
        raise LimitExceeded(
            "too_much_cpu",
            gettext(
                "At most %(most)s s of expected CPU queued per user; this would make %(cpu)s s. "
                "A game costs by its agents (search: many times a heuristic game): fewer games, "
                "a smaller search budget, or wait for your tournaments to finish."
            )
            % {"most": most, "cpu": round(cpu)},
        )


def batch_size(*, games: int, game_cpu: float, workers_hint: int = 8) -> int:
    """Games per batch, whole seed pairs: big enough that a task is not one 3 ms game, small
    enough that a round spreads over several workers and that a batch is about
    ``BATCH_CPU_SECONDS`` of CPU at most (costly agents: fewer games, at least one pair)."""
    size = min(MAX_BATCH_GAMES, max(2, math.ceil(games / workers_hint)))
    size += size % 2
    by_cpu = int(BATCH_CPU_SECONDS // max(game_cpu, 1e-9))
    return max(2, min(size, by_cpu - by_cpu % 2))


def batches_of(
    items: Sequence[Item], *, game_cpu: float = 0.0, workers_hint: int = 8
) -> list[list[Item]]:
    """``items`` in batches of ``batch_size`` games (``game_cpu``: one game's expected CPU)."""
    size = batch_size(games=len(items), game_cpu=game_cpu, workers_hint=workers_hint)
    return [list(items[start : start + size]) for start in range(0, len(items), size)]


def batch_time_limit(*, tournament: Tournament, games: int) -> float:
    """Seconds within which a batch of ``games`` of this tournament ends even if every game
    runs to its CPU limit (the task's soft time limit is set above it)."""
    return games * game_cpu_limit(agents=tournament.agents, turn_cap=tournament.turn_cap)


def batch_max_seconds() -> float:
    """The longest a batch may take with every game run to its CPU limit
    (``BATCH_MAX_SECONDS``); the broker's visibility timeout is set above it."""
    return float(getattr(settings, "BATCH_MAX_SECONDS", 3000))


def batch_bound_check(*, agents: Sequence[str], turn_cap: int) -> None:
    """Refuse agents whose biggest batch (``batch_size``, each game run to its CPU limit)
    could outlast ``batch_max_seconds``: a search budget too big for this deployment."""
    game_cpu = expected_game_cpu(agents=agents, turn_cap=turn_cap)
    size = batch_size(games=MAX_BATCH_GAMES * 8, game_cpu=game_cpu)
    longest = size * game_cpu_limit(agents=agents, turn_cap=turn_cap)
    if longest > batch_max_seconds():
        message = gettext(
            "A game of these agents is expected to take %(game)s s of CPU: too long for the "
            "workers here (a batch of %(size)s games could take %(longest)s s, at most "
            "%(most)s s). A smaller search budget N, or a lower turn cap."
        ) % {
            "game": round(game_cpu),
            "size": size,
            "longest": round(longest),
            "most": round(batch_max_seconds()),
        }
        raise TournamentError("invalid", message, {"agents": [message]})


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
    now = timezone.now()
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


def lease_seconds() -> float:
    """How long a batch's lease lasts without renewal (``BATCH_LEASE_SECONDS``); the worker
    renews it after a game once a quarter of it has passed."""
    return float(getattr(settings, "BATCH_LEASE_SECONDS", 60))


MAX_BATCH_FAILURES = 3  # errors (not outages) after which a batch is no longer sent


def batch_claim(*, batch_id: int, owner: str) -> bool:
    """Take the lease on a batch that is not done, of a running tournament, and free: never
    leased, its lease run out, or already this owner's (a retry of the same task)."""
    now = timezone.now()
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
        ).update(lease_expires=timezone.now() + timedelta(seconds=lease_seconds()))
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
        heartbeat=heartbeat,
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


def batch_record(*, batch_id: int, owner: str, rows: Sequence[Match]) -> bool:
    """In one short transaction: mark the batch done (only while this owner holds it, so two
    workers never both count it), upsert its games on (tournament, pairing, game) and advance
    the counter by the games that were new. No pairing is computed here and nothing waits:
    the tournament's row is touched last, by one UPDATE, so a cancel waits for this commit
    at most. False (and nothing written) when the lease was lost or the tournament stopped."""
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
        if not Tournament.objects.filter(pk=tournament_id, status=Status.RUNNING).update(
            done=F("done") + len(keys - already),
            progressed_at=timezone.now(),
            problem="",
            problem_detail="",
        ):
            transaction.set_rollback(True)  # cancelled meanwhile: its batches are dropped
            return False
    return True


def tournament_finish(*, tournament: Tournament, history: Sequence[formats.SeriesResult]) -> None:
    """The last round is complete: finished, with the games stored as both counts."""
    decision = formats.final_decision(
        format=tournament.format, options=tournament.options, history=history
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


def tournament_cancel(*, tournament: Tournament) -> Tournament:
    """Stop a running tournament: batches not yet recorded are dropped. One UPDATE of its
    row: a batch holds that row only for the commit of its games (``batch_record``), and no
    pairing is ever computed under it, so this never waits on a batch's play."""
    Tournament.objects.filter(pk=tournament.pk, status=Status.RUNNING).update(
        status=Status.CANCELLED, finished_at=timezone.now()
    )
    tournament.refresh_from_db()
    return tournament


def pending_batches(*, tournament: Tournament) -> list[int]:
    """The current round's batches not yet done (for the in-process runner and tests)."""
    return list(
        Batch.objects.filter(tournament=tournament, round=tournament.round, done=False)
        .order_by("number")
        .values_list("pk", flat=True)
    )


INLINE_OWNER = "inline"


def tournament_play_inline(
    *, tournament: Tournament, on_batch: Callable[[Tournament], None] | None = None
) -> Tournament:
    """Play a tournament in this process, batch by batch (the shell command, tests)."""
    from matches.tournaments.progress import tournament_advance

    while True:
        tournament_advance(tournament_id=tournament.pk, send=False)
        tournament.refresh_from_db()
        batches = pending_batches(tournament=tournament)
        if tournament.status != Status.RUNNING or not batches:
            return tournament
        recorded = False
        for batch_id in batches:
            recorded |= batch_play(batch_id=batch_id, owner=INLINE_OWNER)
            if on_batch is not None:
                tournament.refresh_from_db()
                on_batch(tournament)
        if not recorded:  # every batch left failed: it says why (``problem``)
            tournament.refresh_from_db()
            return tournament


def match_create(
    *,
    owner,
    versions: Sequence[DeckVersion],
    agents: str | Sequence[str] = "heuristic",
    seed: int = 0,
    turn_cap: int = rules.DEFAULT_TURN_CAP,
) -> Match:
    """One match, played now: bounded by the per-game CPU limit, so a request is never held
    long; agents whose game limit exceeds ``MATCH_SINGLE_CPU_SECONDS`` (a big search budget)
    are refused. ``versions`` are seats 0 and 1."""
    if len(versions) != 2:
        two = gettext("Exactly two decks: seats 0 and 1.")
        raise TournamentError("invalid", "decks", {"decks": [two]})
    pair = agents_pair(agents)
    cpu_limit = game_cpu_limit(agents=pair, turn_cap=turn_cap)
    most = float(getattr(settings, "MATCH_SINGLE_CPU_SECONDS", 60))
    if cpu_limit > most:
        message = gettext(
            "A single match is played at once, within %(most)s s of CPU; a game of these agents "
            "is expected to take %(game)s s. A smaller search budget N, or a tournament of two "
            "games (it runs on the workers)."
        ) % {"most": round(most), "game": round(expected_game_cpu(agents=pair, turn_cap=turn_cap))}
        raise TournamentError("invalid", message, {"agents": [message]})
    problems = entry_problems(user=owner, versions=versions)
    if problems:
        raise TournamentError("deck_not_playable", "; ".join(problems), {"decks": problems})
    record, _ = play_game(
        seats=[playable_deck_of(version=v) for v in versions],
        agents=pair,
        seed=seed,
        turn_cap=turn_cap,
        cpu_limit=cpu_limit,
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
    """Only this engine version's rules replay a game's choices, and only a whole game."""
    return match.engine_version == ENGINE_VERSION and match.termination != GAME_LIMIT


def match_replay_unavailable(*, match: Match) -> str:
    """Why the match cannot be replayed, for the page and the API ("" when it can)."""
    if match.termination == GAME_LIMIT:
        return _("this match was ended by the per-game limit: there is no whole game to replay")
    if match.engine_version != ENGINE_VERSION:
        return _(
            "this match was played by engine %(played)s; this site runs engine %(current)s, "
            "whose rules differ, so its moves no longer replay"
        ) % {"played": match.engine_version, "current": ENGINE_VERSION}
    return ""


def _seats(*, match: Match) -> list[PlayableDeck]:
    return [playable_deck_of(version=match.seat0), playable_deck_of(version=match.seat1)]


def _match_setup(*, match: Match) -> MatchSetup:
    return match_setup(
        seats=_seats(match=match), agents=match.agents, seed=match.seed, turn_cap=match.turn_cap
    )


def match_history(*, match: Match) -> list[int] | None:
    """The match's choices: stored with it, or — for a match recorded before they were kept —
    the game played again by its agents (this engine version only). None when it cannot be
    replayed."""
    if not match_replay_possible(match=match):
        return None
    if match.actions is not None:
        try:
            return decode_actions(bytes(match.actions))
        except ValueError:  # cut short: not a history this engine wrote
            return None
    _, result = play_game(
        seats=_seats(match=match),
        agents=match.agents,
        seed=match.seed,
        turn_cap=match.turn_cap,
        cpu_limit=game_cpu_limit(agents=match.agents, turn_cap=match.turn_cap),
    )
    if result is None or result.outcome.winner != match.winner_seat:
        return None
    return result.actions


def match_replay(*, match: Match) -> EventLog | None:
    """The match's whole log, rebuilt by applying its choices (no agent asked). None when it
    cannot be: another engine version played it, or the per-game limit ended it."""
    actions = match_history(match=match)
    if actions is None:
        return None
    replay = replayed(_match_setup(match=match), actions)
    if replay is None or replay.outcome is None or replay.outcome.winner != match.winner_seat:
        return None
    return replay.log


def match_replay_step(
    *, match: Match, step: int, at_step: Callable[[MatchState], T]
) -> ReplayWalk[T] | None:
    """The match replayed, ``at_step`` called with it stopped at decision ``step`` (the
    replay page draws its board there); None when it cannot be rebuilt."""
    actions = match_history(match=match)
    if actions is None:
        return None
    walk = replay_walk(setup=_match_setup(match=match), actions=actions, step=step, at_step=at_step)
    if walk is None or walk.outcome.winner != match.winner_seat:
        return None  # not the stored game: never show a position of another one
    return walk
