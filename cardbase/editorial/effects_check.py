"""The card editor's live check of a Komandor card's ``effects``: every problem the engine's
effect schema finds (with its path, e.g. ``effects.0.targets.size``), and the card's rules text
in Russian and English rendered from them by the engine (``cardbase.rules_text``, over
``komandor.words.effect_text.card_text``) — the same text the card face shows."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from cardbase.editorial.effect_messages import effect_problem_message
from cardbase.rules_text import rules_text_of
from cardbase.services.komandor import GAME_SLUG
from config.bounded_json import JsonTooDeep, loads_bounded
from komandor.rules.cards import CardKind
from komandor.rules.effect_schema import read_effects

LANGUAGES = ("ru", "en")


@dataclass
class EffectsCheck:
    problems: list[dict[str, str]] = field(default_factory=list)
    text: dict[str, str] = field(default_factory=dict)
    rendered: bool = False  # False: ``text`` is the stored text (the stats do not read yet)

    def as_dict(self) -> dict[str, Any]:
        return {"problems": self.problems, "text": self.text, "rendered": self.rendered}


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
        effects = loads_bounded(effects_json) if effects_json.strip() else []
    except json.JSONDecodeError as error:
        message = f"not JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        result.problems.append({"path": "effects", "code": "not_json", "message": message})
        return result
    except JsonTooDeep as error:  # json and the effect reader would recurse past the stack
        result.problems.append({"path": "effects", "code": "too_deep", "message": str(error)})
        return result
    if effects is None:
        effects = []  # ``null`` is how an empty JSON field reads: no effects, not a wrong list
    _specs, problems = read_effects(effects, "effects", kind=kind)
    # The message without its path: the editor shows the path beside it.
    result.problems = [
        {
            "path": problem.path,
            "code": problem.code,
            "message": effect_problem_message(template=problem.template, params=problem.params),
        }
        for problem in problems
    ]
    if result.problems:
        return result
    text = rules_text_of(
        game_slug=GAME_SLUG,
        attributes={**attributes, "kind": kind, "effects": effects},
        text=stored_text,
    )
    if text is None:
        return result  # the stats are wrong, not the effects: the form says so on save
    result.text = {language: "\n".join(text.lines(language)) for language in LANGUAGES}
    result.rendered = True
    return result
