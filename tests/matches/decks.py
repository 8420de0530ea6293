"""Playable test decks in the catalogue: the engine's test cards (tests/engine/deck_data.py) as
Komandor card rows with their canonical specs, and legal decks built from them with the deck
services (invented test data, not the book's cards)."""

from __future__ import annotations

from cardbase.models import Card
from decks.models import Deck, Visibility
from decks.services import deck_create
from decks.values import DeckContent, EntryContent
from komandor.rules.cards import card_from_dict, card_to_dict
from tests.decks.factories import komandor_card
from tests.engine.deck_data import ABILITY, STANDARD_CARDS, commander

# Four deck lists over the same cards: (commander initiative, {card name: copies} changes).
VARIANTS = {
    "Баланс": (5, {}),
    "Торговцы": (4, {"Тестовый транспорт": 4, "Тестовая станция": 1}),
    "Бомбардировщики": (6, {"Тестовый бомбардировщик": 4, "Тестовый рынок": 1}),
    "Станции": (3, {"Тестовая станция": 3, "Тестовая тактика": 1}),
}


def catalogue_card(spec: dict) -> Card:
    canonical = card_to_dict(card_from_dict(spec))
    existing = Card.objects.filter(game__slug="komandor", name_ru=canonical["name"]).first()
    if existing is not None:
        return existing
    return komandor_card(
        canonical["kind"],
        name_ru=canonical["name"],
        cost=canonical.get("cost"),
        attributes=canonical,
    )


def playable_deck(
    owner,
    name: str = "Баланс",
    *,
    visibility: str = Visibility.PUBLIC,
    setup_abilities: int = 0,
    title: str | None = None,
) -> Deck:
    initiative, changes = VARIANTS[name]
    leader = catalogue_card(commander(f"Командор «{name}»", initiative=initiative))
    entries = []
    for spec, count in STANDARD_CARDS:
        card = catalogue_card(spec)
        entries.append(EntryContent(card_id=card.pk, count=changes.get(card.name_ru, count)))
    ability = catalogue_card(ABILITY)
    content = DeckContent(
        commander_id=leader.pk,
        entries=tuple(entries),
        setup_abilities=((ability.pk, setup_abilities),) if setup_abilities else (),
    )
    return deck_create(owner=owner, name=title or name, content=content, visibility=visibility)


def four_decks(owner) -> list[Deck]:
    return [playable_deck(owner, name) for name in VARIANTS]


def identical_decks(owner, count: int) -> list[Deck]:
    """``count`` decks with one and the same list: every series between them is a coin toss,
    so Swiss scores tie all the way down (the wedge of issue 18)."""
    return [playable_deck(owner, title=f"Копия {number + 1}") for number in range(count)]
