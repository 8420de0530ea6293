"""A deck file's problems are typed records in the rules and words in ``komandor.words``
(issue 30, item 4): the command line prints the texts it printed when the rules held them."""

import pytest

from komandor.rules.deck_rules import SEVERITIES, Severity
from komandor.rules.decks import DeckError, DeckFileProblemKind, deck_from_dict
from komandor.words.deck_problems import _FILE_TEXTS, RULE_TEXTS, deck_error_text
from tests.engine.deck_data import standard_deck


def _refused(data: object) -> DeckError:
    with pytest.raises(DeckError) as error:
        deck_from_dict(data)  # type: ignore[arg-type]
    return error.value


def test_every_kind_and_every_rule_error_has_its_words():
    worded = set(_FILE_TEXTS) | {DeckFileProblemKind.CARD_UNREADABLE, DeckFileProblemKind.DECK_RULE}
    assert worded == set(DeckFileProblemKind)
    errors = {code for code, severity in SEVERITIES.items() if severity is Severity.ERROR}
    assert set(RULE_TEXTS) == errors


def test_the_file_form_problems_read_as_before():
    assert deck_error_text(_refused([1])) == (
        "a deck is an object with commander and cards, got [1]"
    )
    data = standard_deck()
    bad = {**data, "cards": {"no": "list"}, "setup_abilities": "Навигатор"}
    error = _refused(bad)
    assert [p.kind for p in error.problems][:2] == [
        DeckFileProblemKind.CARDS_NOT_A_LIST,
        DeckFileProblemKind.SETUP_NOT_A_LIST,
    ]
    text = deck_error_text(error)
    assert text.startswith(
        "cards: must be a list of card specs; "
        "setup_abilities: a list of ability card names or specs; "
        "cards: 0 cards; a deck holds at least 40 (DECK-1)"
    )
    counted = {**data, "cards": [{"count": 0, "card": data["cards"][0]}], "setup_abilities": [7]}
    text = deck_error_text(_refused(counted))
    assert "cards.0.count: 0 is not a whole number ≥ 1" in text
    assert "setup_abilities.0: an ability card's name or spec, got 7" in text


def test_a_rule_problem_and_an_unreadable_card_read_as_before():
    data = standard_deck()
    entry = data["cards"][0]
    ship = entry.get("card", entry)
    error = _refused({**data, "commander": ship})
    assert error.problems[-1].kind is DeckFileProblemKind.DECK_RULE
    assert error.problems[-1].code == "commander_not_commander"
    assert deck_error_text(error).endswith(
        f"commander: {ship['name']!r} is not a Commander card (CMDR-1)"
    )
    unreadable = _refused({**data, "cards": [{"kind": "ship"}, *data["cards"]]})
    first = unreadable.problems[0]
    assert first.kind is DeckFileProblemKind.CARD_UNREADABLE and first.path == "cards.0"
    assert deck_error_text(unreadable).startswith(f"cards.0: {first.card_error.message}")
    assert "DeckError" not in str(unreadable) and "card_unreadable" in str(unreadable)
