"""Deck versions → engine decks: the one place a saved deck becomes something the engine plays.

The engine deck is built from the version's stored card specs (``DeckVersion.card_specs``), never
from today's catalogue rows. Pre-chosen ability cards (ABIL-5) are put first in the deck list,
so their engine uids are known (``p<seat>.00`` …) and the seat's agent is told to pick exactly
those at setup (``agent_for_deck``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from komandor.agents.registry import Agent, ScriptedAgent, make_agent
from komandor.rules.decks import (
    Deck,
    DeckError,
    DeckFileProblem,
    DeckFileProblemKind,
    deck_from_dict,
)


@dataclass(frozen=True, slots=True)
class PlayableDeck:
    deck: Deck
    preselected: int  # how many cards at the front of ``deck.cards`` are pre-chosen abilities


def playable_deck_from_snapshot(
    *, name: str, snapshot: Mapping[str, Any], card_specs: Mapping[str, Any]
) -> PlayableDeck:
    """Raises ``DeckError`` naming every problem (a missing spec, an illegal deck)."""
    problems: list[DeckFileProblem] = []

    def spec(item: Mapping[str, Any] | None, path: str) -> Any:
        card_id = (item or {}).get("card_id")
        found = card_specs.get(str(card_id))
        if found is None:
            problems.append(
                DeckFileProblem(DeckFileProblemKind.SPEC_MISSING, path, got=repr(card_id))
            )
        return found

    commander = spec(snapshot.get("commander"), "commander")
    remaining: dict[int, int] = {}
    for index, item in enumerate(snapshot.get("entries", [])):
        if spec(item, f"entries.{index}") is not None:
            remaining[item["card_id"]] = remaining.get(item["card_id"], 0) + item["count"]
    front: list[dict[str, Any]] = []
    for index, item in enumerate(snapshot.get("setup_abilities", [])):
        card = spec(item, f"setup_abilities.{index}")
        if card is None:
            continue
        taken = min(item["count"], remaining.get(item["card_id"], 0))
        remaining[item["card_id"]] = remaining.get(item["card_id"], 0) - taken
        front.extend([card] * taken)
    if problems:
        raise DeckError(problems)
    cards: list[Any] = [{"count": 1, "card": card} for card in front]
    for card_id, count in remaining.items():
        if count > 0:
            cards.append({"count": count, "card": card_specs[str(card_id)]})
    deck = deck_from_dict(
        {
            "name": name,
            "commander": commander,
            "cards": cards,
            "setup_abilities": [card for card in front],  # the engine plays them at setup
        }
    )
    return PlayableDeck(deck=deck, preselected=len(front))


def playable_deck_of(*, version: Any) -> PlayableDeck:
    """The engine deck of a ``DeckVersion``: its stored specs read once per version and process
    (a version never changes; ``PLAYABLE``), so every batch, replay and game of it plays the
    same spec objects, which the engine's caches find by identity."""
    key = (version.pk, version.created_at)
    found = PLAYABLE.get(key)
    if found is not None:
        return found
    playable = playable_deck_from_snapshot(
        name=f"{version.deck.name} v{version.number}",
        snapshot=version.snapshot,
        card_specs=version.card_specs,
    )
    PLAYABLE.put(key, playable)
    return playable


class _Playable:
    """A bounded LRU of engine decks by deck version (its primary key and the moment it was
    saved: a key no other version has, even where a test database reuses primary keys);
    thread-safe."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._decks: OrderedDict[tuple[Any, Any], PlayableDeck] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, Any]) -> PlayableDeck | None:
        with self._lock:
            found = self._decks.get(key)
            if found is not None:
                self._decks.move_to_end(key)
            return found

    def put(self, key: tuple[Any, Any], playable: PlayableDeck) -> None:
        with self._lock:
            self._decks[key] = playable
            self._decks.move_to_end(key)
            while len(self._decks) > self._size:
                self._decks.popitem(last=False)


PLAYABLE = _Playable(256)


def agent_for_deck(
    *,
    name: str,
    seed: int,
    seat: int,
    playable: PlayableDeck,
    parameters: Mapping[str, float] | None = None,
) -> Agent:
    """The agent ``name`` for one seat (with ``parameters``, a tunable agent's values),
    answering the setup ability pick with the deck's own pre-chosen cards (none: it starts the
    game without any). The engine plays the deck's ``setup_abilities`` itself, so the pick is
    asked only of a deck without them."""
    picks = [f"p{seat}.{number:02d}" for number in range(playable.preselected)] + ["done"]
    fallback = (
        make_agent(name, seed=seed)
        if parameters is None
        else make_agent(name, seed=seed, parameters=parameters)
    )
    return ScriptedAgent({"setup.ability": picks}, fallback=fallback, name=name)
