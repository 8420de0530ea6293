"""An option's facts are a typed frozen record of its kind's family (``komandor/rules/facts.py``,
issue 30 item 2), and ``facts_to_dict`` writes each as the mapping the options carried before
the records: the same keys and values, pinned here."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from komandor.rules.decisions import Decision, DecisionKind, Option
from komandor.rules.decks import deck_from_dict
from komandor.rules.effect_decks import effect_deck
from komandor.rules.effect_schema import Action
from komandor.rules.facts import (
    NO_FACTS,
    AttackFacts,
    BuildFacts,
    Cost,
    NoFacts,
    PlaceFacts,
    PlayFacts,
    RedealFacts,
    RunFacts,
    TargetsFacts,
    VariantFacts,
    facts_to_dict,
)
from komandor.rules.match import run_match
from komandor.rules.observation import Observation

ROOT = Path(__file__).resolve().parents[2]
PRECONS = [
    deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "content" / "precons").glob("*.json"))
]


def test_each_record_writes_the_mapping_its_options_carried():
    assert facts_to_dict(NO_FACTS) == {}
    assert facts_to_dict(PlaceFacts("p0.3")) == {"to": "p0.3"}
    assert facts_to_dict(BuildFacts("p1.7", 2, False)) == {
        "card": "p1.7",
        "amount": 2,
        "complete": False,
    }
    assert facts_to_dict(VariantFacts(1)) == {"variant": 1}
    assert facts_to_dict(RedealFacts(5)) == {"cards": 5}
    assert facts_to_dict(RunFacts("p0.2", True)) == {"to": "p0.2", "smuggling": True}
    assert facts_to_dict(AttackFacts(("p0.4", "p0.5"), "bombs", ("p1.9",))) == {
        "attackers": ("p0.4", "p0.5"),
        "mount": "bombs",
        "targets": ("p1.9",),
    }
    assert facts_to_dict(TargetsFacts(("p1.1", "p1.2"))) == {"targets": ("p1.1", "p1.2")}
    gain = Action("gain", resources=2)
    play = PlayFacts("p0.8:0", Cost(1, 0, 4), "p0.8", "effect", (gain,), "p1.3")
    written = facts_to_dict(play)
    assert written["cost"] == {"action_tokens": 1, "resources": 0, "roll": 4}  # Cost.to_dict's
    assert written["actions"] == (dataclasses.asdict(gain),)
    assert {key: written[key] for key in ("effect", "source", "play", "target")} == {
        "effect": "p0.8:0",
        "source": "p0.8",
        "play": "effect",
        "target": "p1.3",
    }
    assert (written["candidates"], written["pick"], written["chooser"]) == (None, None, None)


def test_records_are_frozen_and_slotted():
    facts = BuildFacts("p0.1", 3, True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        facts.amount = 4  # type: ignore[misc]
    assert not hasattr(facts, "__dict__")
    assert BuildFacts("p0.1", 3, True) == facts and hash(facts) == hash(BuildFacts("p0.1", 3, True))
    assert Option("pass").data is NO_FACTS


# The record family of each decision kind's options that carry facts (the rest: ``NoFacts``).
FAMILIES = {
    DecisionKind.PLACE_SHIP: PlaceFacts,
    DecisionKind.PLACE_GROUND: PlaceFacts,
    DecisionKind.MOVE_SHIP: PlaceFacts,
    DecisionKind.MOVE_GROUND: PlaceFacts,
    DecisionKind.BATTLE_ORDER: PlaceFacts,
    DecisionKind.SETUP_BUILD: BuildFacts,
    DecisionKind.PRODUCTION_BUILD: BuildFacts,
    DecisionKind.ABILITY_VARIANT: VariantFacts,
    DecisionKind.SETUP_REDEAL: RedealFacts,
    DecisionKind.COMMERCE_RUN: RunFacts,
    DecisionKind.BATTLE_ATTACK: AttackFacts,
    DecisionKind.BATTLE_COUNTER_FIRE: AttackFacts,
    DecisionKind.BATTLE_NOVA_TARGETS: TargetsFacts,
    DecisionKind.EFFECT_PLAY: PlayFacts,
}


class Asking:
    name = "asking"

    def __init__(self) -> None:
        self.decisions: list[Decision] = []

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        self.decisions.append(decision)
        return len(self.decisions) * 7 % len(decision.options)


@pytest.mark.parametrize("seed", range(2))
def test_every_option_of_a_match_carries_its_kind_s_record(seed):
    agents = [Asking(), Asking()]
    decks = [deck_from_dict(effect_deck(seed * 2 + side)) for side in (0, 1)]
    run_match(decks=decks, agents=agents, seed=seed, log=False)
    agents2 = [Asking(), Asking()]
    run_match(decks=[PRECONS[seed], PRECONS[seed + 1]], agents=agents2, seed=seed, log=False)
    seen = set()
    for decision in agents[0].decisions + agents[1].decisions + agents2[0].decisions:
        family = FAMILIES.get(decision.kind, NoFacts)
        for option in decision.options:
            assert isinstance(option.data, family | NoFacts), (decision.kind, option)
            seen.add(type(option.data))
            json.dumps(facts_to_dict(option.data), default=str)  # JSON-compatible
    assert {PlaceFacts, BuildFacts, NoFacts} <= seen
