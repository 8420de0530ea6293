"""The text the engine writes for effects being built, shown beside the printed text while a
player builds them: each effect checked by the effect language alone (the card's other stats
may still be half typed) and rendered by ``effect_text`` in Russian and English, as the card
face will show it once the card is whole."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardbase.editorial.effect_messages import effect_problem_message
from komandor.rules.cards import CardKind
from komandor.rules.effect_schema import read_effects
from komandor.words.effect_text import effect_text

LANGUAGES = ("ru", "en")
# The engine's own words before an ability card's variant (``card_text``).
VARIANT_LABEL = {"ru": "Вариант", "en": "Variant"}


@dataclass
class GeneratedText:
    lines: dict[str, list[str]] = field(default_factory=lambda: {"ru": [], "en": []})
    problems: list[dict[str, str]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"text": self.lines, "problems": self.problems}


def generated_text(
    *,
    kind: CardKind,
    effects: list[Any],
    variants: list[list[Any]] | None = None,
    host_kind: str | None = None,
) -> GeneratedText:
    """The engine's text of ``effects`` (or of an ability card's ``variants``), and the effect
    language's problems with their paths, in the active language."""
    result = GeneratedText()
    groups = (
        [(f"variants.{index}", variant, "ability") for index, variant in enumerate(variants)]
        if variants is not None
        else [("effects", effects, kind.value)]
    )
    for number, (path, items, reader_kind) in enumerate(groups, start=1):
        specs, problems = read_effects(items, path, kind=reader_kind)
        result.problems += [
            {
                "path": problem.path,
                "message": effect_problem_message(template=problem.template, params=problem.params),
            }
            for problem in problems
        ]
        if problems or not specs:
            continue
        for language in LANGUAGES:
            texts = [
                effect_text(spec, language, kind=reader_kind, host_kind=host_kind) for spec in specs
            ]
            if variants is not None:
                result.lines[language].append(
                    f"{VARIANT_LABEL[language]} {number}: {' '.join(texts)}"
                )
            else:
                result.lines[language] += texts
    return result
