"""Scenario files: the book's worked example, the file format and the command line."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from matches.engine.battle import BattleEnd
from matches.engine.events import EventLog
from matches.engine.scenario import (
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
    for event in log:
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
        [sys.executable, "-m", "matches.engine.scenario", str(BOOK)],
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


def test_a_script_key_that_is_not_legal_is_reported():
    data = json.loads(BOOK.read_text(encoding="utf-8"))
    # round 2: a type-В maser cannot fire at the cruiser's type-С shield
    data["choices"]["defender"]["battle.attack"] = ["CH:missiles.long>MK", "CH:maser>EX"]
    with pytest.raises(ValueError, match=r"not a legal battle\.attack choice"):
        scenario_run(scenario_from_dict(data))
