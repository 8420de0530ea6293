"""Deck building from the catalogue's releases (DECK-2) and the own-name field (OWNNAME-2)."""

import pytest

from decks import selectors, services
from decks.values import DeckContent, EntryContent
from komandor.rules.deck_rules import validate_deck
from tests.decks.factories import ReleaseFactory, komandor_card

pytestmark = pytest.mark.django_db


@pytest.mark.rules("DECK-2")
def test_a_deck_mixes_cards_of_a_starter_deck_and_of_a_booster(owner, legal_content):
    """«Каждый игрок сам формирует свою колоду, используя карты из готовых колод и из
    дополнительных наборов - “бустеров”»: one deck takes cards of two releases, and the 4-copy
    rule counts one card name across them (DECK-3)."""
    starter, booster = ReleaseFactory(code="start"), ReleaseFactory(code="boost")
    printings = [
        komandor_card("ship", name_ru="Фрегат «Гром»", release=release, collector_number=number)
        for release, number in ((starter, "3"), (booster, "41"))
    ]
    content = DeckContent(
        commander_id=legal_content.commander_id,
        entries=(
            *legal_content.entries,
            EntryContent(card_id=printings[0].id, count=2),
            EntryContent(card_id=printings[1].id, count=2),
        ),
    )
    deck = services.deck_create(owner=owner, name="Сборный флот", content=content)
    report = validate_deck(selectors.deck_draft(content=selectors.deck_content(deck=deck)))
    assert report.codes() == []
    too_many = DeckContent(
        commander_id=content.commander_id,
        entries=(*content.entries[:-1], EntryContent(card_id=printings[1].id, count=3)),
    )
    assert validate_deck(selectors.deck_draft(content=too_many)).codes() == ["too_many_copies"]


@pytest.mark.rules("OWNNAME-2")
def test_a_player_writes_his_own_name_for_a_ship(owner, legal_content):
    """«Каждый игрок может сам назвать планету или корабль по своему желанию и написать
    название этой графе» — kept with the deck entry and in the exported text."""
    ship = komandor_card("ship", name_ru="Линкор «Химера»")
    content = DeckContent(
        commander_id=legal_content.commander_id,
        entries=(*legal_content.entries, EntryContent(card_id=ship.id, count=1, own_name="Гордый")),
    )
    deck = services.deck_create(owner=owner, name="Флот", content=content)
    entry = deck.entries.get(card=ship)
    assert entry.own_name == "Гордый"
    assert "1 Линкор «Химера» {Гордый}" in services.deck_export_text(deck=deck)
