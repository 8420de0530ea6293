"""The battle procedure: rounds, order of attacks, ranges, manoeuvres, withdrawal, echelons,
the end of a battle — each test names the checklist rules it covers."""

from dataclasses import dataclass, replace
from typing import Any

import pytest

from komandor.agents.battle_values import attack_values
from komandor.agents.registry import ScriptedAgent
from komandor.rules.battle import (
    BattleEnd,
    BattleRules,
    BattleSetupError,
    BattleSide,
    BattleSite,
    Combatant,
    SiteKind,
    Status,
    battle_fight,
)
from komandor.rules.cards import CardKind, CardSpec, ObjectType, card_from_dict
from komandor.rules.decisions import Decision
from komandor.rules.dice import FixedDice
from komandor.rules.events import EventLog
from komandor.rules.facts import AttackFacts, NoFacts

OPEN = BattleSite(SiteKind.OPEN_SPACE)
PLANET = BattleSite(SiteKind.ORBIT, "planet")


def ship(uid: str, **stats: Any) -> tuple[str, dict[str, Any]]:
    """A ship card: medium size, strength 20(10) (critical half the strength unless given), no
    armor or shield, speed 5, no weapons."""
    card = {
        "kind": "ship",
        "name": uid,
        "cost": 3,
        "size": "SK",
        "strength": 20,
        "critical": 10,
        "armor": 0,
        "speed": 5,
        "weapons": {},
    }
    card.update(stats)
    if "strength" in stats and "critical" not in stats:
        card["critical"] = stats["strength"] // 2
    return uid, card


def card(uid: str, kind: str, **stats: Any) -> tuple[str, dict[str, Any]]:
    return uid, {"kind": kind, "name": uid, "cost": 2, **stats}


class DefaultAgent:
    """The passive player of the battle tests: fires the weapon attack with the most expected
    damage (ties: the first), never rams or boards on its own (it passes when nothing else is
    left), and otherwise takes the first option — the plain default of a yes/no decision
    (stay, continue, hold, keep, wait, land...), so an unscripted battle is the plain closing
    battle the book describes. ``HeuristicAgent`` differs: it rams or boards when that is the
    best expected damage, resumes closing and sends the second echelon in."""

    name = "default"

    def choose(self, decision: Decision, observation: object = None) -> int:
        best, best_value = None, -1
        values = attack_values(decision) or [0] * len(decision.options)
        for index, (option, value) in enumerate(zip(decision.options, values, strict=True)):
            data = option.data
            if not isinstance(data, AttackFacts) or data.mount in ("ram", "boarding"):
                continue
            if value > best_value:
                best, best_value = index, value
        if best is not None:
            return best
        for index, option in enumerate(decision.options):
            if option.key == "pass":
                return index
        return 0


class Recorder:
    """A scripted agent (per-kind queues, then ``DefaultAgent``) that also keeps every decision
    it was asked."""

    name = "recorder"

    def __init__(self, script: dict[str, list[str]] | None = None) -> None:
        self.inner = ScriptedAgent(script or {}, fallback=DefaultAgent(), name="script")
        self.decisions: list[Decision] = []
        self.values: list[list[int | float] | None] = []  # ``attack_values`` when asked

    def choose(self, decision: Decision, observation: object = None) -> int:
        self.decisions.append(decision)
        self.values.append(attack_values(decision))
        return self.inner.choose(decision)

    def asked(self, kind: str) -> list[Decision]:
        return [d for d in self.decisions if d.kind == kind]


@dataclass
class Fought:
    result: Any
    log: EventLog
    agents: dict[int, Recorder]
    dice_left: int
    combatants: dict[str, Combatant]

    def events(self, type_: str) -> list[dict[str, Any]]:
        return self.log.of_type(type_)

    def attacks(self) -> list[tuple[int, str, str, int]]:
        """(round, attacker, target, damage) for every weapon attack, in order."""
        rounds, out = 0, []
        for event in self.log.events:
            if event["type"] == "round_start":
                rounds = event["round"]
            elif event["type"] == "attack":
                out.append((rounds, event["by"], event["target"], event["damage"]))
        return out

    def causes(self) -> dict[str, str]:
        return dict(self.result.destroyed)


def fight(
    attacker: list[tuple[str, dict[str, Any]]],
    defender: list[tuple[str, dict[str, Any]]],
    *,
    dice: list[int] | tuple[int, ...] = (),
    script0: dict[str, list[str]] | None = None,
    script1: dict[str, list[str]] | None = None,
    site: BattleSite = OPEN,
    max_rounds: int = 100,
    damage: dict[str, int] | None = None,
    commander: str | None = None,
) -> Fought:
    damage = damage or {}

    def side(player: int, cards: list[tuple[str, dict[str, Any]]]) -> BattleSide:
        return BattleSide(
            player=player,
            combatants=[
                Combatant.from_card(
                    uid,
                    card_from_dict(spec),
                    player=player,
                    damage=damage.get(uid, 0),
                    on_planet=site.object_type == "planet",
                    has_commander=uid == commander,
                )
                for uid, spec in cards
            ],
        )

    sides = side(0, attacker), side(1, defender)
    agents = {0: Recorder(script0), 1: Recorder(script1)}
    rolls = FixedDice(dice)
    log = EventLog()
    result = battle_fight(
        attacker=sides[0],
        defender=sides[1],
        site=site,
        agents=agents,
        dice=rolls,
        log=log,
        rules=BattleRules(max_rounds=max_rounds),
    )
    for player, agent in agents.items():
        assert not agent.inner.unused(), f"player {player} script not used: {agent.inner.unused()}"
    return Fought(result, log, agents, rolls.remaining, result.combatants)


TURBO = {"turbolaser": {"power": 4}}
PLASMA = {"plasma": {"power": 4}}


# --- Order of attacks -----------------------------------------------------------------------


@pytest.mark.rules(
    "BATTLE-6", "BATTLE-13", "BATTLE-15", "BATTLE-18", "PHASE-27", "PHASE-28", "PHASE-29"
)
def test_attacker_attacks_first_then_sides_alternate():
    fought = fight(
        [ship("A1", weapons=TURBO), ship("A2", weapons=TURBO)],
        [ship("D1", weapons=TURBO), ship("D2", weapons=TURBO)],
        script0={"battle.attack": ["A2:turbolaser>D1"]},
        max_rounds=1,
    )
    first_round = [(by, target) for rnd, by, target, _ in fought.attacks() if rnd == 1]
    assert [by[0] for by, _ in first_round] == ["A", "D", "A", "D"]
    assert first_round[0] == ("A2", "D1")  # the owner picks which ship attacks (BATTLE-18)


@pytest.mark.rules("BATTLE-16", "PHASE-30")
def test_a_side_out_of_attacks_is_skipped_and_the_other_attacks_in_a_row():
    fought = fight(
        [ship("A1", weapons=TURBO)],
        [ship("D1", weapons=TURBO), ship("D2", weapons=TURBO), ship("D3", weapons=TURBO)],
        max_rounds=1,
    )
    assert [by for _, by, _, _ in fought.attacks()] == ["A1", "D1", "D2", "D3"]


@pytest.mark.rules("BATTLE-17", "BATTLE-19", "BATTLE-20", "SPECIAL-2")
def test_attacking_is_mandatory_one_weapon_one_target_never_own_ships():
    fought = fight(
        [ship("A1", weapons={"turbolaser": {"power": 4}, "missiles": {"long": "2-3"}})],
        [ship("D1"), ship("D2")],
        dice=[1, 1],
        script0={"battle.attack": ["A1:missiles.long>D2"]},
        max_rounds=1,
    )
    (decision,) = fought.agents[0].asked("battle.attack")
    keys = [option.key for option in decision.options]
    assert "pass" not in keys
    assert sorted(keys) == [
        "A1:missiles.long>D1",
        "A1:missiles.long>D2",
        "A1:turbolaser>D1",
        "A1:turbolaser>D2",
    ]
    attack = fought.events("attack")
    assert len(attack) == 1 and attack[0]["weapon"] == "missiles.long"


@pytest.mark.rules("BATTLE-8", "BATTLE-9", "PHASE-25")
def test_an_attack_taps_the_ship_until_the_next_round_untaps_it():
    fought = fight([ship("A1", weapons=TURBO)], [ship("D1", strength=99)], max_rounds=3)
    assert [(rnd, by) for rnd, by, _, _ in fought.attacks()] == [(1, "A1"), (2, "A1"), (3, "A1")]


@pytest.mark.rules(
    "BATTLE-7",
    "BATTLE-10",
    "BATTLE-11",
    "BATTLE-12",
    "BATTLE-14",
    "BATTLE-25",
    "WPN-LASER-1",
    "PHASE-33",
    "PHASE-35",
)
def test_rounds_go_long_medium_short_and_weapons_join_from_their_range():
    fought = fight(
        [
            ship("T", weapons=TURBO),
            ship("P", weapons=PLASMA),
            ship("L", weapons={"lasers": "1/4"}),
        ],
        [ship("D1", strength=99)],
        max_rounds=3,
    )
    ranges = [event["range"] for event in fought.events("round_start")]
    assert ranges == ["long", "medium", "short"]
    by_round = {}
    for rnd, by, _, _ in fought.attacks():
        by_round.setdefault(rnd, []).append(by)
    assert by_round == {1: ["T"], 2: ["T", "P"], 3: ["T", "P", "L"]}


@pytest.mark.rules("BATTLE-21", "BATTLE-22", "BATTLE-23", "BATTLE-26", "BATTLE-28", "PHASE-36")
def test_damage_accumulates_and_destroys_at_strength_the_short_round_repeats():
    fought = fight(
        [ship("A1", weapons=TURBO)],
        [ship("D1", strength=13, critical=2, weapons={"lasers": "1/1"})],
    )
    assert [dmg for _, by, _, dmg in fought.attacks() if by == "A1"] == [4, 4, 4, 4]
    ranges = [event["range"] for event in fought.events("round_start")]
    assert ranges == ["long", "medium", "short", "short"]
    # D1 had 12 damage, far past its critical 2, and still fired in round 3 (BATTLE-28)
    assert [(rnd, by) for rnd, by, _, _ in fought.attacks() if by == "D1"] == [(3, "D1")]
    assert fought.causes() == {"D1": "damage"}
    assert fought.result.end is BattleEnd.ELIMINATED and fought.result.winner == 0


@pytest.mark.rules("BEND-1", "BEND-3", "BEND-4", "PHASE-39", "BATTLE-27")
def test_criticals_go_to_losses_after_the_battle_and_other_damage_is_cleared():
    fought = fight(
        [ship("A1", weapons=TURBO), ship("A2", weapons={"turbolaser": {"power": 1}})],
        [ship("D1", strength=5, weapons={"turbolaser": {"power": 6}})],
        script1={"battle.attack": ["D1:turbolaser>A1"]},
        max_rounds=5,
    )
    # round 1: A1 4 → D1, D1 6 → A1 (critical 10 not reached), A2 1 → D1 = 5: destroyed
    assert fought.causes() == {"D1": "damage"}
    assert fought.result.damage == {"A1": 0, "A2": 0}
    heavy = fight(
        [ship("A1", weapons=TURBO)],
        [ship("D1", strength=5, weapons={"turbolaser": {"power": 12}})],
    )
    assert heavy.causes() == {"D1": "damage", "A1": "critical"}


# --- Ranges: stopping closing, resuming, increasing distance, orbit limits ---------------


def ranges(fought: Fought) -> list[str]:
    return [event["range"] for event in fought.events("round_start")]


@pytest.mark.rules("CLOSE-1", "CLOSE-2", "CLOSE-3", "DIST-3", "TACSUP-1", "PHASE-31")
def test_stopping_closing_repeats_long_range_and_the_unarmed_side_loses_on_tactical_superiority():
    fought = fight(
        [ship("A1", speed=8, weapons=TURBO)],
        [ship("D1", speed=3, strength=99, weapons=PLASMA)],
        script0={"battle.stop_closing": ["stop"]},
    )
    assert ranges(fought) == ["long", "long", "long"]
    assert fought.agents[1].asked("battle.stop_closing") == []  # 3 is slower than 8 (CLOSE-1)
    # «в начале четвертого по счету раунда боя все корабли сражающегося флота игрока считаются
    # уничтоженными»
    (event,) = fought.events("tactical_superiority")
    assert event["player"] == 1 and event["rounds"] == 3
    assert fought.causes() == {"D1": "tactical_superiority"}
    assert fought.result.rounds == 4 and fought.result.winner == 0


@pytest.mark.rules("CLOSE-4", "PHASE-32")
def test_a_faster_player_resumes_closing_one_step_closer():
    fought = fight(
        [ship("A1", speed=8, weapons=TURBO)],
        [ship("D1", speed=3, strength=99, weapons=PLASMA)],
        script0={"battle.stop_closing": ["stop"], "battle.resume_closing": ["hold", "resume"]},
        max_rounds=4,
    )
    assert ranges(fought) == ["long", "long", "medium", "short"]
    assert [(e["player"], e["range"]) for e in fought.events("resume_closing")] == [(0, "medium")]


@pytest.mark.rules("CLOSE-5", "WDR-6")
def test_stopped_closing_with_no_weapon_able_to_hurt_ends_in_a_stalemate():
    fought = fight(
        [ship("A1", speed=8, weapons=PLASMA)],
        [ship("D1", speed=3, weapons=PLASMA)],
        script0={"battle.stop_closing": ["stop"]},
    )
    assert fought.result.end is BattleEnd.STALEMATE
    assert fought.result.retreated == [0, 1] and fought.result.winner is None
    assert fought.result.rounds == 1


@pytest.mark.rules("DIST-1", "DIST-2", "DIST-3", "PHASE-34")
def test_a_faster_fleet_increases_the_distance_to_the_range_it_chooses():
    fought = fight(
        [ship("A1", speed=8, weapons=TURBO)],
        [ship("D1", speed=3, strength=99, weapons={"lasers": "1/4"})],
        script0={"battle.increase_distance": ["long"]},
        max_rounds=4,
    )
    assert ranges(fought) == ["long", "medium", "long", "long"]
    (decision,) = fought.agents[0].asked("battle.increase_distance")
    assert [option.key for option in decision.options] == ["keep", "long"]
    equal = fight(
        [ship("A1", speed=3, weapons=TURBO)],
        [ship("D1", speed=3, strength=99, weapons={"lasers": "1/4"})],
        max_rounds=3,
    )
    # equal speed is not «превосходят»: nobody may increase the distance
    assert equal.agents[0].asked("battle.increase_distance") == []


@pytest.mark.rules("ORBIT-1")
def test_on_an_orbit_only_the_attacker_may_stop_closing():
    setup = (
        [ship("A1", speed=3, weapons=TURBO)],
        [ship("D1", speed=9, strength=99, weapons=TURBO)],
    )
    in_space = fight(*setup, max_rounds=2)
    on_orbit = fight(*setup, site=BattleSite(SiteKind.ORBIT, "asteroid"), max_rounds=2)
    assert len(in_space.agents[1].asked("battle.stop_closing")) == 2
    assert on_orbit.agents[1].asked("battle.stop_closing") == []


@pytest.mark.rules("ORBIT-2", "ORBIT-3")
def test_on_an_orbit_an_attacker_unable_to_hurt_must_retreat():
    fought = fight(
        [ship("A1", speed=3, weapons={"plasma": {"power": 1}})],
        [ship("D1", speed=3, shield="A5", weapons={"lasers": "1/1"})],
        site=BattleSite(SiteKind.ORBIT, "asteroid"),
    )
    assert ranges(fought) == ["long", "medium", "short"]
    assert fought.result.end is BattleEnd.FORCED_RETREAT
    assert fought.result.retreated == [0] and fought.result.winner == 1


# --- Withdrawal and the second echelon -------------------------------------------------------


@pytest.mark.rules("WDR-1", "WDR-2", "WDR-3", "WDR-4", "WDR-5", "PHASE-26")
def test_withdrawal_free_for_fast_ships_slow_ones_need_the_enemy_s_permission():
    fought = fight(
        [ship("A1", speed=5), ship("A2", speed=2, strength=6)],
        [ship("D1", speed=4, weapons=TURBO)],
        script0={"battle.withdraw": ["withdraw:A1", "ask:A2", "ask:A2"]},
        script1={"battle.allow_withdraw": ["refuse", "allow"]},
    )
    first = fought.agents[0].asked("battle.withdraw")[0]
    assert [option.key for option in first.options] == ["stay", "withdraw:A1", "ask:A2"]
    assert [e["uid"] for e in fought.events("withdraw_refused")] == ["A2"]
    assert fought.result.withdrawn == ["A1", "A2"]
    assert fought.result.end is BattleEnd.RETREATED and fought.result.winner == 1
    # A2 took 4 ≥ its critical 3 before leaving: it still goes to losses (AMB-3)
    assert fought.causes() == {"A2": "critical"}


@pytest.mark.rules("ECH-1", "ECH-3", "ECH-4", "ECH-6", "ECH-10", "PHASE-24", "PHASE-37")
def test_second_echelon_waits_untouchable_then_enters_at_long_range():
    fought = fight(
        [
            ship("A1", strength=4, weapons=TURBO),
            ship("A2", strength=4, weapons=TURBO),
            ship("A3", weapons=TURBO),
        ],
        [ship("D1", strength=99, weapons={"turbolaser": {"power": 20}})],
        script0={"battle.second_echelon": ["reserve:A3"]},
        max_rounds=3,
    )
    (decision,) = fought.agents[0].asked("battle.second_echelon")
    assert [o.key for o in decision.options] == ["done", "reserve:A1", "reserve:A2", "reserve:A3"]
    assert fought.agents[1].asked("battle.second_echelon") == []  # one ship: floor(1/2) = 0
    kinds = [e["type"] for e in fought.log.events]
    assert kinds.index("second_echelon") < kinds.index("round_start")  # ECH-10, before round 1
    assert ranges(fought) == ["long", "medium", "long"]
    early = [(by, target) for rnd, by, target, _ in fought.attacks() if rnd < 3]
    assert all("A3" not in pair for pair in early)
    assert ("A3", "D1") in [(by, target) for rnd, by, target, _ in fought.attacks() if rnd == 3]


@pytest.mark.rules("ECH-8", "MILB-1", "MILB-2")
def test_early_second_echelon_entry_against_buildings_restarts_at_long_range():
    fought = fight(
        [ship("A1", weapons=TURBO), ship("A2", weapons=TURBO)],
        [card("B1", "military_building", strength=30, armor=0, weapons=PLASMA)],
        script0={"battle.second_echelon": ["reserve:A2"], "battle.echelon_enter": ["enter"]},
        site=PLANET,
        max_rounds=2,
    )
    assert ranges(fought) == ["long", "long"]
    assert [e["uids"] for e in fought.events("echelon_enter")] == [["A2"]]


@pytest.mark.rules("ECH-3", "ECH-5", "ORBIT-2")
def test_reserve_speed_is_ignored_and_a_pending_echelon_is_not_a_forced_retreat():
    fast_front = fight(
        [ship("A1", speed=8, weapons=TURBO), ship("A2", speed=1, weapons=TURBO)],
        [ship("D1", speed=3, strength=99, weapons=TURBO)],
        script0={"battle.second_echelon": ["reserve:A2"]},
        max_rounds=1,
    )
    # A2 (speed 1) waits in the second echelon, so A1 alone decides: 8 ≥ 3
    assert len(fast_front.agents[0].asked("battle.stop_closing")) == 1
    unarmed_front = fight(
        [ship("A1", strength=2), ship("A2", weapons=TURBO)],
        [ship("D1", strength=99, weapons={"lasers": "1/5"})],
        script0={"battle.second_echelon": ["reserve:A2"]},
        site=BattleSite(SiteKind.ORBIT, "asteroid"),
        max_rounds=5,
    )
    # A1 cannot hurt anyone and dies at short range; A2 then enters instead of a forced retreat
    assert unarmed_front.causes()["A1"] == "damage"
    assert ranges(unarmed_front) == ["long", "medium", "short", "long", "medium"]
    assert unarmed_front.result.end is BattleEnd.ROUND_LIMIT


def test_bad_battle_input_is_named():
    spec = card_from_dict(ship("A1")[1])
    with pytest.raises(BattleSetupError, match="A1: strength must be a whole number ≥ 0, got None"):
        Combatant.from_card("A1", replace(spec, strength=None), player=0)
    planet = CardSpec(CardKind.SPACE_OBJECT, name="Планета", object_type=ObjectType.PLANET)
    with pytest.raises(BattleSetupError, match=r"P1: only a station .* 'planet'"):
        Combatant.from_card("P1", planet, player=0)
    with pytest.raises(BattleSetupError, match="T1: a card of kind 'tactical'"):
        Combatant.from_card("T1", CardSpec(CardKind.TACTICAL), player=0)
    a1 = Combatant.from_card("A1", spec, player=0)
    with pytest.raises(BattleSetupError, match="belongs to player 0"):
        BattleSide(player=1, combatants=[a1])
    side = BattleSide(player=0, combatants=[a1])
    twin = BattleSide(player=1, combatants=[Combatant.from_card("A1", spec, player=1)])
    common = {"site": OPEN, "dice": FixedDice([]), "log": EventLog()}
    with pytest.raises(BattleSetupError, match="unique"):
        battle_fight(attacker=side, defender=twin, agents={0: Recorder(), 1: Recorder()}, **common)
    with pytest.raises(BattleSetupError, match="no agent for player 1"):
        battle_fight(attacker=side, defender=twin, agents={0: Recorder()}, **common)
    assert a1.status is Status.FIGHTING


def test_agents_compute_the_expected_damage_of_each_attack_from_the_battle():
    fought = fight(
        [
            ship(
                "A1",
                speed=5,
                strength=8,
                weapons={
                    "missiles": {"short": "3-4"},
                    "plasma": {"power": 6},
                    "boarding": {"strength": 3},
                },
            )
        ],
        [ship("D1", strength=12, speed=3, crew="В3", weapons={"lasers": "1/1"})],
        script0={"battle.attack": ["A1:plasma>D1"]},
        max_rounds=3,
    )
    recorder = fought.agents[0]
    last = max(i for i, d in enumerate(recorder.decisions) if d.kind == "battle.attack")
    options, values = recorder.decisions[last].options, recorder.values[last]
    assert values is not None  # from the facts alone
    assert all(isinstance(o.data, AttackFacts | NoFacts) for o in options)
    short = {o.key: value for o, value in zip(options, values, strict=True)}
    # D1 has 6 of its 12 left after round 2: nothing is worth more than that
    assert short["A1:plasma>D1"] == 6
    assert short["A1:missiles.short>D1"] == 6  # 3 × 4 × 5/6 = 10, capped at the 6 left
    assert short["A1:boarding>D1"] == 2.5  # 6 × P(D6 + 3 beats D6 + 3) = 6 × 15/36
    assert short["A1:ram>D1"] == -2  # D1 loses its last 6, A1 loses all of its 8
    assert [(rnd, by, d) for rnd, by, _, d in fought.attacks()] == [
        (2, "A1", 6),
        (3, "A1", 6),
    ]
