"""The swap test as a tournament format (pure, no Django): deck version A (entry 0) and the same
deck with one card swapped, B (entry 1), each play every opponent of a field (entries 2…) on
the same seeds and seats; a sequential test stops it as soon as one is better, or at a cap.

Each round has, per opponent and per ``block``, two pairings of two games (one seed, seats
swapped): A – opponent in slot ``2i`` and B – opponent in slot ``2i + 1``, whose seeds are the
same (``seed_key``). One such pair of pairings is a *unit*: A's score and B's score on the same
two deals. A unit is a win for the change when B scored more, a loss when less, a draw when
level, and the duel's SPRT (``statistics.sprt_decision``) runs both ways: "B better than A by
δ" and "A better than B by δ". The verdict is ``swap_better`` / ``swap_worse`` when one
accepts, ``swap_same`` when both reject (no difference as large as δ), else
``swap_undecided``. The difference of the two win rates gets a paired 95 % interval (the
units' differences, normal approximation) and, while it includes 0, the games needed at the
observed difference.
"""

from __future__ import annotations

import math
import statistics as stats
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from matches.tournaments.statistics import Z95, SprtDecision, sprt_decision

SWAP = "swap"
DEFAULTS: dict[str, Any] = {
    "delta": 0.1,
    "alpha": 0.05,
    "beta": 0.05,
    "max_games": 400,  # over both versions
    "block": 2,  # seeds per opponent per round
}
GAMES_PER_UNIT = 4  # two games for A, two for B


class Series(Protocol):
    @property
    def round(self) -> int: ...
    @property
    def a(self) -> int: ...
    @property
    def b(self) -> int: ...
    @property
    def a_wins(self) -> int: ...
    @property
    def b_wins(self) -> int: ...
    @property
    def draws(self) -> int: ...


def seed_key(round: int, slot: int) -> str:
    """A's pairing (slot 2i) and B's (slot 2i + 1) share their seeds."""
    return f"swap:{round}:{slot // 2}"


def round_pairs(count: int, block: int) -> list[tuple[int, int]]:
    """(entry, opponent) of one round's pairings, in slot order."""
    return [
        (version, opponent)
        for opponent in range(2, count)
        for _ in range(block)
        for version in (0, 1)
    ]


def units(history: Sequence[Series]) -> list[tuple[float, float]]:
    """(A's score, B's score) per unit, from the pairings' results in slot order: the i-th
    pairing of A against an opponent in a round goes with the i-th of B against the same."""
    found: list[tuple[float, float]] = []
    rounds: dict[int, dict[int, list[list[float]]]] = {}
    for result in history:
        per_opponent = rounds.setdefault(result.round, {}).setdefault(result.b, [[], []])
        per_opponent[result.a].append(result.a_wins + result.draws / 2)
    for number in sorted(rounds):
        for opponent in sorted(rounds[number]):
            a_scores, b_scores = rounds[number][opponent]
            found.extend(zip(a_scores, b_scores, strict=False))
    return found


@dataclass(frozen=True, slots=True)
class Verdict:
    code: str  # swap_better, swap_worse, swap_same, swap_undecided
    units: int
    games: int  # games played by both versions
    better: int  # units where B scored more
    worse: int
    level: int
    a_rate: float | None
    b_rate: float | None
    difference: float | None  # B's win rate minus A's
    ci95: tuple[float, float] | None
    games_needed: int | None  # more games (both versions) to separate; 0 = separated

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.code,
            "units": self.units,
            "games": self.games,
            "better": self.better,
            "worse": self.worse,
            "level": self.level,
            "a_rate": self.a_rate,
            "b_rate": self.b_rate,
            "difference": self.difference,
            "ci95": list(self.ci95) if self.ci95 else None,
            "games_needed": self.games_needed,
        }


def verdict(options: Mapping[str, Any], history: Sequence[Series]) -> Verdict:
    pairs = units(history)
    n = len(pairs)
    better = sum(1 for a, b in pairs if b > a)
    worse = sum(1 for a, b in pairs if b < a)
    level = n - better - worse
    tests = {"alpha": options["alpha"], "beta": options["beta"], "delta": options["delta"]}
    up = sprt_decision(wins=better, draws=level, losses=worse, **tests)
    down = sprt_decision(wins=worse, draws=level, losses=better, **tests)
    if up is SprtDecision.BETTER:
        code = "swap_better"
    elif down is SprtDecision.BETTER:
        code = "swap_worse"
    elif up is SprtDecision.NOT_BETTER and down is SprtDecision.NOT_BETTER:
        code = "swap_same"
    else:
        code = "swap_undecided"
    if not n:
        return Verdict(code, 0, 0, 0, 0, 0, None, None, None, None, None)
    differences = [(b - a) / 2 for a, b in pairs]  # per unit, in win rate (two games each)
    mean = sum(differences) / n
    spread = stats.stdev(differences) if n > 1 else 0.0
    half = Z95 * spread / math.sqrt(n) if n > 1 else math.inf
    low, high = mean - half, mean + half
    if low > 0 or high < 0:
        needed: int | None = 0
    elif mean == 0 or spread == 0:
        needed = None
    else:
        more_units = max(math.ceil((Z95 * spread / mean) ** 2) - n, 1)
        needed = more_units * GAMES_PER_UNIT
    return Verdict(
        code,
        n,
        n * GAMES_PER_UNIT,
        better,
        worse,
        level,
        sum(a for a, _ in pairs) / (2 * n),
        sum(b for _, b in pairs) / (2 * n),
        mean,
        (max(-1.0, low), min(1.0, high)) if n > 1 else None,
        needed,
    )


def next_round(
    count: int, options: Mapping[str, Any], history: Sequence[Series]
) -> list[tuple[int, int]] | None:
    """The next round's (entry, opponent) pairings (two games each), or None: decided, or the
    cap leaves no room for one seed against every opponent."""
    decided = verdict(options, history)
    if decided.code != "swap_undecided":
        return None
    left = options["max_games"] - decided.games
    opponents = count - 2
    block = min(options["block"], left // (GAMES_PER_UNIT * opponents))
    if block < 1:
        return None
    return round_pairs(count, block)
