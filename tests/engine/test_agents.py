"""The heuristic agent: the Commander on the weakest ship, kept in open space (1.1); a guard
stays with a Commander on an orbit; the free fleet goes together where it overpowers the enemy,
the enemy Commander's place first."""

from komandor.agents.battle_values import attack_values
from komandor.agents.features import CardFeatures, Place
from komandor.agents.heuristic import (
    ATTACK_MARGIN,
    DEFAULT_WEIGHTS,
    ESCORT_POWER,
    GUARD_SHARE,
    HeuristicAgent,
    Weighed,
    move_ship_among,
    place_ship_among,
    weigh_cards,
)
from komandor.rules.battle import Combatant
from komandor.rules.cards import card_from_dict
from komandor.rules.decisions import Decision, DecisionKind, Option
from komandor.rules.facts import AttackFacts, DecisionContext, PlaceFacts
from komandor.rules.game import MatchOver
from tests.engine.positions import seen, two_homes
from tests.engine.test_battle import ship

HOME = {"to": "home", "orbit": True, "controller": 0, "own_commander": True, "own_power": 60,
        "enemy_power": 0}  # fmt: skip
NEW = {"to": "new", "orbit": False}


def enemy_orbit(key, *, enemy_power, own_power=0, commander=False, income=2, units=0):
    data = {"to": key, "orbit": True, "controller": 1, "own_power": own_power,
            "enemy_power": enemy_power, "enemy_commander": commander, "own_commander": False,
            "income": income, "ground_units": units}  # fmt: skip
    return key, data


def place_of(data):
    """A place as the heuristic weighs it (``features.Place``), from ``location_features``'
    values: a place with no values is an unknown one (a new sector)."""
    return Place(
        data["to"],
        bool(data.get("orbit")),
        data.get("own_power", -1),
        data.get("enemy_power", 0),
        "controller" in data,
        data.get("controller"),
        data.get("income", 0),
        bool(data.get("enemy_commander")),
        bool(data.get("own_commander")),
        data.get("ground_units") or 0,
        data.get("own_ground_units") or 0,
    )


def move(*places, here=HOME, power=10, mobile=100, commander=False):
    """A ship's move among ``places`` (``enemy_orbit``'s, or ``(key, features)``), weighed."""
    offered = [("stay", here), ("new", NEW), *places]
    options = tuple(Option(key, PlaceFacts(data["to"])) for key, data in offered)
    context = DecisionContext(ship="S", commander=commander)
    decision = Decision(0, DecisionKind.MOVE_SHIP, options, context)
    return decision, [place_of(data) for _, data in offered], power, mobile


def chosen(decision):
    """The heuristic's choice: of a move (``move``), of a place (``place``), of a decision
    naming cards (``Weighed``) or of any other decision."""
    if isinstance(decision, tuple) and len(decision) == 4:
        decision, places, power, mobile = decision
        index = move_ship_among(decision, places, power, mobile, DEFAULT_WEIGHTS)
    elif isinstance(decision, tuple):
        decision, places = decision
        index = place_ship_among(places)
    elif isinstance(decision, Weighed):
        index = weigh_cards(decision)
        decision = decision.decision
    else:
        index = HeuristicAgent().choose(decision)
    return decision.options[index].key


def test_the_commander_s_carrier_in_open_space_stays_there():
    sector = {"to": "s1", "orbit": False, "own_power": 30, "enemy_power": 0}
    target = enemy_orbit("P", enemy_power=1, commander=True)
    assert chosen(move(target, here=sector, commander=True)) == "stay"


def test_the_commander_s_carrier_leaves_an_orbit_for_open_space():
    # Heuristic 1.0 kept him on the orbit, where the first battle could take him (turn-1 losses).
    fleet = ("s1", {"to": "s1", "orbit": False, "own_power": 30, "enemy_power": 0})
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
    assert chosen(move(strong, ("home", HOME), here=sector)) == "home"


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
    assert chosen(move(("home", HOME), here=held, mobile=10)) == "stay"


class Battle:
    """A battle as an attack decision shows it (``battle.BattleView``): its cards alone, all
    that rams and boardings are weighed by."""

    def __init__(self, *combatants: Combatant) -> None:
        self.by_uid = {c.uid: c for c in combatants}


def fighter(uid: str, player: int, *, damage: int = 0, **stats) -> Combatant:
    uid, card = ship(uid, **stats)
    return Combatant.from_card(uid, card_from_dict(card), player=player, damage=damage)


def attack(*options, battle):
    context = DecisionContext(battle=battle)
    return Decision(0, DecisionKind.BATTLE_ATTACK, (*options, Option("pass")), context)


RAM = Option("A1:ram>D1", AttackFacts(("A1",), "ram", ("D1",)))


def rams(rammer_damage: int) -> Battle:
    """A1 (30) rams D1 (20, as fast: it may dodge): D1 loses 20, A1 20 of what it has left."""
    return Battle(
        fighter("A1", 0, strength=30, damage=rammer_damage),
        fighter("D1", 1, strength=20),
        fighter("A2", 0, strength=10, weapons={"boarding": {"strength": 3}}),
    )


def test_a_ram_worth_nothing_or_less_is_declined():
    assert attack_values(attack(RAM, battle=rams(0))) == [0, 0]
    assert chosen(attack(RAM, battle=rams(0))) == "pass"  # 20 − 20
    assert chosen(attack(RAM, battle=Battle(fighter("A1", 0, strength=8),
                                            fighter("D1", 1, strength=12)))) == "pass"  # fmt: skip


def test_a_ram_worth_something_is_made():
    # (20 − the 5 A1 has left) × 4/6, as D1 is as fast and may dodge
    assert attack_values(attack(RAM, battle=rams(25))) == [10, 0]
    assert chosen(attack(RAM, battle=rams(25))) == "A1:ram>D1"


def test_the_best_declinable_attack_is_made_over_passing():
    boarding = Option("A2:boarding>D1", AttackFacts(("A2",), "boarding", ("D1",)))
    values = attack_values(attack(RAM, boarding, battle=rams(0)))
    assert values is not None and values[1] > 0 == values[0]
    assert chosen(attack(RAM, boarding, battle=rams(0))) == "A2:boarding>D1"


def test_an_attack_decision_without_a_battle_to_read_is_weighed_as_nothing():
    assert attack_values(Decision(0, DecisionKind.BATTLE_ATTACK, (RAM, Option("pass")))) is None


# --- heuristic 1.1: the Commander hides in open space (issue 21) ---------------------------------


def carrier(key, *, kind, power=0, cost=1):
    return key, {"uid": key, "kind": kind, "power": power, "cost": cost}


def weighed(kind, options, context=None):
    """A decision naming cards as the heuristic weighs it: ``(key, features)`` per option (the
    features as a mapping of ``CardFeatures``' fields), ``context`` its context's fields."""
    context = DecisionContext(**(context or {}))
    decision = Decision(0, kind, tuple(Option(key) for key, _ in options), context)
    return Weighed(decision, tuple(CardFeatures(**data) for _, data in options))


def test_the_commander_goes_on_the_weakest_ship_not_the_dearest_object():
    # Heuristic 1.0 chose the planet (the dearest card), where the first battle could take him.
    options = (
        carrier("planet", kind="space_object", cost=6),
        carrier("cruiser", kind="ship", power=20, cost=5),
        carrier("scout", kind="ship", power=8, cost=2),
        carrier("corvette", kind="ship", power=8, cost=3),
    )
    assert chosen(weighed(DecisionKind.SETUP_COMMANDER, options)) == "scout"


def test_with_no_ship_built_the_commander_goes_on_the_dearest_object():
    options = (
        carrier("asteroid", kind="space_object", cost=3),
        carrier("planet", kind="space_object", cost=6),
    )
    assert chosen(weighed(DecisionKind.SETUP_COMMANDER, options)) == "planet"


def place(*places):
    offered = (NEW, *places)
    options = tuple(Option(p["to"], PlaceFacts(p["to"])) for p in offered)
    decision = Decision(0, DecisionKind.PLACE_SHIP, options, DecisionContext(ship="S"))
    return decision, [place_of(p) for p in offered]


def test_before_the_commander_is_placed_the_fleet_gathers_in_open_space():
    # Heuristic 1.0 put the first ship on its planet's orbit (own power 0 beats a new sector),
    # then every other ship there, so the Commander ended up on an orbit the enemy may enter.
    orbit = {"to": "home", "orbit": True, "controller": 0, "own_power": 0, "enemy_power": 0,
             "own_commander": False}  # fmt: skip
    assert chosen(place(orbit)) == "new"
    sector = {"to": "s1", "orbit": False, "own_power": 10, "enemy_power": 0}
    assert chosen(place({**orbit, "own_power": 30}, sector)) == "s1"
    assert chosen(place(sector, {**orbit, "own_commander": True})) == "home"


def test_in_production_the_commander_steps_from_an_object_onto_a_ship_and_stays_on_a_ship():
    on_object = (
        ("stay", {"kind": "space_object", "cost": 6}),
        carrier("cruiser", kind="ship", power=20),
        carrier("scout", kind="ship", power=8),
    )
    production = {"at": "planet", "phase": "production"}
    assert chosen(weighed(DecisionKind.COMMANDER_MOVE, on_object, production)) == "scout"
    on_ship = (
        ("stay", {"kind": "ship", "power": 8}),
        carrier("cruiser", kind="ship", power=20),
    )
    assert chosen(weighed(DecisionKind.COMMANDER_MOVE, on_ship, production)) == "stay"


def test_at_the_start_of_a_battle_phase_the_commander_stays_on_his_object():
    """The ship on the orbit is about to fight there: no safer than the object, and unlike in
    production it cannot leave for open space first."""
    on_object = (
        ("stay", {"kind": "space_object", "cost": 6}),
        carrier("scout", kind="ship", power=8),
    )
    battle = {"at": "planet", "phase": "battle_1"}
    assert chosen(weighed(DecisionKind.COMMANDER_MOVE, on_object, battle)) == "stay"


def test_a_commander_taken_into_open_space_survives_the_turn_that_takes_his_planet():
    """Player 1 (moving second) brings three cruisers against player 0's planet. Kept on the
    planet (1.0's ``stay``, scripted) the Commander is lost on turn 1; the heuristic moves him
    onto the cruiser on the orbit and takes it into a new sector first."""
    raiders = {"cards": {f"raider{i}": {"card": "exorcist", "at": "s1"} for i in range(3)}}

    def play(first):
        game, uid = two_homes(first, raiders, phase="start", dice=[3, 4, 5, 2, 6, 1] * 20)
        try:
            game.play_turn()
        except MatchOver as over:
            return over.outcome, game, uid
        return None, game, uid

    outcome, game, uid = play({"script": {"commander.move": ["stay"] * 3}})
    assert outcome is not None and outcome.winner == 1 and outcome.turn == 1
    outcome, game, uid = play({})
    assert outcome is None
    assert game.state.players[0].commander_at == uid["cruiser0"]
    assert game.state.cards[uid["cruiser0"]].where.startswith("s")
    assert seen(game, 0)[:2] == [
        ("production", "commander.move", uid["cruiser0"]),
        ("move_1", "move.ship", "new"),
    ]
