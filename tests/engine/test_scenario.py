"""Scenario files — battles (the book's worked example) and mid-game positions: the file
format, the command line, and the rules the stored files show."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from komandor.agents.heuristic import HeuristicAgent
from komandor.rules.battle import BattleEnd, BattleSide, Combatant, battle_fight
from komandor.rules.dice import FixedDice
from komandor.rules.events import EventLog
from komandor.scenario import (
    ScenarioError,
    main,
    scenario_from_dict,
    scenario_load,
    scenario_run,
)

SCENARIOS = Path(__file__).parent / "scenarios"
BOOK = SCENARIOS / "book_example.json"
ROOT = Path(__file__).resolve().parents[2]


def damage_after_each_attack(log: EventLog) -> list[tuple[int, str, str, int]]:
    rnd, out = 0, []
    for event in log.events:
        if event["type"] == "round_start":
            rnd = event["round"]
        elif event["type"] == "attack":
            out.append((rnd, event["by"], event["target"], event["damage"]))
    return out


@pytest.mark.rules("TEST-EXAMPLE-1", "WPN-PLASMA-2", "WPN-MASER-8", "WPN-MISSILE-3", "BEND-3")
def test_book_example_follows_the_rules_with_the_printed_shield_c3():
    """«Крейсер класса “Экзорцист” - прочность 8(5), щит С3»: the plasma hit is 10 − 3 = 7, so
    the cruiser survives the round and is lost to its critical 5 after the battle (AMB-6)."""
    run = scenario_run(scenario_load(BOOK))
    assert damage_after_each_attack(run.log) == [
        (1, "CH", "MK", 3),  # «4 (мощность ракеты) – 1 (броня Штурмовика)»
        (2, "EX", "CH", 8),  # «равные полной мощности мазера – 8»
        (2, "CH", "EX", 7),  # 10 − 3: the rules' arithmetic, not the printed «- 2»
        (2, "MK", "CH", 2),  # «6 (мощность плазменных орудий) – 4 (мощность щита)»
        (3, "MK", "CH", 2),  # «В общей сложности Линкор получил повреждения, равные ... (12)»
    ]
    (missiles,) = [e for e in run.log.of_type("attack") if e["weapon"] == "missiles.long"]
    assert missiles["rolls"] == [2, 4, 4, 6] and missiles["hits"] == 1  # «одна ракета попала»
    round_ends = {e["round"]: e["damage"] for e in run.log.of_type("round_end")}
    assert round_ends[2]["CH"] == 10  # «В общей сложности Линкор получил 10 повреждений»
    assert run.result.destroyed == [("CH", "damage"), ("EX", "critical"), ("MK", "critical")]
    assert run.result.rounds == 3 and run.result.end is BattleEnd.ELIMINATED
    assert run.unused_dice == 0 and run.unused_choices == {}


@pytest.mark.rules("TEST-EXAMPLE-1", "BATTLE-22")
def test_book_example_printed_trace_with_a_shield_of_2():
    """With «10 (мощность плазменных орудий) - 2 (мощность щита)» the cruiser takes 8 and «поскольку
    его прочность также равна 8 – Крейсер уничтожен» at once; the outcome is the same."""
    data = json.loads(BOOK.read_text(encoding="utf-8"))
    printed = copy.deepcopy(data)
    printed["attacker"]["combatants"][0]["card"]["shield"] = "С2"
    run = scenario_run(scenario_from_dict(printed))
    assert (2, "CH", "EX", 8) in damage_after_each_attack(run.log)
    assert run.result.destroyed == [("EX", "damage"), ("CH", "damage"), ("MK", "critical")]
    losses = {0: 0, 1: 0}
    costs = {"EX": 5, "MK": 2, "CH": 10}
    for uid, _ in run.result.destroyed:
        losses[run.result.combatants[uid].player] += costs[uid]
    assert losses == {0: 7, 1: 10}  # «разменял два более дешевых корабля ... на дорогой»


def test_every_stored_scenario_runs_and_uses_all_its_dice_and_choices():
    files = sorted(SCENARIOS.glob("*.json"))
    assert BOOK in files
    for path in files:
        run = scenario_run(scenario_load(path))
        assert run.unused_dice == 0, path.name
        assert run.unused_choices == {}, path.name


def test_command_line_prints_the_event_log_as_json_lines():
    completed = subprocess.run(
        [sys.executable, "-m", "komandor.scenario", str(BOOK)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    lines = [json.loads(line) for line in completed.stdout.splitlines()]
    assert lines[0]["type"] == "battle_start"
    assert lines[-2]["type"] == "battle_end" and lines[-2]["winner"] == 0
    assert lines[-1] == {"type": "scenario_end", "unused_choices": {}, "unused_dice": 0}


def test_bad_scenarios_name_every_problem(tmp_path, capsys):
    with pytest.raises(ScenarioError) as caught:
        scenario_from_dict(
            {
                "site": {"kind": "moon"},
                "attacker": {"combatants": [{"uid": "A", "card": {"kind": "ship"}}]},
                "dice": [7],
                "choices": {"attacker": {"battle.attack": "A:plasma>D"}},
            }
        )
    message = str(caught.value)
    for fragment in (
        "site.kind",
        "attacker.combatants[0] (A)",
        "defender",
        "dice",
        "choices.attacker",
    ):
        assert fragment in message
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert main([str(broken)]) == 2
    assert "scenario error" in capsys.readouterr().err
    assert main([]) == 2


def test_a_battle_file_refuses_true_as_a_die():
    # JSON true is not a die showing 1 (Python's bool is an int); position files share the check.
    data = json.loads(BOOK.read_text(encoding="utf-8"))
    data["dice"] = [True, 4]
    with pytest.raises(ScenarioError, match=r"dice: a list of D6 results 1\.\.6"):
        scenario_from_dict(data)


def test_a_script_key_that_is_not_legal_is_reported():
    data = json.loads(BOOK.read_text(encoding="utf-8"))
    # round 2: a type-В maser cannot fire at the cruiser's type-С shield
    data["choices"]["defender"]["battle.attack"] = ["CH:missiles.long>MK", "CH:maser>EX"]
    with pytest.raises(ValueError, match=r"not a legal battle\.attack choice"):
        scenario_run(scenario_from_dict(data))


def test_unscripted_battle_decisions_go_to_the_heuristic_agent():
    """The book's example with no script at all fights as two ``HeuristicAgent``s would."""
    data = json.loads(BOOK.read_text(encoding="utf-8"))
    data["choices"] = {}
    scenario = scenario_from_dict(data)
    run = scenario_run(scenario)
    sides = [
        BattleSide(
            player=player,
            combatants=[Combatant.from_card(c.uid, c.card, player=player) for c in setups],
        )
        for player, setups in zip(scenario.players, scenario.combatants, strict=True)
    ]
    log = EventLog()
    battle_fight(
        attacker=sides[0],
        defender=sides[1],
        site=scenario.site,
        agents={0: HeuristicAgent(), 1: HeuristicAgent()},
        dice=FixedDice(scenario.dice),
        log=log,
    )
    assert run.log.to_jsonl() == log.to_jsonl()


# --- position scenarios ------------------------------------------------------------------------


def run_cli(capsys, path):
    """Exit status, the logged events and the closing ``scenario_end`` line of ``main``."""
    code = main([str(path)])
    out = capsys.readouterr().out
    lines = [json.loads(line) for line in out.splitlines()]
    return code, lines[:-1], lines[-1] if lines else None


def events(log, *types):
    return [event for event in log if event["type"] in types]


def stored(name):
    return json.loads((SCENARIOS / name).read_text(encoding="utf-8"))


def write(tmp_path, data, name="variant.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.rules(
    "OBJ-7", "AMB-11", "PROD-2", "PROD-4", "PROD-5", "PROD-8", "PHASE-9", "PHASE-10",
    "PHASE-17", "PHASE-18",
)  # fmt: skip
def test_production_position_file_holds_the_seventh_object_and_finishes_a_station(capsys):
    """«Игрок не может иметь в игре одновременно более 7 карт космических объектов, учитывая
    также объекты, введенные игроком, но захваченные/заблокированные противником»: player 0 has
    five objects, one more the enemy captured and a station in production — seven — so the
    planet in his hand is never offered; «Когда на данную карту будет потрачено достаточно
    ресурсов … карта переворачивается и считается построенной»: 4 tokens + 3 finish the station;
    the cruiser gets «фишки производства в количестве, равном потраченным … ресурсам», and the
    last 5 resources become 5 action tokens. The lower initiative produces first."""
    code, log, end = run_cli(capsys, SCENARIOS / "production_seven_objects.json")
    assert code == 0 and end == {"type": "scenario_end", "unused_choices": {}, "unused_dice": 0}
    (position,) = events(log, "position")
    uid = position["cards"]
    assert position["phase"] == "production" and position["turn"] == 4
    steps = [
        (e["type"], e["player"], e.get("card"), e.get("paid"), e.get("tokens"))
        for e in events(log, "built", "production", "exchange")
    ]
    assert steps == [
        ("built", 0, uid["base"], 3, None),
        ("production", 0, uid["cruiser"], 2, 2),
        ("exchange", 0, None, None, 5),
        ("built", 1, uid["colony1"], 4, None),
        ("exchange", 1, None, None, 1),
    ]
    # Three decisions: the station, the cruiser, «дальше» — the planet was no option.
    assert [e["key"] for e in events(log, "choice") if e["player"] == 0] == [
        f"{uid['base']}:3",
        f"{uid['cruiser']}:2",
        "next",
    ]


@pytest.mark.rules("OBJ-7", "AMB-11")
def test_without_the_captured_object_the_same_player_may_start_the_planet(tmp_path, capsys):
    """The captured asteroid is what makes seven: without it (and the enemy ship on its orbit)
    the planet in hand can be started and completed."""
    data = stored("production_seven_objects.json")
    first, second = data["position"]["players"]
    del first["cards"]["lost"], second["cards"]["raider"]
    first["script"] = {"production.build": ["{base}:3", "{colony0}:4", "next"]}
    code, log, end = run_cli(capsys, write(tmp_path, data))
    uid = events(log, "position")[0]["cards"]
    assert code == 0 and end["unused_choices"] == {}
    assert [e["card"] for e in events(log, "built") if e["player"] == 0] == [
        uid["base"],
        uid["colony0"],
    ]


@pytest.mark.rules(
    "MOVE-8", "BATTLE-6", "CAP-2", "CAP-6", "PHASE-40", "CIV-3", "CIV-5", "PROP-EVADE-1",
)  # fmt: skip
def test_capture_position_file_takes_the_asteroid_right_after_the_battle(capsys):
    """«Корабли игрока … могут быть перемещены также к космическому объекту, контролируемому
    противником»; the mover attacks; the picket dies, and «игрок получает контроль над
    космическим объектом противника» as the last step of the battle; the market («гражданские
    постройки») does not hold the asteroid, and its captor «может немедленно уничтожить
    гражданские постройки или захватить их»."""
    code, log, end = run_cli(capsys, SCENARIOS / "capture_with_civil_building.json")
    uid = events(log, "position")[0]["cards"]
    assert code == 0 and end == {"type": "scenario_end", "unused_choices": {}, "unused_dice": 0}
    moves = [(e["card"], e["to"]) for e in events(log, "moved")]
    assert moves == [(uid["cruiser"], uid["outpost"]), (uid["striker"], uid["outpost"])]
    (battle,) = events(log, "battle")
    assert (battle["at"], battle["attacker"], battle["defender"]) == (uid["outpost"], 0, 1)
    assert battle["sides"] == [[uid["cruiser"], uid["striker"]], [uid["picket"]]]
    assert events(log, "evade")[0]["uid"] == uid["picket"]  # the Magnum-K's manoeuvre
    tail = [e["type"] for e in log[log.index(events(log, "battle_end")[0]) :]]
    assert tail == ["battle_end", "destroyed", "captured", "choice"]
    assert events(log, "captured")[0] == {
        "seq": log[-2]["seq"],
        "type": "captured",
        "card": uid["outpost"],
        "by": 0,
        "how": "orbit",
    }
    assert log[-1]["kind"] == "capture.civil_building" and log[-1]["key"] == "capture"


@pytest.mark.rules(
    "CAP-3", "CAP-4", "RES-1", "RES-2", "RES-9", "PROP-COMMERCE-1", "PROP-COMMERCE-2",
    "PROP-COMMERCE-4", "PROP-SMUGGLE-3",
)  # fmt: skip
def test_blockade_position_file_gives_no_income_from_the_blocked_planet(capsys):
    """«Игрок сохраняет контроль над объектом, если на нем находятся его наземные отряды, даже
    когда на орбите объекта есть корабли противника … При этом игрок не может использовать
    свойства заблокированного объекта»: 5 + 1 + 1 from the two free asteroids, nothing from the
    planet; the run goes to the free asteroid; the enemy smuggler rolls the 5 of the file."""
    code, log, end = run_cli(capsys, SCENARIOS / "blockade_resources.json")
    uid = events(log, "position")[0]["cards"]
    assert code == 0 and end == {"type": "scenario_end", "unused_choices": {}, "unused_dice": 0}
    income = [(e["player"], e["resources"], e["tokens"]) for e in events(log, "resources")]
    assert income == [(0, 5 + 1 + 1, 1 + 1), (1, 5 + 2, 0)]
    runs = [
        (e["player"], e["action"], e["target"], e["reward"]) for e in events(log, "commercial_run")
    ]
    assert runs == [(0, "run", uid["depot"], 2), (1, "smuggle", uid["home0"], 2)]
    assert events(log, "commercial_run")[1]["roll"] == 5


@pytest.mark.rules("PROP-COMMERCE-2", "CAP-4")
def test_a_run_to_the_blocked_planet_is_not_legal_and_the_error_lists_the_legal_keys(
    tmp_path, capsys
):
    """«на другой космический объект, контролируемый им … и не заблокированный противником»."""
    data = stored("blockade_resources.json")
    data["position"]["players"][0]["script"] = ["run:{home0}"]
    assert main([str(write(tmp_path, data))]) == 2
    err = capsys.readouterr().err
    assert err.startswith("scenario error: 'run:p0.00' is not a legal commerce.run choice")
    assert "legal: none, run:p0.03" in err


@pytest.mark.rules("WIN-8", "TURN-2")
def test_turns_play_on_into_the_next_turn_until_the_match_is_decided(tmp_path, capsys):
    """``{"turns": 3}`` from the resources phase: the Trader's run brings the seventh token, and
    «в начале хода» of turn 4 he wins; nothing is played after that."""
    data = stored("blockade_resources.json")
    data["position"]["players"][0].update(victory="trader", commerce_tokens=6, commander_at="home0")
    data["play"] = {"turns": 3}
    code, log, end = run_cli(capsys, write(tmp_path, data))
    assert code == 0 and end["unused_dice"] == 0
    assert [e["turn"] for e in events(log, "turn")] == [4]
    assert log[-1]["type"] == "victory" and log[-1]["winner"] == 0
    assert log[-1]["termination"] == "trader" and log[-1]["turn"] == 4


def test_a_position_file_prints_the_same_bytes_every_time():
    path = SCENARIOS / "capture_with_civil_building.json"
    outputs = {
        subprocess.run(
            [sys.executable, "-m", "komandor.scenario", str(path)],
            capture_output=True,
            cwd=ROOT,
            check=True,
        ).stdout
        for _ in range(2)
    }
    assert len(outputs) == 1


def test_a_malformed_position_file_names_every_problem_and_exits_2(tmp_path, capsys):
    data = stored("capture_with_civil_building.json")
    data["position"]["phase"] = "lunch"
    data["position"]["players"][0]["cards"]["cruiser"]["at"] = "moon"
    data["position"]["players"][1]["commander_at"] = "nobody"
    data["play"] = {"phases": ["battle_1", "move_1"]}
    data["site"] = {"kind": "open_space"}
    assert main([str(write(tmp_path, data))]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err
    assert err.startswith("scenario error: ")
    for fragment in (
        "site: not a key of a position scenario",
        "position.phase: one of start, draw",
        "position.players[0].cards.cruiser.at: 'moon' is neither a card label nor a sector",
        "position.players[1].commander_at: the label of a ship or space object",
        "play.phases: phases of one turn in the turn's order",
    ):
        assert fragment in err, fragment
    assert "Traceback" not in err


def test_play_phases_may_not_go_back_before_the_position_s_phase():
    data = stored("capture_with_civil_building.json")
    data["play"] = {"phases": ["production", "move_1"]}
    with pytest.raises(ScenarioError, match="none before the position's phase 'move_1'"):
        scenario_from_dict(data)
    data["play"] = {"turns": 0}
    with pytest.raises(ScenarioError, match=r"play\.turns: a whole number ≥ 1"):
        scenario_from_dict(data)
    data["play"] = {"phases": ["move_1"], "turns": 1}
    with pytest.raises(ScenarioError, match="play: "):
        scenario_from_dict(data)
