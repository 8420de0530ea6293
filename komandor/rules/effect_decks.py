"""Decks whose cards carry effects, generated from the effect vocabulary (docs/effects.md):
for the reachability report (``scripts/effects_report.py``), the random-match tests and the
benchmark. These cards are this project's own test cards, not cards of the game: their names
say so («(тест)»), and no shipped content uses them.

``vocabulary_cards()`` is a fixed set in which every window, action kind, selector key,
condition key and cost appears; ``effect_deck(seed)`` draws a legal 40-card deck from it and
the plain cards of a fleet.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

# The cards themselves are data (their names are Russian words, which the rules do not hold):
# ``effect_decks.json`` beside this module, read once at import.
_DATA: dict[str, Any] = json.loads(
    Path(__file__).with_name("effect_decks.json").read_text(encoding="utf-8")
)
TAG: str = _DATA["tag"]
_FLEET_CARDS: dict[str, dict[str, Any]] = _DATA["fleet"]
_SHIP = _FLEET_CARDS["ship"]
_LIGHT = _FLEET_CARDS["light"]
_PLANET = _FLEET_CARDS["planet"]
_STATION = _FLEET_CARDS["station"]
_UNIT = _FLEET_CARDS["unit"]
_HEAVY = _FLEET_CARDS["heavy"]
_ASTEROID = _FLEET_CARDS["asteroid"]
_CORVETTE = _FLEET_CARDS["corvette"]
# Every window gets at least one card; each card exercises more of the vocabulary.
_EFFECTS: list[dict[str, Any]] = _DATA["effects"]
_COMMANDER: dict[str, Any] = _DATA["commander"]

_FLEET = [(_SHIP, 4), (_LIGHT, 4), (_PLANET, 4), (_STATION, 1), (_UNIT, 2), (_HEAVY, 1)]
_TOP_UP = [_SHIP, _LIGHT, _PLANET, _HEAVY, _CORVETTE, _ASTEROID, _UNIT, _HEAVY, _STATION]
EFFECT_CARDS = tuple(_EFFECTS)
DECK_SIZE = 40


def vocabulary_cards() -> list[dict[str, Any]]:
    """The effect-carrying test cards (every vocabulary item and window among them)."""
    return [dict(card) for card in _EFFECTS]


def effect_deck(seed: int, *, name: str = "", effects: bool = True) -> dict[str, Any]:
    """A legal 40-card deck (the ``decks.py`` file format): the fleet, and with ``effects``
    a random draw of effect cards; without, more of the fleet."""
    rng = random.Random(seed)
    counts: dict[str, int] = {}
    cards: dict[str, dict[str, Any]] = {}
    for card, count in _FLEET:
        counts[card["name"]] = count
        cards[card["name"]] = card
    if effects:
        for card in rng.sample(_EFFECTS, k=12):
            counts[card["name"]] = 2
            cards[card["name"]] = card
    index = 0
    while sum(counts.values()) < DECK_SIZE:
        card = _TOP_UP[index % len(_TOP_UP)]
        if counts.get(card["name"], 0) < 4:
            counts[card["name"]] = counts.get(card["name"], 0) + 1
            cards[card["name"]] = card
        index += 1
    entries = [{"count": count, "card": cards[name]} for name, count in counts.items()]
    return {"name": name or f"effects-{seed}", "commander": _COMMANDER, "cards": entries}
