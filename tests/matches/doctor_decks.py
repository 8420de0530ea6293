"""Decks for the deck doctor's tests (invented test data).

``ballast_deck`` is the standard test deck with its four ground units replaced by four
«Тестовый балласт» (a ground unit the heuristic never gets to play: it changes no game), so
that swaps of four copies for four ground units fit the copy limit. Its weak card (``WEAK``)
is the four «Штурмовик A2/S-6 «Магнум-К»»: the heuristic agent buys them and loses by it
against the test precons — the doctor's run of ``test_doctor.py`` (seed 0, 400 games)
confirms "−4 Магнум-К, +4 Тестовый отряд" better in 16 of 30 paired deals and worse in none.
"""

from __future__ import annotations

from decks.models import Deck, Visibility
from decks.services import deck_create
from decks.values import DeckContent, EntryContent
from tests.engine.deck_data import GROUND_UNIT, STANDARD_CARDS, commander
from tests.matches.decks import catalogue_card, playable_deck

WEAK = "Штурмовик A2/S-6 «Магнум-К»"
COMMANDER = ("Командор «Баланс»", 5)  # name, initiative
BALLAST = {"kind": "ground_unit", "name": "Тестовый балласт", "cost": 9, "strength": 1}


def precons(maker) -> list[Deck]:
    """Two test precons (owner-less), as the field."""
    decks = [playable_deck(maker, name) for name in ("Торговцы", "Станции")]
    for deck in decks:
        Deck.objects.filter(pk=deck.pk).update(
            owner=None, is_preconstructed=True, precon_key=f"test-{deck.pk}", visibility="public"
        )
    return [Deck.objects.get(pk=deck.pk) for deck in decks]


def ballast_deck(owner, name: str = "С балластом") -> Deck:
    entries = []
    for spec, count in STANDARD_CARDS:
        card = catalogue_card(BALLAST if spec is GROUND_UNIT else spec)
        entries.append(EntryContent(card_id=card.pk, count=count))
    leader = catalogue_card(commander(*COMMANDER))
    content = DeckContent(commander_id=leader.pk, entries=tuple(entries))
    return deck_create(owner=owner, name=name, content=content, visibility=Visibility.PRIVATE)
