"""A player's deck for the engine: a Commander plus 40–100 cards, read from card-spec JSON.

File format (what ``python -m komandor.play`` reads)::

    {"name": "…", "commander": {card spec}, "cards": [{card spec}, {"count": 3, "card": {…}}],
     "setup_abilities": ["Опытный штурман", {card spec}]}

``setup_abilities`` (optional) names the ability cards of the deck pre-chosen before the game
(ABIL-5), by name or by spec: at most 3 (ABIL-3), none «специальная» (ABIL-7), each one a card
the deck holds. The engine plays them on the Commander at setup without asking anyone.

Every card goes through ``cards.card_from_dict``; the deck rules are checked by the one deck
validator, ``deck_rules.validate_deck``, which the web app uses too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from komandor.rules.cards import CardKind, CardSpec, CardSpecError, card_from_dict
from komandor.rules.deck_rules import CardFacts, DeckDraft, Problem, validate_deck
from komandor.rules.names import name_key
from komandor.rules.vocabulary import GAME_NAME, SPECIAL_ABILITY_TERM


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
    """The deck a file describes; ``DeckError`` with every problem: the file's form here, the
    deck rules by the one deck validator (``deck_rules.validate_deck``, as the web app's)."""
    problems: list[str] = []
    if not isinstance(data, Mapping):
        raise DeckError([f"a deck is an object with commander and cards, got {data!r}"])
    facts = _Facts()
    commander = _card(data.get("commander"), "commander", problems)
    cards: list[CardSpec] = []
    entries: list[tuple[CardFacts, int]] = []
    raw_entries = data.get("cards")
    if not isinstance(raw_entries, list):
        problems.append("cards: must be a list of card specs")
        raw_entries = []
    for index, entry in enumerate(raw_entries):
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
        entries.append((facts.of(spec), count))
        if spec.kind is not CardKind.COMMANDER:
            cards.extend([spec] * count)
    chosen, chosen_facts = _setup_abilities(data.get("setup_abilities", []), facts, problems)
    report = validate_deck(
        DeckDraft(
            commander=None if commander is None else facts.of(commander),
            entries=tuple(entries),
            setup_abilities=tuple(chosen_facts),
        )
    )
    problems += [
        _problem_text(problem)
        for problem in report.errors
        if problem.code != "commander_missing" or "commander" not in data
    ]
    if problems or commander is None:
        raise DeckError(problems)
    return Deck(str(data.get("name", "")), commander, tuple(cards), chosen)


class _Facts:
    """What the deck validator knows of each card spec (``deck_rules.CardFacts``), one id per
    card name (``name_key``): the engine tells cards apart by name."""

    __slots__ = ("_ids", "deck")

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}
        self.deck: dict[str, CardFacts] = {}  # the first card of each name in the deck

    def of(self, spec: CardSpec) -> CardFacts:
        key = name_key(spec.name)
        card = CardFacts(
            id=self._ids.setdefault(key, len(self._ids)),
            name=spec.name,
            kind=spec.kind.value,
            cost=spec.cost,
            special=bool(spec.special),
            size=None if spec.size is None else spec.size.value,
        )
        if spec.kind is not CardKind.COMMANDER:
            self.deck.setdefault(key, card)
        return card

    def named(self, name: str) -> CardFacts:
        """The deck's card of this name, or an ability card of it the deck lacks."""
        key = name_key(name)
        found = self.deck.get(key)
        if found is not None:
            return found
        return CardFacts(id=self._ids.setdefault(key, len(self._ids)), name=name, kind="ability")


# Each error of the deck validator (``deck_rules.Problem``) as a deck file's problem.
_TEXTS = {
    "too_few_cards": "cards: {count} cards; a deck holds at least {minimum} (DECK-1)",
    "too_many_cards": "cards: {count} cards; a deck holds at most {maximum} (DECK-1)",
    "too_many_copies": (
        "cards: {count} cards named {name!r}; at most {maximum} identical cards (DECK-3)"
    ),
    "count_not_positive": "cards: {count!r} copies of {name!r} (DECK-1)",
    "not_komandor_card": "{name!r} is not a card of «" + GAME_NAME + "»",
    "commander_missing": "commander: a deck needs its Commander card (CMDR-1)",
    "commander_not_commander": "commander: {name!r} is not a Commander card (CMDR-1)",
    "commander_in_deck": "cards: {name!r}: the Commander card is not part of the deck (DECK-5)",
    "setup_ability_not_ability": "setup_abilities: {name!r} is not an ability card (ABIL-5)",
    "setup_ability_not_in_deck": (
        "setup_abilities: {chosen} × {name!r} chosen; the deck holds {count} such ability "
        "cards (ABIL-5)"
    ),
    "setup_ability_special": (
        "setup_abilities: {name!r} is «"
        + SPECIAL_ABILITY_TERM
        + "»: played only during play (ABIL-7)"
    ),
    "too_many_setup_abilities": (
        "setup_abilities: {count} cards; at most {maximum} ability cards on the Commander (ABIL-3)"
    ),
    "own_name_not_allowed": "{name!r} cannot bear an own name (OWNNAME-1)",
}


def _problem_text(problem: Problem) -> str:
    return _TEXTS[problem.code].format(**problem.params)


def _setup_abilities(
    raw: Any, facts: _Facts, problems: list[str]
) -> tuple[tuple[str, ...], list[tuple[CardFacts, int]]]:
    """ABIL-5: the pre-chosen ability cards, by name or by spec, as the deck's cards of those
    names (the validator checks them: ABIL-3, ABIL-5, ABIL-7); their names (``name_key``)."""
    if not isinstance(raw, list):
        problems.append("setup_abilities: a list of ability card names or specs")
        return (), []
    names: list[str] = []
    chosen: dict[int, tuple[CardFacts, int]] = {}
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
        card = facts.named(name)
        count = chosen[card.id][1] if card.id in chosen else 0
        chosen[card.id] = (card, count + 1)
        names.append(name_key(name))
    return tuple(names), list(chosen.values())


def _card(raw: Any, path: str, problems: list[str]) -> CardSpec | None:
    try:
        return card_from_dict(raw)
    except CardSpecError as error:
        problems.extend(f"{path}: {e.message}" for e in error.errors)
        return None
