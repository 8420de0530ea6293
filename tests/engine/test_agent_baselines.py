"""The frozen baselines ``heuristic-1.1`` and ``search-1.1`` make the choices of 39ffb88's
heuristic and search (agents 1.1) in seeded precon matches, played on both engines
(``scripts/agent_baselines.py``; a few seeds here, the full run's figure in docs/engine.md)."""

from __future__ import annotations

import sys

import pytest

from komandor.agents import registry
from komandor.agents.registry import BASELINES, RandomAgent, agent_cost, make_agent
from scripts import agent_baselines


@pytest.fixture(scope="module")
def old_engine(tmp_path_factory):
    directory = tmp_path_factory.mktemp("agents_39ffb88")
    agent_baselines.load_old_engine(directory)
    yield
    sys.path.remove(str(directory))
    for name in [m for m in sys.modules if m.split(".")[0].startswith(agent_baselines.PACKAGE)]:
        del sys.modules[name]


def test_heuristic_1_1_chooses_as_39ffb88_s_heuristic(old_engine):
    tally = agent_baselines.compare("hh", range(8))
    assert tally.decisions > 1000
    assert tally.differences == ()


def test_search_1_1_chooses_as_39ffb88_s_search(old_engine):
    tally = agent_baselines.compare("sh", range(2))  # the search in seat 0, then seat 1
    assert tally.decisions > 100
    assert tally.differences == ()


def test_an_agent_that_chooses_otherwise_is_caught(old_engine, monkeypatch):
    monkeypatch.setitem(
        registry._BUILDERS, "heuristic-1.1", lambda name, seed, budget: RandomAgent(seed, name)
    )
    tally = agent_baselines.compare("hh", range(2))
    assert [difference.seed for difference in tally.differences] == [0, 1]


def test_the_baselines_are_agents_by_name_with_their_costs():
    assert BASELINES == {"heuristic-1.1": "heuristic", "search-1.1": "search"}
    assert make_agent("heuristic-1.1").name == "heuristic-1.1"
    assert make_agent("search-1.1", seed=3).name == "search-1.1"
    assert make_agent("search-1.1:12").name == "search-1.1:12"
    assert agent_cost("heuristic-1.1") == agent_cost("heuristic") == 1.0
    assert agent_cost("search-1.1:12") == agent_cost("search:12")
    with pytest.raises(ValueError, match="takes no budget"):
        make_agent("heuristic-1.1:3")
