"""The one deck validator: plain values in, every problem out (no ORM, no Django).

The API, the forms, the admin and tournament entry all call :func:`validate_deck` with a
:class:`DeckDraft` built from whatever they hold (``decks.selectors`` builds one from rows);
so does the engine's deck file reader (``decks.deck_from_dict``), from the card specs.

Rules (Komandor rule book, checklist ids in brackets):

* 40–100 cards in the deck [DECK-1]; the Commander is beside the deck, not in it [DECK-5].
* At most 4 cards with the same printed name [DECK-3]; two releases of one name count together,
  and the player's own name for a copy never counts [DECK-4]. Names compare through
  ``name_key`` (case, ё/е, quote marks, spaces).
* Exactly one Commander card chosen beside the deck [CMDR-1, CMDR-6].
* Pre-chosen ability cards are ability cards of the deck [ABIL-5], at most 3 [ABIL-3], never
  "special" ones [ABIL-7]. They stay counted in the deck [DECK-6].
* An own name only on a card that prints the «Собственное наименование» field: heavy (ТК) and
  medium (СК) ships and space objects [OWNNAME-1]; not light ships (ЛК) [OWNNAME-4] nor any
  other kind. A ship whose size the catalogue does not state keeps its own name: the book's own
  example ships print no size, and refusing them would be a guess.

Warnings (legal, but probably not what the player wants):

* no ships; no space objects;
* few cards buildable at setup. Setup can build only ships and space objects [SETUP-4, SETUP-7]
  out of ``SETUP_RESOURCES`` [SETUP-3], from a draw of ``SETUP_DRAW`` cards less one per
  pre-chosen ability card [SETUP-2]. "Few" is our reading, not the book's: on average fewer than
  ``MIN_EXPECTED_SETUP_BUILDS`` such cards (cost ≤ ``SETUP_RESOURCES``) in that draw.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from komandor.rules.cards import SizeClass
from komandor.rules.names import name_key
from komandor.rules.rules import (
    DECK_MAX_CARDS,
    DECK_MIN_CARDS,
    MAX_ABILITY_CARDS,
    MAX_COPIES_PER_NAME,
    SETUP_DRAW,
    SETUP_RESOURCES,
)

KOMANDOR = "komandor"
SHIP = "ship"
SPACE_OBJECT = "space_object"
COMMANDER = "commander"
ABILITY = "ability"
SETUP_BUILDABLE_KINDS = frozenset({SHIP, SPACE_OBJECT})
# OWNNAME-1: «На картах тяжелых и средних кораблей ... графа "Собственное наименование"»;
# ``None`` is a ship of unstated size (see the module docstring).
OWN_NAME_SHIP_SIZES = frozenset({SizeClass.TK, SizeClass.SK, None})
# Our threshold for the "few buildable at setup" warning (see the module docstring).
MIN_EXPECTED_SETUP_BUILDS = 3


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What the validator needs to know about one catalogue card."""

    id: int
    name: str
    kind: str
    game: str = KOMANDOR
    cost: int | None = None
    special: bool = False
    size: str | None = None  # a ship's ``SizeClass`` value ("LK", "SK", "TK"); None if unstated


@dataclass(frozen=True, slots=True)
class DeckDraft:
    """A deck to check. Entries are (card, copies) without own names, so the copy limit cannot
    see them (OWNNAME-3); ``own_names`` lists (card, own name) only to check who may bear one."""

    commander: CardFacts | None
    entries: tuple[tuple[CardFacts, int], ...]
    setup_abilities: tuple[tuple[CardFacts, int], ...] = ()
    own_names: tuple[tuple[CardFacts, str], ...] = ()

    @property
    def card_count(self) -> int:
        return sum(count for _, count in self.entries)


# code -> severity. The words are made where they are shown (``decks.messages``).
SEVERITIES: dict[str, Severity] = {
    "too_few_cards": Severity.ERROR,
    "too_many_cards": Severity.ERROR,
    "too_many_copies": Severity.ERROR,
    "count_not_positive": Severity.ERROR,
    "not_komandor_card": Severity.ERROR,
    "commander_missing": Severity.ERROR,
    "commander_not_commander": Severity.ERROR,
    "commander_in_deck": Severity.ERROR,
    "setup_ability_not_ability": Severity.ERROR,
    "setup_ability_not_in_deck": Severity.ERROR,
    "setup_ability_special": Severity.ERROR,
    "too_many_setup_abilities": Severity.ERROR,
    "own_name_not_allowed": Severity.ERROR,
    "no_ships": Severity.WARNING,
    "no_space_objects": Severity.WARNING,
    "few_setup_buildable": Severity.WARNING,
}


@dataclass(frozen=True, slots=True)
class Problem:
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    cards: tuple[CardFacts, ...] = ()

    @property
    def severity(self) -> Severity:
        return SEVERITIES[self.code]

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity.value,
            "params": dict(self.params),
            "cards": [{"id": card.id, "name": card.name} for card in self.cards],
        }


@dataclass(frozen=True, slots=True)
class ValidationReport:
    problems: tuple[Problem, ...]

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.WARNING)

    @property
    def is_valid(self) -> bool:
        return not self.errors

    def codes(self) -> list[str]:
        return [problem.code for problem in self.problems]

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.is_valid,
            "errors": [problem.to_dict() for problem in self.errors],
            "warnings": [problem.to_dict() for problem in self.warnings],
        }


def validate_deck(draft: DeckDraft) -> ValidationReport:
    """Check ``draft`` against the deck rules; return every problem found, errors first."""
    problems: list[Problem] = []
    problems += _check_commander(draft.commander)
    problems += _check_entries(draft.entries)
    problems += _check_size(draft.card_count)
    problems += _check_copies(draft.entries)
    problems += _check_setup_abilities(draft)
    problems += _check_own_names(draft.own_names)
    problems += _check_composition(draft)
    return ValidationReport(tuple(problems))


def _check_commander(commander: CardFacts | None) -> Iterable[Problem]:
    if commander is None:
        yield Problem("commander_missing")
        return
    if commander.game != KOMANDOR:
        yield Problem("not_komandor_card", {"name": commander.name}, (commander,))
    elif commander.kind != COMMANDER:
        yield Problem("commander_not_commander", {"name": commander.name}, (commander,))


def _check_entries(entries: Iterable[tuple[CardFacts, int]]) -> Iterable[Problem]:
    for card, count in entries:
        if count < 1:
            yield Problem("count_not_positive", {"name": card.name, "count": count}, (card,))
        if card.game != KOMANDOR:
            yield Problem("not_komandor_card", {"name": card.name}, (card,))
        elif card.kind == COMMANDER:
            yield Problem("commander_in_deck", {"name": card.name}, (card,))


def _check_size(count: int) -> Iterable[Problem]:
    if count < DECK_MIN_CARDS:
        yield Problem("too_few_cards", {"count": count, "minimum": DECK_MIN_CARDS})
    elif count > DECK_MAX_CARDS:
        yield Problem("too_many_cards", {"count": count, "maximum": DECK_MAX_CARDS})


def _check_copies(entries: Iterable[tuple[CardFacts, int]]) -> Iterable[Problem]:
    by_name: dict[str, list[tuple[CardFacts, int]]] = defaultdict(list)
    for card, count in entries:
        by_name[name_key(card.name)].append((card, count))
    for group in by_name.values():
        total = sum(count for _, count in group)
        if total > MAX_COPIES_PER_NAME:
            cards = tuple(dict.fromkeys(card for card, _ in group))
            params = {"name": group[0][0].name, "count": total, "maximum": MAX_COPIES_PER_NAME}
            yield Problem("too_many_copies", params, cards)


def _check_setup_abilities(draft: DeckDraft) -> Iterable[Problem]:
    in_deck: dict[int, int] = defaultdict(int)
    for card, count in draft.entries:
        in_deck[card.id] += count
    chosen_total = 0
    for card, chosen in draft.setup_abilities:
        chosen_total += chosen
        if card.kind != ABILITY or card.game != KOMANDOR:
            yield Problem("setup_ability_not_ability", {"name": card.name}, (card,))
            continue
        if card.special:
            yield Problem("setup_ability_special", {"name": card.name}, (card,))
        if chosen > in_deck[card.id]:
            params = {"name": card.name, "chosen": chosen, "count": in_deck[card.id]}
            yield Problem("setup_ability_not_in_deck", params, (card,))
    if chosen_total > MAX_ABILITY_CARDS:
        yield Problem(
            "too_many_setup_abilities", {"count": chosen_total, "maximum": MAX_ABILITY_CARDS}
        )


def has_own_name_field(card: CardFacts) -> bool:
    """Whether the card prints the «Собственное наименование» field (OWNNAME-1, OWNNAME-4)."""
    if card.kind == SPACE_OBJECT:
        return True
    return card.kind == SHIP and card.size in OWN_NAME_SHIP_SIZES


def _check_own_names(own_names: Iterable[tuple[CardFacts, str]]) -> Iterable[Problem]:
    for card, own_name in own_names:
        # A foreign card is already refused whole (``not_komandor_card``).
        if own_name.strip() and card.game == KOMANDOR and not has_own_name_field(card):
            params = {"name": card.name, "own_name": own_name.strip()}
            yield Problem("own_name_not_allowed", params, (card,))


def setup_draw_size(draft: DeckDraft) -> int:
    """Cards drawn for setup: 15 less one per pre-chosen ability card (SETUP-2, ABIL-5)."""
    chosen = sum(count for _, count in draft.setup_abilities)
    return max(SETUP_DRAW - chosen, 0)


def is_setup_buildable(card: CardFacts) -> bool:
    return (
        card.kind in SETUP_BUILDABLE_KINDS
        and card.cost is not None
        and card.cost <= SETUP_RESOURCES
    )


def _check_composition(draft: DeckDraft) -> Iterable[Problem]:
    if not draft.entries:
        return
    kinds = {card.kind for card, _ in draft.entries}
    if SHIP not in kinds:
        yield Problem("no_ships")
    if SPACE_OBJECT not in kinds:
        yield Problem("no_space_objects")
    buildable = sum(count for card, count in draft.entries if is_setup_buildable(card))
    # Pre-chosen ability cards leave the deck before the draw (ZONE-2).
    chosen = sum(count for _, count in draft.setup_abilities)
    deck_size = max(draft.card_count - chosen, 1)
    draw = setup_draw_size(draft)
    if buildable * draw < MIN_EXPECTED_SETUP_BUILDS * deck_size:
        params = {
            "count": buildable,
            "resources": SETUP_RESOURCES,
            "minimum": MIN_EXPECTED_SETUP_BUILDS,
            "draw": draw,
        }
        yield Problem("few_setup_buildable", params)
