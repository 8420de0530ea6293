"""Tunable agents (``komandor/agents/parameters.py``, ``registry.TUNABLE``): a parameter space
per agent, values checked against it, and an agent built with its defaults choosing as the
agent its name always built — while values away from them change its play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from komandor.agents.heuristic import (
    DEFAULT_WEIGHTS,
    HEURISTIC_SPACE,
    WEIGHTS_1_1,
    HeuristicAgent,
    HeuristicWeights,
)
from komandor.agents.parameters import Parameter, defaults_of, values_checked
from komandor.agents.registry import SEARCH_SPACE, TUNABLE, make_agent
from komandor.agents.search import SEARCH_MARGIN, SearchAgent
from komandor.rules.decks import deck_from_dict
from komandor.rules.match import run_match

ROOT = Path(__file__).resolve().parents[2]
PRECONS = [
    deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "content" / "precons").glob("*.json"))[:2]
]


def _actions(agents) -> list[int]:
    return list(run_match(decks=PRECONS, agents=agents, seed=5).actions)


def test_the_heuristic_space_names_every_weight_with_today_s_numbers_as_defaults():
    assert TUNABLE["heuristic"] == HEURISTIC_SPACE
    names = [parameter.name for parameter in HEURISTIC_SPACE]
    assert names == list(HeuristicWeights.__dataclass_fields__)
    assert defaults_of(HEURISTIC_SPACE) == {name: getattr(DEFAULT_WEIGHTS, name) for name in names}
    assert DEFAULT_WEIGHTS == WEIGHTS_1_1


def test_values_are_merged_over_the_defaults_and_checked_all_at_once():
    values = values_checked(HEURISTIC_SPACE, {"attack_margin": 1.5}, agent="heuristic")
    assert values == {**defaults_of(HEURISTIC_SPACE), "attack_margin": 1.5}
    with pytest.raises(ValueError) as error:
        values_checked(
            HEURISTIC_SPACE,
            {
                "courage": 1.0,
                "attack_margin": 3.0,
                "guard_share": float("nan"),
                "escort_power": "5",
            },
            agent="heuristic",
        )
    message = str(error.value)
    assert "agent 'heuristic'" in message
    assert "unknown parameter 'courage'" in message
    assert "attack_margin = 3.0 outside [0.8, 2.5]" in message
    assert "guard_share = nan outside" in message
    assert "escort_power: a number" in message


def test_a_parameter_refuses_a_default_outside_its_bounds():
    with pytest.raises(ValueError, match="outside"):
        Parameter("x", 5.0, 0.0, 1.0, c_end=0.1)
    assert Parameter("x", 0.5, 0.0, 1.0, c_end=0.1).clip(7.0) == 1.0


def test_make_agent_builds_a_tunable_agent_with_values_and_refuses_the_others():
    agent = make_agent("heuristic", parameters={"guard_share": 0.5})
    assert isinstance(agent, HeuristicAgent)
    assert agent.weights == HeuristicWeights(guard_share=0.5)
    assert make_agent("heuristic").weights == DEFAULT_WEIGHTS  # type: ignore[attr-defined]
    for spec in ("random", "heuristic-1.1", "search-1.1:2"):
        with pytest.raises(ValueError, match="takes no parameters"):
            make_agent(spec, parameters={})
    with pytest.raises(ValueError, match="outside"):
        make_agent("heuristic", parameters={"reroll_below": 0.0})


def test_the_defaults_given_as_values_play_the_same_game_and_other_values_another():
    plain = _actions([make_agent("heuristic"), make_agent("heuristic-1.1")])
    given = defaults_of(HEURISTIC_SPACE)
    assert _actions([make_agent("heuristic", parameters=given), make_agent("heuristic")]) == plain
    bold = {"attack_margin": 0.8, "escort_power": 0.0, "guard_share": 0.0, "income_weight": 10.0}
    assert _actions([make_agent("heuristic", parameters=bold), make_agent("heuristic")]) != plain


def test_the_search_is_tunable_in_its_margin_and_its_playout_policy_s_weights():
    assert TUNABLE["search"] == (*SEARCH_SPACE, *HEURISTIC_SPACE)
    agent = make_agent("search:3", seed=2, parameters={"search_margin": 0.2, "guard_share": 0.1})
    assert isinstance(agent, SearchAgent)
    assert (agent.name, agent.budget, agent.margin) == ("search:3", 3, 0.2)
    assert agent._policy.weights == HeuristicWeights(guard_share=0.1)  # type: ignore[attr-defined]
    assert make_agent("search:3").margin == SEARCH_MARGIN  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="takes no parameters"):
        make_agent("search-1.1:3", parameters={"search_margin": 0.2})
