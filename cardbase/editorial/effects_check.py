"""The card editor's live check of a Komandor card's ``effects``: every problem the engine's
effect schema finds (with its path, e.g. ``effects.0.targets.size``), and the card's rules text
rendered from the effects in Russian and English — by the engine's renderer
(``matches.engine.effect_text.card_text``) once it exists, until then the card's stored text."""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from typing import Any

from matches.engine.cards import CardKind, CardSpecError, card_from_dict
from matches.engine.effect_schema import read_effects

LANGUAGES = ("ru", "en")


@dataclass
class EffectsCheck:
    problems: list[dict[str, str]] = field(default_factory=list)
    text: dict[str, str] = field(default_factory=dict)
    rendered: bool = False  # False: ``text`` is the stored text, the renderer is not there yet

    def as_dict(self) -> dict[str, Any]:
        return {"problems": self.problems, "text": self.text, "rendered": self.rendered}


def _renderer():
    try:
        module = importlib.import_module("matches.engine.effect_text")
    except ImportError:
        return None
    return getattr(module, "card_text", None)


def effects_check(*, kind: str, effects_json: str, attributes: dict[str, Any]) -> EffectsCheck:
    """Check ``effects_json`` (the editor's text) for a card of ``kind`` whose other stats are
    ``attributes``; never raises on bad input."""
    result = EffectsCheck()
    stored_text = str(attributes.get("text") or "")
    result.text = dict.fromkeys(LANGUAGES, stored_text)
    if kind not in {k.value for k in CardKind} or kind == CardKind.ABILITY.value:
        result.problems.append({"path": "kind", "code": "bad_kind", "message": f"{kind!r}"})
        return result
    try:
        effects = json.loads(effects_json) if effects_json.strip() else []
    except json.JSONDecodeError as error:
        message = f"not JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        result.problems.append({"path": "effects", "code": "not_json", "message": message})
        return result
    _specs, problems = read_effects(effects, "effects", kind=kind)
    result.problems = [{"path": p, "code": c, "message": m} for p, c, m in problems]
    render = _renderer()
    if result.problems or render is None:
        return result
    try:
        spec = card_from_dict({**attributes, "kind": kind, "effects": effects})
    except CardSpecError:
        return result  # the stats are wrong, not the effects: the form says so on save
    result.text = {language: render(spec, language) for language in LANGUAGES}
    result.rendered = True
    return result
