"""The deck file: the one JSON form of a deck that the site exports, imports and the engine plays.

It is exactly what ``python -m komandor.play`` reads (``komandor/rules/decks.py``)::

    {"name": "…", "description": "…",
     "commander": {card spec},
     "cards": [{"count": 4, "card": {card spec}, "release": "KST", "number": "12",
                "own_name": ""}, …],
     "setup_abilities": [{card spec}, …]}

``setup_abilities`` lists the pre-chosen ability cards (ABIL-5), one spec per copy, each a card
the deck holds (the engine also takes a name there). Each card spec is the card's full engine
spec (``decks.card_specs``), so the file plays without a database. ``release``, ``number`` and
``own_name`` beside an entry are the site's: the engine does not read them, and an import uses
them to find the same printing and own name again.
Pure Python: the caller passes the catalogue index and the specs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from decks.importing import CatalogueIndex
from decks.values import DeckContent
from komandor.rules.cards import CardSpecError, card_from_dict, card_to_dict


def deck_file_of(
    content: DeckContent,
    *,
    index: CatalogueIndex,
    specs: Mapping[str, Mapping[str, Any]],
    name: str,
    description: str = "",
) -> dict[str, Any]:
    """The deck file of ``content``; ``specs`` maps str(card id) to its engine spec."""

    def spec(card_id: int) -> dict[str, Any]:
        return _canonical(specs[str(card_id)])

    def counted(card_id: int, count: int, own_name: str) -> dict[str, Any]:
        printing = index.printing_of(card_id)
        assert printing is not None  # a saved deck's cards are in the catalogue
        return {
            "count": count,
            "card": spec(card_id),
            "release": printing.release,
            "number": printing.number,
            "own_name": own_name,
        }

    commander = content.commander_id
    return {
        "name": name,
        "description": description,
        "commander": spec(commander) if commander is not None else None,
        "cards": [counted(e.card_id, e.count, e.own_name) for e in content.entries],
        "setup_abilities": [
            spec(card_id) for card_id, copies in content.setup_abilities for _ in range(copies)
        ],
    }


def _canonical(spec: Mapping[str, Any]) -> dict[str, Any]:
    """The spec in the engine's canonical key order, whatever order the database kept it in
    (PostgreSQL's jsonb sorts an object's keys), so a deck's file is the same on every
    database; a spec the schema no longer reads is passed on as stored."""
    try:
        return card_to_dict(card_from_dict(spec))
    except CardSpecError:
        return dict(spec)


def is_deck_file(data: Mapping[str, Any]) -> bool:
    """A deck file lists ``cards`` by spec; the older names-only export lists ``entries``."""
    return "cards" in data and "entries" not in data


def deck_file_as_names(data: Mapping[str, Any]) -> dict[str, Any]:
    """The deck file in the names-and-printings form the importer resolves: each card by its
    spec's name, the printing and own name from beside it. Anything malformed is passed on
    as it is, for the importer to report with its position."""

    def named(item: Any) -> Any:
        if isinstance(item, str):  # the engine takes a pre-chosen ability by name too
            return {"name": item, "count": 1}
        if not isinstance(item, Mapping):
            return item
        spec = item.get("card", item)  # the engine also takes a bare spec for one copy
        if not isinstance(spec, Mapping):
            return {"count": item.get("count", 1)}
        found = {"name": spec.get("name"), "count": item.get("count", 1)}
        for key in ("release", "number", "own_name"):
            if item.get(key):
                found[key] = item[key]
        return found

    commander = data.get("commander")
    cards, setup = data.get("cards"), data.get("setup_abilities") or []
    return {
        "commander": named(commander) if isinstance(commander, Mapping) else commander,
        "entries": [named(item) for item in cards] if isinstance(cards, list) else cards,
        "setup_abilities": [named(item) for item in setup] if isinstance(setup, list) else setup,
    }
