"""The search agent: worlds sampled from an observation only, seeded matches, agent specs.

No test here asserts strength: that is ``scripts/bench/search_strength.py`` (docs/engine.md).
"""

import random
import sys

import pytest

from komandor.agents.registry import (
    SEARCH_DEFAULT_BUDGET,
    SEARCH_MAX_BUDGET,
    HeuristicAgent,
    agent_cost,
    agent_spec_error,
    make_agent,
)
from komandor.agents.search import SearchAgent, evaluate
from komandor.rules.match import new_match, run_match
from komandor.rules.match_state import MatchObservation, MatchState
from komandor.rules.position import play_phases, position_from_dict, position_game
from komandor.rules.state import Phase, Zone
from tests.engine.test_match_state import hide_differently, play_random, precon_pair, setup_for

# A cheap agent for whole matches in tests: the turn-1 deployment and moves only.
EARLY = frozenset({"setup.commander", "commander.move", "move.ship"})


def hidden(match, player):
    """What ``player`` may not see, as it stands."""
    state = match.state
    them = state.players[1 - player]
    return (
        list(them.hand),
        list(them.deck),
        list(state.players[player].deck),
        {uid: state.cards[uid].zone for uid in them.hand + them.deck},
        [match.game.dice.d6() for _ in range(12)],
    )


def matches_at_decisions(count):
    """Precon matches stopped at a decision, at varied points of the game."""
    rng = random.Random(21)
    found = []
    seed = 0
    while len(found) < count:
        match = play_random(new_match(setup_for("precons", seed)), rng, steps=rng.randrange(5, 90))
        seed += 1
        if match.decision is not None:
            found.append(match)
    return found


def test_a_world_is_dealt_from_a_canonical_order_whatever_the_hidden_arrangement():
    checked = 0
    for match in matches_at_decisions(6):
        player = match.decision.player
        one, two = match.clone(), match.clone()
        if not hide_differently(two, player):
            continue
        assert hidden(one, player)[:2] != hidden(two, player)[:2]
        one.determinize(player, random.Random(5))
        two.determinize(player, random.Random(5))
        assert hidden(one, player) == hidden(two, player)
        checked += 1
    assert checked >= 3


def test_a_world_keeps_what_the_player_sees_and_deals_the_rest_again():
    for match in matches_at_decisions(4):
        player = match.decision.player
        seen = match.observation(player).to_dict()
        before = hidden(match.clone(), player)
        world = match.observation(player).sample_world(random.Random(1))
        assert world.observation(player).to_dict() == seen
        assert world.decision.kind == match.decision.kind
        assert world.history == match.history
        them = world.state.players[1 - player]
        assert sorted(them.hand + them.deck) == sorted(before[0] + before[1])
        assert all(world.state.cards[uid].zone is Zone.HAND for uid in them.hand)
        assert all(world.state.cards[uid].zone is Zone.DECK for uid in them.deck)
        # the match observed is untouched
        assert hidden(match.clone(), player) == before
        assert match.observation(player).to_dict() == seen


def test_worlds_drawn_with_other_generators_differ():
    match = matches_at_decisions(1)[0]
    player = match.decision.player
    observation = match.observation(player)
    worlds = {
        repr(hidden(observation.sample_world(random.Random(seed)), player)) for seed in range(4)
    }
    assert len(worlds) > 1


def test_the_choice_depends_only_on_the_observation():
    checked = 0
    for match in matches_at_decisions(8):
        player = match.decision.player
        other = match.clone()
        if not hide_differently(other, player):
            continue
        assert other.state.players[1 - player].hand != match.state.players[1 - player].hand
        mine, theirs = match.observation(player), other.observation(player)
        assert mine.to_dict() == theirs.to_dict()
        assert hidden(mine.sample_world(random.Random(3)), player) == hidden(
            theirs.sample_world(random.Random(3)), player
        )
        kinds = frozenset({match.decision.kind})
        one = SearchAgent(8, policy=HeuristicAgent(), seed=4, kinds=kinds, until_turn=0).choose(
            match.decision, mine
        )
        two = SearchAgent(8, policy=HeuristicAgent(), seed=4, kinds=kinds, until_turn=0).choose(
            other.decision, theirs
        )
        assert one == two
        checked += 1
    assert checked >= 3


def test_the_same_seed_gives_the_same_match():
    decks = precon_pair(3)

    def play(seed):
        agents = [
            SearchAgent(3, policy=HeuristicAgent(), seed=seed, kinds=EARLY, until_turn=1),
            HeuristicAgent(),
        ]
        return run_match(decks=decks, agents=agents, seed=11, log=False).actions

    first = play(7)
    assert play(7) == first


def test_the_search_answers_as_the_heuristic_outside_a_match_state_and_its_kinds():
    match = matches_at_decisions(1)[0]
    decision = match.decision
    heuristic = HeuristicAgent().choose(decision, None)
    assert SearchAgent(4, policy=HeuristicAgent()).choose(decision, None) == heuristic
    observation = match.observation(decision.player)
    assert isinstance(observation, MatchObservation)
    assert (
        SearchAgent(4, policy=HeuristicAgent(), kinds=frozenset()).choose(decision, observation)
        == heuristic
    )


@pytest.mark.parametrize(
    ("spec", "budget"),
    [("search", SEARCH_DEFAULT_BUDGET), ("search:1", 1), (f"search:{SEARCH_MAX_BUDGET}", 1000)],
)
def test_search_specs_within_the_range_make_agents(spec, budget):
    assert agent_spec_error(spec) is None
    agent = make_agent(spec, seed=2)
    assert isinstance(agent, SearchAgent)
    assert agent.budget == budget
    assert agent.name == spec


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("search:0", "search budget must be 1–1000, got 0"),
        ("search:1001", "search budget must be 1–1000, got 1001"),
        ("search:-3", "search budget must be a whole number, got '-3'"),
        ("search:", "search budget must be a whole number, got ''"),
        ("search:ten", "search budget must be a whole number, got 'ten'"),
        ("heuristic:5", "agent 'heuristic' takes no budget"),
        ("minimax", "unknown agent 'minimax'"),
    ],
)
def test_bad_specs_are_named_and_refused(spec, message):
    assert message in agent_spec_error(spec)
    with pytest.raises(ValueError, match=message):
        make_agent(spec)
    with pytest.raises(ValueError):
        agent_cost(spec)


def test_the_cost_of_a_search_grows_with_its_budget():
    assert agent_cost("heuristic") == agent_cost("random") == 1
    assert 1 < agent_cost("search:1") < agent_cost("search:8") < agent_cost("search:64")
    assert agent_cost("search") == agent_cost(f"search:{SEARCH_DEFAULT_BUDGET}")


def test_a_budget_below_one_is_refused():
    with pytest.raises(ValueError, match="at least 1"):
        SearchAgent(0, policy=HeuristicAgent())


def test_the_evaluation_is_shared_between_the_players_and_follows_the_material():
    for match in matches_at_decisions(4):
        state = match.state
        mine = evaluate(state, 0)
        assert 0 < mine < 1
        assert mine + evaluate(state, 1) == pytest.approx(1)
        state.players[0].resources += 30
        assert evaluate(state, 0) > mine


def test_a_horizon_playout_stops_at_the_turn_after_next_and_scores_the_world():
    match = matches_at_decisions(1)[0]
    player = match.decision.player
    world = match.observation(player).sample_world(random.Random(2))
    start = world.state.turn
    agent = SearchAgent(1, policy=HeuristicAgent(), horizon=1)
    score = agent._play_out(world, 0, player)
    assert 0 <= score <= 1
    assert world.is_over or world.state.turn == start + 2


# --- a card shown going into the opponent's hand (SPECIAL-10) ---------------------------------

SCOUT = {
    "kind": "tactical", "name": "Разведка (тест)", "action_tokens": 1,
    "effects": [{"when": "start_of_turn",
                 "actions": [{"do": "search", "from": "deck",
                              "select": {"kind": "ship", "size": "LK"}}]}],
}  # fmt: skip
SIGNAL = {
    "kind": "tactical", "name": "Сигнал (тест)", "action_tokens": 1,
    "effects": [{"when": "start_of_turn", "actions": [{"do": "draw", "count": 1}]}],
}  # fmt: skip
WASP = {
    "kind": "ship", "name": "Истребитель «Оса» (тест)", "ship_class": "истребитель", "cost": 3,
    "size": "ЛК", "strength": "3(2)", "armor": 0, "speed": 9, "weapons": {"turbolaser": 2},
}  # fmt: skip


def shown_card_match():
    """«1. Начало хода»: player 1, holding the priority, plays «Разведка (тест)» and takes the
    fighter from his deck — «игрок обязан показать карту оппоненту» (SPECIAL-10) — then player
    0 is asked whether to play his own card: the match stopped at that decision."""
    planet = {"kind": "space_object", "name": "Планета (тест)", "cost": 4,
              "object_type": "planet", "income": {"resources": 2}}  # fmt: skip
    position = position_from_dict(
        {
            "turn": 2, "phase": "start", "priority": 1,
            "players": [
                {"commander_at": "home0", "deck": 6, "action_tokens": 1,
                 "cards": {"home0": {"card": planet}, "signal": {"card": SIGNAL, "zone": "hand"}}},
                {"commander_at": "home1", "deck": 6, "action_tokens": 1,
                 "cards": {"home1": {"card": planet},
                           "scout": {"card": SCOUT, "zone": "hand"},
                           "kept": {"card": SIGNAL, "zone": "hand"},
                           "wasp": {"card": WASP}}},
            ],
        }
    )  # fmt: skip

    def begin(seats):
        game = position_game(position, agents=seats)
        return game, lambda: play_phases(game, (Phase.START,))

    match = MatchState(begin)
    uid = position.uids
    match.apply(f"play:{uid['scout']}")  # the search has one ship to find: no choice
    assert match.decision.player == 0 and match.decision.kind == "effect.play"
    return match, uid


@pytest.mark.rules("SPECIAL-10")
def test_a_card_shown_going_into_the_opponents_hand_stays_there_in_every_world():
    match, uid = shown_card_match()
    them = match.state.players[1]
    assert uid["wasp"] in them.hand and uid["kept"] in them.hand
    assert [e["card"] for e in match.log.of_type("revealed")] == [uid["wasp"]]
    for seed in range(12):
        world = match.observation(0).sample_world(random.Random(seed))
        assert uid["wasp"] in world.state.players[1].hand
    seen = match.observation(0).to_dict()
    assert [card["uid"] for card in seen["players"][1]["hand_shown"]] == [uid["wasp"]]
    assert match.observation(0).hand_shown() == seen["players"][1]["hand_shown"]
    # the card not shown is dealt again with the deck: in some worlds it is no longer there
    kept = [
        uid["kept"] in match.observation(0).sample_world(random.Random(seed)).state.players[1].hand
        for seed in range(12)
    ]
    assert not all(kept)


def test_a_shown_card_stays_in_the_observation_until_it_leaves_the_hand():
    match, uid = shown_card_match()
    state = match.state
    assert state.cards[uid["wasp"]].shown
    copy = match.clone()
    assert copy.state.cards[uid["wasp"]].shown  # clones keep it
    state.move(uid["wasp"], Zone.DECK)
    state.move(uid["wasp"], Zone.HAND)  # drawn again: not seen
    assert not state.cards[uid["wasp"]].shown
    assert match.observation(0).to_dict()["players"][1]["hand_shown"] == []


def test_a_dropped_world_is_freed():
    """Nothing but its holder refers to a sampled world, so it goes when dropped: the game's
    call back into its match state (``Game.checkpoint``) from the rules' greenlet, whose frames
    the garbage collector cannot see, kept every world a search sampled alive (~7 MB a game)."""
    match = matches_at_decisions(1)[0]
    world = match.observation(match.decision.player).sample_world(random.Random(1))
    world.answer(0)
    assert sys.getrefcount(world) == 2  # ``world`` and getrefcount's own argument
    assert sys.getrefcount(match) > 2  # the match observed still takes its checkpoints
