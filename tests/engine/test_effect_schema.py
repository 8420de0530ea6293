"""The effect language is checked once, when a card is read, with errors naming the path."""

import json
import re
from pathlib import Path

import pytest

from komandor.rules.cards import CardSpecError, card_from_dict, card_to_dict
from komandor.rules.effect_schema import ACTIONS, WHEN_VALUES, effect_to_dict, read_effects

DOC = (Path(__file__).parents[2] / "docs" / "effects.md").read_text(encoding="utf-8")
_SNIPPET = re.compile(r"`(\{.*?\})`(?=\s*(?:—|\||$))", re.MULTILINE)


def _snippets() -> list[dict]:
    found = []
    for raw in _SNIPPET.findall(DOC):
        try:
            found.append(json.loads(raw))
        except json.JSONDecodeError:
            continue
    return found


DOC_EFFECTS = [s for s in _snippets() if "when" in s]
DOC_ACTIONS = [s for s in _snippets() if "do" in s]


def _card(kind: str, effects: list, **extra) -> dict:
    base = {"kind": kind, "name": "Тест", **extra}
    if kind == "ability":
        return {**base, "variants": [effects, effects]}
    return {**base, "effects": effects}


def test_the_doc_shows_every_window_and_every_action():
    shown_when = {
        w for s in DOC_EFFECTS for w in ([s["when"]] if isinstance(s["when"], str) else s["when"])
    }
    assert shown_when == set(WHEN_VALUES)
    assert {a["do"] for a in DOC_ACTIONS} == set(ACTIONS)


@pytest.mark.parametrize("effect", DOC_EFFECTS, ids=lambda e: str(e["when"]))
def test_every_effect_in_the_doc_is_valid_and_round_trips(effect):
    kind = "upgrade" if "host" in json.dumps(effect) else "situation"
    extra = {"target": "ship", "cost": 2} if kind == "upgrade" else {"resources": 1}
    effect = dict(effect)
    if kind == "situation":
        effect.pop("cost", None)
    spec = card_from_dict(_card(kind, [effect], **extra))
    assert card_from_dict(card_to_dict(spec)) == spec


@pytest.mark.parametrize("action", DOC_ACTIONS, ids=lambda a: a["do"])
def test_every_action_in_the_doc_is_valid(action):
    when = {"cancel": "opponent_play"}.get(action["do"], "battle_start")
    effect = {"when": when, "actions": [action]}
    if action["do"] in ("damage", "destroy", "tap", "move"):
        effect["targets"] = {"side": "enemy", "kind": "ship", "in": "battle"}
    elif action["do"] in ("repair", "modify", "untap"):
        effect["targets"] = {"side": "own", "kind": "ship"}
    kind = "situation" if action["do"] == "enter" else "commander"  # a situation's own play
    specs, problems = read_effects([effect], "effects", kind=kind)
    assert problems == []
    assert read_effects([effect_to_dict(specs[0])], "effects", kind=kind)[0] == specs


def _errors(card: dict) -> dict[str, str]:
    with pytest.raises(CardSpecError) as caught:
        card_from_dict(card)
    return {error.field: error.code for error in caught.value.errors}


def test_errors_name_the_path_and_every_problem_is_reported():
    errors = _errors(
        _card(
            "ship",
            [
                {"when": "dawn", "actions": [{"do": "draw"}]},
                {
                    "when": "round_start",
                    "targets": {"side": "own", "size": "XL"},
                    "actions": [{"do": "modify", "stat": "luck", "by": 1, "until": "round"}],
                },
            ],
            strength="4(2)",
            speed=5,
            cost=2,
        )
    )
    assert errors == {
        "effects.0.when": "bad_choice",
        "effects.1.targets.size": "bad_choice",
        "effects.1.actions.0.stat": "bad_choice",
    }


@pytest.mark.rules("TACT-1", "TACT-3", "TACT-4")
def test_a_tactical_card_plays_once_in_a_window_its_cost_printed():
    errors = _errors(
        _card(
            "tactical",
            [{"when": "static", "cost": {"roll": 4}, "actions": [{"do": "draw"}]}],
            action_tokens=1,
        )
    )
    assert errors == {
        "effects.0.cost": "cost_is_printed",
        "effects.0.when": "tactical_needs_window",
    }
    two = _errors(
        _card(
            "tactical",
            [{"when": "round_start", "actions": [{"do": "draw"}]}] * 2,
            action_tokens=1,
        )
    )
    assert two == {"effects": "one_tactical_effect"}


def test_what_the_moment_cannot_know_is_refused():
    errors = _errors(
        _card(
            "commander",
            [
                {
                    "when": "start_of_turn",
                    "condition": {"range": "long"},
                    "actions": [{"do": "draw"}],
                },
                {
                    "when": "battle_start",
                    "targets": {"is": "attacked"},
                    "actions": [{"do": "modify", "stat": "armor", "by": 1, "until": "turn"}],
                },
                {"when": "start_of_turn", "actions": [{"do": "cancel"}]},
                {
                    "when": "production_upgrades",
                    "targets": {"side": "own", "kind": "ship"},
                    "actions": [{"do": "modify", "stat": "armor", "by": 1, "until": "round"}],
                },
            ],
        )
    )
    assert errors == {
        "effects.0.condition.range": "needs_battle_window",
        "effects.1.targets.is": "needs_attack_window",
        "effects.2.actions.0": "cancel_needs_opponent_play",
        "effects.3.actions.0.until": "needs_battle_window",
    }


@pytest.mark.rules("SPECIAL-2")
def test_an_effect_never_harms_its_own_side():
    errors = _errors(
        _card(
            "commander",
            [
                {
                    "when": "battle_start",
                    "targets": {"side": "own", "kind": "ship"},
                    "actions": [{"do": "destroy"}],
                }
            ],
        )
    )
    assert errors == {"effects.0.actions.0": "own_cards"}


def test_only_an_upgrade_has_a_host():
    errors = _errors(
        _card(
            "situation",
            [
                {
                    "when": "static",
                    "targets": {"is": "host"},
                    "actions": [{"do": "modify", "stat": "armor", "by": 1}],
                }
            ],
            resources=1,
        )
    )
    assert errors == {"effects.0.targets.is": "host_needs_upgrade"}


def test_ability_variants_carry_effects_or_legacy_text():
    spec = card_from_dict(
        _card(
            "ability", [{"when": "static", "actions": [{"do": "victory", "condition": "trader"}]}]
        )
    )
    assert spec.variants is not None and spec.variants[0][0].actions[0].victory == "trader"
    legacy = card_from_dict({"kind": "ability", "name": "Старая", "variants": ["раз", "два"]})
    assert legacy.variants == ("раз", "два")
    assert _errors({"kind": "ability", "name": "X", "variants": [[{"when": "static"}], "два"]}) == {
        "variants.0.0.actions": "required"
    }
