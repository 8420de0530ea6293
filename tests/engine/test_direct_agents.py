"""Agents that never sample worlds (``samples_worlds = False``: the heuristic, ``random``) are
asked by the rules directly in ``run_match`` (issue 30, item 7): the same match as through a
match state — the same log, choices, outcome and summary — on the shipped precons."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from komandor.agents.registry import make_agent
from komandor.rules.decisions import Agent, Decision
from komandor.rules.decks import deck_from_dict
from komandor.rules.match import run_match
from komandor.rules.match_state import MatchObservation
from komandor.rules.observation import Observation

ROOT = Path(__file__).resolve().parents[2]
PRECONS = [
    deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "content" / "precons").glob("*.json"))
]
PAIRS = [(a, b) for a in PRECONS for b in PRECONS if a is not b]


class ThroughMatchState:
    """The same agent, but without ``samples_worlds``: ``run_match`` asks it through a match
    state, as it asks every agent that may sample worlds. Records which it was given."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.given_match_observation: list[bool] = []

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        self.given_match_observation.append(isinstance(observation, MatchObservation))
        return self.agent.choose(decision, observation)


class Direct(ThroughMatchState):
    """The same again, saying it never samples worlds: asked by the rules directly."""

    samples_worlds = False


def _agents(names: tuple[str, str], seed: int) -> list[Agent]:
    return [make_agent(name, seed=seed * 2 + seat) for seat, name in enumerate(names)]


def test_the_heuristic_and_random_never_sample_worlds_the_others_may():
    for name in ("heuristic", "heuristic-1.1", "random"):
        assert type(make_agent(name)).samples_worlds is False, name
    for name in ("search", "standard-1", "expert-3"):
        assert getattr(make_agent(name), "samples_worlds", True) is True, name


@pytest.mark.parametrize("names", [("heuristic-1.1", "heuristic-1.1"), ("random", "heuristic")])
@pytest.mark.parametrize("seed", [0, 9, 30])
def test_asked_directly_the_match_is_the_one_played_through_a_match_state(names, seed):
    decks = list(PAIRS[seed % len(PAIRS)])
    direct_agents = [Direct(agent) for agent in _agents(names, seed)]
    direct = run_match(decks=decks, agents=direct_agents, seed=seed)
    through_agents = [ThroughMatchState(agent) for agent in _agents(names, seed)]
    through = run_match(decks=decks, agents=through_agents, seed=seed)
    # Each path was the one its agents ask for.
    assert all(not any(agent.given_match_observation) for agent in direct_agents)
    assert all(all(agent.given_match_observation) for agent in through_agents)
    assert list(direct.log) == list(through.log)
    assert direct.actions == through.actions and direct.actions
    assert direct.outcome == through.outcome
    assert direct.summary == through.summary


def test_one_agent_that_may_sample_worlds_sends_the_match_through_a_match_state():
    direct, through = (
        Direct(make_agent("heuristic-1.1")),
        ThroughMatchState(make_agent("heuristic-1.1")),
    )
    result = run_match(decks=list(PAIRS[3]), agents=[direct, through], seed=3, log=False)
    assert result.outcome is not None and result.actions
    assert all(direct.given_match_observation) and all(through.given_match_observation)
