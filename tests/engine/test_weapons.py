"""Weapon arithmetic and dice, checked against the rule book's own sentences and numbers."""

import pytest

from komandor.rules.dice import FixedDice
from komandor.rules.weapons import (
    Distance,
    MaserEffect,
    Weapon,
    atmosphere_reduced,
    boarding_defence,
    bomb_damage,
    evasive_manoeuvre_applies,
    fires_at,
    landing_succeeds,
    laser_damage,
    light_duel_applies,
    maser_damage,
    maser_effect,
    missile_damage,
    nova_damage,
    nova_target_count,
    plasma_damage,
    point_defence_applies,
    ram_can_target,
    ram_damage,
    ram_dodge_allowed,
    roll_boarding,
    roll_light_duel,
    roll_point_defence,
    roll_salvo,
    torpedo_can_target,
    torpedo_damage,
    turbolaser_can_target,
    turbolaser_damage,
)


@pytest.mark.rules("WPN-PLASMA-2", "WPN-SHIELD-1")
def test_plasma_subtracts_the_shield_power():
    # «10 (мощность плазменных орудий) - … (мощность щита)»; «6 … – 4 (мощность щита)» = 2
    assert plasma_damage(6, 4) == 2
    assert plasma_damage(10, 3) == 7


@pytest.mark.rules("BATTLE-24")
def test_damage_is_never_negative():
    assert plasma_damage(5, 9) == 0
    assert laser_damage(4, 6) == 0
    assert turbolaser_damage(2, 3) == 0


@pytest.mark.rules("WPN-TURBO-2", "WPN-TURBO-3", "WPN-SHIELD-2")
def test_turbolaser_subtracts_armor_and_cannot_target_light_ships():
    assert turbolaser_damage(9, 6) == 3
    assert turbolaser_can_target(target_is_light=False)
    assert not turbolaser_can_target(target_is_light=True)


@pytest.mark.rules(
    "WPN-MASER-3",
    "WPN-MASER-4",
    "WPN-MASER-5",
    "WPN-MASER-6",
    "WPN-MASER-7",
    "WPN-MASER-8",
    "WPN-SHIELD-4",
)
def test_maser_cycle_matrix():
    expected = {
        ("A", "A"): MaserEffect.HALF,
        ("A", "B"): MaserEffect.FORBIDDEN,
        ("A", "C"): MaserEffect.FULL,
        ("B", "A"): MaserEffect.FULL,
        ("B", "B"): MaserEffect.HALF,
        ("B", "C"): MaserEffect.FORBIDDEN,
        ("C", "A"): MaserEffect.FORBIDDEN,
        ("C", "B"): MaserEffect.FULL,
        ("C", "C"): MaserEffect.HALF,
    }
    for (maser, shield), effect in expected.items():
        assert maser_effect(maser, shield) is effect, (maser, shield)
    # «Крейсер наносит Линкору повреждения, равные полной мощности мазера – 8» (С against В)
    assert maser_damage(8, maser_effect("C", "B")) == 8
    # «половине мощности мазера (с округлением в меньшую сторону)»
    assert maser_damage(9, MaserEffect.HALF) == 4
    assert maser_damage(9, MaserEffect.FORBIDDEN) == 0


@pytest.mark.rules("WPN-MASER-3")
def test_maser_against_an_unshielded_target_is_full():
    assert maser_effect("A", None) is MaserEffect.FULL
    assert maser_effect(None, "B") is MaserEffect.FULL


@pytest.mark.rules("WPN-LASER-2")
def test_lasers_subtract_armor():
    # «4 (мощность установки) минус показатель брони атакованного корабля»
    assert laser_damage(4, 1) == 3


@pytest.mark.rules("WPN-MISSILE-2", "WPN-MISSILE-3", "WPN-MISSILE-4", "WPN-MISSILE-5")
def test_missile_salvo_from_the_book_example():
    # «На кубиках выпало: 2, 4, 4, 6 – одна ракета попала» at D6 5+
    salvo = roll_salvo(FixedDice([2, 4, 4, 6]), count=4, to_hit=5)
    assert salvo.rolls == (2, 4, 4, 6)
    assert salvo.hits == 1
    # «4 (мощность ракеты) – 1 (броня Штурмовика)»
    assert missile_damage(4, 1) == 3


@pytest.mark.rules("WPN-TORP-2", "WPN-TORP-4", "WPN-TORP-5")
def test_torpedoes_subtract_armor_and_skip_light_ships():
    assert torpedo_damage(8, 6) == 2
    assert not torpedo_can_target(target_is_light=True)
    assert torpedo_can_target(target_is_light=False)


@pytest.mark.rules("WPN-LASER-5", "WPN-LASER-6", "WPN-TORP-6")
def test_point_defence_ranges_and_roll():
    assert point_defence_applies(Weapon.MISSILES, Distance.LONG)
    assert point_defence_applies(Weapon.MISSILES, Distance.MEDIUM)
    assert not point_defence_applies(Weapon.MISSILES, Distance.SHORT)
    assert point_defence_applies(Weapon.TORPEDOES, Distance.SHORT)
    defence = roll_point_defence(FixedDice([5, 4, 6]), hits=3)
    assert defence.hits == 2  # «При броске кубика D6 5+ ракета или торпеда не наносит повреждений»


@pytest.mark.rules("BATTLE-14", "WPN-PLASMA-1", "WPN-TURBO-1", "WPN-NOVA-1")
def test_longer_range_weapons_fire_in_closer_rounds_but_not_further():
    assert fires_at(Distance.LONG, Distance.SHORT)
    assert fires_at(Distance.MEDIUM, Distance.SHORT)
    assert not fires_at(Distance.MEDIUM, Distance.LONG)
    assert not fires_at(Distance.LONG, Distance.MEDIUM, exact=True)


@pytest.mark.rules("WPN-NOVA-2", "WPN-NOVA-3", "WPN-NOVA-5", "WPN-NOVA-6")
def test_nova_target_count_and_shield_choice():
    assert [nova_target_count(roll) for roll in range(1, 7)] == [1, 1, 1, 1, 2, 3]
    assert nova_damage(7, shield_power=3, use_shield=True) == 4
    assert nova_damage(7, shield_power=3, use_shield=False) == 7


@pytest.mark.rules("WPN-BOARD-5", "WPN-BOARD-6")
def test_boarding_crew_modifiers_and_ties():
    assert boarding_defence("E", 3) == 5
    assert boarding_defence("V", 3) == 3
    assert boarding_defence("N", 3) == 1
    won = roll_boarding(FixedDice([4, 2]), force=2, crew_level="V", crew_size=3)
    assert (won.attacker_total, won.defender_total, won.succeeded) == (6, 5, True)
    tie = roll_boarding(FixedDice([3, 2]), force=2, crew_level="V", crew_size=3)
    assert (tie.attacker_total, tie.defender_total, tie.succeeded) == (5, 5, False)


@pytest.mark.rules("WPN-RAM-3", "WPN-RAM-4", "WPN-RAM-5", "WPN-RAM-6")
def test_ramming_numbers():
    assert ram_can_target(rammer_is_light=True, target_is_light=True)
    assert not ram_can_target(rammer_is_light=False, target_is_light=True)
    assert ram_dodge_allowed(rammer_speed=5, target_speed=5)
    assert not ram_dodge_allowed(rammer_speed=6, target_speed=5)
    assert ram_damage(
        rammer_size="SK", rammer_strength=8, target_size="TK", target_strength=12, target_armor=6
    ) == (8, 12)
    # «Если Легкий корабль таранит Тяжелый корабль, тот получает повреждения, равные прочности
    # Легкого корабля, уменьшенной на параметр брони протараненного корабля»
    assert ram_damage(
        rammer_size="LK", rammer_strength=9, target_size="TK", target_strength=12, target_armor=6
    ) == (3, 12)


@pytest.mark.rules("WPN-LIGHT-1", "WPN-LIGHT-2", "WPN-LIGHT-3", "WPN-LIGHT-4", "WPN-LIGHT-5")
def test_light_duel():
    assert light_duel_applies(
        attacker_is_light=True, target_is_light=True, weapon=Weapon.PLASMA, distance=Distance.SHORT
    )
    assert not light_duel_applies(
        attacker_is_light=True,
        target_is_light=True,
        weapon=Weapon.MISSILES,
        distance=Distance.SHORT,
    )
    assert not light_duel_applies(
        attacker_is_light=True, target_is_light=True, weapon=Weapon.PLASMA, distance=Distance.MEDIUM
    )
    hit = roll_light_duel(FixedDice([4, 3]), attacker_speed=5, defender_speed=5)
    assert hit.attacker_hits and not hit.defender_counters
    tie = roll_light_duel(FixedDice([3, 3]), attacker_speed=5, defender_speed=5)
    assert not tie.attacker_hits
    counter = roll_light_duel(FixedDice([1, 5]), attacker_speed=5, defender_speed=5)
    assert counter.defender_total - counter.attacker_total == 4 and counter.defender_counters


@pytest.mark.rules("PROP-EVADE-1", "PROP-EVADE-2", "WPN-MISSILE-6")
def test_evasive_manoeuvre_only_against_plasma_and_maser_at_long_or_medium():
    assert evasive_manoeuvre_applies(Weapon.PLASMA, Distance.MEDIUM)
    assert evasive_manoeuvre_applies(Weapon.MASER, Distance.LONG)
    assert not evasive_manoeuvre_applies(Weapon.PLASMA, Distance.SHORT)
    assert not evasive_manoeuvre_applies(Weapon.MISSILES, Distance.LONG)


@pytest.mark.rules("MILB-5", "WPN-BOMB-3", "WPN-BOMB-5", "WPN-LAND-3", "WPN-LAND-4")
def test_atmosphere_bombs_and_landing():
    assert atmosphere_reduced(5, Weapon.PLASMA) == 3
    assert atmosphere_reduced(1, Weapon.LASERS) == 0
    assert atmosphere_reduced(5, Weapon.BOMBS) == 5
    assert bomb_damage([3, 2]) == 5
    assert landing_succeeds([2, 2], [3, 1])
    assert not landing_succeeds([2], [3])
    assert not landing_succeeds([], [])
