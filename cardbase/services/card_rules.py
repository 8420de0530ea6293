"""Per-game checks of a card's structured fields, shared by the content loader, the admin and
the API. A game without its own checker accepts any JSON object as ``attributes``.

A checker takes the card's fields (``card_type``, ``name_ru``, ``cost``, ``rarity``,
``attributes``) and returns the normalised ``attributes`` or raises ``ValidationError`` with
a dict of field errors.
"""

from collections.abc import Callable, Mapping
from typing import Any

from django.core.exceptions import ValidationError

CardChecker = Callable[[Mapping[str, Any]], dict[str, Any]]
_CHECKERS: dict[str, CardChecker] = {}


def register_card_checker(game_slug: str) -> Callable[[CardChecker], CardChecker]:
    def decorate(checker: CardChecker) -> CardChecker:
        _CHECKERS[game_slug] = checker
        return checker

    return decorate


def card_attributes_clean(*, game_slug: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """Return the card's normalised attributes, or raise ValidationError naming each field."""
    attributes = fields.get("attributes") or {}
    if not isinstance(attributes, Mapping):
        raise ValidationError({"attributes": "attributes must be a JSON object"})
    checker = _CHECKERS.get(game_slug)
    if checker is None:
        return dict(attributes)
    return checker(fields)
