"""Deck problems and unreadable lines in words, made in the active language where shown.

``komandor.rules.deck_rules`` and ``decks.text_format`` return codes and parameters only; this
module is the one place their words live (gettext and ngettext, Russian in ``decks/locale``), so a
number and its noun agree in every language («1 карта», «2 карты», «5 карт», «21 карта»).
"""

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import get_language, gettext, gettext_noop, ngettext

from cardbase.display_names import shown_name
from cardbase.models import Card
from komandor.rules.decks import DeckError, DeckFileProblem, DeckFileProblemKind

Params = Mapping[str, Any]


def _plural(singular: str, plural: str, number: str) -> Callable[[Params], str]:
    return lambda params: ngettext(singular, plural, int(params[number])) % params


def _text(message: str) -> Callable[[Params], str]:
    return lambda params: gettext(message) % params


def _json_entry(params: Params) -> str:
    problem = JSON_PROBLEMS.get(params["problem"])
    words = gettext(problem) if problem else params["problem"]
    return gettext("Entry %(line)s: %(field)s — %(problem)s.") % {**params, "problem": words}


# The English msgids are written out here so that both stay readable side by side with the
# Russian in decks/locale/ru/LC_MESSAGES/django.po.
MESSAGES: dict[str, Callable[[Params], str]] = {
    # deck problems (komandor.rules.deck_rules)
    "too_few_cards": _plural(
        "The deck has %(count)s card; it needs at least %(minimum)s.",
        "The deck has %(count)s cards; it needs at least %(minimum)s.",
        "count",
    ),
    "too_many_cards": _plural(
        "The deck has %(count)s card; it may have at most %(maximum)s.",
        "The deck has %(count)s cards; it may have at most %(maximum)s.",
        "count",
    ),
    "too_many_copies": _plural(
        "The deck has %(count)s card named “%(name)s”; at most %(maximum)s are allowed.",
        "The deck has %(count)s cards named “%(name)s”; at most %(maximum)s are allowed.",
        "count",
    ),
    "count_not_positive": _text(
        "The number of “%(name)s” cards must be at least 1 (got %(count)s)."
    ),
    "not_komandor_card": _text(
        "“%(name)s” is a card of another game and cannot be in a Komandor deck."
    ),
    "commander_missing": _text("No Commander is chosen."),
    "commander_not_commander": _text("“%(name)s” is not a Commander card."),
    "commander_in_deck": _text(
        "The Commander card “%(name)s” is not part of the deck; choose it as the Commander."
    ),
    "setup_ability_not_ability": _text(
        "“%(name)s” is not an ability card and cannot be pre-chosen."
    ),
    "setup_ability_not_in_deck": _plural(
        "%(chosen)s card “%(name)s” is pre-chosen but the deck has %(count)s.",
        "%(chosen)s cards “%(name)s” are pre-chosen but the deck has %(count)s.",
        "chosen",
    ),
    "setup_ability_special": _text(
        "“%(name)s” is a special ability card: it is played only during the game."
    ),
    "too_many_setup_abilities": _plural(
        "%(count)s ability card is pre-chosen; at most %(maximum)s are allowed.",
        "%(count)s ability cards are pre-chosen; at most %(maximum)s are allowed.",
        "count",
    ),
    "own_name_not_allowed": _text(
        "The card “%(name)s” has no “Own name” field, so it cannot be named “%(own_name)s”. "
        "Only heavy and medium ship cards and space-object cards have that field."
    ),
    "no_ships": _text("The deck has no ships."),
    "no_space_objects": _text("The deck has no space objects."),
    "few_setup_buildable": _plural(
        "The deck has %(count)s ship or space object costing at most %(resources)s: on "
        "average fewer than %(minimum)s of them in the %(draw)s-card setup draw.",
        "The deck has %(count)s ships and space objects costing at most %(resources)s: on "
        "average fewer than %(minimum)s of them in the %(draw)s-card setup draw.",
        "count",
    ),
    # lines of a deck text or JSON that cannot be read (decks.text_format, decks.importing)
    "missing_count": _text(
        "Line %(line)s: the line must start with a number of cards, e.g. “4 Name”."
    ),
    "bad_count": _text("Line %(line)s: the number of cards %(count)s must be between 1 and 999."),
    "missing_name": _text("Line %(line)s: the card name is missing."),
    "too_many_lines": _text(
        "The text has %(count)s lines; a deck's text may have at most %(limit)s."
    ),
    "line_too_long": _text("Line %(line)s is longer than %(limit)s characters."),
    "duplicate_commander": _text(
        "Line %(line)s: the Commander is already given above; a deck has one Commander."
    ),
    "unknown_card": _text("Line %(line)s: there is no Komandor card named “%(name)s”."),
    "ambiguous_name": _plural(
        "Line %(line)s: “%(name)s” is part of the name of %(count)s card; write its whole name.",
        "Line %(line)s: “%(name)s” is part of the names of %(count)s cards; write the whole name.",
        "count",
    ),
    "unknown_printing": _text("Line %(line)s: the card “%(name)s” has no printing [%(printing)s]."),
    "not_an_object": _text(
        "The deck JSON must be an object with entries, commander and setup_abilities."
    ),
    "bad_json_entry": _json_entry,
}

JSON_PROBLEMS = {
    "not_a_list": "must be a list",
    "name_missing": "a card needs a name",
    "count_not_whole": "must be a whole number ≥ 1",
}


def message(code: str, params: Params) -> str:
    """The words for a deck problem or line error ``code`` in the active language."""
    make = MESSAGES.get(code)
    if make is None:
        return gettext("Problem “%(code)s”.") % {"code": code}
    return make(params)


# A stored deck read as an engine deck file (``komandor.rules.decks``): its own problems.
_DECK_FILE_TEXTS: dict[DeckFileProblemKind, Callable[[Params], str]] = {
    DeckFileProblemKind.NOT_AN_OBJECT: _text(
        gettext_noop("The deck is not an object with its cards.")
    ),
    DeckFileProblemKind.CARDS_NOT_A_LIST: _text(
        gettext_noop("%(path)s: the cards are not a list.")
    ),
    DeckFileProblemKind.COUNT_NOT_WHOLE: _text(
        gettext_noop("%(path)s: the number of cards %(got)s is not a whole number ≥ 1.")
    ),
    DeckFileProblemKind.CARD_UNREADABLE: _text(
        gettext_noop("%(path)s: the card cannot be read: %(detail)s")
    ),
    DeckFileProblemKind.SPEC_MISSING: _text(
        gettext_noop("%(path)s: no stored spec for card %(got)s.")
    ),
    DeckFileProblemKind.SETUP_NOT_A_LIST: _text(
        gettext_noop("%(path)s: the pre-chosen ability cards are not a list.")
    ),
    DeckFileProblemKind.SETUP_ENTRY_UNREADABLE: _text(
        gettext_noop("%(path)s: %(got)s is not an ability card's name.")
    ),
}


def deck_file_problem_text(problem: DeckFileProblem) -> str:
    """An engine deck's problem (``DeckError``) in the active language: a deck rule as the
    deck builder words it, the file's own problems here."""
    if problem.rule is not None:
        return message(problem.rule.code, problem.rule.params)
    detail = problem.card_error.message if problem.card_error is not None else ""
    params = {"path": problem.path, "got": problem.got, "detail": detail}
    return _DECK_FILE_TEXTS[problem.kind](params)


def deck_error_text(error: DeckError) -> str:
    return " ".join(deck_file_problem_text(problem) for problem in error.problems)


def localised(problem: dict, *, names: Mapping[int, str] | None = None) -> dict:
    """A problem's or line error's dict with its ``message`` in the active language; ``names``
    (card id -> the card's name to show) replaces the quoted name of the problem's card."""
    params = problem.get("params", {})
    cards = problem.get("cards") or []
    if names and "name" in params and cards and cards[0]["id"] in names:
        params = {**params, "name": names[cards[0]["id"]]}
    return {**problem, "message": message(problem["code"], params)}


def localised_report(report: dict) -> dict:
    """The report's problems in words; for an English reader cards with an English name are
    quoted by it (the deck's card list shows those names too)."""
    problems = [*report["errors"], *report["warnings"]]
    names = _english_names({card["id"] for p in problems for card in p.get("cards") or []})
    return {
        **report,
        "errors": [localised(problem, names=names) for problem in report["errors"]],
        "warnings": [localised(problem, names=names) for problem in report["warnings"]],
    }


def _english_names(card_ids: set[int]) -> dict[int, str]:
    """English names, and the books' Russian ones with their transliteration."""
    if not card_ids or not (get_language() or "ru").startswith("en"):
        return {}
    rows = Card.all_objects.filter(pk__in=card_ids).values_list("pk", "name_ru", "name_en")
    return {pk: shown_name(name_ru, name_en, english=True) for pk, name_ru, name_en in rows}
