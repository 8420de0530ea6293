"""What a battle leaves behind on the game's side: a Commander lost in a round against one whose
ship only reached its critical damage, and a boarded station's damage tokens — positions set
on the table, the book's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from komandor.rules.position import play_phases
from komandor.rules.state import Phase, Zone
from komandor.rules.victory import Termination
from komandor.scenario import scenario_load, scenario_run
from tests.engine.positions import position

SCENARIOS = Path(__file__).parent / "scenarios"


@pytest.mark.rules("WIN-3", "CMDR-5", "BEND-3", "AMB-3", "AMB-30")
def test_the_commander_destroyed_in_the_round_loses_before_the_one_lost_to_critical_damage():
    """«Игрок считается проигравшим, если в конце любого раунда боя … корабль …, где находится
    его Командор, уничтожен», while «После завершения сражения корабли, имеющие повреждения,
    равные или превышающие значение “критических повреждений”, помещаются в потери». The raider
    carrying player 1's Commander is destroyed in round 2; the flagship carrying player 0's has
    taken 20 against its critical 10 but is still in play when that round ends. Player 1 holds
    the priority, which would decide only a loss of both at the same check."""
    run = scenario_run(scenario_load(SCENARIOS / "commander_lost_in_round_before_critical.json"))
    assert run.result is None and run.game is not None and run.outcome is not None
    cards = run.log.of_type("position")[0]["cards"]
    (battle_end,) = run.log.of_type("battle_end")
    assert battle_end["destroyed"] == [[cards["raider"], "damage"], [cards["flagship"], "critical"]]
    assert battle_end["rounds"] == 2
    assert run.game.state.priority == 1
    assert run.outcome.termination is Termination.COMMANDER_LOST
    assert run.outcome.winner == 0
    assert "player 1's Commander was lost at the end of a battle round" in run.outcome.reason
    assert run.unused_dice == 0 and run.unused_choices == {}


@pytest.mark.rules("WIN-3", "AMB-30")
def test_commanders_destroyed_in_the_same_round_are_still_decided_by_priority():
    """Both carriers destroyed by one ram in the last round (player 1 attacks, as the priority
    player moved first): the book has no rule, the priority player wins (AMB-30, WIN-10 by
    analogy) — a loss of both in the same round is still simultaneous."""
    game, uid = position(
        {
            "turn": 2,
            "phase": "battle_1",
            "priority": 1,
            "players": [
                {
                    "commander_at": "ram",
                    "deck": 4,
                    "script": {"battle.ram_dodge": ["accept"]},
                    "cards": {"ram": {"card": _ship("Таран", "ТК", "10(5)"), "at": "s1"}},
                },
                {
                    "commander_at": "hulk",
                    "deck": 4,
                    "script": {"battle.attack": ["{hulk}:ram>{ram}"]},
                    "cards": {"hulk": {"card": _ship("Корпус", "ТК", "10(5)"), "at": "s1"}},
                },
            ],
        }
    )
    outcome = play_phases(game, [Phase.BATTLE_1])
    assert [e["cause"] for e in game.log.of_type("destroyed") if "uid" in e] == ["ram", "ram"]
    assert outcome is not None and outcome.termination is Termination.COMMANDER_LOST
    assert outcome.winner == 1 and "both at once" in outcome.reason
    assert {uid["ram"], uid["hulk"]} <= set(game.state.players[0].losses) | set(
        game.state.players[1].losses
    )


def _ship(name: str, size: str, strength: str) -> dict[str, object]:
    return {
        "kind": "ship",
        "name": name,
        "cost": 5,
        "size": size,
        "strength": strength,
        "armor": 0,
        "speed": 5,
    }


BOARDER = {
    "kind": "ship",
    "name": "Абордажный катер",
    "cost": 4,
    "size": "СК",
    "strength": "8(4)",
    "armor": 0,
    "speed": 5,
    "weapons": {"turbolaser": 2, "boarding": 3},
}
STATION = {
    "kind": "space_object",
    "name": "Станция",
    "cost": 7,
    "object_type": "station",
    "strength": 12,
}


@pytest.mark.rules("STN-9", "STN-10", "STN-12", "PROD-15")
def test_a_station_taken_by_boarding_keeps_its_damage_tokens_and_sheds_five_in_production():
    """«Если станция была успешно взята на абордаж противником, и в конце сражения на ее орбите
    есть флот противника и нет кораблей игрока, станция переходит под контроль противника»;
    «Если в конце сражения на карте станции есть фишки повреждений, они сохраняются и снимаются
    по 5 штук один раз в ход в фазу производства». The station comes in with 3 tokens, takes 2
    at long and 2 at medium range, and is boarded at short range: 7 tokens stay on it under its
    new controller, and the next production phase takes 5 of them off."""
    game, uid = position(
        {
            "turn": 2,
            "phase": "battle_1",
            "priority": 0,
            "players": [
                {
                    "commander_at": "home0",
                    "deck": 6,
                    "script": {"battle.attack": ["{boarder}:boarding>{station}"]},
                    "cards": {
                        "home0": {"card": "planet"},
                        "boarder": {"card": BOARDER, "at": "station"},
                    },
                },
                {
                    "commander_at": "home1",
                    "deck": 6,
                    "cards": {
                        "home1": {"card": "planet"},
                        "station": {"card": STATION, "damage": 3},
                    },
                },
            ],
        },
        dice=[3, 1],  # boarding: 3 + force 3 against 1 and no crew
    )
    assert play_phases(game, [Phase.BATTLE_1]) is None
    (battle_end,) = game.log.of_type("battle_end")
    assert (battle_end["station_boarded_by"], battle_end["station_outcome"]) == (0, "captured")
    station = game.state.cards[uid["station"]]
    assert station.zone is Zone.PLAY and station.controller == 0
    assert station.damage == 3 + 2 + 2
    next_turn = [Phase.END, Phase.START, Phase.DRAW, Phase.UNTAP, Phase.INITIATIVE]
    assert play_phases(game, [*next_turn, Phase.RESOURCES, Phase.PRODUCTION]) is None
    assert game.state.turn == 3
    assert station.damage == 7 - 5
