"""Tuning by self-play as a tournament format (pure, no Django): SPSA, fishtest's method, then
a sequential test of the tuned values against the start.

The entries are decks (the precons); each pairing's side A plays with one set of an agent's
parameter values and side B with another, two games per pairing on one seed, seats swapped.

**SPSA rounds** 1…``iterations``: round *i* is one iteration of ``pairs`` pairings. Every
parameter is perturbed by ±c_i at once (the signs Δ drawn from the run's seed and *i*): side A
plays θ + c·Δ, side B θ − c·Δ (both clipped to the bounds). The iteration's ``result`` is A's
wins minus B's wins over its games, and θ moves by ``a_i / c_i · result · Δ`` per parameter,
clipped — fishtest's update, its schedules counted in game pairs K (the pairs before the
iteration):

    c_k = c_end · N^γ / (K + 1)^γ            N = iterations · pairs, the run's pairs
    a_k = r_end · c_end² · (A + N)^α / (A + K + 1)^α        A = a_ratio · N

so the last iteration probes ±``c_end`` with learning rate ``r_end`` (in units of c per pair
won), as fishtest's rows set them. Everything is a function of the options and the stored
results (``iterations_of``): θ is never stored to be trusted, it is recomputed, so a run is
deterministic given its seed and a worker playing round *i* needs nothing but the history.

**Verification rounds** then play the tuned θ (side A) against the start θ₀ (side B) in blocks
of ``verify_block`` pairings until the SPRT (``statistics.sprt_decision``: H0 50 %, H1 50 % +
``delta``) decides or ``verify_games`` are played.

Pairings cycle through every ordered pair of entries in an order drawn from the seed, each
unordered pair followed by its reverse, so over an iteration of even ``pairs`` both parameter
sets play both decks of a deal's pairing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from matches.tournaments.statistics import SprtDecision, sprt_decision, sprt_llr
from matches.tournaments.swap import (
    Series,  # a pairing's stored results, as the swap test reads them
)

TUNING = "tuning"
GAMES_PER_PAIRING = 2
DEFAULTS: dict[str, Any] = {
    "iterations": 20,
    "pairs": 8,  # pairings (of two games) per iteration
    "alpha": 0.602,  # fishtest's and Spall's exponents
    "gamma": 0.101,
    "a_ratio": 0.1,  # A as a share of the run's pairs
    "delta": 0.05,  # the verification SPRT: H1 = 55 %
    "sprt_alpha": 0.05,
    "sprt_beta": 0.05,
    "verify_games": 200,
    "verify_block": 8,  # pairings per verification round
}


@dataclass(frozen=True, slots=True)
class Axis:
    """One parameter as the run saw it at its start (a later change of an agent's defaults or
    bounds does not change a stored run)."""

    name: str
    start: float
    low: float
    high: float
    c_end: float
    r_end: float

    def clip(self, value: float) -> float:
        return min(self.high, max(self.low, value))


def axes_of(options: Mapping[str, Any]) -> list[Axis]:
    return [Axis(*row) for row in options["space"]]


@dataclass(frozen=True, slots=True)
class Schedule:
    """Per parameter, the probe's half-width c_k and the gain a_k of one iteration."""

    c: tuple[float, ...]
    a: tuple[float, ...]


def schedule(options: Mapping[str, Any], iteration: int) -> Schedule:
    """c_k and a_k of iteration ``iteration`` (1-based), from the pairs played before it."""
    total = options["iterations"] * options["pairs"]
    k = (iteration - 1) * options["pairs"] + 1
    alpha, gamma = options["alpha"], options["gamma"]
    big_a = options["a_ratio"] * total
    c, a = [], []
    for axis in axes_of(options):
        c.append(axis.c_end * total**gamma / k**gamma)
        a.append(axis.r_end * axis.c_end**2 * (big_a + total) ** alpha / (big_a + k) ** alpha)
    return Schedule(tuple(c), tuple(a))


def flips(seed: int, iteration: int, count: int) -> tuple[int, ...]:
    """The iteration's perturbation signs Δ (±1 each), drawn from the run's seed."""
    digest = hashlib.sha256(f"spsa:{seed}:{iteration}".encode()).digest()
    while len(digest) * 8 < count:
        digest += hashlib.sha256(digest).digest()
    return tuple(1 if digest[i // 8] >> (i % 8) & 1 else -1 for i in range(count))


def probes(
    theta: Sequence[float], axes: Sequence[Axis], plan: Schedule, signs: Sequence[int]
) -> tuple[list[float], list[float]]:
    """θ + c·Δ and θ − c·Δ, each clipped to the bounds."""
    plus = [axis.clip(t + c * s) for t, axis, c, s in zip(theta, axes, plan.c, signs, strict=True)]
    minus = [axis.clip(t - c * s) for t, axis, c, s in zip(theta, axes, plan.c, signs, strict=True)]
    return plus, minus


def step(
    theta: Sequence[float],
    axes: Sequence[Axis],
    plan: Schedule,
    signs: Sequence[int],
    result: float,
) -> list[float]:
    """fishtest's update: θ + a/c · result · Δ per parameter, clipped."""
    return [
        axis.clip(t + a / c * result * s)
        for t, axis, c, a, s in zip(theta, axes, plan.c, plan.a, signs, strict=True)
    ]


@dataclass(frozen=True, slots=True)
class Iteration:
    number: int
    theta: tuple[float, ...]  # before
    signs: tuple[int, ...]
    c: tuple[float, ...]
    a: tuple[float, ...]
    plus_wins: int
    minus_wins: int
    draws: int
    theta_after: tuple[float, ...]

    @property
    def result(self) -> int:
        return self.plus_wins - self.minus_wins

    def to_dict(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "iteration": self.number,
            "theta": dict(zip(names, self.theta, strict=True)),
            "signs": dict(zip(names, self.signs, strict=True)),
            "c": dict(zip(names, self.c, strict=True)),
            "a": dict(zip(names, self.a, strict=True)),
            "plus_wins": self.plus_wins,
            "minus_wins": self.minus_wins,
            "draws": self.draws,
            "result": self.result,
            "theta_after": dict(zip(names, self.theta_after, strict=True)),
        }


def _rounds(history: Sequence[Series]) -> dict[int, tuple[int, int, int, int]]:
    """Per round: A's wins, B's wins, draws, games."""
    found: dict[int, tuple[int, int, int, int]] = {}
    for r in history:
        a, b, d, n = found.get(r.round, (0, 0, 0, 0))
        games = r.a_wins + r.b_wins + r.draws
        found[r.round] = (a + r.a_wins, b + r.b_wins, d + r.draws, n + games)
    return found


def iterations_of(options: Mapping[str, Any], history: Sequence[Series]) -> list[Iteration]:
    """The SPSA iterations whose games are all stored, in order, θ carried from one to the
    next (an iteration counts only once complete: a round opens only after the one before)."""
    axes = axes_of(options)
    theta = [axis.start for axis in axes]
    rounds = _rounds(history)
    planned = options["pairs"] * GAMES_PER_PAIRING
    done = []
    for number in range(1, options["iterations"] + 1):
        plus, minus, draws, games = rounds.get(number, (0, 0, 0, 0))
        if games < planned:
            break
        plan = schedule(options, number)
        signs = flips(options["seed"], number, len(axes))
        after = step(theta, axes, plan, signs, plus - minus)
        done.append(
            Iteration(number, tuple(theta), signs, plan.c, plan.a, plus, minus, draws, tuple(after))
        )
        theta = after
    return done


def theta_of(options: Mapping[str, Any], history: Sequence[Series]) -> list[float]:
    """θ after the iterations complete in ``history`` (the start before any)."""
    done = iterations_of(options, history)
    return list(done[-1].theta_after) if done else [axis.start for axis in axes_of(options)]


def side_values(
    options: Mapping[str, Any], round: int, history: Sequence[Series]
) -> tuple[dict[str, float], dict[str, float]]:
    """The parameter values of side A and side B in round ``round`` (``history``: at least
    every round before it): θ ± c·Δ in an SPSA round, tuned θ and the start after them."""
    axes = axes_of(options)
    names = [axis.name for axis in axes]
    earlier = [r for r in history if r.round < round]
    if round <= options["iterations"]:
        theta = theta_of(options, earlier)
        plus, minus = probes(
            theta, axes, schedule(options, round), flips(options["seed"], round, len(axes))
        )
        return dict(zip(names, plus, strict=True)), dict(zip(names, minus, strict=True))
    tuned = theta_of(options, earlier)
    start = [axis.start for axis in axes]
    return dict(zip(names, tuned, strict=True)), dict(zip(names, start, strict=True))


def ordered_pairs(count: int, seed: int) -> list[tuple[int, int]]:
    """Every ordered pair of ``count`` entries: the unordered pairs in an order drawn from the
    seed, each followed by its reverse."""

    def key(pair: tuple[int, int]) -> bytes:
        return hashlib.sha256(f"pairs:{seed}:{pair[0]}:{pair[1]}".encode()).digest()

    unordered = sorted(((i, j) for i in range(count) for j in range(i + 1, count)), key=key)
    return [side for i, j in unordered for side in ((i, j), (j, i))]


@dataclass(frozen=True, slots=True)
class Verification:
    """Tuned (A) against the start (B) over the verification rounds."""

    wins: int
    losses: int
    draws: int
    decision: SprtDecision
    llr: float

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "score": (self.wins + self.draws / 2) / self.games if self.games else None,
            "decision": self.decision.value,
            "llr": self.llr,
        }


def verification(options: Mapping[str, Any], history: Sequence[Series]) -> Verification:
    wins = losses = draws = 0
    for number, (a, b, d, _n) in _rounds(history).items():
        if number > options["iterations"]:
            wins, losses, draws = wins + a, losses + b, draws + d
    decision = sprt_decision(
        wins=wins,
        draws=draws,
        losses=losses,
        delta=options["delta"],
        alpha=options["sprt_alpha"],
        beta=options["sprt_beta"],
    )
    llr = sprt_llr(wins=wins, draws=draws, losses=losses, delta=options["delta"])
    return Verification(wins, losses, draws, decision, llr)


def next_round(
    count: int, options: Mapping[str, Any], history: Sequence[Series]
) -> list[tuple[int, int]] | None:
    """The next round's (A entry, B entry) pairings, two games each, or None: the run is over
    (every iteration played and the SPRT decided or its cap reached)."""
    played = max((r.round for r in history), default=0)
    cycle = ordered_pairs(count, options["seed"])
    if played < options["iterations"]:
        first = played * options["pairs"]
        return [cycle[(first + j) % len(cycle)] for j in range(options["pairs"])]
    checked = verification(options, history)
    left = (options["verify_games"] - checked.games) // GAMES_PER_PAIRING
    if checked.decision is not SprtDecision.UNDECIDED or left <= 0:
        return None
    first = options["iterations"] * options["pairs"] + checked.games // GAMES_PER_PAIRING
    return [cycle[(first + j) % len(cycle)] for j in range(min(options["verify_block"], left))]


def planned_games(options: Mapping[str, Any]) -> int:
    """The SPSA games and the verification's cap."""
    return options["iterations"] * options["pairs"] * GAMES_PER_PAIRING + options["verify_games"]


def seed_key(round: int, slot: int) -> str:
    return f"{TUNING}:{round}:{slot}"


def decision(options: Mapping[str, Any], history: Sequence[Series]) -> str:
    """The verdict stored on a finished run: the verification SPRT's."""
    return verification(options, history).decision.value


def problems(options: Mapping[str, Any], count: int) -> dict[str, str]:
    """What is wrong with a run's options (English: the command and the admin show it)."""
    found: dict[str, str] = {}
    for name in ("iterations", "pairs", "verify_block"):
        value = options.get(name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            found[name] = "a whole number, at least 1"
    verify = options.get("verify_games")
    if not isinstance(verify, int) or isinstance(verify, bool) or verify < 0 or verify % 2:
        found["verify_games"] = "an even whole number, at least 0"
    for name in ("delta", "sprt_alpha", "sprt_beta"):
        value = options.get(name)
        if not isinstance(value, int | float) or not 0 < value < 0.5:
            found[name] = "a number between 0 and 0.5"
    if not options.get("space"):
        found["space"] = "at least one parameter"
    if not isinstance(options.get("seed"), int):
        found["seed"] = "a whole number"
    if count < 2:
        found["decks"] = "at least two decks"
    return found
