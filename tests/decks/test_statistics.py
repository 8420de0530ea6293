from fractions import Fraction

import pytest

from decks.statistics import chance_at_least, deck_statistics
from komandor.rules.deck_rules import CardFacts, DeckDraft
from komandor.rules.rules import SETUP_DRAW


def test_chance_small_case_by_hand():
    # 5 cards, 2 wanted, draw 2: P(none) = C(3,2)/C(5,2) = 3/10, so P(≥1) = 7/10.
    assert chance_at_least(population=5, successes=2, draws=2, at_least=1) == Fraction(7, 10)
    # P(both) = C(2,2)/C(5,2) = 1/10.
    assert chance_at_least(population=5, successes=2, draws=2, at_least=2) == Fraction(1, 10)


def test_chance_of_a_space_object_in_the_setup_draw_by_hand():
    # 40 cards, 10 space objects, 15 drawn: P(none) = C(30,15)/C(40,15)
    # = 155117520 / 40225345056.
    expected = 1 - Fraction(155_117_520, 40_225_345_056)
    got = chance_at_least(population=40, successes=10, draws=SETUP_DRAW, at_least=1)
    assert got == expected
    assert float(got) == pytest.approx(0.996144, abs=1e-6)


def test_chance_edges():
    assert chance_at_least(population=40, successes=0, draws=15, at_least=1) == 0
    assert chance_at_least(population=40, successes=40, draws=15, at_least=15) == 1
    assert chance_at_least(population=40, successes=3, draws=15, at_least=4) == 0
    assert chance_at_least(population=10, successes=3, draws=15, at_least=3) == 1
    assert chance_at_least(population=0, successes=0, draws=15, at_least=1) == 0


def _card(card_id, kind, cost):
    return CardFacts(id=card_id, name=f"c{card_id}", kind=kind, cost=cost)


def test_statistics_count_kinds_costs_and_the_curve():
    ability = _card(3, "ability", None)
    draft = DeckDraft(
        commander=None,
        entries=((_card(1, "ship", 2), 4), (_card(2, "space_object", 4), 3), (ability, 3)),
        setup_abilities=((ability, 2),),
    )
    stats = deck_statistics(draft)
    assert stats.card_count == 10
    assert stats.by_kind == {"ability": 3, "ship": 4, "space_object": 3}
    assert stats.by_cost == {"2": 4, "4": 3}
    assert stats.without_cost == 3
    assert stats.cost_curve == [
        {"cost": 0, "count": 0},
        {"cost": 1, "count": 0},
        {"cost": 2, "count": 4},
        {"cost": 3, "count": 0},
        {"cost": 4, "count": 3},
    ]
    # Two pre-chosen ability cards: 8 cards left, 13 would be drawn, so all 8 are drawn.
    assert stats.setup_draw == SETUP_DRAW - 2
    assert stats.setup_odds["ship"][3] == {"at_least": 4, "chance": 1.0}
    assert stats.setup_odds["space_object"][3] == {"at_least": 4, "chance": 0.0}
