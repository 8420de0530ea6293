"""The heuristic agent's movement: the Commander's carrier and a guard stay home, the free fleet
goes together where it overpowers the enemy, the enemy Commander's place first."""

from matches.engine.agents import ATTACK_MARGIN, ESCORT_POWER, GUARD_SHARE, HeuristicAgent
from matches.engine.decisions import Decision, Option

HOME = {"to": "home", "orbit": True, "controller": 0, "own_commander": True, "own_power": 60,
        "enemy_power": 0}  # fmt: skip
NEW = {"to": "new", "orbit": False}


def enemy_orbit(key, *, enemy_power, own_power=0, commander=False, income=2, units=0):
    data = {"to": key, "orbit": True, "controller": 1, "own_power": own_power,
            "enemy_power": enemy_power, "enemy_commander": commander, "own_commander": False,
            "income": income, "ground_units": units}  # fmt: skip
    return Option(key, key, data)


def move(*places, here=HOME, power=10, mobile=100, commander=False):
    options = (Option("stay", "", here), Option("new", "", NEW), *places)
    context = {"ship": {"power": power}, "mobile_power": mobile, "commander": commander}
    return Decision(0, "move.ship", options, context)


def chosen(decision):
    return decision.options[HeuristicAgent().choose(decision)].key


def test_the_commander_s_carrier_in_open_space_stays_there():
    sector = {"to": "s1", "orbit": False, "own_power": 30, "enemy_power": 0}
    target = enemy_orbit("P", enemy_power=1, commander=True)
    assert chosen(move(target, here=sector, commander=True)) == "stay"


def test_the_commander_s_carrier_leaves_an_orbit_for_open_space():
    # Heuristic 1.0 kept him on the orbit, where the first battle could take him (turn-1 losses).
    fleet = Option("s1", "", {"to": "s1", "orbit": False, "own_power": 30, "enemy_power": 0})
    assert chosen(move(enemy_orbit("P", enemy_power=1, commander=True), commander=True)) == "new"
    assert chosen(move(fleet, commander=True)) == "s1"


def test_a_guard_share_of_the_fleet_stays_with_the_commander():
    guard = GUARD_SHARE * 100
    weak_home = {**HOME, "own_power": guard + 5}  # this ship (10) would leave less than the guard
    assert chosen(move(enemy_orbit("P", enemy_power=1), here=weak_home)) == "stay"
    assert chosen(move(enemy_orbit("P", enemy_power=1))) == "P"


def test_the_enemy_commander_s_place_comes_first_when_the_free_fleet_overpowers_it():
    rich = enemy_orbit("R", enemy_power=0, income=5)
    commander = enemy_orbit("C", enemy_power=40, commander=True, income=0)
    assert chosen(move(rich, commander)) == "C"  # free 70 ≥ 1.25 × 40 + 1


def test_no_attack_on_a_place_the_free_fleet_cannot_overpower():
    strong = enemy_orbit("S", enemy_power=60, commander=True)  # free 70 < 1.25 × 60 + 1
    sector = {"to": "s1", "orbit": False, "own_power": 10, "enemy_power": 0}
    assert ATTACK_MARGIN * 60 + 1 > 100 * (1 - GUARD_SHARE)
    assert chosen(move(strong, Option("home", "", HOME), here=sector)) == "home"


def test_no_more_ships_go_where_enough_already_are():
    enemy = 20
    enough = ATTACK_MARGIN * enemy + 1 + ESCORT_POWER
    covered = enemy_orbit("C", enemy_power=enemy, own_power=enough, commander=True)
    other = enemy_orbit("O", enemy_power=5)
    assert chosen(move(covered, other)) == "O"
    short = enemy_orbit("C", enemy_power=enemy, own_power=enough - 1, commander=True)
    assert chosen(move(short, other)) == "C"


def test_a_ship_holding_an_enemy_orbit_keeps_it_when_nothing_better_is_in_reach():
    held = {"to": "P", "orbit": True, "controller": 1, "own_power": 30, "enemy_power": 0,
            "own_commander": False}  # fmt: skip
    assert chosen(move(Option("home", "", HOME), here=held, mobile=10)) == "stay"


def attack(*options):
    return Decision(0, "battle.attack", (*options, Option("pass")), {})


def ram(expected):
    return Option("A1:ram>D1", "", {"mount": "ram", "expected": expected})


def test_a_ram_worth_nothing_or_less_is_declined():
    assert chosen(attack(ram(0))) == "pass"
    assert chosen(attack(ram(-2))) == "pass"


def test_a_ram_worth_something_is_made():
    assert chosen(attack(ram(0.5))) == "A1:ram>D1"


def test_the_best_declinable_attack_is_made_over_passing():
    boarding = Option("A2:boarding>D1", "", {"mount": "boarding", "expected": 1.2})
    assert chosen(attack(ram(0), boarding)) == "A2:boarding>D1"
