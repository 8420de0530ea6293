"""The deck doctor's format (pure): successive halving on shared seeds, then a paired SPRT on
fresh seeds for the finalists, within the cap; played out with a simulated field where each
candidate's strength is known."""

import random

import pytest

from matches.tournaments import doctor, formats
from matches.tournaments.formats import SeriesResult


def _options(**changes):
    return formats.normalized_options(
        format="doctor", count=changes.pop("count"), games=2, options=changes
    )


def _play(count, options, strength, seed=0):
    """Run the format to its end: entry ``e`` wins a game with probability ``strength[e]``
    (the field's entries 0.5); the deck and its candidates share each deal's luck."""
    rng = random.Random(seed)
    history = []
    rounds = 0
    while True:
        plans = formats.next_round(
            format="doctor", count=count, games=2, options=options, history=history
        )
        if plans is None:
            return history, rounds
        rounds += 1
        number = rounds
        deals = {}
        for plan in plans:
            wins = 0
            for game in range(plan.games):
                luck = deals.setdefault((plan.b, game), rng.random())
                wins += luck < strength.get(plan.a, 0.5)
            history.append(SeriesResult(number, plan.a, plan.b, wins, plan.games - wins, 0))
        # every pairing's games are played on one deal per game number and opponent
        assert len({(p.a, p.b) for p in plans}) == len(plans)


def test_screening_halves_the_candidates_then_confirms_the_finalists_on_fresh_rounds():
    count = 1 + 8 + 3  # the deck, eight candidates, three opponents
    options = _options(count=count, candidates=8, max_games=2000)
    assert doctor.stage_sizes(8, 3) == [8, 4]
    strength = {0: 0.4, 3: 0.75}  # candidate 3 is much better; the others like the deck
    strength.update({e: 0.4 for e in (1, 2, 4, 5, 6, 7, 8)})
    history, _rounds = _play(count, options, strength)
    screen = [r for r in history if r.round <= 2]
    assert {r.a for r in screen if r.round == 1} == set(range(0, 9))
    assert len({r.a for r in screen if r.round == 2}) == 5  # the deck and four survivors
    report = doctor.report(options, count, history)
    assert 3 in [f["entry"] for f in report["finalists"]]
    assert report["suggestions"][0] == 3
    assert report["decision"] == doctor.BETTER
    assert report["games"] == sum(r.a_wins + r.b_wins + r.draws for r in history)
    assert report["games"] <= options["max_games"]
    # Confirmation rounds: only the deck and the finalists, two games per opponent.
    assert all(
        r.a in {0, *[f["entry"] for f in report["finalists"]]} for r in history[len(screen) :]
    )
    assert all(r.a_wins + r.b_wins + r.draws == 2 for r in history[len(screen) :])
    assert report["alpha_per_finalist"] == pytest.approx(0.05 / 3)


def test_nothing_better_is_said_when_every_candidate_is_the_same_deck():
    count = 1 + 4 + 2
    options = _options(count=count, candidates=4, max_games=4000, delta=0.3)
    history, _ = _play(count, options, {e: 0.5 for e in range(5)}, seed=3)
    report = doctor.report(options, count, history)
    assert report["suggestions"] == []
    assert report["decision"] in (doctor.NONE, doctor.UNDECIDED)


def test_the_seeds_are_shared_within_a_round_and_fresh_between_rounds():
    assert doctor.seed_key(1, 5) == doctor.seed_key(1, 5)
    assert formats.seed_key(format="doctor", round=1, slot=0, a=0, b=5) == formats.seed_key(
        format="doctor", round=1, slot=7, a=3, b=5
    )
    assert doctor.seed_key(2, 5) != doctor.seed_key(1, 5)


def test_a_cap_too_small_for_the_screening_is_refused_with_the_least_that_fits():
    with pytest.raises(formats.FormatError) as error:
        _options(count=1 + 8 + 3, candidates=8, max_games=20)
    least = doctor.least_games(candidates=8, finalists=3, field=3)
    assert str(least) in error.value.fields["max_games"]
    assert doctor.most_candidates(budget=2000, finalists=3, field=3, most=8) == 8
    assert 3 < doctor.most_candidates(budget=300, finalists=3, field=3, most=8) < 8
    assert doctor.most_candidates(budget=10, finalists=3, field=3, most=8) == 0


def test_the_cap_stops_an_undecided_confirmation():
    count = 1 + 2 + 2
    options = _options(count=count, candidates=2, max_games=24)
    history, _ = _play(count, options, {0: 0.5, 1: 0.5, 2: 0.5})
    assert sum(r.a_wins + r.b_wins for r in history) <= 24


def test_continue_raises_the_cap_and_the_confirmation_goes_on_with_the_same_screening():
    count = 1 + 2 + 2
    options = _options(count=count, candidates=2, max_games=24)
    history, _rounds = _play(count, options, {0: 0.5, 1: 0.5, 2: 0.5})
    assert doctor.decision(options, count, history) == doctor.UNDECIDED
    more = {**options, "max_games": options["max_games"] + 100}  # what ``extend`` does
    plans = formats.next_round(format="doctor", count=count, games=2, options=more, history=history)
    assert plans and {p.a for p in plans} == {0, 1, 2}
    assert doctor.finalists(more, count, history) == doctor.finalists(options, count, history)
