"""A replay as a reader sees it: the engine plays by the cards' printed Russian names; an
English reader sees the cards' English names (or a book card's name with its transliteration,
``cardbase.display_names``) and the precons' English names."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from django.utils.translation import get_language

from cardbase.display_names import card_names_shown
from matches.replay import ReplayStep


def shown_in_language(replay: ReplayStep, *, match) -> ReplayStep:
    """``replay`` with the names of the page's language (unchanged in Russian)."""
    if not (get_language() or "").startswith("en"):
        return replay
    # As ``engine_decks.playable_deck_of`` names a deck version.
    decks = {
        f"{seat.deck.name} v{seat.number}": f"{seat.deck.localised_name('en')} v{seat.number}"
        for seat in (match.seat0, match.seat1)
    }
    printed = {*replay.names.values(), *_names_in(replay.position)}
    cards = card_names_shown(printed)

    def named(value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {k: named(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [named(item, key) for item in value]
        if isinstance(value, str) and key in _NAME_KEYS:
            return cards.get(value, value)
        return value

    events = [
        {**event, "decks": [decks.get(d, d) for d in event["decks"]]}
        if event.get("type") == "match" and isinstance(event.get("decks"), list)
        else event
        for event in replay.events
    ]
    return dataclasses.replace(
        replay,
        events=events,
        position=named(replay.position),
        names={uid: cards.get(name, name) for uid, name in replay.names.items()},
    )


# The position's keys whose values are card names (a player's Commander, situations).
_NAME_KEYS = frozenset({"name", "commander", "situations"})


def _names_in(value: Any, key: str = "") -> Iterator[str]:
    if isinstance(value, dict):
        for k, item in value.items():
            yield from _names_in(item, k)
    elif isinstance(value, list):
        for item in value:
            yield from _names_in(item, key)
    elif isinstance(value, str) and key in _NAME_KEYS:
        yield value
