"""The Komandor card checker: the engine's card schema, reported as Django field errors.

The catalogue row keeps a card's kind, printed name, cost and rarity as columns
(``card_type``, ``name_ru``, ``cost``, ``rarity``) and the rest in ``attributes``. The checker
merges the columns into the schema's dict, runs the engine's checked entry point and returns
its canonical form, so every write path (loader, admin, API) stores the same shape.

Errors are keyed by the row's field: a schema error on ``cost`` lands on ``cost``, one on
``weapons.plasma.power`` lands on ``attributes`` and carries the dotted path in
``params["path"]`` so a form with one input per stat can put it on that input.
"""

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from cardbase.editorial.effect_messages import effect_problem_message
from cardbase.services.card_rules import register_card_checker
from komandor.rules.cards import CardSpecError, FieldError, card_from_dict, card_to_dict
from komandor.words.card_fields import card_stat_lines
from komandor.words.effect_text import card_text

GAME_SLUG = "komandor"
# Card column -> the key the schema gives the same fact.
COLUMN_KEYS: dict[str, str] = {
    "card_type": "kind",
    "name_ru": "name",
    "cost": "cost",
    "rarity": "rarity",
}
_COLUMN_OF_KEY = {key: column for column, key in COLUMN_KEYS.items()}


@register_card_checker(GAME_SLUG)
def komandor_card_check(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Return the card's canonical attributes or raise ValidationError keyed by row field."""
    data, conflicts = _merge_columns(fields)
    if conflicts:
        raise ValidationError(conflicts)
    try:
        spec = card_from_dict(data)
    except CardSpecError as error:
        raise ValidationError(card_spec_errors(error.errors)) from error
    return card_to_dict(spec)


def card_spec_errors(errors: list[FieldError]) -> dict[str, list[ValidationError]]:
    """The schema's errors grouped by the catalogue row's field they belong to."""
    grouped: dict[str, list[ValidationError]] = {}
    for error in errors:
        column = _COLUMN_OF_KEY.get(error.field, "attributes")
        message = error.message
        if error.template:  # the effect language's: in the admin's language, path once
            words = effect_problem_message(template=error.template, params=error.params)
            message = f"{error.field}: {words}"
        # ValidationError formats its message with its params, so a literal % must be doubled.
        message = message.replace("%", "%%")
        grouped.setdefault(column, []).append(
            ValidationError(message, code=error.code, params={"path": error.field})
        )
    return grouped


def _merge_columns(fields: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The schema's input: attributes plus the column values. A fact stated both as a column
    and inside attributes must agree, or the row would say two things at once."""
    data = dict(fields.get("attributes") or {})
    conflicts: dict[str, Any] = {}
    for column, key in COLUMN_KEYS.items():
        value = fields.get(column)
        if value in (None, ""):
            if data.get(key) not in (None, ""):
                conflicts[column] = ValidationError(
                    _("%(key)s is given inside attributes; enter it in the card's “%(column)s”."),
                    code="column_in_attributes",
                    params={"key": key, "column": column, "path": key},
                )
            data.pop(key, None)
            continue
        if key in data and not _same_value(data[key], value):
            conflicts[column] = ValidationError(
                _("attributes say %(key)s = %(inner)s, but the card's “%(column)s” is %(value)s."),
                code="column_mismatch",
                params={
                    "key": key,
                    "column": column,
                    "inner": data[key],
                    "value": value,
                    "path": key,
                },
            )
        data[key] = value
    return data, conflicts


def _same_value(inner: Any, column: Any) -> bool:
    """Whether a fact inside attributes says what the column says. A spreadsheet cell is
    text ("5", "5.0", " 5 ") where the column is a number: the same fact, not a conflict."""
    if inner == column:
        return True
    if isinstance(column, int) and not isinstance(column, bool):
        try:
            return float(str(inner).strip()) == column
        except ValueError:
            return False
    return str(inner).strip() == str(column).strip()


# Stat lines whose label is itself something players search for: «плазменные орудия»,
# «коммерческий рейс» (the stored keys are ``plasma``, ``commercial_run``).
_SEARCHED_STATS = ("weapons.", "properties.", "built_in.")


def komandor_search_words(attributes: Mapping[str, Any]) -> list[str]:
    """What a search should find a Komandor card by beyond the values stored in its
    attributes: the names of its weapons and properties in both languages and its rules text
    rendered from its effects (nothing for stats the schema rejects)."""
    try:
        spec = card_from_dict(attributes)
    except CardSpecError:
        return []
    words = [
        label
        for line in card_stat_lines(spec)
        if line.path.startswith(_SEARCHED_STATS)
        for label in (line.label_ru, line.label_en)
    ]
    return [*words, *card_text(spec, "ru"), *card_text(spec, "en")]
