"""A player's deck for the engine: a Commander plus 40–100 cards, read from card-spec JSON.

File format (what ``python -m matches.engine.play`` reads)::

    {"name": "…", "commander": {card spec}, "cards": [{card spec}, {"count": 3, "card": {…}}]}

Every card goes through ``cards.card_from_dict``; deck limits are the shared ``rules`` constants.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from matches.engine import rules
from matches.engine.cards import CardKind, CardSpec, CardSpecError, card_from_dict
from matches.engine.names import name_key


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
    if problems or commander is None:
        raise DeckError(problems)
    return Deck(str(data.get("name", "")), commander, tuple(cards))


def _card(raw: Any, path: str, problems: list[str]) -> CardSpec | None:
    try:
        return card_from_dict(raw)
    except CardSpecError as error:
        problems.extend(f"{path}: {e.message}" for e in error.errors)
        return None
