"""Honest numbers for deck-vs-deck results (pure functions, no Django).

- ``wilson_interval``: the Wilson score interval of a win rate (a draw scores half a win).
- ``games_to_separate``: for a pairing whose interval still straddles 50 %, roughly how many
  more games would separate it at the observed rate.
- ``bradley_terry``: ratings fitted to all games at once (``choix``; a draw is half a win each
  way) with standard errors from the Fisher information, shown on the Elo scale.
- ``sprt_llr`` / ``sprt_decision``: the sequential probability ratio test of chess-engine
  testing: H0 "A scores 50 %" against H1 "A scores 50 % + δ", with error rates α and β.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

import choix
import numpy as np

Z95 = 1.959963984540054  # the two-sided 95 % normal quantile
ELO_PER_NATURAL_UNIT = 400 / math.log(10)


def wilson_interval(score: float, games: int, *, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``score`` successes (wins + draws / 2) in ``games``."""
    if games <= 0:
        return (0.0, 1.0)
    p = score / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def is_separated(score: float, games: int, *, z: float = Z95) -> bool:
    """True when the interval lies wholly on one side of 50 %."""
    low, high = wilson_interval(score, games, z=z)
    return low > 0.5 or high < 0.5


def games_to_separate(score: float, games: int, *, z: float = Z95) -> int | None:
    """More games needed, at the observed rate, for the 95 % interval to leave 50 %: the ``n``
    with ``z·√(p(1−p)/n) < |p − ½|``, minus the games played. 0 when already separated;
    None when it cannot be estimated (no games, or exactly 50 %)."""
    if games <= 0:
        return None
    if is_separated(score, games, z=z):
        return 0
    p = score / games
    if p == 0.5:
        return None
    needed = math.floor(z * z * p * (1 - p) / (p - 0.5) ** 2) + 1
    return max(needed - games, 1)


@dataclass(frozen=True, slots=True)
class Rating:
    index: int
    strength: float  # Bradley–Terry log-strength, centred on 0
    se: float
    elo: float  # the same on the Elo scale
    elo_low: float
    elo_high: float


def bradley_terry(
    count: int,
    results: Iterable[tuple[int, int, float, float, float]],
    *,
    alpha: float = 0.01,
    z: float = Z95,
) -> list[Rating]:
    """Ratings of ``count`` items from ``(i, j, wins_i, wins_j, draws)`` rows.

    ``alpha`` regularises the fit (``choix``'s prior) so an unbeaten deck still gets a finite
    rating. Standard errors come from the pseudo-inverse of the Fisher information, which fixes
    the ratings' sum at zero.
    """
    wins = np.zeros((count, count))
    games = np.zeros((count, count))
    for i, j, wins_i, wins_j, draws in results:
        wins[i, j] += wins_i + draws / 2
        wins[j, i] += wins_j + draws / 2
        games[i, j] += wins_i + wins_j + draws
        games[j, i] += wins_i + wins_j + draws
    if count < 2 or not games.any():
        return [Rating(i, 0.0, math.inf, 0.0, -math.inf, math.inf) for i in range(count)]
    strengths = choix.ilsr_pairwise_dense(wins, alpha=alpha, max_iter=1000)
    strengths = strengths - strengths.mean()
    information = np.zeros((count, count))
    for i in range(count):
        for j in range(count):
            if i != j and games[i, j]:
                p = 1 / (1 + math.exp(strengths[j] - strengths[i]))
                weight = games[i, j] * p * (1 - p)
                information[i, i] += weight
                information[i, j] -= weight
    covariance = np.linalg.pinv(information)
    ratings = []
    for i in range(count):
        se = math.sqrt(max(covariance[i, i], 0.0))
        elo = float(strengths[i]) * ELO_PER_NATURAL_UNIT
        spread = z * se * ELO_PER_NATURAL_UNIT
        ratings.append(Rating(i, float(strengths[i]), se, elo, elo - spread, elo + spread))
    return ratings


class SprtDecision(StrEnum):
    BETTER = "better"  # H1 accepted: A scores at least 50 % + δ
    NOT_BETTER = "not_better"  # H0 accepted
    UNDECIDED = "undecided"


def sprt_llr(*, wins: float, draws: float, losses: float, delta: float) -> float:
    """Log-likelihood ratio of H1 (p = ½ + δ) against H0 (p = ½), a draw half a win and half a
    loss."""
    p0, p1 = 0.5, 0.5 + delta
    score, lost = wins + draws / 2, losses + draws / 2
    return score * math.log(p1 / p0) + lost * math.log((1 - p1) / (1 - p0))


def sprt_bounds(*, alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds: accept H0 at or below the first, H1 at or above the second."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt_decision(
    *, wins: float, draws: float, losses: float, delta: float, alpha: float, beta: float
) -> SprtDecision:
    llr = sprt_llr(wins=wins, draws=draws, losses=losses, delta=delta)
    lower, upper = sprt_bounds(alpha=alpha, beta=beta)
    if llr >= upper:
        return SprtDecision.BETTER
    if llr <= lower:
        return SprtDecision.NOT_BETTER
    return SprtDecision.UNDECIDED
