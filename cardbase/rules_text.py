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

from matches.engine.cards import CardSpecError, card_from_dict
from matches.engine.effect_text import card_text

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


def rules_text_of(*, game_slug: str, attributes: Mapping[str, Any], text: str) -> RulesText | None:
    """``None`` for other games' cards and for a row whose stored stats the schema rejects."""
    if game_slug != KOMANDOR_SLUG or not isinstance(attributes, Mapping):
        return None
    return _rules_text(json.dumps(attributes, sort_keys=True, ensure_ascii=False), text)


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
