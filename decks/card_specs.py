"""The card specs a deck version keeps: each card's full engine spec as it was when saved.

A later catalogue edit must never change what an old match played, so a ``DeckVersion`` stores
``card_specs`` (card id → spec) beside its ``snapshot``. The spec is the row's canonical
``attributes`` (the engine's card-schema form, written by the Komandor checker) with the
row's columns filled in where the attributes leave them out.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# Card column -> the key the engine's schema gives the same fact.
_COLUMN_KEYS = (("card_type", "kind"), ("name_ru", "name"), ("cost", "cost"))


def card_spec_of(card: Any) -> dict[str, Any]:
    """The engine spec of one card row (works on historical migration models too)."""
    spec = dict(card.attributes or {})
    for column, key in _COLUMN_KEYS:
        value = getattr(card, column)
        if value not in (None, ""):
            spec.setdefault(key, value)
    return spec


def card_specs_of(cards: Iterable[Any]) -> dict[str, dict[str, Any]]:
    """``{str(card id): spec}``: JSON object keys are strings."""
    return {str(card.pk): card_spec_of(card) for card in cards}


def snapshot_card_ids(snapshot: dict[str, Any]) -> set[int]:
    """Every card id a version's snapshot names (Commander, entries, pre-chosen abilities)."""
    ids = {item["card_id"] for item in snapshot.get("entries", []) if "card_id" in item}
    ids.update(item["card_id"] for item in snapshot.get("setup_abilities", []) if "card_id" in item)
    commander = snapshot.get("commander")
    if commander and commander.get("card_id") is not None:
        ids.add(commander["card_id"])
    return ids
