"""A player's deck for the engine: a Commander plus 40–100 cards, read from card-spec JSON.

File format (what ``python -m komandor.play`` reads)::

    {"name": "…", "commander": {card spec}, "cards": [{card spec}, {"count": 3, "card": {…}}],
     "setup_abilities": ["Опытный штурман", {card spec}]}

``setup_abilities`` (optional) names the ability cards of the deck pre-chosen before the game
(ABIL-5), by name or by spec: at most 3 (ABIL-3), none «специальная» (ABIL-7), each one a card
the deck holds. The engine plays them on the Commander at setup without asking anyone.

Every card goes through ``cards.card_from_dict``; deck limits are the shared ``rules`` constants.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from komandor.rules import rules
from komandor.rules.cards import CardKind, CardSpec, CardSpecError, card_from_dict
from komandor.rules.names import name_key


class DeckError(ValueError):
    """Every problem of one deck, each naming the card entry and the rule."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    commander: CardSpec
    cards: tuple[CardSpec, ...]
    setup_abilities: tuple[str, ...] = ()  # names of pre-chosen ability cards (ABIL-5)


def deck_from_dict(data: Mapping[str, Any]) -> Deck:
    problems: list[str] = []
    if not isinstance(data, Mapping):
        raise DeckError([f"a deck is an object with commander and cards, got {data!r}"])
    commander = _card(data.get("commander"), "commander", problems)
    if commander is not None and commander.kind is not CardKind.COMMANDER:
        problems.append(f"commander: is a {commander.kind.value} card, not a Commander (CMDR-1)")
    cards: list[CardSpec] = []
    entries = data.get("cards")
    if not isinstance(entries, list):
        problems.append("cards: must be a list of card specs")
        entries = []
    for index, entry in enumerate(entries):
        count = 1
        raw = entry
        if isinstance(entry, Mapping) and "card" in entry:
            count, raw = entry.get("count", 1), entry["card"]
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                problems.append(f"cards.{index}.count: {count!r} is not a whole number ≥ 1")
                continue
        spec = _card(raw, f"cards.{index}", problems)
        if spec is None:
            continue
        if spec.kind is CardKind.COMMANDER:
            problems.append(f"cards.{index}: the Commander card is not part of the deck (DECK-5)")
            continue
        cards.extend([spec] * count)
    if not rules.DECK_MIN_CARDS <= len(cards) <= rules.DECK_MAX_CARDS:
        problems.append(
            f"cards: {len(cards)} cards; a deck holds {rules.DECK_MIN_CARDS} to "
            f"{rules.DECK_MAX_CARDS} (DECK-1)"
        )
    copies = Counter(name_key(spec.name) for spec in cards)
    for name, count in sorted(copies.items()):
        if count > rules.MAX_COPIES_PER_NAME:
            problems.append(
                f"cards: {count} cards named {name!r}; at most {rules.MAX_COPIES_PER_NAME} "
                "identical cards (DECK-3)"
            )
    chosen = _setup_abilities(data.get("setup_abilities", []), cards, problems)
    if problems or commander is None:
        raise DeckError(problems)
    return Deck(str(data.get("name", "")), commander, tuple(cards), chosen)


def _setup_abilities(raw: Any, cards: list[CardSpec], problems: list[str]) -> tuple[str, ...]:
    """ABIL-5, ABIL-3, ABIL-7: the pre-chosen ability cards, checked against the deck."""
    if not isinstance(raw, list):
        problems.append("setup_abilities: a list of ability card names or specs")
        return ()
    if len(raw) > rules.MAX_ABILITY_CARDS:
        problems.append(
            f"setup_abilities: {len(raw)} cards; at most {rules.MAX_ABILITY_CARDS} ability "
            "cards on the Commander (ABIL-3)"
        )
    left = Counter(name_key(spec.name) for spec in cards if spec.kind is CardKind.ABILITY)
    special = {name_key(spec.name) for spec in cards if spec.special}
    names: list[str] = []
    for index, entry in enumerate(raw):
        path = f"setup_abilities.{index}"
        if isinstance(entry, Mapping):
            spec = _card(entry, path, problems)
            if spec is None:
                continue
            name = spec.name
        elif isinstance(entry, str) and entry.strip():
            name = entry
        else:
            problems.append(f"{path}: an ability card's name or spec, got {entry!r}")
            continue
        key = name_key(name)
        if key in special:
            problems.append(f"{path}: {name!r} is «специальная»: played only during play (ABIL-7)")
        elif left[key] < 1:
            problems.append(f"{path}: the deck holds no (more) ability card {name!r} (ABIL-5)")
        else:
            left[key] -= 1
            names.append(key)
    return tuple(names)


def _card(raw: Any, path: str, problems: list[str]) -> CardSpec | None:
    try:
        return card_from_dict(raw)
    except CardSpecError as error:
        problems.extend(f"{path}: {e.message}" for e in error.errors)
        return None
