"""A player's deck for the engine: a Commander plus 40–100 cards, read from card-spec JSON.

File format (what ``python -m komandor.play`` reads)::

    {"name": "…", "commander": {card spec}, "cards": [{card spec}, {"count": 3, "card": {…}}],
     "setup_abilities": ["Опытный штурман", {card spec}]}

``setup_abilities`` (optional) names the ability cards of the deck pre-chosen before the game
(ABIL-5), by name or by spec: at most 3 (ABIL-3), none «специальная» (ABIL-7), each one a card
the deck holds. The engine plays them on the Commander at setup without asking anyone.

Every card goes through ``cards.card_from_dict``; the deck rules are checked by the one deck
validator, ``deck_rules.validate_deck``, which the web app uses too. A bad file raises
``DeckError`` with every problem as a typed record (``DeckFileProblem``: its kind and facts, no
words); the words are made where they are shown: ``komandor.words.deck_problems`` for the
command lines, ``decks.messages`` (gettext) for the pages and the API.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from komandor.rules.cards import CardKind, CardSpec, CardSpecError, FieldError, card_from_dict
from komandor.rules.deck_rules import CardFacts, DeckDraft, Problem, validate_deck
from komandor.rules.names import name_key


class DeckFileProblemKind(StrEnum):
    """What is wrong with a deck file (or a stored deck read as one)."""

    NOT_AN_OBJECT = "not_an_object"  # got: the file's value
    CARDS_NOT_A_LIST = "cards_not_a_list"
    COUNT_NOT_WHOLE = "count_not_whole"  # path, got: an entry's count
    CARD_UNREADABLE = "card_unreadable"  # path, card_error: the card reader's (cards.py)
    SPEC_MISSING = "spec_missing"  # path, got: the card id no spec is kept for
    SETUP_NOT_A_LIST = "setup_not_a_list"
    SETUP_ENTRY_UNREADABLE = "setup_entry_unreadable"  # path, got: neither a name nor a spec
    DECK_RULE = "deck_rule"  # rule: the deck validator's problem (its code and parameters)


@dataclass(frozen=True, slots=True)
class DeckFileProblem:
    """One problem of a deck file: where (``path``, as ``cards.3.count``) and its facts."""

    kind: DeckFileProblemKind
    path: str = ""
    got: str = ""  # the refused value, as ``repr`` writes it
    card_error: FieldError | None = None
    rule: Problem | None = None

    @property
    def code(self) -> str:
        """The kind, or the deck validator's code for a deck rule."""
        return self.rule.code if self.rule is not None else self.kind.value


class DeckError(ValueError):
    """Every problem of one deck (its ``str`` gives their codes; the words are elsewhere)."""

    def __init__(self, problems: list[DeckFileProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(filter(None, (f"{p.path} {p.code}".strip() for p in problems))))


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    commander: CardSpec
    cards: tuple[CardSpec, ...]
    setup_abilities: tuple[str, ...] = ()  # names of pre-chosen ability cards (ABIL-5)


def deck_from_dict(data: Mapping[str, Any]) -> Deck:
    """The deck a file describes; ``DeckError`` with every problem: the file's form here, the
    deck rules by the one deck validator (``deck_rules.validate_deck``, as the web app's)."""
    problems: list[DeckFileProblem] = []
    if not isinstance(data, Mapping):
        raise DeckError([DeckFileProblem(DeckFileProblemKind.NOT_AN_OBJECT, got=repr(data))])
    facts = _Facts()
    commander = _card(data.get("commander"), "commander", problems)
    cards: list[CardSpec] = []
    entries: list[tuple[CardFacts, int]] = []
    raw_entries = data.get("cards")
    if not isinstance(raw_entries, list):
        problems.append(DeckFileProblem(DeckFileProblemKind.CARDS_NOT_A_LIST, "cards"))
        raw_entries = []
    for index, entry in enumerate(raw_entries):
        count = 1
        raw = entry
        if isinstance(entry, Mapping) and "card" in entry:
            count, raw = entry.get("count", 1), entry["card"]
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                problems.append(
                    DeckFileProblem(
                        DeckFileProblemKind.COUNT_NOT_WHOLE, f"cards.{index}.count", repr(count)
                    )
                )
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
        DeckFileProblem(DeckFileProblemKind.DECK_RULE, rule=problem)
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


def _setup_abilities(
    raw: Any, facts: _Facts, problems: list[DeckFileProblem]
) -> tuple[tuple[str, ...], list[tuple[CardFacts, int]]]:
    """ABIL-5: the pre-chosen ability cards, by name or by spec, as the deck's cards of those
    names (the validator checks them: ABIL-3, ABIL-5, ABIL-7); their names (``name_key``)."""
    if not isinstance(raw, list):
        problems.append(DeckFileProblem(DeckFileProblemKind.SETUP_NOT_A_LIST, "setup_abilities"))
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
            problems.append(
                DeckFileProblem(DeckFileProblemKind.SETUP_ENTRY_UNREADABLE, path, repr(entry))
            )
            continue
        card = facts.named(name)
        count = chosen[card.id][1] if card.id in chosen else 0
        chosen[card.id] = (card, count + 1)
        names.append(name_key(name))
    return tuple(names), list(chosen.values())


def _card(raw: Any, path: str, problems: list[DeckFileProblem]) -> CardSpec | None:
    try:
        return card_from_dict(raw)
    except CardSpecError as error:
        problems.extend(
            DeckFileProblem(DeckFileProblemKind.CARD_UNREADABLE, path, card_error=e)
            for e in error.errors
        )
        return None
