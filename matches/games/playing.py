"""Play one game of a pairing on the engine, with a per-game CPU limit (no Django here).

A game of a pairing is fixed by the pairing's seed pair and its parity: games ``2k`` and
``2k+1`` share seed ``k`` and swap seats, so a seat or initiative advantage cancels. A game
that runs past ``cpu_limit`` seconds of CPU is ended and recorded as a draw with termination
``game_limit`` and its reason, and the tournament goes on.
"""

from __future__ import annotations

import hashlib
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from komandor.agents.registry import AGENTS_VERSION, Agent
from komandor.rules.decisions import Decision
from komandor.rules.match import ENGINE_VERSION, MatchResult, run_match
from komandor.rules.match_state import encode_actions
from komandor.rules.observation import Observation
from matches.games.card_tally import card_tally
from matches.games.decks import PlayableDeck, agent_for_deck

GAME_LIMIT = "game_limit"
DEFAULT_CPU_LIMIT = 10.0  # seconds of CPU per game; a normal game takes milliseconds


class GameLimitExceeded(Exception):
    pass


def derive_seed(*parts: object) -> int:
    """A stable 31-bit seed from the tournament seed and a game's coordinates."""
    digest = hashlib.sha256(":".join(str(part) for part in parts).encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Seat 0 and seat 1: which pairing side sits where, with which agent, on which seed."""

    seed: int
    a_seat: int  # 0 or 1

    @classmethod
    def of_game(cls, *, pair_seed: object, game: int, tournament_seed: int) -> GameSetup:
        return cls(seed=derive_seed(tournament_seed, pair_seed, game // 2), a_seat=game % 2)


@dataclass(frozen=True, slots=True)
class GameRecord:
    winner_seat: int | None
    termination: str
    reason: str
    turns: int
    cpu_ms: float
    summary: dict[str, Any]
    engine_version: str = ENGINE_VERSION
    agents_version: str = AGENTS_VERSION
    actions: bytes | None = None  # ``match_state.encode_actions``; None for a game cut short


def play_game(
    *,
    seats: Sequence[PlayableDeck],
    agents: Sequence[str],
    seed: int,
    turn_cap: int,
    cpu_limit: float = DEFAULT_CPU_LIMIT,
    log: bool = False,
    heartbeat: Callable[[], None] | None = None,
    parameters: Sequence[Mapping[str, float]] | None = None,
) -> tuple[GameRecord, MatchResult | None]:
    """Play seats[0] against seats[1]; ``agents`` are the agent names per seat, built with
    ``parameters`` per seat when given (a tuning's; kept in the summary). ``heartbeat`` is
    called before every decision (a batch renews its lease there, so a long search game keeps
    it); whatever it raises ends the game and propagates."""
    players = cpu_limited_agents(
        seats=seats,
        agents=agents,
        seed=seed,
        cpu_limit=cpu_limit,
        heartbeat=heartbeat,
        parameters=parameters,
    )
    # A tuning's games keep the values each seat played with.
    extra = {} if parameters is None else {"parameters": [dict(v) for v in parameters]}
    start = time.process_time()
    try:
        with _cpu_alarm(cpu_limit):
            result = run_match(
                decks=[seat.deck for seat in seats],
                agents=players,
                seed=seed,
                turn_cap=turn_cap,
                log=log,
            )
    except GameLimitExceeded:
        cpu = time.process_time() - start
        reason = f"ended by the per-game limit of {cpu_limit:g} s CPU (project's own rule): a draw"
        summary = {"termination": GAME_LIMIT, **extra}
        record = GameRecord(None, GAME_LIMIT, reason, 0, cpu * 1000, summary)
        return record, None
    cpu = time.process_time() - start
    outcome = result.outcome
    record = GameRecord(
        winner_seat=outcome.winner,
        termination=outcome.termination.value,
        reason=outcome.reason,
        turns=result.summary["turns"],
        cpu_ms=cpu * 1000,
        # The card figures' counts ride in the stored summary (``matches.games.card_tally``).
        summary={**result.summary, "cards": card_tally(result.state), **extra},
        actions=encode_actions(result.actions),
    )
    return record, result


def cpu_limited_agents(
    *,
    seats: Sequence[PlayableDeck],
    agents: Sequence[str],
    seed: int,
    cpu_limit: float,
    heartbeat: Callable[[], None] | None = None,
    parameters: Sequence[Mapping[str, float]] | None = None,
) -> list[Agent]:
    """The two seats' agents, seeded from the match seed (with ``parameters`` per seat when
    given), both bound to the game's CPU budget."""
    budget = _CpuBudget(cpu_limit)
    return [
        _Limited(
            agent_for_deck(
                name=agents[seat],
                seed=seed * 2 + seat,
                seat=seat,
                playable=seats[seat],
                parameters=None if parameters is None else parameters[seat],
            ),
            budget,
            heartbeat,
        )
        for seat in (0, 1)
    ]


# The game's CPU time (a system call) is read at a decision only once this much wall time
# (``time.monotonic``: no system call) has passed since it was last read. A thread's CPU time
# grows no faster than the wall clock, so a game is still stopped at the first decision past
# its limit, give or take this much; a game of milliseconds reads it a few times, not at each
# of its hundreds of decisions.
CPU_CHECK_INTERVAL = 0.005


class _CpuBudget:
    """One game's CPU limit, shared by its two seats."""

    __slots__ = ("_deadline", "_next_check")

    def __init__(self, cpu_limit: float) -> None:
        self._deadline = time.process_time() + cpu_limit
        self._next_check = time.monotonic()

    def check(self) -> None:
        now = time.monotonic()
        if now < self._next_check:
            return
        if time.process_time() > self._deadline:
            raise GameLimitExceeded
        self._next_check = now + CPU_CHECK_INTERVAL


class _Limited:
    """Checks the game's CPU budget at every decision (works in any thread), and calls the
    ``heartbeat`` there."""

    __slots__ = ("_agent", "_budget", "_heartbeat", "name")

    def __init__(
        self, agent: Agent, budget: _CpuBudget, heartbeat: Callable[[], None] | None = None
    ) -> None:
        self._agent = agent
        self._budget = budget
        self._heartbeat = heartbeat
        self.name = agent.name

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        self._budget.check()
        if self._heartbeat is not None:
            self._heartbeat()
        return self._agent.choose(decision, observation)


@contextmanager
def _cpu_alarm(seconds: float) -> Iterator[None]:
    """In the main thread (a worker's task, the shell command) a CPU timer also stops a game
    stuck between decisions; elsewhere the per-decision check is all there is."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise GameLimitExceeded

    previous = signal.signal(signal.SIGPROF, expired)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
