"""Battle rules of the war groups that a stored scenario shows best (tests/engine/scenarios/)."""

from pathlib import Path

import pytest

from komandor.rules.battle import BattleEnd
from komandor.scenario import scenario_load, scenario_run

SCENARIOS = Path(__file__).parent / "scenarios"


@pytest.mark.rules("ECH-2")
def test_the_commander_s_transport_waits_in_the_second_echelon_out_of_reach():
    """«Эти корабли (например: транспорты, ремонтные суда, корабль Командора) не участвуют в
    сражении, пока не будут уничтожены (или не выйдут из боя) все корабли первого эшелона»: the
    unarmed transport carrying the Commander is put in reserve, the enemy can only shoot the
    cruiser, and the transport leaves the battle untouched."""
    run = scenario_run(scenario_load(SCENARIOS / "second_echelon_commander.json"))
    assert [e["uid"] for e in run.log.of_type("second_echelon")] == ["T"]
    attacks = [(e["by"], e["target"], e["damage"]) for e in run.log.of_type("attack")]
    assert attacks == [("A1", "D1", 20), ("D1", "A1", 4), ("A1", "D1", 20)]  # 20 + 20 ≥ 30
    assert run.result.end is BattleEnd.ELIMINATED and run.result.winner == 0
    assert run.result.destroyed == [("D1", "damage")]
    assert run.result.combatants["T"].damage == 0
    assert run.unused_dice == 0 and run.unused_choices == {}
