"""The effect builder: every effect docs/effects.md shows is either built by the form exactly
(form → data gives the same effect) or kept whole as data; the engine's problems land on the
input showing that part."""

import json
import re
from pathlib import Path

import pytest
from django.http import QueryDict

from komandor.rules.effect_decks import EFFECT_CARDS
from komandor.rules.effect_schema import effect_to_dict, read_effects
from proposals.effect_builder import EffectForm, effect_initial, effect_of, field_for

DOC = Path(__file__).resolve().parents[2] / "docs" / "effects.md"
# Effect objects shown in the doc's tables and examples (one per code span).
SPANS = re.findall(r"`(\{\"when\".*?\})`", DOC.read_text(encoding="utf-8"))


def documented() -> list[tuple[str, dict]]:
    """The doc's effects, and every effect of the engine's vocabulary cards (this project's
    test cards that use each item of the language: ``effect_decks.EFFECT_CARDS``)."""
    found = []
    for span in SPANS:
        effect = json.loads(span)
        for kind in ("situation", "upgrade", "ship", "tactical"):
            if not read_effects([effect], "effects", kind=kind)[1]:
                found.append((kind, effect))
                break
    for card in EFFECT_CARDS:
        if card["kind"] == "ability":
            found += [("ability", e) for variant in card["variants"] for e in variant]
        else:
            found += [(card["kind"], e) for e in card.get("effects", ())]
    return found


def canonical(effect: dict, kind: str) -> dict:
    specs, problems = read_effects([effect], "effects", kind=kind)
    assert not problems, problems
    return effect_to_dict(specs[0])


def posted(values: dict) -> QueryDict:
    """The form's values as a browser sends them."""
    data = QueryDict(mutable=True)
    for name, value in values.items():
        if isinstance(value, list):
            data.setlist(name, [str(item) for item in value])
        elif value is True:
            data[name] = "on"
        elif value not in (False, None):
            data[name] = str(value)
    return data


def test_the_doc_shows_enough_effects_to_test():
    assert len(documented()) >= 40


@pytest.mark.parametrize(("kind", "effect"), documented())
def test_each_documented_effect_is_built_exactly_or_kept_whole(kind, effect):
    values = effect_initial(effect, kind=kind)
    form = EffectForm(data=posted(values))
    assert form.is_valid(), form.errors
    built = form.effect()
    if "raw" in values:
        assert built == effect  # kept as it was
    else:
        assert canonical(built, kind) == canonical(effect, kind)


def test_most_documented_effects_are_built_by_the_form():
    built = [e for kind, e in documented() if "raw" not in effect_initial(e, kind=kind)]
    assert len(built) >= 0.85 * len(documented())


def test_an_empty_form_is_no_effect():
    form = EffectForm(data=QueryDict())
    assert form.is_valid()
    assert form.effect() is None


def test_a_form_builds_the_language_from_choices():
    form = EffectForm(
        data=posted(
            {
                "when": "battle_start",
                "t_side": "enemy",
                "t_kind": ["ship"],
                "t_in": "battle",
                "t_count": 2,
                "a0_do": "damage",
                "a0_amount": 2,
                "a0_stat": "speed",  # a parameter ``damage`` does not take is left out
                "a1_do": "tap",
            }
        )
    )
    assert form.is_valid(), form.errors
    assert effect_of(form.cleaned_data) == {
        "when": "battle_start",
        "targets": {"side": "enemy", "kind": "ship", "in": "battle", "count": 2},
        "actions": [{"do": "damage", "amount": 2}, {"do": "tap"}],
    }


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("when", "when"),
        ("cost.roll", "cost_roll"),
        ("targets.size", "t_size"),
        ("targets", "t_side"),
        ("condition.range", "c_range"),
        ("condition.attack.weapon", "c_attack_weapon"),
        ("condition.self.in", "c_self_in"),
        ("actions.0.amount", "a0_amount"),
        ("actions.1.until", "a2_until"),
        ("actions.1.select.kind", "a2_select_kind"),
        ("actions.1.condition", "a2_victory"),
        ("actions", "a0_do"),
    ],
)
def test_problems_land_on_the_input_of_their_part(path, field):
    # Actions in slots 0 and 2 (slot 1 left empty): the effect's action 1 is slot 2.
    assert field_for(path, [0, 2]) == field
