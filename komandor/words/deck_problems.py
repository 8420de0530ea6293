"""A deck file's problems in words for the engine's command lines and scripts (English, as the
card reader's messages are): each names the file's entry and the book's rule.

The rules raise ``decks.DeckError`` with typed records (``DeckFileProblem``); the pages and the
API word the same records through gettext (``decks.messages.deck_file_problem_text``).

>>> from komandor.rules.deck_rules import Problem
>>> from komandor.rules.decks import DeckFileProblem, DeckFileProblemKind
>>> rule = Problem("too_few_cards", {"count": 39, "minimum": 40})
>>> deck_problem_text(DeckFileProblem(DeckFileProblemKind.DECK_RULE, rule=rule))
'cards: 39 cards; a deck holds at least 40 (DECK-1)'
"""

from __future__ import annotations

from komandor.rules.deck_rules import Problem
from komandor.rules.decks import DeckError, DeckFileProblem, DeckFileProblemKind
from komandor.rules.vocabulary import GAME_NAME, SPECIAL_ABILITY_TERM

# The deck file's own problems: {path} where in the file, {got} the refused value.
_FILE_TEXTS: dict[DeckFileProblemKind, str] = {
    DeckFileProblemKind.NOT_AN_OBJECT: "a deck is an object with commander and cards, got {got}",
    DeckFileProblemKind.CARDS_NOT_A_LIST: "{path}: must be a list of card specs",
    DeckFileProblemKind.COUNT_NOT_WHOLE: "{path}: {got} is not a whole number ≥ 1",
    DeckFileProblemKind.SPEC_MISSING: "{path}: no stored spec for card {got}",
    DeckFileProblemKind.SETUP_NOT_A_LIST: "{path}: a list of ability card names or specs",
    DeckFileProblemKind.SETUP_ENTRY_UNREADABLE: "{path}: an ability card's name or spec, got {got}",
}

# Each error of the deck validator (``deck_rules.Problem``: code and parameters).
RULE_TEXTS: dict[str, str] = {
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


def rule_text(rule: Problem) -> str:
    return RULE_TEXTS[rule.code].format(**rule.params)


def deck_problem_text(problem: DeckFileProblem) -> str:
    """One problem as one line: where in the file, what is wrong, the rule's id."""
    if problem.rule is not None:
        return rule_text(problem.rule)
    if problem.card_error is not None:
        return f"{problem.path}: {problem.card_error.message}"
    return _FILE_TEXTS[problem.kind].format(path=problem.path, got=problem.got)


def deck_error_text(error: DeckError) -> str:
    """Every problem of a refused deck, as the command line prints it."""
    return "; ".join(deck_problem_text(problem) for problem in error.problems)
