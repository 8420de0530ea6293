"""The production phase (PROD, PHASE-8..19, SHIP-1/2, OBJ-1..3/5, GB-1/2, CMDR-3/4, ABIL-9):
its sub-steps in the book's order, partial production, where new cards go, repairs."""

import pytest

from komandor.agents.registry import HeuristicAgent, ScriptedAgent
from komandor.rules.cards import CardKind
from komandor.rules.state import Phase, Zone
from tests.engine.positions import position, seen


def production_position(cards=None, script=(), resources=0, enemy_cards=None, **player):
    """Player 0 (lower initiative, acts first) with a planet ``home0`` and a ship ``ship0`` on
    its orbit; player 1 with the same at ``home1``. Both Commanders on their planets."""
    game, uid = position(
        {
            "priority": 1,
            "phase": "production",
            "players": [
                {
                    "initiative": 4,
                    "commander_at": "home0",
                    "resources": resources,
                    "deck": 5,
                    "script": list(script),
                    "cards": {
                        "home0": {"card": "planet"},
                        "ship0": {"card": "exorcist", "at": "home0"},
                        **(cards or {}),
                    },
                    **player,
                },
                {
                    "initiative": 5,
                    "commander_at": "home1",
                    "deck": 5,
                    "cards": {
                        "home1": {"card": "planet"},
                        "ship1": {"card": "exorcist", "at": "home1"},
                        **(enemy_cards or {}),
                    },
                },
            ],
        }
    )
    return game, uid


def asked(game, kind):
    return [d for d in game.agents[0].decisions if d.kind == kind]


@pytest.mark.rules(
    "PROD-1", "PROD-3", "PROD-10", "PHASE-9", "PHASE-10", "PHASE-11", "PHASE-12", "PHASE-13",
    "PHASE-16", "SHIP-1", "OBJ-1", "OBJ-3", "OBJ-5", "GB-1",
)  # fmt: skip
def test_production_builds_objects_then_ships_placed_then_ground_units_placed():
    """«Производство осуществляется в следующем порядке: космические объекты – корабли -
    наземные отряды/постройки»; the phase list: «производство кораблей; размещение построенных
    кораблей …; производство наземных отрядов /построек; размещение наземных отрядов/построек
    …; перемещение карты Командора»; «Корабли, построенные в данную фазу, должны быть
    немедленно размещены»; «Построенные космические объекты размещаются в зоне космических
    объектов того игрока, который ввел их в игру»."""
    hand = {c: {"card": c, "zone": "hand"} for c in ("planet", "magnum", "ground_unit")}
    game, uid = production_position(
        {"new_planet": hand["planet"], "new_ship": hand["magnum"], "unit": hand["ground_unit"]},
        script=[
            "{new_planet}:4",
            "{new_ship}:2",
            "{new_planet}",
            "{unit}:2",
            "{new_planet}",
            "stay",
        ],
        resources=20,
    )
    game.production_phase()
    assert [kind for _, kind, _ in seen(game, 0)] == [
        "production.build",
        "production.build",
        "place.ship",
        "production.build",
        "place.ground",
        "commander.move",
    ]
    built = [e["card"] for e in game.log.of_type("built")]
    assert built == [uid["new_planet"], uid["new_ship"], uid["unit"]]
    state = game.state
    new_planet = state.cards[uid["new_planet"]]
    assert (new_planet.zone, new_planet.controller, state.zone_of(new_planet)) == (Zone.PLAY, 0, 0)
    assert new_planet in state.objects(0)
    assert state.cards[uid["new_ship"]].where == uid["new_planet"]
    assert state.cards[uid["unit"]].where == uid["new_planet"]
    assert state.players[0].action_tokens == 20 - 4 - 2 - 2  # PROD-8: the rest, 1:1


@pytest.mark.rules(
    "PROD-6", "PROD-7", "PHASE-17", "SHIP-2", "OBJ-2", "GB-2", "ZONE-4", "ZONE-13", "SETUP-6"
)
def test_partial_production_is_free_choice_and_the_zone_holds_any_number():
    """«Если строящаяся карта стоит дороже, чем то количество ресурсов, которое игрок может или
    хочет потратить на нее в этот ход, игрок кладет эту карту в зону производства рубашкой
    вверх и должен поместить на нее фишки производства»; «В зоне производства может находиться
    любое количество карт»."""
    game, uid = production_position(
        {
            "planet": {"card": "planet", "zone": "hand"},
            "chimera": {"card": "chimera", "zone": "hand"},
            "unit": {"card": "ground_unit", "zone": "hand"},
        },
        script=["{planet}:1", "next", "{chimera}:3", "next", "{unit}:1", "next"],
        resources=20,
    )
    game.production_phase()
    state = game.state
    assert state.players[0].production == [uid["planet"], uid["chimera"], uid["unit"]]
    assert [state.cards[uid[c]].tokens for c in ("planet", "chimera", "unit")] == [1, 3, 1]
    assert all(state.cards[uid[c]].where is None for c in ("planet", "chimera", "unit"))
    chimera_step = asked(game, "production.build")[2]
    assert {f"{uid['chimera']}:10", f"{uid['chimera']}:3"} <= {o.key for o in chimera_step.options}
    assert state.players[0].action_tokens == 20 - 5


@pytest.mark.rules("PROD-11", "PROD-12", "PROD-13")
def test_new_ships_go_to_own_free_orbits_enemy_orbits_blocked_or_own_and_new_sectors():
    """«Они могут создать новый флот или быть добавлены к уже существующему флоту, при этом
    корабли могут быть размещены на орбитах космических объектов, контролируемых игроком и не
    заблокированных противником, либо контролируемых противником, но заблокированных игроком»;
    and «в секторах открытого космоса» (AMB-33)."""
    game, uid = production_position(
        {
            "lost": {"card": "asteroid"},
            "scout": {"card": "magnum", "at": "home1"},
            "patrol": {"card": "magnum", "at": "s5"},
            "new_ship": {"card": "magnum", "zone": "hand"},
        },
        script=["{new_ship}:2", "s5"],
        resources=2,
        enemy_cards={
            "raider": {"card": "magnum", "at": "lost"},
            "free": {"card": "asteroid"},
            "enemy_fleet": {"card": "magnum", "at": "s6"},
        },
    )
    game.state.cards[uid["ship1"]].where = "s7"  # player 1 left his planet: blocked by scout
    game.production_phase()
    (placement,) = asked(game, "place.ship")
    assert {o.key for o in placement.options} == {"new", uid["home0"], uid["home1"], "s5"}
    assert game.state.cards[uid["new_ship"]].where == game.state.cards[uid["patrol"]].where


@pytest.mark.rules("PROD-14")
def test_ground_units_go_only_on_own_unblocked_objects_of_a_suitable_type():
    """«Наземные отряды и постройки могут быть размещены только на незаблокированных
    космических объектах подходящего типа, контролируемых игроком» (never on a station)."""
    game, uid = production_position(
        {
            "rock": {"card": "asteroid"},
            "lost": {"card": "asteroid"},
            "base": {"card": "station"},
            "unit": {"card": "ground_unit", "zone": "hand"},
        },
        script=["{unit}:2", "{rock}"],
        resources=2,
        enemy_cards={"raider": {"card": "magnum", "at": "lost"}},
    )
    game.production_phase()
    (placement,) = asked(game, "place.ground")
    assert {o.key for o in placement.options} == {uid["home0"], uid["rock"]}
    assert game.state.cards[uid["unit"]].where == uid["rock"]


@pytest.mark.rules("PROD-15", "PHASE-19")
def test_production_removes_damage_from_stations_and_ground_units():
    """«снятие фишек повреждений со станций и наземных отрядов»: a station sheds 5 (STN-12), a
    surviving unit's damage is reset (GRD-5)."""
    game, uid = production_position(
        {
            "base": {"card": "station", "damage": 7},
            "unit": {"card": "ground_unit", "at": "home0", "damage": 2},
        }
    )
    game.production_phase()
    assert game.state.cards[uid["base"]].damage == 7 - 5
    assert game.state.cards[uid["unit"]].damage == 0


@pytest.mark.rules("CMDR-3", "CMDR-4", "PHASE-16", "PROD-16")
def test_commander_moves_in_production_within_a_fleet_or_between_object_and_orbit():
    """«В фазу производства … может быть перемещена с одного корабля игрока на другой – если
    корабли находятся в одном флоте, или с космического объекта на корабль (и обратно), если
    корабль находится на орбите данного объекта» — after the new ships are placed, so also onto
    a ship built in this phase."""
    game, uid = production_position(
        {
            "far": {"card": "magnum", "at": "s4"},
            "new_ship": {"card": "magnum", "zone": "hand"},
        },
        script=["{new_ship}:2", "{home0}", "{new_ship}"],
        resources=2,
    )
    game.production_phase()
    (move,) = asked(game, "commander.move")
    assert {o.key for o in move.options} == {"stay", uid["ship0"], uid["new_ship"]}
    assert game.state.players[0].commander_at == uid["new_ship"]
    game.agents[0].inner = ScriptedAgent([uid["ship0"]], fallback=HeuristicAgent())
    game.state.turn += 1
    game.production_phase()
    move = asked(game, "commander.move")[-1]
    assert {o.key for o in move.options} == {"stay", uid["ship0"], uid["home0"]}  # not "far"
    assert game.state.players[0].commander_at == uid["ship0"]


@pytest.mark.rules("ABIL-9", "PROD-16")
def test_ability_cards_from_hand_become_one_action_token_each_at_the_end():
    """«В конце фазы производства карта способностей может быть помещена из руки игрока в
    потери – игрок получает при этом 1 фишку действия» (any number of them, AMB-27)."""
    game, uid = production_position(
        {
            "first": {"card": "ability", "zone": "hand"},
            "second": {"card": "ability", "zone": "hand"},
            "third": {"card": "ability", "zone": "hand"},
        },
        script=["stay", "discard", "keep", "discard"],
        action_tokens=1,
    )
    game.production_phase()
    me = game.state.players[0]
    assert me.losses == [uid["first"], uid["third"]]
    assert me.hand == [uid["second"]]
    assert me.action_tokens == 1 + 2
    assert game.state.phase is Phase.PRODUCTION
    assert all(game.state.cards[u].kind is CardKind.ABILITY for u in me.losses)
