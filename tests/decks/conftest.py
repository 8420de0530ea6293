import pytest

from decks.values import DeckContent, EntryContent
from tests.decks.factories import UserFactory, legal_deck_cards


@pytest.fixture
def owner(db):
    return UserFactory(username="owner")


@pytest.fixture
def stranger(db):
    return UserFactory(username="stranger")


@pytest.fixture
def legal_content(db):
    commander, cards = legal_deck_cards()
    return DeckContent(
        commander_id=commander.id,
        entries=tuple(EntryContent(card_id=card.id, count=4) for card in cards),
    )
