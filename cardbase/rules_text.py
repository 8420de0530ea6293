"""A Komandor card row's rules text, rendered by the engine from its effect data.

The engine's ``card_text`` renders a card's effects (docs/effects.md, «Text»); a card without
effects keeps its typed text. Rows are read from their stored canonical ``attributes``; the
rendering depends on nothing else, so it is kept per distinct card (the card list asks for it
on every row).
"""

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from komandor.rules.cards import CardSpecError, card_from_dict
from komandor.words.effect_text import card_text

KOMANDOR_SLUG = "komandor"


@dataclass(frozen=True, slots=True)
class RulesText:
    """The card's text in Russian and English; ``from_effects``: rendered from effect data
    (otherwise both are the typed text, as it is)."""

    ru: tuple[str, ...]
    en: tuple[str, ...]
    from_effects: bool

    def lines(self, language: str) -> tuple[str, ...]:
        return self.en if language.startswith("en") else self.ru

    def as_json(self) -> dict[str, list[str]]:
        return {"ru": list(self.ru), "en": list(self.en)}


# The card list asks for 50 rows' text per request, so the key must be cheap: ``repr`` of the
# attributes costs half a sorted ``json.dumps`` and is exact for JSON data (it tells 1, 1.0 and
# True apart, which ``==`` does not and the card schema does). The same data in another key
# order gets an entry of its own; both render from the sorted JSON, so they are equal.
_BY_REPR: dict[tuple[str, str], RulesText | None] = {}
_BY_REPR_SIZE = 8192


def rules_text_of(*, game_slug: str, attributes: Mapping[str, Any], text: str) -> RulesText | None:
    """``None`` for other games' cards and for a row whose stored stats the schema rejects."""
    if game_slug != KOMANDOR_SLUG or not isinstance(attributes, Mapping):
        return None
    key = (repr(attributes), text)
    try:
        return _BY_REPR[key]
    except KeyError:
        pass
    # Only data ``json.dumps`` takes is kept, so every kept key is a repr of JSON values.
    rules = _rules_text(json.dumps(attributes, sort_keys=True, ensure_ascii=False), text)
    if len(_BY_REPR) >= _BY_REPR_SIZE:
        del _BY_REPR[next(iter(_BY_REPR))]  # the oldest entry
    _BY_REPR[key] = rules
    return rules


@lru_cache(maxsize=4096)
def _rules_text(attributes_json: str, text: str) -> RulesText | None:
    data = dict(json.loads(attributes_json))
    if text:
        data["text"] = text
    try:
        spec = card_from_dict(data)
    except CardSpecError:
        return None
    from_effects = bool(spec.effects) or any(
        not isinstance(variant, str) for variant in spec.variants or ()
    )
    return RulesText(card_text(spec, "ru"), card_text(spec, "en"), from_effects)
