"""The position builder (``komandor/rules/position.py``): the data it reads, the problems it
names, and the turn played on phase by phase exactly as ``Game.play_turn`` plays it."""

import copy
import json
from pathlib import Path

import pytest

from komandor.agents.registry import HeuristicAgent, ScriptedAgent
from komandor.agents.simple import scripted_game
from komandor.rules.game import MatchOver
from komandor.rules.position import (
    TURN_ORDER,
    PositionError,
    phases_for_turns,
    play_phases,
    position_from_dict,
)
from komandor.rules.state import Phase, Zone

SCENARIOS = Path(__file__).parent / "scenarios"


def stored(name):
    return json.loads((SCENARIOS / name).read_text(encoding="utf-8"))


def capture_position(**changes):
    """The stored capture scenario's table, unscripted, with ``changes`` at the top level."""
    data = stored("capture_with_civil_building.json")["position"]
    for player in data["players"]:
        player.pop("script", None)
    return {**data, **changes}


def test_labels_become_uids_in_the_listed_order_and_cards_go_where_they_are_said_to_be():
    position = position_from_dict(capture_position())
    assert dict(position.uids) == {
        "home0": "p0.00",
        "cruiser": "p0.01",
        "striker": "p0.02",
        "home1": "p1.00",
        "outpost": "p1.01",
        "market": "p1.02",
        "picket": "p1.03",
    }
    game = scripted_game(position)
    state = game.state
    assert (state.turn, state.phase, state.priority) == (2, Phase.MOVE_1, 0)
    assert state.cards["p0.01"].zone is Zone.PLAY and state.cards["p0.01"].where == "p0.00"
    assert state.cards["p1.02"].where == "p1.01" and state.cards["p1.02"].controller == 1
    assert [p.commander_at for p in state.players] == ["p0.00", "p1.00"]
    assert len(state.players[0].deck) == 6  # the filler cards
    assert all(isinstance(agent, ScriptedAgent) for agent in game.agents)
    assert scripted_game(position).state is not state  # a fresh game every time


def test_a_sector_named_by_a_card_is_taken_and_new_sectors_come_after_it():
    data = capture_position()
    data["players"][1]["cards"]["picket"]["at"] = "s4"
    game = scripted_game(position_from_dict(data))
    assert game.state.cards["p1.03"].where == "s4"
    assert game.state.new_sector() == "s5"


def test_unscripted_decisions_go_to_the_heuristic_agent():
    """With no script, the game plays as two ``HeuristicAgent``s would."""
    data = capture_position()
    scripted = scripted_game(position_from_dict(data))
    play_phases(scripted, [Phase.MOVE_1, Phase.BATTLE_1])
    heuristic = scripted_game(position_from_dict(data))
    heuristic.agents = [HeuristicAgent(), HeuristicAgent()]
    play_phases(heuristic, [Phase.MOVE_1, Phase.BATTLE_1])
    assert scripted.log.to_jsonl() == heuristic.log.to_jsonl()


def play_turn(game):
    try:
        game.play_turn()
    except MatchOver as over:
        return over.outcome
    return None


@pytest.mark.parametrize("phase", ["start", "production", "battle_2"])
@pytest.mark.parametrize("guard", [False, True])
def test_a_turn_played_phase_by_phase_is_the_turn_game_plays(phase, guard):
    """A turn split into two ``play_phases`` calls at any phase is ``Game.play_turn``: the
    same log, byte for byte, the same outcome and the same table after it — for a turn in
    which player 0 takes the planet carrying the enemy Commander, and for one in which a guard
    ship keeps it."""
    data = capture_position(phase="start", dice=[3, 4, 5, 2, 6, 1] * 5)
    data["players"][0]["cards"]["bought"] = {"card": "asteroid", "zone": "hand"}
    data["players"][1]["resources"] = 3
    # Player 0's Commander stays on his planet, so the whole fleet is free to attack (heuristic
    # 1.1 would take him into open space on the cruiser, leaving too little to take the planet).
    data["players"][0]["script"] = {"commander.move": ["stay"] * 3}
    if guard:
        data["players"][1]["cards"]["guard"] = {"card": "exorcist", "at": "home1"}
    whole = scripted_game(position_from_dict(data))
    outcome = play_turn(whole)
    stepped = scripted_game(position_from_dict(data))
    start = TURN_ORDER.index(Phase(phase))
    ended = play_phases(stepped, TURN_ORDER[:start])
    assert (ended or play_phases(stepped, TURN_ORDER[start:])) == outcome
    assert (outcome is None) is guard
    assert stepped.log.to_jsonl() == whole.log.to_jsonl()
    assert "built" in {event["type"] for event in whole.log.events}  # production did something
    for one, other in zip(stepped.state.cards.values(), whole.state.cards.values(), strict=True):
        assert (one.zone, one.where, one.controller, one.damage, one.tapped) == (
            other.zone,
            other.where,
            other.controller,
            other.damage,
            other.tapped,
        )
    assert stepped.state.players == whole.state.players
    assert stepped.state.phase is whole.state.phase


def test_turns_run_on_into_the_next_turn_and_stop_when_the_match_is_decided():
    assert list(phases_for_turns(Phase.BATTLE_2, 2)) == [Phase.BATTLE_2, Phase.END, *TURN_ORDER]
    data = capture_position(phase="end")
    data["players"][0].update(victory="trader", commerce_tokens=7)
    game = scripted_game(position_from_dict(data))
    outcome = play_phases(game, phases_for_turns(Phase.END, 5))
    assert outcome is not None and outcome.termination.value == "trader"
    assert (outcome.turn, game.state.phase) == (3, Phase.START)
    assert [e["type"] for e in game.log.events] == ["turn", "victory"]


def test_every_problem_is_named_at_once():
    data = capture_position(phase="setup", dice=[0], turn=0, priority=2, colour="red")
    first, second = data["players"]
    first["commander_at"] = "cruiser_typo"
    first["script"] = ["{nowhere}"]
    first["cards"]["cruiser"]["at"] = "moon"
    first["cards"]["striker"]["zone"] = "graveyard"
    first["cards"]["spare"] = {"card": {"kind": "ship", "name": "X"}}
    first["cards"]["half"] = {"card": "asteroid", "zone": "production", "tokens": 3}
    first["cards"]["tactic"] = {"card": {"kind": "tactical", "name": "T"}, "at": "home0"}
    second["cards"]["home0"] = {"card": "planet"}
    second["cards"]["market"]["at"] = "s2"
    second["cards"]["picket"]["tapped"] = "yes"
    second["cards"]["outpost"]["card"] = "moonbase"
    with pytest.raises(PositionError) as caught:
        position_from_dict(data)
    message = str(caught.value)
    for fragment in (
        "colour: unknown key",
        "turn: a whole number ≥ 1",
        "priority: 0 or 1",
        "phase: one of start, draw",
        "dice: a list of D6 results",
        "players[0].commander_at: the label of a ship or space object of his in play",
        "players[0].script[0]: '{nowhere}' names no card label",
        "players[0].cards.cruiser.at: 'moon' is neither a card label nor a sector",
        "players[0].cards.striker.zone: one of deck, hand",
        "players[0].cards.spare.card: cost: is required",
        "players[0].cards.half.tokens: a card in production carries 1 to 2 production tokens",
        "players[0].cards.tactic: a tactical card is never in play",
        "players[1].cards.home0: the label is used twice",
        "players[1].cards.market.at: a civil_building stands on an object, not in sector s2",
        "players[1].cards.picket.tapped: true or false",
        "players[1].cards.outpost.card: 'moonbase' is not in the library",
    ):
        assert fragment in message, fragment


def test_a_position_that_is_not_an_object_or_lacks_two_players_is_refused():
    with pytest.raises(PositionError, match="must be a JSON object"):
        position_from_dict([])
    with pytest.raises(PositionError, match="players: a list of exactly two"):
        position_from_dict({"players": [{}]})


def test_checked_data_is_not_changed_by_building_or_playing():
    data = capture_position()
    before = copy.deepcopy(data)
    position = position_from_dict(data)
    play_phases(scripted_game(position), [Phase.MOVE_1, Phase.BATTLE_1])
    assert data == before
    assert scripted_game(position).state.cards["p1.03"].zone is Zone.PLAY


def test_a_commander_on_an_object_taken_this_battle_phase_is_read_and_lost_at_its_end():
    """An object taken by the opponent in a battle phase still carries the Commander until
    the phase ends, when the loss is checked (WIN-3: «в конце … фазы сражения»; CMDR-5), so
    a position written in between reads back, and the phase's end decides the match."""
    data = capture_position(phase="battle_2")
    first, second = data["players"]
    for label in ("market", "picket"):
        del second["cards"][label]
    second["cards"]["outpost"]["controller"] = 0
    second["cards"]["outpost"]["captured_turn"] = 2
    first["cards"]["cruiser"]["at"] = "outpost"
    second["commander_at"] = "outpost"
    position = position_from_dict(data)
    game = scripted_game(position)
    assert game.state.players[1].commander_at == position.uids["outpost"]
    outcome = play_phases(game, [Phase.BATTLE_2])
    assert outcome is not None and outcome.termination.value == "commander_lost"
    assert outcome.winner == 0
