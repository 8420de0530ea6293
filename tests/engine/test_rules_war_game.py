"""War on the game's side: movement, the battle phase, capture and blockade, civil buildings,
commercial runs — positions set on the table, scripted players, fixed dice, the book's words."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from komandor.agents.registry import ScriptedAgent
from komandor.rules.cards import card_from_dict
from komandor.rules.decisions import Decision
from komandor.rules.dice import FixedDice
from komandor.rules.events import EventLog
from komandor.rules.fights import battle_phase, resolve_control
from komandor.rules.game import Game
from komandor.rules.state import Card, Phase, Zone
from tests.engine.deck_data import (
    ASTEROID,
    BATTERY,
    GROUND_UNIT,
    MARKET,
    PLANET,
    TACTIC,
    TRADER_SHIP,
    commander,
)
from tests.engine.test_battle import DefaultAgent, ship

GUN = {"turbolaser": {"power": 20}}  # long range: hits a medium ship or a building in round 1
FILLERS = 6  # tactical cards in each deck, so that a whole turn can draw its two cards


@dataclass
class Asked:
    phase: Phase
    decision: Decision


@dataclass
class Player:
    """Answers from per-kind queues of option keys, then as ``test_battle.DefaultAgent`` (the
    passive first option or the best attack), and keeps every decision it was asked, with the
    phase it came in."""

    table: Table
    script: dict[str, list[str]]
    name: str = "table"
    asked: list[Asked] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.inner = ScriptedAgent(self.script, fallback=DefaultAgent(), name=self.name)

    def choose(self, decision: Decision, observation: object = None) -> int:
        self.asked.append(Asked(self.table.game.state.phase, decision))
        return self.inner.choose(decision)

    def of_kind(self, kind: str) -> list[Decision]:
        return [a.decision for a in self.asked if a.decision.kind == kind]


class Table:
    """A game set up by hand: each player's cards by alias; ``put`` brings one into play.

    Both Commanders start on the first card of their player (``home``), an asteroid nobody
    goes to unless a test says so.
    """

    def __init__(
        self,
        cards: tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]],
        *,
        scripts: tuple[dict[str, list[str]], dict[str, list[str]]] = ({}, {}),
        dice: list[int] | tuple[int, ...] = (),
    ) -> None:
        self.uid: dict[str, str] = {}
        decks = []
        for player, own in enumerate(cards):
            specs = []
            for number, (alias, spec) in enumerate({"home": ASTEROID, **own}.items()):
                self.uid[f"{alias}{player}" if alias == "home" else alias] = (
                    f"p{player}.{number:02d}"
                )
                specs.append(card_from_dict(spec))
            specs += [card_from_dict(TACTIC)] * FILLERS
            decks.append(specs)
        self.players = [Player(self, scripts[0], "p0"), Player(self, scripts[1], "p1")]
        self.dice = FixedDice(dice)
        self.game = Game(
            decks=decks,
            commanders=[card_from_dict(commander(initiative=5)),
                        card_from_dict(commander(initiative=4))],
            agents=self.players,
            dice=self.dice,
            log=EventLog(),
        )  # fmt: skip
        self.state = self.game.state
        self.state.turn = 1
        for player in (0, 1):
            self.put(f"home{player}")
            self.state.players[player].commander_at = self.uid[f"home{player}"]

    def put(self, alias: str, where: str | None = None, *, controller: int | None = None) -> Card:
        """Into play at ``where`` (an alias of an object, or a sector ``s<n>``)."""
        card = self.card(alias)
        self.state.move(card.uid, Zone.PLAY, where=self.uid.get(where or "", where))
        if where is not None and where[0] == "s" and where[1:].isdigit():
            self.state.next_sector = max(self.state.next_sector, int(where[1:]) + 1)
        card.controller = card.owner if controller is None else controller
        card.built_turn = 0
        return card

    def card(self, alias: str) -> Card:
        return self.state.cards[self.uid[alias]]

    def at(self, alias: str) -> str | None:
        """Where the card is, as an alias when it is an object's orbit."""
        where = self.card(alias).where
        back = {uid: name for name, uid in self.uid.items()}
        return back.get(where or "", where)

    def events(self, type_: str) -> list[dict[str, Any]]:
        return self.game.log.of_type(type_)

    def types(self) -> list[str]:
        return [event["type"] for event in self.game.log.events]


def warship(name: str, **stats: Any) -> dict[str, Any]:
    return ship(name, weapons=GUN, **stats)[1]


def hull(name: str, **stats: Any) -> dict[str, Any]:
    """A medium ship with no weapons, strength 4."""
    return ship(name, strength=4, **stats)[1]


def keys(decision: Decision) -> list[str]:
    return [option.key for option in decision.options]


# --- the turn's movement and battle phases (MOVE-1, MOVE-16, PHASE-42..45) -------------------


@pytest.mark.rules("MOVE-1", "MOVE-16", "MOVE-8", "PHASE-42", "PHASE-43", "PHASE-45")
def test_the_priority_player_moves_and_fights_first_then_the_other_player_moves_and_fights():
    """«9. Фаза перемещений 1-го игрока – в эту фазу игрок, Командор которого обладает
    приоритетом в инициативе, может перемещать любые свои корабли»; «12. Фаза перемещений
    2-го игрока Данная фаза аналогична фазе “7”»; «9. Сражение (аналогично п. 7)»; «11. Конец
    хода». Each mover attacks in the battle phase that follows his movement."""
    table = Table(
        (
            {"P0": PLANET, "A": warship("A"), "K": hull("K")},
            {"P1": PLANET, "B": hull("B"), "C": warship("C")},
        ),
        scripts=({"move.ship": ["p1.01", "stay"]}, {"move.ship": ["p0.01"]}),
    )
    table.put("P0"), table.put("P1")
    table.put("A", "s1"), table.put("K", "P0")
    table.put("B", "P1"), table.put("C", "s2")
    uid = table.uid
    table.game.play_turn()

    assert table.state.priority == 0  # initiative 5 against 4
    moves = [
        (player, asked.phase)
        for player in (0, 1)
        for asked in table.players[player].asked
        if asked.decision.kind == "move.ship"
    ]
    assert moves == [(0, Phase.MOVE_1), (0, Phase.MOVE_1), (1, Phase.MOVE_2)]
    battles = table.events("battle")
    assert [(b["at"], b["attacker"], b["defender"]) for b in battles] == [
        (uid["P1"], 0, 1),
        (uid["P0"], 1, 0),
    ]
    # The enemy's planet was a legal destination (MOVE-8); both fleets took the enemy planets.
    assert (table.card("P1").controller, table.card("P0").controller) == (0, 1)
    assert table.state.phase is Phase.END
    assert table.types()[-1] == "captured"  # nothing happens after the second battle phase


# --- ships' movement (MOVE-3..14) --------------------------------------------------------------


def movement_table(script: list[str]) -> Table:
    table = Table(
        (
            {"P0": PLANET, "A": warship("A"), "B": hull("B", speed=1), "C": hull("C")},
            {"P1": PLANET, "E": hull("E")},
        ),
        scripts=({"move.ship": script}, {}),
    )
    table.put("P0"), table.put("P1")
    table.put("A", "P0"), table.put("B", "P0"), table.put("C", "s1")
    table.put("E", "s2")
    return table


@pytest.mark.rules("MOVE-3", "MOVE-4", "MOVE-8", "MOVE-12", "MOVE-13", "MOVE-11")
def test_a_ship_may_stay_open_a_new_sector_join_its_own_sector_or_go_to_any_orbit():
    """«Корабли могут перемещаться либо в один из секторов открытого космоса … – в “пустой” или в
    тот, где уже находятся корабли игрока, либо на орбиту какого-либо космического объекта»;
    speed plays no part (the slow B, speed 1, has the same choices); moving is a «может»."""
    table = movement_table(["new", "p1.01", "stay"])
    table.game.movement_phase(0)
    options = {d.context.ship: keys(d) for d in table.players[0].of_kind("move.ship")}
    uid = table.uid
    objects = [uid["home0"], uid["home1"]]
    assert options[uid["A"]] == ["stay", "new", *objects, uid["P1"], "s1"]
    assert options[uid["B"]] == ["stay", "new", *objects, uid["P1"], "s1", "s3"]
    # MOVE-12: B's speed 1 changes nothing; s3 is the new sector A opened, now his fleet's.
    assert options[uid["C"]] == ["stay", "new", *objects, uid["P0"], uid["P1"], "s3"]
    assert "s2" not in options[uid["A"]]  # the enemy's sector is closed (MOVE-9)
    # One fleet at the start of the phase went three ways (MOVE-11); C did not move (MOVE-13).
    assert (table.at("A"), table.at("B"), table.at("C")) == ("s3", "P1", "s1")


@pytest.mark.rules("MOVE-5", "MOVE-6", "MOVE-7", "MOVE-10")
def test_ships_arriving_from_different_fleets_fight_as_one_fleet_a_lone_ship_is_a_fleet():
    """«все корабли на орбите какого-либо объекта или в каком-либо секторе космоса объединяются в
    один флот»; «В обоих случаях все прибывшие корабли также объединяются в один флот, даже если
    раньше они входили в разные флоты»; «Даже один корабль в отдельном секторе открытого космоса
    считается самостоятельным флотом»."""
    table = movement_table(["p1.01", "p1.01", "stay"])
    table.put("E", "P1")
    table.game.movement_phase(0)
    battle_phase(table.game, 0)
    (battle,) = table.events("battle")
    uid = table.uid
    assert battle["at"] == uid["P1"]
    assert battle["sides"] == [[uid["A"], uid["B"]], [uid["E"]]]  # one fleet from P0 and s1
    # C alone in s1 stayed a fleet of its own and fought nobody.
    assert table.at("C") == "s1"


@pytest.mark.rules("MOVE-14", "PROP-COMMERCE-3", "PROP-ESCORT-2")
def test_ships_of_a_commercial_run_and_its_escort_stay_put_a_merely_tapped_ship_may_move():
    """«Перемещаемый корабль поворачивается и не может передвигаться в фазу перемещений игрока»;
    escorts «также поворачиваются и не могут быть перемещены в фазу перемещения игрока». Being
    tapped alone does not stop a ship (AMB-36)."""
    table = Table(
        ({"P0": PLANET, "Q0": PLANET, "T": TRADER_SHIP, "S": hull("S"), "U": hull("U")}, {}),
        scripts=({"commerce.run": ["run:" + "p0.02"], "commerce.escort": ["escort", "stay"]}, {}),
    )
    table.put("P0"), table.put("Q0")
    for alias in ("T", "S", "U"):
        table.put(alias, "P0")
    from komandor.rules.commerce import commercial_runs

    commercial_runs(table.game, 0)
    assert table.at("T") == table.at("S") == "Q0" and table.at("U") == "P0"
    table.card("U").tapped = True
    table.game.movement_phase(0)
    moved = [d.context.ship for d in table.players[0].of_kind("move.ship")]
    assert moved == [table.uid["U"]]


# --- ground units and buildings on the move (MOVE-2, MOVE-15) ----------------------------------


@pytest.mark.rules("MOVE-2", "MOVE-15", "MOVE-1", "STN-6")
def test_units_and_buildings_move_first_and_only_between_own_unblocked_suitable_objects():
    """«Постройки/отряды могут быть перемещены только между подходящими для их размещения
    космическими объектами, контролируемыми игроком и не заблокированными противником»; phase 6
    of the list: «перемещение наземных отрядов/построек», then «перемещение кораблей». «На
    станции не может быть размещен наземный отряд»."""
    station = {"kind": "space_object", "name": "Станция", "cost": 5, "object_type": "station",
               "strength": 10}  # fmt: skip
    table = Table(
        (
            {
                "P0": PLANET,
                "Q0": PLANET,
                "R0": PLANET,
                "S0": station,
                "G": GROUND_UNIT,
                "H": GROUND_UNIT,
                "M": BATTERY,
                "A": hull("A"),
            },
            {"P1": PLANET, "E": hull("E")},
        ),
        scripts=({"move.ground": ["p0.02"], "move.ship": ["stay"]}, {}),
    )
    for alias in ("P0", "Q0", "R0", "S0", "P1"):
        table.put(alias)
    table.put("G", "P0"), table.put("M", "P0"), table.put("H", "R0")
    table.put("A", "s1"), table.put("E", "R0")  # R0 is blocked: enemy ships, none of mine
    table.game.movement_phase(0)

    asked = [a.decision for a in table.players[0].asked]
    assert [d.kind for d in asked] == ["move.ground", "move.ground", "move.ship"]
    uid = table.uid
    unit, building = asked[0], asked[1]
    assert unit.context.card == uid["G"]
    assert keys(unit) == ["stay", uid["home0"], uid["Q0"]]  # not R0 (blocked), S0, P1
    assert keys(building) == ["stay", uid["home0"], uid["Q0"], uid["S0"]]
    assert table.at("G") == "Q0" and table.at("M") == "P0" and table.at("H") == "R0"
    (moved,) = table.events("moved")
    assert (moved["card"], moved["frm"], moved["to"]) == (uid["G"], uid["P0"], uid["Q0"])


# --- the battle phase (BATTLE-1..4, PHASE-40, PHASE-41) ------------------------------------------


def two_battles_table(order: str) -> Table:
    table = Table(
        (
            {"A": warship("A"), "B": warship("B"), "L": hull("L")},
            {"P1": PLANET, "M": BATTERY, "D": hull("D"), "E": hull("E")},
        ),
        scripts=({}, {"battle.order": [order]}),
    )
    table.put("P1"), table.put("M", "P1")
    table.put("A", "P1"), table.put("D", "P1")  # the orbit of the enemy's planet
    table.put("B", "s1"), table.put("E", "s1")  # a sector shared with the enemy
    table.put("L", "s2")  # alone: nobody to fight
    table.state.priority = 1
    return table


@pytest.mark.rules("BATTLE-1", "BATTLE-2", "BATTLE-3", "BATTLE-4", "PHASE-41")
def test_every_meeting_fights_in_the_order_the_priority_player_picks_one_battle_at_a_time():
    """«все флоты игроков, находящиеся с противником в одном секторе открытого космоса или на
    орбите одного и того же космического объекта, должны вступить в сражение. Если в данную фазу
    должно произойти несколько сражений, последовательность их отыгрыша определяет Командор
    имеющий приоритет в инициативе. Карты первых двух сражающихся флотов перемещаются в зону боя
    … Если на космическом объекте есть военные постройки … их карты также перемещаются в зону
    боя»; «далее каждое сражение отыгрывается отдельно»."""
    table = two_battles_table("s1")
    battle_phase(table.game, 0)
    uid = table.uid
    (order,) = table.players[1].of_kind("battle.order")  # player 1 holds the priority
    assert keys(order) == [uid["P1"], "s1"]  # not s2, where nobody meets an enemy
    assert table.players[0].of_kind("battle.order") == []
    battles = table.events("battle")
    assert [b["at"] for b in battles] == ["s1", uid["P1"]]
    assert battles[0]["sides"] == [[uid["B"]], [uid["E"]]]
    assert battles[1]["sides"] == [[uid["A"]], [uid["D"], uid["M"]]]  # the battery joins
    types = table.types()
    second = [i for i, t in enumerate(types) if t == "battle"][1]
    first_battle, second_battle = types[:second], types[second:]
    # One battle from its start to its end, then the next: their rounds never interleave.
    assert first_battle.count("battle_start") == second_battle.count("battle_start") == 1
    assert "battle_end" in first_battle and "battle_end" in second_battle


@pytest.mark.rules("CAP-6", "PHASE-40", "CAP-2")
def test_control_passes_right_after_the_battle_at_the_object_before_the_next_battle():
    """After each battle: «игрок получает контроль над космическим объектом противника (если это
    возможно)», then «отыгрывается следующее сражение, происходящее в данной фазе сражения»."""
    table = two_battles_table("p1.01")  # the planet's orbit first
    battle_phase(table.game, 0)
    types = table.types()
    captured = types.index("captured")
    battles = [i for i, t in enumerate(types) if t == "battle"]
    assert battles[0] < captured < battles[1]
    assert table.card("P1").controller == 0
    assert table.card("M").zone is Zone.LOSSES


# --- retreat, capture, blockade (WDR-7, CAP, GRD-1, CIV-5, STN) -------------------------------


@pytest.mark.rules("WDR-7", "CAP-2")
def test_a_fleet_withdrawing_from_its_own_planet_loses_the_planet():
    """«Если же отступает флот, находящийся на орбите космического объекта, контролируемого
    игроком, игрок может потерять контроль над этим объектом»."""
    table = Table(
        ({"A": warship("A", speed=5)}, {"P1": PLANET, "D": hull("D", speed=5)}),
        scripts=({}, {"battle.withdraw": ["withdraw:" + "p1.02"]}),
    )
    table.put("P1"), table.put("A", "P1"), table.put("D", "P1")
    battle_phase(table.game, 0)
    assert table.at("D").startswith("s")  # «перемещается в сектор открытого космоса»
    assert table.card("D").zone is Zone.PLAY
    assert table.card("P1").controller == 0
    assert table.events("captured")[0]["how"] == "orbit"


@pytest.mark.rules("CAP-1", "CAP-5")
def test_an_object_stays_with_its_controller_until_captured_and_lies_in_the_captor_s_zone():
    """«Игрок сохраняет контроль над космическим объектом до того момента, пока этот объект не
    будет захвачен другим игроком»; «Захваченные объекты или “заблокированные” объекты
    перемещаются в зону космических объектов игрока, который их захватил/заблокировал»."""
    table = Table(({"A": hull("A")}, {"P1": PLANET, "G": GROUND_UNIT}))
    planet = table.put("P1")
    resolve_control(table.game)  # nobody on its orbit: nothing changes
    assert (planet.controller, table.state.zone_of(planet)) == (1, 1)
    table.put("G", "P1"), table.put("A", "P1")
    resolve_control(table.game)  # blocked, held by the ground unit
    assert (planet.controller, table.state.zone_of(planet)) == (1, 0)
    table.game.lose_card(table.uid["G"], "test")
    resolve_control(table.game)  # captured
    assert (planet.controller, table.state.zone_of(planet)) == (0, 0)
    table.card("A").where = "s1"  # the captor's fleet leaves: the planet stays his
    resolve_control(table.game)
    assert planet.controller == 0 and planet in table.state.objects(0)


@pytest.mark.rules("GRD-1", "CIV-5", "CAP-3")
def test_a_ground_unit_holds_a_blocked_planet_a_civil_building_does_not():
    """«Пока на космическом объекте, контролируемом игроком, находится наземный отряд, данный
    объект не может быть взят под контроль противником»; only «корабли противника на орбите и
    военные постройки/наземные отряды противника» prevent a capture."""
    table = Table(
        ({"A": hull("A"), "B": hull("B")},
         {"P1": PLANET, "Q1": PLANET, "G": GROUND_UNIT, "M": MARKET}),
        scripts=({"capture.civil_building": ["capture"]}, {}),
    )  # fmt: skip
    table.put("P1"), table.put("Q1")
    table.put("G", "P1"), table.put("M", "Q1")
    table.put("A", "P1"), table.put("B", "Q1")
    resolve_control(table.game)
    assert table.card("P1").controller == 1 and table.state.is_blocked(table.card("P1"))
    assert table.card("Q1").controller == 0


@pytest.mark.rules("CAP-7", "STN-8")
def test_a_station_is_never_captured_from_its_orbit_only_blocked():
    """«Станция НЕ может быть взята под контроль как обычный космический объект. Станция может
    быть взята под контроль противником, ТОЛЬКО если он успешно взял ее на абордаж»."""
    station = {"kind": "space_object", "name": "Станция", "cost": 5, "object_type": "station",
               "strength": 10}  # fmt: skip
    table = Table(({"A": hull("A")}, {"S1": station}))
    table.put("S1"), table.put("A", "S1")
    resolve_control(table.game)
    assert table.card("S1").controller == 1
    assert table.state.is_blocked(table.card("S1")) and table.state.zone_of(table.card("S1")) == 0


@pytest.mark.rules("STN-13", "STN-2")
def test_ships_left_on_the_orbit_of_a_destroyed_station_are_in_open_space():
    """«Если космический объект-станция уничтожен, оставшиеся после сражения на ее орбите корабли
    считаются находящимися в секторе открытого космоса»."""
    station = {"kind": "space_object", "name": "Станция", "cost": 5, "object_type": "station",
               "strength": 6}  # fmt: skip
    table = Table(({"A": warship("A"), "B": hull("B")}, {"S1": station}))
    table.put("S1"), table.put("A", "S1"), table.put("B", "S1")
    battle_phase(table.game, 0)
    assert table.card("S1").zone is Zone.LOSSES
    assert table.at("A").startswith("s") and table.at("A") == table.at("B")  # still one fleet


@pytest.mark.rules("CAP-8")
def test_new_ships_go_to_orbits_i_hold_or_block_units_only_to_my_unblocked_objects():
    """Ships are placed «на орбитах космических объектов, контролируемых игроком и не
    заблокированных противником, либо контролируемых противником, но заблокированных игроком»;
    «Наземные отряды и постройки могут быть размещены только на незаблокированных космических
    объектах подходящего типа, контролируемых игроком»."""
    table = Table(
        ({"P0": PLANET, "Q0": PLANET, "N": hull("N"), "G": GROUND_UNIT, "A": hull("A")},
         {"P1": PLANET, "R1": PLANET, "E": hull("E"), "H": GROUND_UNIT}),
        scripts=({"place.ship": ["p1.01"], "place.ground": ["p0.01"]}, {}),
    )  # fmt: skip
    for alias in ("P0", "Q0", "P1", "R1"):
        table.put(alias)
    table.put("E", "Q0")  # the enemy blocks my Q0
    table.put("A", "P1"), table.put("H", "P1")  # I block the enemy's P1 (his unit holds it)
    table.put("N"), table.put("G")
    table.game.place_ship(0, table.uid["N"])
    table.game.place_on_object(0, table.uid["G"])
    (ships,) = table.players[0].of_kind("place.ship")
    (units,) = table.players[0].of_kind("place.ground")
    uid = table.uid
    assert keys(ships) == ["new", uid["home0"], uid["P0"], uid["P1"]]  # not Q0, not R1
    assert keys(units) == [uid["home0"], uid["P0"]]
    assert (table.at("N"), table.at("G")) == ("P1", "P0")


# --- built-in buildings and units (MILB-6, MILB-7, GRD-6, GRD-7, GRD-5) ------------------------


def fortified_planet(part: dict[str, Any]) -> dict[str, Any]:
    return {**PLANET, "name": "Крепость", "built_in": [part]}


@pytest.mark.rules("MILB-6", "MILB-7")
def test_a_built_in_battery_destroyed_is_marked_on_its_planet_and_never_comes_back():
    """«Если наличие военной постройки является собственным свойством космического объекта …,
    уничтожение данной постройки отмечается специальной фишкой повреждений, размещаемой на карте,
    имеющей данное свойство. Уничтоженная военная постройка, являвшаяся свойством карты, не может
    быть восстановлена»."""
    gun = {"kind": "military_building", "name": "Форт", "strength": 6, "armor": 1,
           "weapons": {"plasma": 3}}  # fmt: skip
    table = Table(({"A": warship("A")}, {"F1": fortified_planet(gun), "B": hull("B")}))
    fort = table.put("F1")
    table.put("A", "F1")
    battle_phase(table.game, 0)
    assert fort.destroyed_built_in == {0}
    (first,) = table.events("battle")
    assert first["sides"][1] == [fort.uid + "#0"]
    assert fort.controller == 0  # no defender left: captured
    # The planet changes hands back; its battery is still gone.
    table.card("A").where = "s1"
    table.put("B", "F1")
    battle_phase(table.game, 1)
    assert fort.controller == 1 and fort.destroyed_built_in == {0}
    assert len(table.events("battle")) == 1  # nothing of the fort fought for its new owner


@pytest.mark.rules("GRD-6", "GRD-7", "GRD-5")
def test_bombs_on_a_built_in_unit_stay_until_production_its_destruction_is_marked():
    """«Если отряд не уничтожен, повреждения, нанесенные ему, обнуляются в фазу производства»;
    «уничтожение отряда отмечается специальной фишкой повреждений, размещаемой на карте, имеющей
    данное свойство. Уничтоженный наземный отряд, являвшийся свойством карты, не может быть
    восстановлен»."""
    garrison = {"kind": "ground_unit", "name": "Гарнизон", "strength": 5}
    bomber = ship("K", weapons={"bombs": 3})[1]
    table = Table(({"K": bomber}, {"F1": fortified_planet(garrison)}))
    fort = table.put("F1")
    table.put("K", "F1")
    battle_phase(table.game, 0)
    assert fort.built_in_damage == {0: 3} and fort.destroyed_built_in == set()
    assert fort.controller == 1  # «данный объект не может быть взят под контроль»
    battle_phase(table.game, 0)  # the next battle phase: 3 + 3 ≥ 5
    assert fort.destroyed_built_in == {0} and fort.controller == 0
    fort.built_in_damage[0] = 2
    table.game.production_phase()
    assert fort.built_in_damage == {} and fort.destroyed_built_in == {0}


# --- civil buildings (CIV-1, CIV-3, CIV-4) --------------------------------------------------------


UNGUARDED_MARKET = {key: value for key, value in MARKET.items() if key != "strength"}
HOME_INCOME = ASTEROID["income"]["resources"]
PLANET_INCOME = PLANET["income"]["resources"]
MARKET_INCOME = MARKET["income"]["resources"]


def market_table(answer: str) -> Table:
    """The enemy's planet with only a market on it (no strength: nothing to fight) and my
    ship on its orbit."""
    table = Table(
        ({"Q0": PLANET, "A": hull("A")}, {"P1": PLANET, "M": UNGUARDED_MARKET, "E": hull("E")}),
        scripts=({"capture.civil_building": [answer], "move.ground": ["p0.01"]}, {}),
    )
    table.put("Q0"), table.put("P1"), table.put("M", "P1"), table.put("A", "P1")
    return table


def income(table: Table) -> int:
    me = table.state.players[0]
    me.resources = 0
    table.game.receive_resources(0)
    return me.resources


@pytest.mark.rules("CIV-3", "CIV-4", "CIV-1")
def test_a_captured_civil_building_moves_and_pays_from_the_next_turn():
    """«Если космический объект с гражданскими постройками взят под контроль противником, он может
    немедленно уничтожить гражданские постройки или захватить их; в последнем случае он может
    перемещать их и использовать их свойства, начиная со следующего хода»; «Гражданские постройки
    могут использовать свои свойства, только если космический объект, где они расположены, не
    заблокирован»."""
    table = market_table("capture")
    battle_phase(table.game, 0)
    market = table.card("M")
    assert (table.card("P1").controller, market.controller, market.owner) == (0, 0, 1)
    (asked,) = table.players[0].of_kind("capture.civil_building")
    assert keys(asked) == ["capture", "destroy"]
    assert income(table) == 5 + HOME_INCOME + 2 * PLANET_INCOME  # the market not this turn
    table.game.movement_phase(0)
    assert table.players[0].of_kind("move.ground") == []
    table.state.turn += 1
    assert income(table) == 5 + HOME_INCOME + 2 * PLANET_INCOME + MARKET_INCOME
    table.game.movement_phase(0)
    assert table.at("M") == "Q0"
    table.put("E", "Q0")  # the enemy blocks Q0: neither the planet nor its market pays
    assert income(table) == 5 + HOME_INCOME + PLANET_INCOME


@pytest.mark.rules("CIV-3")
def test_the_captor_may_destroy_civil_buildings_at_once():
    """«он может немедленно уничтожить гражданские постройки»."""
    table = market_table("destroy")
    battle_phase(table.game, 0)
    assert table.card("M").zone is Zone.LOSSES and table.uid["M"] in table.state.players[1].losses


# --- commercial runs, escort, smuggling (PROP-*) ------------------------------------------------


def trade_table(scripts: dict[str, list[str]], dice: tuple[int, ...] = ()) -> Table:
    table = Table(
        (
            {
                "P0": PLANET,
                "Q0": PLANET,
                "R0": PLANET,
                "T": TRADER_SHIP,
                "S": hull("S"),
                "V": hull("V"),
            },
            {"P1": PLANET, "E": hull("E")},
        ),
        scripts=(scripts, {}),
        dice=dice,
    )
    for alias in ("P0", "Q0", "R0", "P1"):
        table.put(alias)
    table.put("T", "P0"), table.put("S", "P0"), table.put("V", "s1")
    table.put("E", "R0")  # the enemy blocks R0
    return table


@pytest.mark.rules("PROP-COMMERCE-5", "PROP-COMMERCE-1", "PROP-COMMERCE-2")
def test_commercial_runs_come_after_the_resources_are_received():
    """Resources phase: «получение ресурсов …», then «совершение “коммерческих рейсов”, получение
    за них ресурсов и фишек действия»; the run goes to «другой космический объект,
    контролируемый им … и не заблокированный противником»."""
    table = trade_table({"commerce.run": ["run:p0.02"]})
    table.game.play_turn()
    (asked,) = table.players[0].of_kind("commerce.run")
    uid = table.uid
    assert keys(asked) == [
        "none",
        f"run:{uid['home0']}",
        f"smuggle:{uid['home1']}",
        f"run:{uid['Q0']}",
        f"smuggle:{uid['R0']}",  # own but blocked: only smuggling (PROP-SMUGGLE-1)
        f"smuggle:{uid['P1']}",
    ]
    assert table.players[0].asked[0].phase is Phase.RESOURCES
    events = table.game.log.events
    received = next(i for i, e in enumerate(events) if e["type"] == "resources")
    run = next(i for i, e in enumerate(events) if e["type"] == "commercial_run")
    assert events[received]["player"] == events[run]["player"] == 0 and received < run
    assert (events[run]["reward"], events[run]["tokens"]) == (2, 1)
    assert table.at("T") == "Q0"


@pytest.mark.rules("PROP-ESCORT-1", "PROP-ESCORT-2")
def test_ships_of_the_runner_s_fleet_may_escort_it_and_are_tapped():
    """«“Эскорт” - одновременно с кораблем, совершающим “коммерческий рейс” …, могут быть
    перемещены также другие корабли, находившиеся на начало фазы в одном с ним флоте. Данные
    корабли также поворачиваются»."""
    table = trade_table({"commerce.run": ["run:p0.02"], "commerce.escort": ["escort"]})
    from komandor.rules.commerce import commercial_runs

    commercial_runs(table.game, 0)
    (escort,) = table.players[0].of_kind("commerce.escort")  # S only: V is another fleet
    assert escort.context.ship == table.uid["S"]
    escorted = table.card("S")
    assert (table.at("S"), escorted.tapped, escorted.stay) == ("Q0", True, True)
    assert table.at("V") == "s1" and not table.card("V").tapped


@pytest.mark.rules("PROP-SMUGGLE-1", "PROP-SMUGGLE-2", "PROP-SMUGGLE-3", "PROP-SMUGGLE-4")
def test_a_smuggling_run_on_4_pays_and_the_ship_stays_home_tapped():
    """«Контрабандный рейс” - игрок может совершить “коммерческий рейс” и на планету,
    контролируемую противником, или планету, контролируемую игроком …, но заблокированную
    противником»; «корабль игрока поворачивается, но не перемещается»; «При D6 4+ … успешен:
    игрок получает фишку “коммерческого рейса” и полагающиеся за рейс ресурсы»."""
    table = trade_table({"commerce.run": ["smuggle:p1.01"]}, dice=(4,))
    from komandor.rules.commerce import commercial_runs

    me = table.state.players[0]
    commercial_runs(table.game, 0)
    trader = table.card("T")
    assert (table.at("T"), trader.tapped, trader.stay) == ("P0", True, False)
    assert (me.commerce_tokens, me.resources) == (1, 2)
    assert table.events("commercial_run")[0]["roll"] == 4
    # PROP-SMUGGLE-2: away from an own orbit there is no run at all.
    trader.where, trader.tapped = "s1", False
    commercial_runs(table.game, 0)
    assert len(table.players[0].of_kind("commerce.run")) == 1


@pytest.mark.rules("PROP-SMUGGLE-5", "PROP-SMUGGLE-3")
def test_a_smuggler_rolling_3_is_intercepted_and_destroyed_for_nothing():
    """«При меньшем значении кубика контрабандный корабль перехвачен: игрок ничего не получает, а
    корабль, совершавший “контрабандный коммерческий рейс”, немедленно уничтожается»."""
    table = trade_table({"commerce.run": ["smuggle:p0.03"]}, dice=(3,))
    from komandor.rules.commerce import commercial_runs

    me = table.state.players[0]
    commercial_runs(table.game, 0)
    assert table.card("T").zone is Zone.LOSSES
    assert (me.commerce_tokens, me.resources) == (0, 0)
    assert table.events("smuggling_failed")[0]["roll"] == 3
