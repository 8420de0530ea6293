"""SPSA's maths and the tuning format (``matches/tournaments/spsa.py``), from known inputs."""

from __future__ import annotations

import math

import pytest

from matches.tournaments import formats, spsa
from matches.tournaments.formats import SeriesResult
from matches.tournaments.statistics import SprtDecision

SPACE = [["x", 1.0, 0.0, 2.0, 0.1, 0.002], ["y", 10.0, 0.0, 20.0, 2.0, 0.002]]


def _options(**changes):
    return {
        **spsa.DEFAULTS,
        "iterations": 4,
        "pairs": 2,
        "seed": 7,
        "space": SPACE,
        "verify_games": 8,
        "verify_block": 2,
        **changes,
    }


def test_the_schedule_ends_at_c_end_and_r_end_as_fishtest_sets_it():
    options = _options(iterations=10, pairs=5)  # N = 50 pairs, A = 5
    last = spsa.schedule(options, 10)  # k = 46: the last iteration's first pair
    n, k, big_a = 50, 46, 5.0
    assert last.c[0] == pytest.approx(0.1 * n**0.101 / k**0.101)
    assert last.a[0] == pytest.approx(0.002 * 0.1**2 * (big_a + n) ** 0.602 / (big_a + k) ** 0.602)
    first = spsa.schedule(options, 1)  # k = 1
    assert first.c[1] == pytest.approx(2.0 * n**0.101)
    assert first.a[1] == pytest.approx(0.002 * 4.0 * (55 / 6) ** 0.602)
    # The a/c ratio at k = N would be r_end · c_end: the gain per pair won, in θ's units.
    at_end = spsa.schedule(_options(iterations=50, pairs=1), 50)
    assert at_end.a[0] / at_end.c[0] == pytest.approx(0.002 * 0.1)


def test_the_update_is_a_over_c_times_the_result_times_the_sign_clipped():
    axes = spsa.axes_of(_options())
    plan = spsa.Schedule(c=(0.1, 2.0), a=(0.01, 0.4))
    assert spsa.step([1.0, 10.0], axes, plan, (1, -1), 3) == pytest.approx([1.3, 9.4])
    assert spsa.step([1.0, 10.0], axes, plan, (1, -1), -2) == pytest.approx([0.8, 10.4])
    assert spsa.step([1.95, 0.5], axes, plan, (1, 1), 10) == [2.0, 2.5]  # x clipped at 2
    plus, minus = spsa.probes([1.95, 10.0], axes, plan, (1, -1))
    assert plus == pytest.approx([2.0, 8.0]) and minus == pytest.approx([1.85, 12.0])


def test_the_signs_are_drawn_from_the_seed_and_the_iteration():
    assert spsa.flips(7, 1, 40) == spsa.flips(7, 1, 40)
    assert spsa.flips(7, 1, 300) != spsa.flips(7, 2, 300) != spsa.flips(8, 1, 300)
    assert set(spsa.flips(7, 1, 300)) == {-1, 1}
    assert len(spsa.flips(7, 1, 300)) == 300


def _round(number, results):
    """SeriesResults of one round: (A wins, B wins, draws) per pairing."""
    return [SeriesResult(number, 0, 1, a, b, d) for a, b, d in results]


def test_theta_follows_the_stored_iterations_and_only_complete_ones():
    options = _options()
    history = _round(1, [(2, 0, 0), (1, 0, 1)]) + _round(2, [(0, 2, 0), (0, 1, 1)])
    done = spsa.iterations_of(options, history)
    assert [(i.number, i.plus_wins, i.minus_wins, i.draws, i.result) for i in done] == [
        (1, 3, 0, 1, 3),
        (2, 0, 3, 1, -3),
    ]
    axes = spsa.axes_of(options)
    first = spsa.step([1.0, 10.0], axes, spsa.schedule(options, 1), spsa.flips(7, 1, 2), 3)
    assert list(done[0].theta_after) == first
    second = spsa.step(first, axes, spsa.schedule(options, 2), spsa.flips(7, 2, 2), -3)
    assert spsa.theta_of(options, history) == second
    # Round 3 half played: not an iteration yet.
    assert spsa.theta_of(options, [*history, *_round(3, [(2, 0, 0)])]) == second


def test_each_round_plays_its_probes_then_the_tuned_values_against_the_start():
    options = _options(iterations=1)
    a, b = formats.side_values(format=formats.TUNING, options=options, round=1, history=[])
    signs = spsa.flips(7, 1, 2)
    c = spsa.schedule(options, 1).c
    assert a == pytest.approx({"x": 1.0 + c[0] * signs[0], "y": 10.0 + c[1] * signs[1]})
    assert b == pytest.approx({"x": 1.0 - c[0] * signs[0], "y": 10.0 - c[1] * signs[1]})
    history = _round(1, [(2, 0, 0), (2, 0, 0)])
    tuned, start = formats.side_values(
        format=formats.TUNING, options=options, round=2, history=history
    )
    assert list(tuned.values()) == spsa.theta_of(options, history)
    assert start == {"x": 1.0, "y": 10.0}
    assert formats.side_values(format="round_robin", options={}, round=1, history=[]) is None


def test_rounds_cycle_every_ordered_pairing_then_the_sprt_decides_or_the_cap_stops():
    options = _options(iterations=2, pairs=3, verify_games=8, verify_block=3)
    cycle = spsa.ordered_pairs(3, 7)
    assert sorted(cycle) == [(i, j) for i in range(3) for j in range(3) if i != j]
    assert all(cycle[k + 1] == cycle[k][::-1] for k in range(0, 6, 2))
    first = spsa.next_round(3, options, [])
    assert first == cycle[:3]
    history = [SeriesResult(1, a, b, 1, 1, 0) for a, b in first]
    assert spsa.next_round(3, options, history) == cycle[3:6]
    history += [SeriesResult(2, a, b, 1, 1, 0) for a, b in cycle[3:6]]
    assert spsa.next_round(3, options, history) == cycle[:3]  # verification, block 3
    history += [SeriesResult(3, a, b, 1, 1, 0) for a, b in cycle[:3]]
    assert spsa.next_round(3, options, history) == cycle[3:4]  # 6 of 8 played: one more
    history += [SeriesResult(4, *cycle[3], 1, 1, 0)]
    assert spsa.next_round(3, options, history) is None
    assert spsa.verification(options, history).games == 8
    assert formats.planned_games(format=formats.TUNING, count=3, games=2, options=options) == 20


def test_the_verification_stops_once_the_sprt_decides():
    options = _options(iterations=1, pairs=1, verify_games=1000, delta=0.2)
    history = _round(1, [(1, 1, 0)]) + [SeriesResult(2 + i, 0, 1, 2, 0, 0) for i in range(12)]
    checked = spsa.verification(options, history)
    assert (checked.wins, checked.losses, checked.decision) == (24, 0, SprtDecision.BETTER)
    assert checked.llr > math.log(0.95 / 0.05)
    assert spsa.next_round(2, options, history) is None
    assert spsa.decision(options, history) == "better"


def test_the_format_checks_its_options():
    with pytest.raises(formats.FormatError) as error:
        formats.normalized_options(
            format=formats.TUNING, count=1, games=4, options={"iterations": 0, "seed": 1}
        )
    assert set(error.value.fields) >= {"iterations", "space", "decks", "games_per_pairing"}
    good = formats.normalized_options(format=formats.TUNING, count=2, games=2, options=_options())
    assert good["space"] == SPACE and good["alpha"] == 0.602
