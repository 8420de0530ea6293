"""Wilson intervals, Bradley–Terry ratings and SPRT decisions against values computed
independently: by hand, from the defining equations, or with scipy's optimiser."""

import math

import numpy as np
import pytest
from scipy.optimize import minimize

from matches.tournaments.statistics import (
    ELO_PER_NATURAL_UNIT,
    Z95,
    SprtDecision,
    bradley_terry,
    games_to_separate,
    is_separated,
    sprt_bounds,
    sprt_decision,
    sprt_llr,
    wilson_interval,
)


def wilson_by_quadratic(successes, n, z):
    """The Wilson interval is where (p̂ − p)² = z²·p(1−p)/n: the roots of a quadratic in p."""
    phat = successes / n
    a = 1 + z * z / n
    b = -(2 * phat + z * z / n)
    c = phat * phat
    root = math.sqrt(b * b - 4 * a * c)
    return ((-b - root) / (2 * a), (-b + root) / (2 * a))


def test_wilson_interval_of_eight_wins_in_ten_is_the_published_one():
    low, high = wilson_interval(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)


@pytest.mark.parametrize(("score", "n"), [(0, 10), (3, 7), (50, 100), (99.5, 100), (12, 12)])
def test_wilson_interval_solves_its_defining_equation(score, n):
    expected = wilson_by_quadratic(score, n, Z95)
    assert wilson_interval(score, n) == pytest.approx(expected, abs=1e-12)


def test_a_pairing_with_no_games_knows_nothing():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert games_to_separate(0, 0) is None


def test_games_to_separate_a_sixty_percent_pairing_after_twenty_games():
    # n > 1.96² · 0.6 · 0.4 / 0.1² = 92.2 → 93 games, 73 more than the 20 played.
    assert not is_separated(12, 20)
    assert games_to_separate(12, 20) == 73
    assert games_to_separate(10, 20) is None  # exactly even: no rate to extrapolate
    assert is_separated(90, 100)
    assert games_to_separate(90, 100) == 0


def test_bradley_terry_of_two_decks_is_the_log_odds_split_in_half():
    ratings = bradley_terry(2, [(0, 1, 30, 10, 0)], alpha=0)
    d = math.log(30 / 10)
    assert ratings[0].strength == pytest.approx(d / 2, abs=1e-6)
    assert ratings[1].strength == pytest.approx(-d / 2, abs=1e-6)
    # var(θ0 − θ1) = 1 / (n·p·(1−p)); θ0 = d/2 has a quarter of it.
    se = math.sqrt(1 / (40 * 0.75 * 0.25)) / 2
    assert ratings[0].se == pytest.approx(se, rel=1e-6)
    assert ratings[0].elo == pytest.approx(d / 2 * ELO_PER_NATURAL_UNIT, rel=1e-6)
    assert ratings[0].elo_low == pytest.approx((d / 2 - Z95 * se) * ELO_PER_NATURAL_UNIT, rel=1e-6)


def test_a_draw_counts_half_a_win_each_way():
    with_draws = bradley_terry(2, [(0, 1, 5, 3, 2)], alpha=0)
    halves = bradley_terry(2, [(0, 1, 6, 4, 0)], alpha=0)
    assert with_draws[0].strength == pytest.approx(halves[0].strength, abs=1e-6)


def test_bradley_terry_of_four_decks_matches_scipys_maximum_likelihood():
    rows = [
        (0, 1, 14, 6, 0),
        (0, 2, 12, 8, 0),
        (0, 3, 17, 3, 0),
        (1, 2, 9, 11, 0),
        (1, 3, 13, 7, 0),
        (2, 3, 15, 5, 0),
    ]
    wins = np.zeros((4, 4))
    for i, j, wi, wj, _ in rows:
        wins[i, j], wins[j, i] = wi, wj

    def negative_log_likelihood(theta):
        diff = theta[:, None] - theta[None, :]
        return float(np.sum(wins * np.logaddexp(0, -diff)))

    fit = minimize(negative_log_likelihood, np.zeros(4), method="BFGS", options={"gtol": 1e-10})
    expected = fit.x - fit.x.mean()
    # Numerical Hessian of the negative log-likelihood, inverted on the sum-zero subspace.
    h = 1e-4
    hessian = np.zeros((4, 4))
    for a in range(4):
        for b in range(4):
            e_a, e_b = np.eye(4)[a] * h, np.eye(4)[b] * h
            hessian[a, b] = (
                negative_log_likelihood(expected + e_a + e_b)
                - negative_log_likelihood(expected + e_a - e_b)
                - negative_log_likelihood(expected - e_a + e_b)
                + negative_log_likelihood(expected - e_a - e_b)
            ) / (4 * h * h)
    expected_se = np.sqrt(np.diag(np.linalg.pinv(hessian, rcond=1e-6, hermitian=True)))
    ratings = bradley_terry(4, rows, alpha=0)
    assert [r.strength for r in ratings] == pytest.approx(list(expected), abs=1e-5)
    assert [r.se for r in ratings] == pytest.approx(list(expected_se), rel=1e-3)


def test_an_unbeaten_deck_still_gets_a_finite_rating():
    ratings = bradley_terry(3, [(0, 1, 10, 0, 0), (1, 2, 6, 4, 0)])
    assert all(math.isfinite(r.elo) and math.isfinite(r.se) for r in ratings)
    assert ratings[0].elo > ratings[1].elo > ratings[2].elo


def test_sprt_log_likelihood_ratio_and_bounds_by_hand():
    # 30 W, 10 L, δ = 0.1: 30·ln(0.6/0.5) + 10·ln(0.4/0.5) = 5.469647 − 2.231436.
    assert sprt_llr(wins=30, draws=0, losses=10, delta=0.1) == pytest.approx(3.238211, abs=1e-6)
    # Draws: half a win and half a loss each.
    assert sprt_llr(wins=20, draws=4, losses=10, delta=0.1) == pytest.approx(
        22 * math.log(1.2) + 12 * math.log(0.8)
    )
    lower, upper = sprt_bounds(alpha=0.05, beta=0.05)
    assert (lower, upper) == pytest.approx((-2.944439, 2.944439), abs=1e-6)


@pytest.mark.parametrize(
    ("wins", "draws", "losses", "decision"),
    [
        (30, 0, 10, SprtDecision.BETTER),  # LLR 3.24 ≥ 2.94
        (20, 0, 20, SprtDecision.UNDECIDED),  # LLR −0.82
        (15, 0, 25, SprtDecision.NOT_BETTER),  # 15·0.18232 − 25·0.22314 = −2.84: not yet
        (14, 0, 26, SprtDecision.NOT_BETTER),
    ],
)
def test_sprt_decisions(wins, draws, losses, decision):
    got = sprt_decision(wins=wins, draws=draws, losses=losses, delta=0.1, alpha=0.05, beta=0.05)
    llr = wins * math.log(1.2) + losses * math.log(0.8)
    expected = (
        SprtDecision.BETTER
        if llr >= math.log(19)
        else SprtDecision.NOT_BETTER
        if llr <= -math.log(19)
        else SprtDecision.UNDECIDED
    )
    assert got == expected
    if (wins, losses) != (15, 25):
        assert got == decision
