"""Draw odds by turn for a card, a kind or a cost: exact, checked against scipy's hypergeometric
distribution (an independent computation)."""

import pytest
from scipy.stats import hypergeom

from decks.statistics import ODDS_TURNS, CardGroup, draw_odds
from komandor.rules.deck_rules import CardFacts, DeckDraft
from komandor.rules.rules import DRAW_PER_TURN, SETUP_DRAW

SHIP = CardFacts(id=1, name="Корабль", kind="ship", cost=3)
OBJECT = CardFacts(id=2, name="Планета", kind="space_object", cost=5)
ABILITY = CardFacts(id=3, name="Щиты", kind="ability", cost=None)
CHEAP = CardFacts(id=4, name="Тактика", kind="tactical", cost=3)


def _draft(**kwargs) -> DeckDraft:
    entries = ((SHIP, 4), (OBJECT, 4), (ABILITY, 4), (CHEAP, 28))
    return DeckDraft(commander=None, entries=entries, **kwargs)


@pytest.mark.parametrize(
    ("group", "successes"),
    [
        (CardGroup("card", "1"), 4),
        (CardGroup("kind", "space_object"), 4),
        (CardGroup("cost", "3"), 32),
    ],
)
@pytest.mark.parametrize("at_least", [1, 2])
def test_every_turn_matches_the_hypergeometric_distribution(group, successes, at_least):
    rows = draw_odds(_draft(), group=group, at_least=at_least)
    assert [row["turn"] for row in rows] == list(range(ODDS_TURNS + 1))
    for row in rows:
        drawn = min(SETUP_DRAW + DRAW_PER_TURN * row["turn"], 40)
        assert row["drawn"] == drawn
        expected = hypergeom(40, successes, drawn).sf(at_least - 1)
        assert row["chance"] == pytest.approx(expected, abs=1e-12)


def test_pre_chosen_ability_cards_leave_the_deck_and_shorten_the_setup_draw():
    rows = draw_odds(_draft(setup_abilities=((ABILITY, 1),)), group=CardGroup("card", "3"))
    assert rows[0]["drawn"] == SETUP_DRAW - 1
    assert rows[0]["chance"] == pytest.approx(hypergeom(39, 3, SETUP_DRAW - 1).sf(0))


def test_groups_read_from_text():
    assert CardGroup.from_text("kind:ship") == CardGroup("kind", "ship")
    assert CardGroup.from_text("cost:3") == CardGroup("cost", "3")
    for bad in ("", "kind:", "cost:x", "card:-1", "colour:red", "cost:٣", "kind:" + "x" * 41):
        assert CardGroup.from_text(bad) is None, bad
