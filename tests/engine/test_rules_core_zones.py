"""Game zones, tokens, tapping and dice (ZONE, TAP, DICE, WIN-2, SHIP-3/4, OBJ-5/6, CMDR-8)."""

import pytest

from komandor.agents.registry import HeuristicAgent, RandomAgent
from komandor.rules.cards import CardKind
from komandor.rules.commerce import commercial_runs
from komandor.rules.decks import deck_from_dict
from komandor.rules.dice import FixedDice, SeededDice
from komandor.rules.events import EventLog
from komandor.rules.fights import battle_phase, resolve_control
from komandor.rules.game import Game
from komandor.rules.invariants import state_problems
from komandor.rules.state import Phase, Zone
from tests.engine.deck_data import standard_deck
from tests.engine.positions import position, seen


def two_homes(mine=None, theirs=None, script=(), dice=None, **top):
    return position(
        {
            "priority": 0,
            "players": [
                {
                    "initiative": 5,
                    "commander_at": "home0",
                    "deck": 5,
                    "script": list(script),
                    "cards": {"home0": {"card": "planet"}, **(mine or {})},
                },
                {
                    "initiative": 4,
                    "commander_at": "home1",
                    "deck": 5,
                    "cards": {"home1": {"card": "planet"}, **(theirs or {})},
                },
            ],
            **top,
        },
        dice=dice,
    )


@pytest.mark.rules("ZONE-1", "ZONE-6", "ZONE-7", "WIN-2", "SHIP-3")
@pytest.mark.parametrize("seed", range(4))
def test_every_card_is_in_hand_or_one_zone_and_the_commander_always_on_a_card(seed):
    """«Во время игры карты каждого игрока находятся в руке игрока или на столе в определенных
    игровых зонах»; «Во время партии Командор должен находиться на корабле или космическом
    объекте»; «построенные корабли могут находиться в секторах открытого космоса или на орбитах
    космических объектов»."""
    pair = [deck_from_dict(standard_deck("a", initiative=5)), deck_from_dict(standard_deck("b"))]
    game = Game(
        decks=[d.cards for d in pair],
        commanders=[d.commander for d in pair],
        agents=[RandomAgent(seed), HeuristicAgent()],
        dice=SeededDice(seed),
        log=EventLog(enabled=False),
    )
    checked = []

    def observe(state):
        if state.phase is Phase.SETUP:
            return
        assert not state_problems(state)
        for player in state.players:
            carrier = state.cards[player.commander_at]
            assert carrier.zone is Zone.PLAY and carrier.controller == player.index
            assert carrier.kind in (CardKind.SHIP, CardKind.SPACE_OBJECT)
        for ship in state.in_play(CardKind.SHIP):
            obj = state.cards.get(ship.where)
            assert ship.where.startswith("s") or obj.kind is CardKind.SPACE_OBJECT
        for obj in state.objects():
            assert obj.where is None  # in a player's zone of space objects, not on a place
        checked.append(state.phase)

    game.observers.append(observe)
    game.play(turn_cap=8)
    assert Phase.PRODUCTION in checked


@pytest.mark.rules("TAP-1", "TAP-2", "TAP-3", "ZONE-15")
def test_a_commercial_run_taps_the_ship_and_a_tapped_ship_cannot_tap_again():
    """«игрок должен “поворачивать” карты … это означает, что карта уже использована»; «Карта не
    может быть повернута дважды»; the run earns «фишку “коммерческого рейса”»."""
    game, uid = two_homes(
        {"rock": {"card": "asteroid"}, "trader": {"card": "trader", "at": "home0"}},
        script=["run:{rock}"],
    )
    commercial_runs(game, 0)
    trader = game.state.cards[uid["trader"]]
    assert trader.tapped and trader.where == uid["rock"]
    assert game.state.players[0].commerce_tokens == 1
    trader.where = uid["home0"]  # even back on a home orbit, a tapped ship cannot run again
    commercial_runs(game, 0)
    assert [kind for _, kind, _ in seen(game, 0)] == ["commerce.run"]
    assert game.state.players[0].commerce_tokens == 1


@pytest.mark.rules("DICE-1", "DICE-3", "SHIP-4", "ZONE-3")
@pytest.mark.parametrize(("roll", "succeeds"), [(4, True), (3, False), (6, True), (1, False)])
def test_d6_four_plus_means_four_or_more(roll, succeeds):
    """«если сказано “D6 4+”, это означает, что игрок должен выбросить на кубике “4” или
    больше» — here the smuggling run («При D6 4+ … успешен»); a failed run destroys the ship,
    and «Уничтоженные корабли помещаются в потери»."""
    game, uid = two_homes(
        {"trader": {"card": "trader", "at": "home0"}, "guard": {"card": "exorcist", "at": "home0"}},
        script=["smuggle:{home1}"],
        dice=[roll],
    )
    commercial_runs(game, 0)
    trader = game.state.cards[uid["trader"]]
    assert (trader.zone is Zone.PLAY) is succeeds
    assert (uid["trader"] in game.state.players[0].losses) is not succeeds
    assert game.state.players[0].commerce_tokens == int(succeeds)


@pytest.mark.rules("DICE-2")
def test_every_roll_is_a_six_sided_die():
    """«Для броска всегда используется шестигранный кубик, обозначаемый везде в тексте как D6»."""
    dice = SeededDice(3)
    assert {dice.d6() for _ in range(600)} == {1, 2, 3, 4, 5, 6}
    with pytest.raises(ValueError, match="1 to 6"):
        FixedDice([7])


@pytest.mark.rules("ZONE-5", "ZONE-11")
def test_production_zone_cards_are_never_in_a_battle():
    """«Карты в зоне производства не могут быть атакованы»; «Зона боя – сюда помещаются карты
    кораблей во время боя»: the battle takes the ships of the place, nothing else."""
    game, uid = two_homes(
        {
            "ship0": {"card": "exorcist", "at": "home0"},
            "unfinished": {"card": "chimera", "zone": "production", "tokens": 4},
            "elsewhere": {"card": "magnum", "at": "s3"},
            "unit": {"card": "ground_unit", "at": "home0"},
        },
        {"raider": {"card": "exorcist", "at": "home0"}},
        dice=[4] * 200,
    )
    game.state.phase = Phase.BATTLE_1
    battle_phase(game, 1)
    (battle,) = game.log.of_type("battle")
    fighting = {u for side in battle["sides"] for u in side}
    assert {uid["ship0"], uid["raider"]} <= fighting
    assert uid["unfinished"] not in fighting and uid["elsewhere"] not in fighting
    assert game.state.cards[uid["unfinished"]].zone is Zone.PRODUCTION
    assert game.state.cards[uid["unfinished"]].tokens == 4


@pytest.mark.rules("ZONE-8", "ZONE-9")
def test_open_space_has_endless_sectors_and_only_own_fleets_can_be_joined():
    """«Предполагается, что этих секторов бесконечно много. В фазу перемещения в сектор
    открытого космоса, где находится флот игрока, может прибыть любой другой корабль/флот
    игрока, а вот флот противника может попасть в этот сектор лишь при определенных условиях»."""
    game, uid = two_homes(
        {"ship0": {"card": "exorcist", "at": "home0"}, "own": {"card": "magnum", "at": "s3"}},
        {"enemy": {"card": "magnum", "at": "s4"}},
        script=["s3", "stay"],
    )
    sectors = {game.state.new_sector() for _ in range(500)}
    assert len(sectors) == 500 and not sectors & {"s3", "s4"}
    game.movement_phase(0)
    first = game.agents[0].decisions[0]
    keys = {o.key for o in first.options}
    assert {"new", "s3"} <= keys and "s4" not in keys
    assert game.state.cards[uid["ship0"]].where == "s3"


@pytest.mark.rules("CMDR-8")
def test_the_commander_travels_with_his_ship():
    """«Командор должен находиться на корабле»: he is on the ship, so he goes where it goes."""
    game, uid = two_homes(
        {"ship0": {"card": "exorcist", "at": "home0"}},
        script=["{home1}"],
    )
    game.state.players[0].commander_at = uid["ship0"]
    game.movement_phase(0)
    assert game.state.players[0].commander_at == uid["ship0"]
    assert game.state.cards[uid["ship0"]].where == uid["home1"]


@pytest.mark.rules("OBJ-5", "OBJ-6")
def test_captured_and_blocked_objects_lie_with_the_player_holding_them():
    """«Изначально объект контролируется тем игроком, который ввел его в игру, но может быть
    захвачен. Захваченные объекты или “заблокированные” объекты перемещаются в зону космических
    объектов игрока, который их захватил/заблокировал»."""
    game, uid = two_homes(
        {"ship0": {"card": "exorcist", "at": "home0"}, "rock": {"card": "asteroid"}},
        {
            "held": {"card": "asteroid"},
            "guard": {"card": "ground_unit", "at": "held"},
            "taker": {"card": "magnum", "at": "rock"},
        },
    )
    state = game.state
    rock, held = state.cards[uid["rock"]], state.cards[uid["held"]]
    assert (rock.owner, rock.controller, state.zone_of(rock)) == (0, 0, 1)  # blocked by player 1
    state.cards[uid["ship0"]].where = uid["held"]
    assert (held.controller, state.zone_of(held)) == (1, 0)  # blocked by player 0, held by a unit
    resolve_control(game)
    assert (rock.owner, rock.controller, state.zone_of(rock)) == (0, 1, 1)  # captured
    assert rock in state.objects(1)
    assert held.controller == 1  # CAP-3: the ground unit keeps it
