"""Lasting effects begin and end with their source (issue 19): a Commander's, an ability
card's, a situation's, an upgrade's and a built card's «while in play» effects hold exactly
while that card is present, ready and eligible — in play or its zone, not destroyed, not waiting
in the second echelon, not built this turn where the book says so — each with the book's words.

The cards are this project's test cards («(тест)»), defined here, not shipped content.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from komandor.agents.simple import scripted_game
from komandor.rules import battle as battle_module
from komandor.rules.cards import card_from_dict
from komandor.rules.fights import battle_phase
from komandor.rules.position import position_from_dict
from komandor.rules.state import Zone
from tests.engine.positions import CARDS, FILLER, RecordingAgent, two_homes

TEST = " (тест)"
ARMOR_FOR_THE_FLEET = {
    "when": "static",
    "targets": {"side": "own", "kind": "ship", "count": "all"},
    "actions": [{"do": "modify", "stat": "armor", "by": 2}],
}
FLAGSHIP = {
    "kind": "ship", "name": "Флагман (тест)", "cost": 3, "size": "ЛК", "strength": "2(1)",
    "armor": 0, "speed": 5, "weapons": {"plasma": 1},
    "effects": [{**ARMOR_FOR_THE_FLEET,
                 "targets": {"side": "own", "kind": "ship", "in": "place", "count": "all"}}],
}  # fmt: skip
PLAIN_SHIP = {
    "kind": "ship", "name": "Фрегат (тест)", "cost": 3, "size": "ЛК", "strength": "3(2)",
    "armor": 1, "speed": 5, "weapons": {"plasma": 1},
}  # fmt: skip


def initiative_ability(number: int, by: int) -> dict[str, Any]:
    """An ability card whose variant 1 raises the Commander's initiative while it lies on him."""
    return {
        "kind": "ability",
        "name": f"Тактик {number}{TEST}",
        "variants": [
            [{"when": "static", "actions": [{"do": "initiative", "by": by}]}],
            [{"when": "end_of_turn", "actions": [{"do": "gain", "resources": 1}]}],
        ],
    }


def watch_armor(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, tuple[int, str]]]:
    """Each round's armor and status of every card in the battle, as its attacks begin."""
    rounds: list[dict[str, tuple[int, str]]] = []
    attacks = battle_module._Battle._attacks

    def spy(self: Any) -> Any:
        rounds.append({uid: (c.armor, c.status.value) for uid, c in self.by_uid.items()})
        return attacks(self)

    monkeypatch.setattr(battle_module._Battle, "_attacks", spy)
    return rounds


def commanded(data: dict[str, Any], commander: dict[str, Any], player: int = 0) -> Any:
    """The position with ``player``'s Commander replaced by ``commander``'s card."""
    setup = position_from_dict({"library": CARDS, "filler": FILLER, **data})
    spec = card_from_dict(commander)
    players = list(setup.players)
    players[player] = replace(players[player], commander=spec)
    game = scripted_game(replace(setup, players=tuple(players)))
    game.agents = [RecordingAgent(agent) for agent in game.agents]
    return game, dict(setup.uids)


def fleet_at_s1(
    first: dict[str, Any], second: dict[str, Any], *, script0=None, script1=None
) -> dict[str, Any]:
    players = []
    for index, (cards, script) in enumerate(((first, script0), (second, script1))):
        players.append(
            {
                "initiative": 5 - index,
                "commander_at": f"home{index}",
                "deck": 10,
                "script": {"battle.second_echelon": ["done"], **(script or {})},
                "cards": {f"home{index}": {"card": "planet"}, **cards},
            }
        )
    return {"priority": 0, "phase": "battle_1", "dice": [1] * 1000, "players": players}


# --- 1. a Commander's lasting ability -----------------------------------------------------------


@pytest.mark.interpreted_engine
@pytest.mark.rules("CMDR-7")
def test_a_commander_s_only_ability_a_lasting_one_holds_in_battle(monkeypatch):
    """«Карта Командора имеет параметр “инициатива” и различные свойства - способности»: a
    Commander whose one ability is «your ships get +2 armor», in a match where no other card has
    an effect, gives his cruiser (armor 3) armor 5 in battle."""
    rounds = watch_armor(monkeypatch)
    data = fleet_at_s1(
        {"cruiser0": {"card": "exorcist", "at": "s1"}},
        {"cruiser1": {"card": "exorcist", "at": "s1"}},
    )
    commander = {
        "kind": "commander",
        "name": "Командор-броненосец" + TEST,
        "initiative": 5,
        "effects": [ARMOR_FOR_THE_FLEET],
    }
    game, uid = commanded(data, commander)
    battle_phase(game, 0)
    assert rounds[0][uid["cruiser0"]][0] == 3 + 2
    assert rounds[0][uid["cruiser1"]][0] == 3


# --- 2. a destroyed ship's lasting property ------------------------------------------------------


@pytest.mark.interpreted_engine
@pytest.mark.rules("BATTLE-22")
def test_a_destroyed_flagship_s_lasting_property_ends_at_once(monkeypatch):
    """A destroyed ship «немедленно помещается в потери»: the flagship's «your ships here get +2
    armor» protects the cruiser (armor 3 → 5) in round 1; the battleship's long-range missiles
    (4 of power 4, all hitting on the dice here) destroy the flagship (strength 2, armor 0 + 2)
    in round 1, so in round 2 the cruiser fights with armor 3."""
    rounds = watch_armor(monkeypatch)
    game, uid = two_homes(
        {
            "cards": {"chimera": {"card": "chimera", "at": "s1"}},
            "script": {"battle.second_echelon": ["done"]},
        },
        {
            "cards": {
                "cruiser1": {"card": "exorcist", "at": "s1"},
                "flag": {"card": FLAGSHIP, "at": "s1"},
            },
            "script": {"battle.second_echelon": ["done"]},
        },
        phase="battle_1",
        dice=[6] * 4 + [1] * 200,
    )
    battle_phase(game, 0)
    assert rounds[0][uid["cruiser1"]][0] == 5
    assert rounds[1][uid["flag"]][1] == "destroyed"
    assert rounds[1][uid["cruiser1"]][0] == 3


# --- 3. a second-echelon ship's lasting property -------------------------------------------------


@pytest.mark.interpreted_engine
@pytest.mark.rules("ECH-6")
def test_a_second_echelon_ship_s_lasting_property_waits_with_it(monkeypatch):
    """«До вступления в сражение корабли второго эшелона не могут использовать … свои
    свойства»: the flagship waits in the second echelon, so the cruiser fights with its printed
    armor 3, not 5."""
    rounds = watch_armor(monkeypatch)
    data = fleet_at_s1(
        {"chimera": {"card": "chimera", "at": "s1"}},
        {
            "cruiser1": {"card": "exorcist", "at": "s1"},
            "flag": {"card": FLAGSHIP, "at": "s1"},
        },
        script1={"battle.second_echelon": ["reserve:{flag}", "done"]},
    )
    game, uid = commanded(data, {"kind": "commander", "name": "К" + TEST, "initiative": 5})
    battle_phase(game, 0)
    assert rounds[0][uid["flag"]][1] == "reserve"
    assert rounds[0][uid["cruiser1"]][0] == 3


# --- 4. a replaced ability card's initiative bonus ------------------------------------------------


@pytest.mark.rules("INIT-2", "ABIL-8")
def test_a_replaced_ability_card_takes_its_initiative_bonus_with_it():
    """«Инициатива Командора … может быть изменена … картами способностей»; a fourth card sends
    one of the three «в потери». The +3 card goes: the Commander's initiative falls from 4 + 3
    to 4, below the opponent's 5, and the priority passes to the opponent."""
    cards = {
        "a1": {"card": initiative_ability(1, 3), "zone": "situations", "variant": 1},
        "a2": {"card": initiative_ability(2, 1), "zone": "situations", "variant": 2},
        "a3": {"card": initiative_ability(3, 1), "zone": "situations", "variant": 2},
        "a4": {"card": initiative_ability(4, 1), "zone": "hand"},
    }
    game, uid = two_homes(
        {
            "initiative": 4,
            "cards": cards,
            "script": {
                "effect.play": ["play:{a4}:put"],
                "ability.replace": ["{a1}"],
                "ability.variant": ["v2"],
            },
        },
        {"initiative": 5},
        phase="production",
        priority=0,
    )
    assert game.state.players[0].initiative == 7
    game.production_phase()
    assert uid["a1"] in game.state.players[0].losses
    assert game.state.players[0].initiative == 4
    game.initiative_phase()
    assert game.state.priority == 1


@pytest.mark.rules("INIT-2", "SIT-4")
def test_a_discarded_situation_card_takes_its_initiative_bonus_with_it():
    """A situation card «+2 к инициативе Командора» discarded in production («помещена в
    потери»): the initiative falls back from 6 to 4."""
    beacon = {
        "kind": "situation", "name": "Маяк" + TEST, "resources": 1,
        "effects": [{"when": "static", "actions": [{"do": "initiative", "by": 2}]}],
    }  # fmt: skip
    game, uid = two_homes(
        {
            "initiative": 4,
            "cards": {"beacon": {"card": beacon, "zone": "situations"}},
            "script": {"effect.play": ["play:{beacon}:discard"]},
        },
        phase="production",
        priority=0,
    )
    assert game.state.players[0].initiative == 6
    game.production_phase()
    assert uid["beacon"] in game.state.players[0].losses
    assert game.state.players[0].initiative == 4


# --- 5. a space object built this turn ----------------------------------------------------------


@pytest.mark.rules("OBJ-4")
def test_a_space_object_built_this_turn_uses_its_properties_only_from_movement():
    """«Дополнительные возможности (свойства) космических объектов, построенных в текущем ходу,
    могут быть использованы игроком, только начиная с фазы перемещения»: a dock planet built in
    production cannot repair the damaged cruiser in the same production's upgrade step."""
    dock = {
        "kind": "space_object", "name": "Планета-верфь" + TEST, "cost": 4,
        "object_type": "planet",
        "effects": [{"when": "production_upgrades",
                     "targets": {"side": "own", "kind": "ship", "damaged": True},
                     "actions": [{"do": "repair", "amount": 2}]}],
    }  # fmt: skip
    game, uid = two_homes(
        {
            "resources": 4,
            "cards": {
                "dock": {"card": dock, "zone": "hand"},
                "cruiser0": {"card": "exorcist", "at": "home0", "damage": 2},
            },
            "script": {"production.build": ["{dock}:4", "next", "next", "next"]},
        },
        phase="production",
        priority=1,
    )
    game.state.turn = 2
    game.production_phase()
    assert game.state.cards[uid["dock"]].zone is Zone.PLAY
    assert game.state.cards[uid["cruiser0"]].damage == 2
    assert not game.log.of_type("effect")


# --- 6. a situation card whose D6 requirement fails ---------------------------------------------


@pytest.mark.rules("SIT-2")
def test_a_situation_card_whose_roll_fails_goes_to_the_losses():
    """AMB-26 (docs/rules-decisions.md): a tactical or situation card whose D6 roll fails has no
    effect and goes to the losses, its costs paid — «на кубике D6 выбросить не менее
    определенного числа»: the card needs 5, the die shows 2."""
    gamble = {
        "kind": "situation", "name": "Рискованный рейс" + TEST, "dice": 5,
        "effects": [{"when": "end_of_turn", "actions": [{"do": "gain", "resources": 1}]}],
    }  # fmt: skip
    game, uid = two_homes(
        {
            "cards": {"gamble": {"card": gamble, "zone": "hand"}},
            "script": {"effect.play": ["play:{gamble}:put"]},
        },
        phase="production",
        priority=1,
        dice=[2],
    )
    game.production_phase()
    me = game.state.players[0]
    assert uid["gamble"] in me.losses and uid["gamble"] not in me.hand
    (event,) = game.log.of_type("effect")
    assert (event["roll"], event["succeeded"]) == (2, False)


# --- the class: a reroll given «while in play» -------------------------------------------------


@pytest.mark.rules("CAP-4")
def test_a_blocked_object_s_lasting_reroll_waits_while_it_is_blocked():
    """«игрок не может использовать свойства заблокированного объекта»: the asteroid's «you
    may reroll 1 die while it is in play» is not offered while an enemy ship blocks it, and is
    again once it is free."""
    observatory = {
        "kind": "space_object", "name": "Обсерватория" + TEST, "cost": 3,
        "object_type": "asteroid",
        "effects": [{"when": "static", "actions": [{"do": "reroll", "count": 1}]}],
    }  # fmt: skip
    game, uid = two_homes(
        {
            "cards": {"obs": {"card": observatory}},
            "script": {"dice.reroll": ["reroll"]},
        },
        {"cards": {"raider": {"card": "magnum", "at": "obs"}}},
        phase="end",
        dice=[1, 2, 6],
    )
    assert game.state.is_blocked(game.state.cards[uid["obs"]])
    assert game.effects.roll(0, "effect", 4) == 1  # blocked: no reroll offered
    game.state.cards[uid["raider"]].where = uid["home1"]
    assert game.effects.roll(0, "effect", 4) == 6  # free again: 2 rerolled into 6
