"""Pairing logic of every format (pure functions)."""

import pytest

from matches.tournaments import formats
from matches.tournaments.formats import PairingPlan, SeriesResult


def test_round_robin_meets_every_pair_once():
    assert formats.round_robin_pairs(4) == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    plans = formats.next_round(format="round_robin", count=3, games=4, options={}, history=[])
    assert plans == [PairingPlan(0, 1, 4), PairingPlan(0, 2, 4), PairingPlan(1, 2, 4)]
    done = [SeriesResult(1, p.a, p.b, 2, 2, 0) for p in plans]
    assert (
        formats.next_round(format="round_robin", count=3, games=4, options={}, history=done) is None
    )
    assert formats.planned_games(format="round_robin", count=4, games=6, options={}) == 36


def test_double_round_robin_plays_a_second_leg_the_other_way_round():
    first = formats.next_round(
        format="double_round_robin", count=3, games=2, options={}, history=[]
    )
    assert [(p.a, p.b) for p in first] == [(0, 1), (0, 2), (1, 2)]
    history = [SeriesResult(1, p.a, p.b, 1, 1, 0) for p in first]
    second = formats.next_round(
        format="double_round_robin", count=3, games=2, options={}, history=history
    )
    assert [(p.a, p.b) for p in second] == [(1, 0), (2, 0), (2, 1)]
    history += [SeriesResult(2, p.a, p.b, 1, 1, 0) for p in second]
    assert (
        formats.next_round(
            format="double_round_robin", count=3, games=2, options={}, history=history
        )
        is None
    )
    assert formats.planned_games(format="double_round_robin", count=3, games=2, options={}) == 12


def test_gauntlet_plays_the_first_deck_against_the_field_only():
    plans = formats.next_round(format="gauntlet", count=4, games=2, options={}, history=[])
    assert [(p.a, p.b) for p in plans] == [(0, 1), (0, 2), (0, 3)]
    assert formats.planned_games(format="gauntlet", count=4, games=2, options={}) == 6


def test_bracket_order_keeps_the_top_seeds_apart():
    assert formats.bracket_order(8) == [0, 7, 3, 4, 1, 6, 2, 5]
    assert formats.elimination_slots(6) == [0, None, 3, 4, 1, None, 2, 5]


def test_single_elimination_gives_byes_to_the_top_seeds_and_advances_series_winners():
    games = 4
    first = formats.next_round(
        format="single_elimination", count=6, games=games, options={}, history=[]
    )
    assert [(p.a, p.b) for p in first] == [(3, 4), (2, 5)]
    history = [SeriesResult(1, 3, 4, 1, 3, 0), SeriesResult(1, 2, 5, 2, 2, 0)]  # 4 wins; 2 by seed
    second = formats.next_round(
        format="single_elimination", count=6, games=games, options={}, history=history
    )
    assert [(p.a, p.b) for p in second] == [(0, 4), (1, 2)]
    history += [SeriesResult(2, 0, 4, 0, 4, 0), SeriesResult(2, 1, 2, 3, 1, 0)]
    final = formats.next_round(
        format="single_elimination", count=6, games=games, options={}, history=history
    )
    assert [(p.a, p.b) for p in final] == [(4, 1)]
    history.append(SeriesResult(3, 4, 1, 1, 2, 1))
    assert (
        formats.next_round(
            format="single_elimination", count=6, games=games, options={}, history=history
        )
        is None
    )
    assert formats.elimination_bracket(6, history) == ([], 1)
    assert (
        formats.planned_games(format="single_elimination", count=6, games=games, options={}) == 20
    )


def test_a_level_series_goes_to_the_higher_seed():
    assert SeriesResult(1, 5, 2, 1, 1, 2).winner == 2
    assert SeriesResult(1, 5, 2, 3, 1, 0).winner == 5


def test_swiss_pairs_by_score_without_rematches_and_rotates_the_bye():
    options = formats.normalized_options(format="swiss", count=5, games=2, options={"rounds": 3})
    first = formats.next_round(format="swiss", count=5, games=2, options=options, history=[])
    assert [(p.a, p.b) for p in first] == [(0, 1), (2, 3)]  # 4 sits out
    history = [SeriesResult(1, 0, 1, 0, 2, 0), SeriesResult(1, 2, 3, 2, 0, 0)]
    assert formats.swiss_byes(count=5, history=history) == {4}
    # Points: 1 (won), 2 (won), 4 (bye) have 1; 0 and 3 have 0. Lowest without a bye: 3.
    second = formats.next_round(format="swiss", count=5, games=2, options=options, history=history)
    assert [(p.a, p.b) for p in second] == [(1, 2), (4, 0)]
    history += [SeriesResult(2, 1, 2, 1, 1, 0), SeriesResult(2, 4, 0, 0, 2, 0)]
    assert formats.swiss_byes(count=5, history=history) == {3, 4}
    third = formats.next_round(format="swiss", count=5, games=2, options=options, history=history)
    played = {frozenset((r.a, r.b)) for r in history}
    assert all(frozenset((p.a, p.b)) not in played for p in third)
    assert len(third) == 2
    history += [SeriesResult(3, p.a, p.b, 1, 1, 0) for p in third]
    assert (
        formats.next_round(format="swiss", count=5, games=2, options=options, history=history)
        is None
    )
    assert formats.planned_games(format="swiss", count=5, games=2, options=options) == 12


def test_swiss_backtracks_to_avoid_a_rematch():
    scores = {0: 2, 1: 2, 2: 1, 3: 1}
    played = {frozenset((0, 1)), frozenset((2, 3))}
    assert formats.swiss_pairs(4, scores, played, set()) == ([(0, 2), (1, 3)], None)


def test_swiss_matching_decides_when_the_search_runs_out(monkeypatch):
    scores = {0: 2, 1: 2, 2: 1, 3: 1}
    played = {frozenset((0, 1)), frozenset((2, 3))}
    monkeypatch.setattr(formats, "SWISS_SEARCH_STEPS", 0)
    assert formats.swiss_pairs(4, scores, played, set()) == ([(0, 2), (1, 3)], None)


def test_swiss_matching_takes_the_fewest_rematches_when_none_avoids_them():
    # 0 has met everyone: one rematch is unavoidable, and only one is taken.
    played = {frozenset((0, other)) for other in (1, 2, 3)} | {frozenset((1, 2))}
    pairs = formats.swiss_matching([0, 1, 2, 3], {}, played)
    assert sorted(frozenset(p) in played for p in pairs) == [False, True]


def _swiss_rounds(count: int, rounds: int, series) -> list[list[tuple[int, int]]]:
    options = formats.normalized_options(
        format="swiss", count=count, games=2, options={"rounds": rounds}
    )
    history: list[SeriesResult] = []
    played_rounds = []
    for number in range(1, rounds + 1):
        plans = formats.next_round(
            format="swiss", count=count, games=2, options=options, history=history
        )
        played_rounds.append([(plan.a, plan.b) for plan in plans])
        history += [SeriesResult(number, p.a, p.b, *series(p.a, p.b)) for p in plans]
    return played_rounds


def test_swiss_of_identical_decks_pairs_every_round_without_a_rematch():
    """The wedge of issue 18: every series level, so every score ties and the top-down search
    alone grows exponentially; 30 entries, 29 rounds, is a round robin without a repeat."""
    rounds = _swiss_rounds(30, 29, lambda a, b: (1, 1, 0))
    meetings = [frozenset(pair) for pairs in rounds for pair in pairs]
    assert len(meetings) == len(set(meetings)) == 29 * 15
    assert all(
        sorted(side for pair in pairs for side in pair) == list(range(30)) for pairs in rounds
    )


@pytest.mark.parametrize(
    ("rounds", "series"),
    [
        (63, lambda a, b: (1, 1, 0)),  # 64 identical decks: a round robin in 63 rounds
        (12, lambda a, b: (2, 0, 0) if (a * 7 + b) % 3 else (0, 2, 0)),
    ],
)
def test_swiss_of_64_entries_over_many_rounds_never_repeats_a_meeting(rounds, series):
    played = _swiss_rounds(64, rounds, series)
    meetings = [frozenset(pair) for pairs in played for pair in pairs]
    assert len(meetings) == len(set(meetings)) == rounds * 32


def test_head_to_head_plays_blocks_until_the_sprt_decides_or_the_cap():
    options = formats.normalized_options(
        format="head_to_head", count=2, games=2, options={"block": 10, "max_games": 30}
    )
    assert options == {"delta": 0.1, "alpha": 0.05, "beta": 0.05, "max_games": 30, "block": 10}
    assert formats.next_round(
        format="head_to_head", count=2, games=2, options=options, history=[]
    ) == [PairingPlan(0, 1, 10)]
    undecided = [SeriesResult(1, 0, 1, 5, 5, 0)]
    assert formats.next_round(
        format="head_to_head", count=2, games=2, options=options, history=undecided
    ) == [PairingPlan(0, 1, 10)]
    # 30 wins, 10 losses: LLR 3.24 ≥ ln(19): decided, no more games.
    decided = [SeriesResult(1, 0, 1, 30, 10, 0)]
    assert (
        formats.next_round(
            format="head_to_head", count=2, games=2, options=options, history=decided
        )
        is None
    )
    assert formats.head_to_head_decision(options, decided) == "better"
    capped = [SeriesResult(r, 0, 1, 5, 5, 0) for r in (1, 2, 3)]
    assert (
        formats.next_round(format="head_to_head", count=2, games=2, options=options, history=capped)
        is None
    )
    assert formats.planned_games(format="head_to_head", count=2, games=2, options=options) == 30


@pytest.mark.parametrize(
    ("format", "count", "games", "options", "field"),
    [
        ("round_robin", 4, 3, {}, "games_per_pairing"),
        ("round_robin", 1, 2, {}, "decks"),
        ("swiss", 4, 2, {"rounds": 4}, "rounds"),
        ("head_to_head", 3, 2, {}, "decks"),
        ("head_to_head", 2, 2, {"delta": 0.7}, "delta"),
        ("head_to_head", 2, 2, {"block": 3}, "block"),
        ("gauntlet", 3, 2, {"rounds": 2}, "rounds"),
        ("ladder", 3, 2, {}, "format"),
    ],
)
def test_bad_options_name_the_field(format, count, games, options, field):
    with pytest.raises(formats.FormatError) as error:
        formats.normalized_options(format=format, count=count, games=games, options=options)
    assert field in error.value.fields
