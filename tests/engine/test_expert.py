"""The expert agent: seeded and deterministic, legal, its Commander threat check, its registry
entry. No test here asserts strength: that is ``scripts/bench/search_strength.py --agent
expert`` (docs/engine.md, "AI levels: expert")."""

import gc
import random
from dataclasses import replace

import pytest

from komandor.agents.expert import ExpertAgent, ExpertParameters, _best, evaluate, is_exposed
from komandor.agents.registry import (
    AGENTS,
    HeuristicAgent,
    RandomAgent,
    agent_cost,
    agent_spec_error,
    make_agent,
)
from komandor.rules.decisions import DecisionKind
from komandor.rules.facts import context_to_dict
from komandor.rules.match import new_match, run_match
from komandor.rules.match_state import MatchState
from komandor.rules.position import phases_for_turns, play_phases, position_from_dict, position_game
from komandor.rules.state import Phase
from tests.engine.test_match_state import hide_differently, precon_pair, setup_for
from tests.engine.test_search import matches_at_decisions

# Whole matches in tests: the expert's searches of the first turn only, few playouts.
CHEAP = ExpertParameters(playouts=4, max_worlds=2, early_until_turn=1, late_kinds=frozenset())


def expert(seed, parameters=CHEAP):
    return ExpertAgent(policy=HeuristicAgent(), seed=seed, parameters=parameters)


def test_the_same_seed_gives_the_same_match():
    decks = precon_pair(5)

    def play(seed):
        agents = [HeuristicAgent(), expert(seed)]
        return run_match(decks=decks, agents=agents, seed=13, log=False).actions

    first = play(3)
    assert play(3) == first


@pytest.mark.parametrize("seed", [0, 1])
def test_every_answer_is_legal_in_seeded_matches(seed):
    """``run_match`` checks every answer (``decisions.decide``); the expert's own searched
    choices are among them."""
    decks = precon_pair(seed)
    searched = []

    agent = expert(seed)

    class Counting:
        name = "counting"

        def choose(self, decision, observation=None):
            if agent._searches(decision, observation.turn):
                searched.append(decision.kind)
            return agent.choose(decision, observation)

    agents = [Counting(), RandomAgent(seed)]
    result = run_match(decks=decks, agents=agents, seed=seed, log=False)
    assert result.outcome is not None
    assert searched


def test_the_choice_depends_only_on_the_observation():
    checked = 0
    parameters = replace(CHEAP, early_until_turn=0, late_kinds=frozenset(DecisionKind))
    for match in matches_at_decisions(8):
        player = match.decision.player
        other = match.clone()
        if not hide_differently(other, player):
            continue
        mine, theirs = match.observation(player), other.observation(player)
        assert mine.to_dict() == theirs.to_dict()
        one = expert(4, parameters).choose(match.decision, mine)
        two = expert(4, parameters).choose(other.decision, theirs)
        assert one == two
        checked += 1
    assert checked >= 3


def test_outside_a_match_state_and_its_kinds_the_policy_answers():
    match = matches_at_decisions(1)[0]
    decision = match.decision
    heuristic = HeuristicAgent().choose(decision, None)
    assert expert(1).choose(decision, None) == heuristic
    nothing = replace(CHEAP, early_kinds=frozenset(), late_kinds=frozenset())
    observation = match.observation(decision.player)
    assert expert(1, nothing).choose(decision, observation) == heuristic


def test_the_threat_check_never_takes_an_option_losing_the_commander_more_often():
    # option 2 scores best but loses the Commander in a world the fallback (0) survives
    assert _best([1.0, 1.2, 3.0], [0, 0, 1], fallback=0, margin=0.1) == 1
    # with the fallback losing him as often, the best score wins
    assert _best([1.0, 1.2, 3.0], [1, 0, 1], fallback=0, margin=0.1) == 2
    # within the margin the fallback stays
    assert _best([1.0, 1.05, 0.5], [0, 0, 0], fallback=0, margin=0.1) == 0


def test_the_evaluation_is_shared_and_counts_material_and_the_deck():
    parameters = ExpertParameters()
    for match in matches_at_decisions(4):
        state = match.state
        mine = evaluate(state, 0, parameters)
        assert 0 < mine < 1
        assert mine + evaluate(state, 1, parameters) == pytest.approx(1)
        state.players[0].resources += 10
        richer = evaluate(state, 0, parameters)
        assert richer > mine
        state.players[0].deck.append(state.players[0].deck[0])
        assert evaluate(state, 0, parameters) > richer


def test_expert_1_is_an_agent_by_name_with_its_cost():
    assert "expert-1" in AGENTS
    assert agent_spec_error("expert-1") is None
    assert "takes no budget" in agent_spec_error("expert-1:5")
    agent = make_agent("expert-1", seed=2)
    assert isinstance(agent, ExpertAgent)
    assert agent.name == "expert-1"
    assert agent.parameters == ExpertParameters()
    assert agent_cost("expert-1") > agent_cost("search")


# --- the Commander kept out of a losing battle ------------------------------------------------

PLANET = {"kind": "space_object", "name": "Планета (тест)", "cost": 4,
          "object_type": "planet", "income": {"resources": 2}}  # fmt: skip
RAIDER = {"kind": "ship", "name": "Рейдер (тест)", "cost": 5, "size": "СК",
          "strength": "20(10)", "armor": 0, "speed": 5, "weapons": {"turbolaser": 10}}  # fmt: skip
# Missiles at every range: a die for each, so the raid on its orbit is won or lost by the dice.
GUARD = {"kind": "ship", "name": "Страж (тест)", "cost": 4, "size": "СК", "strength": "12(6)",
         "armor": 0, "speed": 5,
         "weapons": {"missiles": {"long": "3-10", "medium": "3-10", "short": "3-10"}}}  # fmt: skip


def raid_match():
    """Turn 2, ``move_1``: player 0's Commander rides his only ship, alone in open space; the
    enemy planet's orbit is held by a missile ship that destroys the raider in most rolls.
    The match stopped at the raider's move (stay, a new sector, home orbit, the enemy orbit)."""
    position = position_from_dict(
        {
            "turn": 2, "phase": "move_1", "priority": 0,
            "players": [
                {"commander_at": "raider", "deck": 6,
                 "cards": {"home0": {"card": PLANET}, "raider": {"card": RAIDER, "at": "s1"}}},
                {"commander_at": "flag", "deck": 6,
                 "cards": {"home1": {"card": PLANET}, "guard": {"card": GUARD, "at": "home1"},
                           "flag": {"card": RAIDER, "at": "s2"}}},
            ],
        }
    )  # fmt: skip

    def begin(seats):
        game = position_game(position, agents=seats)
        return game, lambda: play_phases(game, phases_for_turns(Phase.MOVE_1, 8))

    match = MatchState(begin)
    assert match.decision.kind is DecisionKind.MOVE_SHIP
    assert context_to_dict(match.decision.context) == {
        "ship": position.uids["raider"],
        "commander": True,
    }
    return match, position.uids


def test_the_expert_keeps_its_commander_out_of_a_losing_battle_search_1_1_joins():
    match, uid = raid_match()
    decision = match.decision
    observation = match.observation(0)
    raid = decision.index_of(uid["home1"])
    # the raid loses the Commander in most worlds
    probe = expert(0)
    lost = [
        probe._play_out(observation.sample_world(random.Random(seed)), raid, 0)[1]
        for seed in range(12)
    ]
    assert sum(lost) > len(lost) // 2
    seeds = range(8)
    search = [make_agent("search-1.1", seed=seed).choose(decision, observation) for seed in seeds]
    assert raid in search  # one world a choice: a lucky roll sends him
    chosen = [make_agent("expert-1", seed=seed).choose(decision, observation) for seed in seeds]
    assert raid not in chosen
    assert match.decision is decision  # the match observed is untouched


def test_a_commander_on_an_orbit_or_an_object_is_exposed_in_open_space_not():
    match, uid = raid_match()
    state = match.state
    assert not is_exposed(state, state.players[0].commander_at)  # the raider, in s1
    assert is_exposed(state, uid["home0"])  # a space object
    state.cards[uid["raider"]].where = uid["home1"]  # on the enemy orbit
    assert is_exposed(state, state.players[0].commander_at)
    parameters = ExpertParameters(exposed_commander=5.0)
    unexposed = replace(parameters, exposed_commander=0.0)
    assert evaluate(state, 0, parameters) < evaluate(state, 0, unexposed)


def test_the_kinds_searched_change_after_the_first_turns_and_stop_at_the_last_turn():
    match, _uid = raid_match()
    decision = match.decision  # move.ship, on turn 2
    agent = expert(0, ExpertParameters(early_until_turn=1, late_kinds=frozenset()))
    assert not agent._searches(decision, 2)
    assert agent._searches(decision, 1)
    agent = expert(0, ExpertParameters(early_until_turn=1, late_until_turn=3))
    assert agent._searches(decision, 3)
    assert not agent._searches(decision, 4)


def test_a_world_played_out_is_freed_with_its_last_reference():
    """A world's game calls back into its match state from the rules' greenlet, a cycle the
    collector cannot see: the expert cuts it after each playout, so worlds stopped at the
    horizon never pile up."""
    match = new_match(setup_for("precons", 3), log=False)
    policy = HeuristicAgent()
    for _ in range(60):
        decision = match.decision
        match.answer(policy.choose(decision, match.observation(decision.player)))
    player = match.decision.player
    observation = match.observation(player)
    agent = expert(0, ExpertParameters(horizon=0))
    gc.collect()
    before = len(gc.get_objects())
    for seed in range(20):
        world = observation.sample_world(random.Random(seed))
        agent._play_out(world, 0, player)
        assert not world.is_over  # stopped at the horizon, its rules suspended
    del world
    gc.collect()
    assert len(gc.get_objects()) - before < 2000  # a leaked world keeps hundreds each
