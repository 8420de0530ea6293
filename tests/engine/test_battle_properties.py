"""Random fleets and random choices: every battle ends, and its bookkeeping adds up."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from komandor.rules.battle import (
    BattleSide,
    BattleSite,
    Combatant,
    Role,
    SiteKind,
    Status,
    battle_fight,
)
from komandor.rules.cards import card_from_dict
from komandor.rules.decisions import Decision
from komandor.rules.dice import SeededDice
from komandor.rules.events import EventLog


class RandomAgent:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def choose(self, decision: Decision, observation: object = None) -> int:
        return self.random.randrange(len(decision.options))


powers = st.integers(min_value=1, max_value=8)


@st.composite
def weapons(draw):
    chosen = {}
    if draw(st.booleans()):
        chosen["plasma"] = {"power": draw(powers)}
    if draw(st.booleans()):
        chosen["turbolaser"] = {"power": draw(powers)}
    if draw(st.booleans()):
        chosen["maser"] = {"type": draw(st.sampled_from("ABC")), "power": draw(powers)}
    if draw(st.booleans()):
        chosen["lasers"] = {"targets": draw(st.integers(1, 3)), "power": draw(powers)}
    if draw(st.booleans()):
        distance = draw(st.sampled_from(["long", "medium", "short"]))
        chosen["missiles"] = {distance: {"count": draw(st.integers(1, 4)), "power": draw(powers)}}
    if draw(st.booleans()):
        chosen["torpedoes"] = {"count": draw(st.integers(1, 3)), "power": draw(powers)}
    if draw(st.integers(0, 4)) == 0:
        chosen["nova"] = {"power": draw(powers)}
    if draw(st.integers(0, 3)) == 0:
        chosen["bombs"] = {"power": draw(powers)}
    if draw(st.integers(0, 3)) == 0:
        chosen["boarding"] = {"strength": draw(powers)}
    if draw(st.integers(0, 3)) == 0:
        chosen["landing"] = {"strength": draw(powers)}
    return chosen


@st.composite
def ship_cards(draw):
    strength = draw(st.integers(2, 16))
    card = {
        "kind": "ship",
        "name": "ship",
        "cost": draw(st.integers(1, 10)),
        "size": draw(st.sampled_from(["LK", "SK", "TK"])),
        "strength": strength,
        "critical": draw(st.integers(1, strength - 1)),
        "armor": draw(st.integers(0, 4)),
        "speed": draw(st.integers(1, 10)),
        "weapons": draw(weapons()),
        "crew": {"level": draw(st.sampled_from(["N", "V", "E"])), "size": draw(st.integers(0, 4))},
    }
    if draw(st.booleans()):
        card["shield"] = {"type": draw(st.sampled_from("ABC")), "power": draw(st.integers(0, 4))}
        if "maser" in card["weapons"]:
            card["weapons"]["maser"]["type"] = card["shield"]["type"]  # WPN-MASER-2
    if draw(st.integers(0, 3)) == 0:
        card["properties"] = {"evasive_manoeuvre": {}}
    return card


@st.composite
def battles(draw):
    site = draw(
        st.sampled_from(
            [
                BattleSite(SiteKind.OPEN_SPACE),
                BattleSite(SiteKind.ORBIT, "planet"),
                BattleSite(SiteKind.ORBIT, "station"),
            ]
        )
    )
    sides = []
    for player in (0, 1):
        cards = [draw(ship_cards()) for _ in range(draw(st.integers(1 - player, 4)))]
        if player == 1 and site.is_orbit:
            for _ in range(draw(st.integers(0, 2))):
                strength = draw(st.integers(2, 12))
                cards.append(
                    {
                        "kind": "military_building",
                        "name": "b",
                        "cost": 2,
                        "strength": strength,
                        "critical": strength - 1,
                        "armor": draw(st.integers(0, 3)),
                        "weapons": draw(weapons()),
                    }
                )
            if site.object_type == "station":
                cards.append(
                    {
                        "kind": "space_object",
                        "name": "s",
                        "cost": 5,
                        "object_type": "station",
                        "strength": draw(st.integers(4, 20)),
                        "armor": draw(st.integers(0, 3)),
                        "weapons": draw(weapons()),
                    }
                )
            else:
                for _ in range(draw(st.integers(0, 2))):
                    cards.append(
                        {"kind": "ground_unit", "name": "g", "cost": 1, "strength": draw(powers)}
                    )
        if not cards:
            cards.append(draw(ship_cards()))
        sides.append(cards)
    return site, sides


def build(site, sides):
    built = []
    for player, cards in enumerate(sides):
        combatants = []
        for number, spec in enumerate(cards):
            combatants.append(
                Combatant.from_card(
                    f"P{player}.{number}",
                    card_from_dict(spec),
                    player=player,
                    on_planet=site.object_type == "planet",
                    has_commander=number == 0,
                )
            )
        built.append(BattleSide(player=player, combatants=combatants))
    return built


@pytest.mark.rules("BATTLE-26", "BATTLE-22", "BEND-1", "SPECIAL-2")
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battle=battles(), seed=st.integers(0, 10_000))
def test_random_battles_end_and_their_bookkeeping_adds_up(battle, seed):
    site, cards = battle
    attacker, defender = build(site, cards)
    initial = {c.uid: c.damage for side in (attacker, defender) for c in side.combatants}
    strength = {c.uid: c.strength for side in (attacker, defender) for c in side.combatants}
    owner = {c.uid: c.player for side in (attacker, defender) for c in side.combatants}
    cost = {c.uid: c.cost for side in (attacker, defender) for c in side.combatants}
    log = EventLog()
    result = battle_fight(
        attacker=attacker,
        defender=defender,
        site=site,
        agents={0: RandomAgent(seed), 1: RandomAgent(seed + 1)},
        dice=SeededDice(seed),
        log=log,
    )
    assert 1 <= result.rounds <= 100
    destroyed = [uid for uid, _ in result.destroyed]
    assert len(destroyed) == len(set(destroyed))
    for uid, combatant in result.combatants.items():
        assert (combatant.status is Status.DESTROYED) == (uid in destroyed)
    # Damage: every round's tally equals the start plus every blow recorded in the log.
    taken = dict(initial)
    gone: set[str] = set()
    for event in log.events:
        if event["type"] == "attack":
            attackers = event["by"].split("+")
            assert all(owner[a] != owner[event["target"]] for a in attackers)
            assert all(a not in gone for a in attackers)
            taken[event["target"]] += event["damage"]
        elif event["type"] == "ram":
            taken[event["target"]] += event["damage"]
            taken[event["by"]] += event["damage_to_rammer"]
        elif event["type"] == "destroyed":
            gone.add(event["uid"])
            if event["cause"] in ("damage", "ram", "bombs"):
                assert taken[event["uid"]] >= strength[event["uid"]]
        elif event["type"] == "round_end":
            for uid, damage in event["damage"].items():
                assert damage == taken[uid], (uid, damage, taken[uid])
    for uid, damage in result.damage.items():
        role = result.combatants[uid].role
        if role in (Role.SHIP, Role.MILITARY_BUILDING, Role.CIVIL_BUILDING):
            assert damage == 0
    boarded = [uid for uid, cause in result.destroyed if cause == "boarded"]
    rewards = {}
    for uid in boarded:
        if result.combatants[uid].role is Role.SHIP:
            rewards[1 - owner[uid]] = rewards.get(1 - owner[uid], 0) + cost[uid]
    assert result.rewards == rewards
