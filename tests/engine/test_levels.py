"""The levels (``registry.LEVELS``) and the novice agent (``agents/novice.py``)."""

import pytest

from komandor.agents.expert import ExpertAgent
from komandor.agents.heuristic import HeuristicAgent
from komandor.agents.novice import SLIP_KINDS, NoviceAgent
from komandor.agents.registry import (
    DEFAULT_LEVEL,
    LEVELS,
    agent_cost,
    agent_spec_error,
    make_agent,
    parse_agent_spec,
    resolved_spec,
)
from komandor.agents.standard import StandardAgent
from komandor.rules.decisions import Decision, DecisionKind, Option
from komandor.rules.match import run_match
from tests.engine.test_match_state import precon_pair


def test_the_three_levels_weakest_first_standard_by_default():
    assert list(LEVELS) == ["novice", "standard", "expert"]
    assert DEFAULT_LEVEL in LEVELS


@pytest.mark.parametrize("level", ["novice", "standard", "expert", " expert "])
def test_a_level_is_accepted_wherever_a_spec_is_and_means_its_agent(level):
    agent_spec = LEVELS[level.strip()]
    assert agent_spec_error(level) is None
    assert resolved_spec(level) == agent_spec
    assert parse_agent_spec(level) == parse_agent_spec(agent_spec)
    assert agent_cost(level) == agent_cost(agent_spec)
    agent = make_agent(level, seed=3)
    # Called by the spec it resolves to: that is what a log and a stored game name.
    assert agent.name == agent_spec
    assert type(agent) is type(make_agent(agent_spec, seed=3))


def test_the_levels_agents():
    assert isinstance(make_agent("novice"), NoviceAgent)
    assert isinstance(make_agent("standard"), StandardAgent)
    assert isinstance(make_agent("expert"), ExpertAgent)


def test_a_spec_that_is_no_level_resolves_to_itself():
    assert resolved_spec(" search:12 ") == "search:12"
    assert resolved_spec("heuristic") == "heuristic"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("expert:12", "unknown agent 'expert:12'; known: novice, standard, expert"),
        ("master", "unknown agent 'master'; known: novice, standard, expert"),
        ("novice-1:3", "agent 'novice-1' takes no budget"),
    ],
)
def test_a_bad_level_is_named_with_the_levels_listed(spec, message):
    assert message in agent_spec_error(spec)
    with pytest.raises(ValueError, match=message.split(";")[0]):
        make_agent(spec)


def test_remapping_a_level_changes_new_agents_not_a_resolved_spec(monkeypatch):
    stored = resolved_spec("standard")
    monkeypatch.setitem(LEVELS, "standard", "random")
    assert resolved_spec("standard") == "random"
    assert isinstance(make_agent(stored), StandardAgent)


def _moves(agent_names, seed):
    result = run_match(
        decks=precon_pair(seed),
        agents=[make_agent(name, seed=seed * 2 + seat) for seat, name in enumerate(agent_names)],
        seed=seed,
    )
    return result.log.to_jsonl()


@pytest.mark.parametrize("seed", [1, 17])
def test_the_novice_plays_the_same_game_for_the_same_seed(seed):
    first = _moves(["novice", "heuristic-1.1"], seed)
    assert first == _moves(["novice", "heuristic-1.1"], seed)


def test_the_novice_plays_otherwise_with_another_seed_and_otherwise_than_the_heuristic():
    games = {_moves([name, "heuristic-1.1"], 5) for name in ("novice", "heuristic-1.1")}
    assert len(games) == 2
    decision = _judgement(6)
    agents = [NoviceAgent(seed) for seed in range(4)]
    answers = {tuple(agent.choose(decision) for _ in range(40)) for agent in agents}
    assert len(answers) == 4


def _judgement(count):
    return Decision(
        0, DecisionKind.BATTLE_COUNTER_FIRE, tuple(Option(f"a{i}") for i in range(count))
    )


def test_the_novice_slips_at_about_its_rate_and_only_where_judgement_is_needed():
    best = HeuristicAgent().choose(_judgement(5))
    agent = NoviceAgent(11, slip=0.3)
    answers = [agent.choose(_judgement(5)) for _ in range(2000)]
    slips = sum(answer != best for answer in answers)
    assert 0.25 * 2000 < slips < 0.35 * 2000
    assert {answer for answer in answers if answer != best} == set(range(5)) - {best}
    redeal = Decision(0, DecisionKind.SETUP_REDEAL, (Option("keep"), Option("redeal")))
    assert DecisionKind.SETUP_REDEAL not in SLIP_KINDS
    assert {NoviceAgent(seed, slip=1.0).choose(redeal) for seed in range(30)} == {0}


def test_a_novice_that_never_slips_is_the_heuristic():
    decision = _judgement(7)
    assert NoviceAgent(4, slip=0.0).choose(decision) == HeuristicAgent().choose(decision)
    with_a_single_option = _judgement(1)
    assert NoviceAgent(4, slip=1.0).choose(with_a_single_option) == 0
