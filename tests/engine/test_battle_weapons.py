"""Every weapon and special attack inside a real battle, with fixed dice."""

import pytest

from komandor.rules.battle import BattleEnd, BattleSite, SiteKind, Status
from tests.engine.test_battle import PLANET, TURBO, card, fight, ranges, ship

STATION_ORBIT = BattleSite(SiteKind.ORBIT, "station")


def option_keys(fought, player, kind, index=0):
    return [option.key for option in fought.agents[player].asked(kind)[index].options]


@pytest.mark.rules("WPN-MASER-1", "WPN-MASER-2", "WPN-MASER-5", "WPN-MASER-7", "WPN-SHIELD-5")
def test_maser_takes_the_ship_s_shield_type_and_cannot_fire_at_the_next_type():
    fought = fight(
        [ship("A1", shield="B2", weapons={"maser": {"power": 9}})],
        [ship("D1", shield="C3"), ship("D2", shield="B1"), ship("D3", shield="A5")],
        script0={"battle.attack": ["A1:maser>D2"]},
        max_rounds=2,
    )
    # no attack in the long round; at medium В cannot fire at С (D1)
    assert option_keys(fought, 0, "battle.attack") == ["A1:maser>D2", "A1:maser>D3"]
    ((rnd, _, target, damage),) = fought.attacks()
    assert (rnd, target, damage) == (2, "D2", 4)  # same type: half of 9, rounded down
    assert fought.combatants["A1"].mount("maser").maser_type == "B"


@pytest.mark.rules("WPN-LASER-3", "WPN-LASER-4")
def test_lasers_2_4_hit_two_ships_at_once_each_less_its_armor():
    fought = fight(
        [ship("A1", weapons={"lasers": "2/4"})],
        [ship("D1", armor=1), ship("D2", armor=3), ship("D3", armor=4)],
        max_rounds=3,
    )
    # D3's armor 4 stops power 4 entirely, so the pair is D1 and D2
    assert [(t, d) for _, _, t, d in fought.attacks()] == [("D1", 3), ("D2", 1)]
    single = fight([ship("A1", weapons={"lasers": "2/4"})], [ship("D1", armor=1)], max_rounds=3)
    # «Если данный корабль атакует только одну цель, он, тем не менее, дважды по ней не стреляет»
    assert [(t, d) for _, _, t, d in single.attacks()] == [("D1", 3)]


@pytest.mark.rules("WPN-MISSILE-1", "WPN-MISSILE-3", "WPN-LASER-5", "WPN-LASER-6", "WPN-SHIELD-2")
def test_missiles_hit_by_the_round_s_range_and_lasers_shoot_them_down_except_at_short():
    fought = fight(
        [ship("A1", weapons={"missiles": {"long": "3-5"}})],
        [ship("D1", strength=99, shield="A4", weapons={"lasers": "1/1"})],
        # long 5+: 5, 6 hit; defence 5 saves one. medium 4+: one hit, shot down by 6.
        # short 2+: 2, 2 hit and lasers cannot help at short range.
        dice=[5, 6, 2, 5, 1, 4, 3, 1, 6, 2, 2, 1],
        max_rounds=3,
    )
    attacks = [e for e in fought.events("attack") if e["by"] == "A1"]
    assert [(e["to_hit"], e["hits"], e.get("shot_down"), e["damage"]) for e in attacks] == [
        (5, 2, 1, 5),
        (4, 1, 1, 0),
        (2, 2, None, 10),
    ]
    assert fought.dice_left == 0


@pytest.mark.rules("WPN-TORP-1", "WPN-TORP-2", "WPN-TORP-3", "WPN-TORP-6")
def test_torpedoes_fire_from_medium_range_never_at_light_ships():
    fought = fight(
        [ship("A1", weapons={"torpedoes": "2-6"})],
        [ship("D1", armor=2, strength=99, weapons={"lasers": "1/1"}), ship("L1", size="LK")],
        # medium 4+: one hit, lasers 4 fail; short 3+: one hit, lasers shoot it down with 5
        dice=[4, 3, 4, 3, 2, 5],
        max_rounds=3,
    )
    attacks = [e for e in fought.events("attack") if e["by"] == "A1"]
    assert [e["target"] for e in attacks] == ["D1", "D1"]
    assert [rnd for rnd, by, _, _ in fought.attacks() if by == "A1"] == [2, 3]
    assert [(e["to_hit"], e["hits"], e["shot_down"], e["damage"]) for e in attacks] == [
        (4, 1, 0, 4),
        (3, 1, 1, 0),
    ]
    # L1 has no armor, so a torpedo at it would have been the bigger hit had it been legal
    assert all(e["target"] != "L1" for e in fought.events("attack"))


@pytest.mark.rules(
    "WPN-NOVA-1",
    "WPN-NOVA-2",
    "WPN-NOVA-3",
    "WPN-NOVA-4",
    "WPN-NOVA-5",
    "WPN-NOVA-6",
    "WPN-NOVA-7",
    "WPN-MASER-9",
)
def test_nova_rolls_to_fire_and_for_targets_shields_absorb_at_a_price():
    fought = fight(
        [ship("A1", weapons={"nova": {"power": 7}})],
        [
            ship("D1", shield="A3", armor=5, weapons={"maser": {"power": 6}}),
            ship("D2"),
            ship("D3", armor=5),
        ],
        dice=[4, 5],  # fires on 4+; a 5 catches two ships
        script0={"battle.nova_targets": ["D1,D3"]},
        max_rounds=2,
    )
    assert option_keys(fought, 0, "battle.nova_targets") == ["D1,D2", "D1,D3", "D2,D3"]
    assert [(t, d) for _, _, t, d in fought.attacks()] == [("D1", 4), ("D3", 7)]  # armor ignored
    assert fought.combatants["D1"].shield_disabled
    # D1 gave up its generator: its maser stays silent in the medium round
    assert [by for rnd, by, _, _ in fought.attacks() if rnd == 2] == []
    missed = fight(
        [ship("A1", weapons={"nova": {"power": 7}})], [ship("D1")], dice=[3], max_rounds=1
    )
    assert missed.events("nova")[0]["fired"] is False and missed.attacks() == []


@pytest.mark.rules(
    "WPN-BOARD-1",
    "WPN-BOARD-2",
    "WPN-BOARD-3",
    "WPN-BOARD-4",
    "WPN-BOARD-8",
    "WPN-BOARD-9",
    "WPN-BOARD-10",
)
def test_boarding_destroys_the_ship_and_pays_its_cost_next_resources_phase():
    fought = fight(
        [ship("A1", weapons={"boarding": {"strength": 2}})],
        [
            ship("D1", cost=7, crew="В3"),
            ship("L1", size="LK", crew="В3"),
            ship("Z1", crew={"level": "V", "size": 0}),
        ],
        dice=[4, 2],  # 4 + 2 = 6 against 2 + 3 = 5
        script0={"battle.attack": ["A1:boarding>D1"]},
        max_rounds=3,
    )
    keys = option_keys(fought, 0, "battle.attack")
    assert "A1:boarding>D1" in keys and "pass" in keys
    assert not any(key.startswith("A1:boarding>L1") or key == "A1:boarding>Z1" for key in keys)
    assert fought.causes()["D1"] == "boarded"
    assert fought.result.rewards == {0: 7}


@pytest.mark.rules("WPN-BOARD-6", "WPN-BOARD-7")
def test_a_failed_boarding_bars_that_ship_from_boarding_for_the_phase():
    fought = fight(
        [ship("A1", weapons={"boarding": {"strength": 2}})],
        [ship("D1", strength=99, crew="Э1", weapons={"lasers": "1/1"})],
        dice=[4, 3],  # 4 + 2 = 6 against 3 + 1 + 2 (elite) = 6: a tie fails
        script0={"battle.attack": ["A1:boarding>D1"]},
        max_rounds=4,
    )
    (boarding,) = fought.events("boarding")
    assert boarding["totals"] == [6, 6] and boarding["succeeded"] is False
    assert fought.combatants["A1"].boarding_barred
    assert option_keys(fought, 0, "battle.attack", 1) == ["A1:ram>D1", "pass"]


@pytest.mark.rules("WPN-RAM-1", "WPN-RAM-2", "WPN-RAM-3", "WPN-RAM-5")
def test_ramming_damages_both_ships_by_the_other_s_strength():
    fought = fight(
        [ship("A1", strength=8, speed=5)],
        [ship("D1", size="TK", strength=12, speed=3, armor=6), ship("L1", size="LK", speed=1)],
        script0={"battle.attack": ["A1:ram>D1"]},
        max_rounds=3,
    )
    assert "A1:ram>L1" not in option_keys(fought, 0, "battle.attack")
    (ram,) = fought.events("ram")
    assert (ram["damage"], ram["damage_to_rammer"]) == (8, 12)
    # the rammer dies at once; D1's 8 damage reaches its critical 6 after the battle
    assert fought.causes() == {"A1": "ram", "D1": "critical"}


@pytest.mark.rules("WPN-RAM-4", "WPN-RAM-6")
def test_an_equally_fast_target_may_dodge_and_a_light_rammer_is_stopped_by_heavy_armor():
    dodged = fight(
        [ship("A1", strength=8, speed=5)],
        [ship("D1", speed=5)],
        dice=[5],
        script0={"battle.attack": ["A1:ram>D1"]},
        max_rounds=3,
    )
    assert dodged.events("ram_dodge")[0]["dodged"] is True and dodged.events("ram") == []
    light = fight(
        [ship("L1", size="LK", strength=9, speed=5)],
        [ship("D1", size="TK", strength=12, speed=3, armor=6)],
        script0={"battle.attack": ["L1:ram>D1"]},
        max_rounds=3,
    )
    (ram,) = light.events("ram")
    assert (ram["damage"], ram["damage_to_rammer"]) == (3, 12)


@pytest.mark.rules("WPN-LIGHT-1", "WPN-LIGHT-2", "WPN-LIGHT-3", "WPN-LIGHT-4", "WPN-LIGHT-5")
def test_light_ships_duel_at_short_range_and_a_big_margin_lets_the_target_fire_back():
    fought = fight(
        [ship("A1", size="LK", speed=5, strength=30, weapons={"plasma": {"power": 4}})],
        [ship("D1", size="LK", speed=5, strength=30, weapons={"lasers": "1/3"})],
        # round 3: A1's duel 1+5 against 5+5: no damage, and 10 − 6 ≥ 4 lets D1 fire back;
        # then D1's own attack duels 6+5 against 1+5 and hits.
        dice=[1, 5, 6, 1],
        max_rounds=3,
    )
    duels = fought.events("light_duel")
    assert [(d["attacker"], d["totals"], d["hits"], d["counter"]) for d in duels] == [
        ("A1", [6, 10], False, True),
        ("D1", [11, 6], True, False),
    ]
    attacks = [(rnd, by, t, d) for rnd, by, t, d in fought.attacks()]
    assert attacks == [(2, "A1", "D1", 4), (3, "D1", "A1", 3), (3, "D1", "A1", 3)]
    assert [e["reaction"] for e in fought.events("attack")] == [False, True, False]


@pytest.mark.rules("WPN-MISSILE-7")
def test_missiles_between_light_ships_skip_the_duel():
    fought = fight(
        [ship("A1", size="LK", weapons={"missiles": {"short": "1-3"}})],
        [ship("D1", size="LK", strength=99)],
        dice=[2],
        max_rounds=3,
    )
    assert fought.events("light_duel") == []
    assert fought.attacks() == [(3, "A1", "D1", 3)]


@pytest.mark.rules("PROP-EVADE-1", "PROP-EVADE-2", "WPN-MISSILE-6")
def test_evasive_manoeuvre_taps_the_ship_to_dodge_plasma_but_not_missiles_or_at_short_range():
    fought = fight(
        [
            ship("A1", weapons={"plasma": {"power": 4}}),
            ship("A2", weapons={"missiles": {"long": "1-4"}}),
        ],
        [
            ship(
                "D1",
                strength=99,
                weapons={"plasma": {"power": 2}},
                properties={"evasive_manoeuvre": {}},
            )
        ],
        dice=[6, 1, 1],
        script0={"battle.attack": ["A1:plasma>D1"]},
        max_rounds=3,
    )
    assert len(fought.agents[1].asked("battle.evade")) == 1  # only A1's plasma in round 2
    assert [(e["uid"], e["attacker"]) for e in fought.events("evade")] == [("D1", "A1")]
    by_round = [(rnd, by, d) for rnd, by, _, d in fought.attacks()]
    # round 2: D1 is tapped by its manoeuvre and cannot attack; round 3 plasma hits in full
    assert by_round == [(1, "A2", 4), (2, "A2", 0), (3, "A1", 4), (3, "D1", 2), (3, "A2", 0)]


@pytest.mark.rules("MILB-2", "MILB-3", "MILB-4", "MILB-5", "BATTLE-5")
def test_military_buildings_fight_behind_the_atmosphere_and_shed_damage_after_the_battle():
    attacker = [
        ship("A1", speed=5, weapons={"turbolaser": {"power": 5}, "boarding": {"strength": 9}})
    ]
    defender = [
        card("B1", "military_building", strength=30, armor=1, weapons={"turbolaser": {"power": 3}}),
        ship("D2", strength=99, crew="В2"),
    ]
    at_b1 = {"battle.attack": ["A1:turbolaser>B1"] * 3}
    on_planet = fight(attacker, defender, site=PLANET, script0=at_b1, max_rounds=3)
    asteroid = BattleSite(SiteKind.ORBIT, "asteroid")
    on_asteroid = fight(attacker, defender, site=asteroid, script0=at_b1, max_rounds=3)
    assert [d for _, by, _, d in on_planet.attacks() if by == "A1"] == [2, 2, 2]  # 5 − 1 − 2
    assert [d for _, by, _, d in on_asteroid.attacks() if by == "A1"] == [4, 4, 4]
    assert [by for _, by, _, _ in on_planet.attacks()].count("B1") == 3  # speed 0, still fires
    assert on_planet.result.damage["B1"] == 0
    short = option_keys(on_planet, 0, "battle.attack", 2)
    assert "A1:ram>D2" in short and "A1:boarding>D2" in short
    assert "A1:ram>B1" not in short and "A1:boarding>B1" not in short


@pytest.mark.rules(
    "STN-2", "STN-3", "STN-4", "STN-5", "STN-9", "STN-10", "STN-12", "WPN-BOARD-11", "WPN-RAM-7"
)
def test_a_boarded_station_leaves_the_battle_loses_its_buildings_and_is_captured():
    fought = fight(
        [ship("A1", weapons={"turbolaser": {"power": 2}, "boarding": {"strength": 3}})],
        [
            card(
                "S1", "space_object", object_type="station", strength=10, weapons={"lasers": "1/1"}
            ),
            card("B1", "military_building", strength=5, weapons={"plasma": {"power": 1}}),
        ],
        dice=[3, 1],
        script0={"battle.attack": ["A1:turbolaser>S1", "A1:turbolaser>S1", "A1:boarding>S1"]},
        site=STATION_ORBIT,
    )
    short = option_keys(fought, 0, "battle.attack", -1)
    assert "A1:ram>S1" in short and "A1:ram>B1" not in short
    assert fought.result.station_boarded_by == 0 and fought.result.station_outcome == "captured"
    assert fought.causes() == {"B1": "station_lost"}
    assert fought.combatants["S1"].status is Status.BOARDED
    assert fought.combatants["S1"].speed == 0
    assert fought.result.damage["S1"] == 4  # STN-12: a station keeps its damage tokens


@pytest.mark.rules("STN-11", "MILB-8")
def test_a_boarded_station_is_destroyed_if_its_owner_s_fleet_holds_the_orbit():
    fought = fight(
        [ship("A1", weapons={"turbolaser": {"power": 2}, "boarding": {"strength": 3}})],
        [
            card("S1", "space_object", object_type="station", strength=10),
            ship("D1", strength=99),
        ],
        dice=[3, 1],
        script0={"battle.attack": ["A1:turbolaser>S1", "A1:turbolaser>S1", "A1:boarding>S1"]},
        site=STATION_ORBIT,
        max_rounds=3,
    )
    assert fought.result.station_outcome == "destroyed"
    assert fought.result.rewards == {}  # «противник не получает за нее ресурсов»
    destroyed_station = fight(
        [ship("A1", weapons={"turbolaser": {"power": 10}})],
        [
            card("S1", "space_object", object_type="station", strength=10),
            card("B1", "military_building", strength=5),
        ],
        site=STATION_ORBIT,
    )
    assert destroyed_station.result.destroyed == [("S1", "damage"), ("B1", "station_lost")]


@pytest.mark.rules(
    "WPN-BOMB-1",
    "WPN-BOMB-2",
    "WPN-BOMB-3",
    "WPN-BOMB-4",
    "WPN-BOMB-5",
    "BEND-2",
    "GRD-3",
    "GRD-5",
    "GRD-8",
)
def test_bombers_keep_the_battle_going_against_ground_units_once_per_unit():
    fought = fight(
        [ship("A1", weapons={"bombs": {"power": 2}}), ship("A2", weapons={"bombs": {"power": 2}})],
        [card("G1", "ground_unit", strength=3), card("G2", "ground_unit", strength=5)],
        script0={"battle.attack": ["A1+A2:bombs>G1", "A1:bombs>G2"]},
        site=PLANET,
    )
    first = option_keys(fought, 0, "battle.attack")
    assert "A1+A2:bombs>G1" in first and "pass" in first  # BEND-2: «не хочет» is allowed
    assert ranges(fought) == ["long", "medium", "short", "short"]
    assert fought.causes() == {"G1": "bombs"}
    # each bomber hit G2 once (2 + 2 < 5); no bomber may hit it again, so the battle is over
    assert fought.result.damage["G2"] == 4
    assert fought.result.end is BattleEnd.ELIMINATED and fought.result.winner == 0


@pytest.mark.rules(
    "WPN-LAND-1",
    "WPN-LAND-2",
    "WPN-LAND-3",
    "WPN-LAND-5",
    "ECH-9",
    "GRD-2",
    "GRD-4",
    "BEND-5",
    "PHASE-38",
)
def test_landing_after_the_battle_takes_all_ground_units_with_enough_total_force():
    attacker = [
        ship("A1", weapons={"turbolaser": {"power": 9}, "landing": {"strength": 3}}),
        ship("A2", weapons={"landing": {"strength": 2}}),
    ]
    script = {"battle.second_echelon": ["reserve:A2"]}
    enough = fight(
        attacker,
        [ship("D1", strength=4), card("G1", "ground_unit", strength=5)],
        script0=script,
        site=PLANET,
    )
    (landing,) = enough.events("landing")
    assert landing["ships"] == ["A1", "A2"] and landing["force"] == 5
    assert enough.causes() == {"D1": "damage", "G1": "landing"}
    too_weak = fight(
        attacker,
        [ship("D1", strength=4), card("G1", "ground_unit", strength=6)],
        script0=script,
        site=PLANET,
    )
    assert too_weak.agents[0].asked("battle.landing") == []
    assert too_weak.combatants["G1"].status is Status.FIGHTING


@pytest.mark.rules("WIN-3")
def test_losing_the_commander_s_ship_ends_the_battle_at_the_end_of_the_round():
    fought = fight(
        [ship("A1", strength=4), ship("A2", weapons=TURBO)],
        [ship("D1", weapons={"turbolaser": {"power": 5}})],
        script1={"battle.attack": ["D1:turbolaser>A1"]},
        commander="A1",
        max_rounds=5,
    )
    assert fought.result.end is BattleEnd.COMMANDER_LOST and fought.result.winner == 1
    assert fought.result.rounds == 1


@pytest.mark.rules("CIV-2", "MILB-5", "BEND-2")
def test_civil_buildings_fall_like_military_ones_and_keep_the_battle_going():
    fought = fight(
        [ship("A1", weapons={"turbolaser": {"power": 7}, "bombs": {"power": 3}})],
        [
            ship("D1", strength=4),
            card("C1", "civil_building", strength=4),
            card("C2", "civil_building", text="без прочности"),
        ],
        site=PLANET,
    )
    civil = [e for e in fought.events("attack") if e["target"] == "C1"]
    assert [(e["damage"], e["atmosphere"]) for e in civil] == [(5, 2)]  # 7 − 2
    assert fought.causes() == {"D1": "damage", "C1": "damage"}
    assert fought.combatants["C2"].status is Status.FIGHTING
    assert all("C2" not in o.key for d in fought.agents[0].decisions for o in d.options)


@pytest.mark.rules("WPN-LIGHT-5", "WPN-LASER-3")
def test_a_multi_target_laser_fires_back_at_the_attacker_alone():
    fought = fight(
        [
            ship("A1", size="LK", speed=5, weapons={"plasma": {"power": 4}}),
            ship("A2", strength=99),
        ],
        [ship("D1", size="LK", speed=5, strength=30, weapons={"lasers": "2/3"})],
        dice=[1, 5, 6, 1],
        max_rounds=3,
    )
    (counter,) = fought.agents[1].asked("battle.counter_fire")
    assert [o.key for o in counter.options] == ["D1:lasers>A1", "pass"]
    assert [(e["target"], e["reaction"]) for e in fought.events("attack") if e["by"] == "D1"] == [
        ("A1", True),
        ("A1", False),
        ("A2", False),
    ]


@pytest.mark.rules("STN-14", "STN-7", "WPN-LAND-6", "WPN-BOMB-2")
def test_no_bombs_and_no_landing_on_a_station():
    fought = fight(
        [
            ship(
                "A1",
                weapons={
                    "turbolaser": {"power": 3},
                    "bombs": {"power": 9},
                    "landing": {"strength": 9},
                },
            )
        ],
        [
            card("S1", "space_object", object_type="station", strength=30),
            card("B1", "military_building", strength=3),
            card("G1", "ground_unit", strength=1),
        ],
        site=STATION_ORBIT,
        max_rounds=3,
    )
    offered = [o.key for d in fought.agents[0].asked("battle.attack") for o in d.options]
    assert offered and not any(":bombs>" in key for key in offered)
    assert fought.agents[0].asked("battle.landing") == []
    assert fought.combatants["G1"].status is Status.FIGHTING
