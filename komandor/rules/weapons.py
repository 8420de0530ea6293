"""Weapon arithmetic and dice of «Путь Командора», one small pure function per rule.

Nothing here knows about fleets or turns: callers pass numbers (power, armor, shield, speed)
and, where the book rolls dice, the match's ``Dice``. Results that involve dice come back as
small frozen records holding the rolls, so the battle log can show exactly what happened.
Damage is never negative (BATTLE-24).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Final

from komandor.rules.dice import Dice
from komandor.rules.vocabulary import RANGE_LETTERS


class Distance(IntEnum):
    """Battle range; a weapon of range R fires in rounds of range R or closer (BATTLE-14)."""

    SHORT = 1
    MEDIUM = 2
    LONG = 3

    @property
    def key(self) -> str:
        return _KEY_OF_DISTANCE[self]  # ``Enum.name`` is a Python property: read per attack

    @classmethod
    def from_key(cls, key: str) -> Distance:
        return _DISTANCE_KEYS[key]


_KEY_OF_DISTANCE: Final[dict[Distance, str]] = {
    distance: distance.name.lower() for distance in Distance
}
_DISTANCE_KEYS = {
    "long": Distance.LONG,
    "medium": Distance.MEDIUM,
    "short": Distance.SHORT,
    # the book's letters «Д/С/М» (vocabulary.json)
    **{letter: Distance[value.upper()] for letter, value in RANGE_LETTERS.items()},
}


class Weapon(StrEnum):
    PLASMA = "plasma"
    TURBOLASER = "turbolaser"
    MASER = "maser"
    LASERS = "lasers"
    MISSILES = "missiles"
    TORPEDOES = "torpedoes"
    NOVA = "nova"
    BOMBS = "bombs"
    BOARDING = "boarding"
    RAM = "ram"


# «бой на дальней дистанции (... турбо-лазеры ...)»; «бой на средней дистанции (торпеды,
# плазменные орудия и мазеры)»; «Лазерные установки - оружие малой дистанции»; «Бомбы – оружие
# малой дистанции». Missiles carry their own printed range.
WEAPON_RANGE = {
    Weapon.TURBOLASER: Distance.LONG,
    Weapon.NOVA: Distance.LONG,
    Weapon.PLASMA: Distance.MEDIUM,
    Weapon.MASER: Distance.MEDIUM,
    Weapon.TORPEDOES: Distance.MEDIUM,
    Weapon.LASERS: Distance.SHORT,
    Weapon.BOMBS: Distance.SHORT,
    Weapon.BOARDING: Distance.SHORT,
    Weapon.RAM: Distance.SHORT,
}

# Weapons that fire only in rounds of exactly their own range: «Оружие “Нова” может быть
# применено только в раунд боя на дальней дистанции»; boarding and ramming «В фазу боя на малой
# дистанции»; bombs are short range and have nothing longer to fall back on.
EXACT_RANGE_ONLY = frozenset({Weapon.NOVA, Weapon.BOARDING, Weapon.RAM, Weapon.BOMBS})


def fires_at(weapon_range: Distance, distance: Distance, *, exact: bool = False) -> bool:
    """Whether a weapon of ``weapon_range`` may fire in a round at ``distance`` (BATTLE-14).

    >>> fires_at(Distance.MEDIUM, Distance.SHORT), fires_at(Distance.SHORT, Distance.MEDIUM)
    (True, False)
    """
    return weapon_range == distance if exact else weapon_range >= distance


def reduced(power: int, defence: int) -> int:
    """``power`` minus a defence value, never below zero (BATTLE-24)."""
    return power - defence if power > defence else 0


# --- Beam weapons -------------------------------------------------------------------------


def plasma_damage(power: int, shield_power: int) -> int:
    """«вычесть из показателя мощности орудия атакующего корабля силу энергетического щита».

    >>> plasma_damage(10, 4)
    6
    """
    return reduced(power, shield_power)


def turbolaser_can_target(target_is_light: bool) -> bool:
    """«Турбо-лазер не может быть использован для атаки легких кораблей (ЛК)»."""
    return not target_is_light


def turbolaser_damage(power: int, armor: int) -> int:
    """«вычесть из показателя его мощности показатель брони корабля, который атакуют»."""
    return reduced(power, armor)


class MaserEffect(StrEnum):
    FULL = "full"
    HALF = "half"
    FORBIDDEN = "forbidden"


# A maser of type X cannot fire at the shield type listed here («мазером типа “А” не могут
# атаковать им корабли с щитом “В”», В→С, С→А).
_MASER_FORBIDDEN = {"A": "B", "B": "C", "C": "A"}


def maser_effect(maser_type: str | None, target_shield_type: str | None) -> MaserEffect:
    """How a maser of ``maser_type`` works against a shield type (WPN-MASER-4..8, AMB-4).

    An untyped maser, or a target without a working shield, takes full power.

    >>> [maser_effect("C", t).value for t in ("A", "B", "C")]
    ['forbidden', 'full', 'half']
    """
    if maser_type is None or target_shield_type is None:
        return MaserEffect.FULL
    if maser_type == target_shield_type:
        return MaserEffect.HALF
    if _MASER_FORBIDDEN[maser_type] == target_shield_type:
        return MaserEffect.FORBIDDEN
    return MaserEffect.FULL


def maser_damage(power: int, effect: MaserEffect) -> int:
    """Full power, or «половине мощности мазера (с округлением в меньшую сторону)»."""
    if effect is MaserEffect.FORBIDDEN:
        return 0
    return power // 2 if effect is MaserEffect.HALF else power


def laser_damage(power: int, armor: int) -> int:
    """«мощности установки, уменьшенной на показатель брони атакованного корабля»."""
    return reduced(power, armor)


# --- Missiles, torpedoes and point defence --------------------------------------------------

# «При атаке на дальней дистанции попадание - это D6 5+, на средней - D6 4+, на малой - D6 2+»
MISSILE_TO_HIT = {Distance.LONG: 5, Distance.MEDIUM: 4, Distance.SHORT: 2}
# «При атаке на средней дистанции попадание D6 4+, на малой - D6 3+»
TORPEDO_TO_HIT = {Distance.MEDIUM: 4, Distance.SHORT: 3}
# «При броске кубика D6 5+ ракета или торпеда не наносит повреждений (сбивается на подлете)»
POINT_DEFENCE_ROLL = 5


@dataclass(frozen=True, slots=True, init=False)
class Salvo:
    """One D6 per missile or torpedo; ``hits`` counts rolls of at least ``to_hit``."""

    rolls: tuple[int, ...]
    to_hit: int
    hits: int

    def __init__(self, rolls: tuple[int, ...], to_hit: int, hits: int) -> None:
        # One per missile or torpedo salvo: slots set directly.
        _set_salvo_rolls(self, rolls)
        _set_salvo_to_hit(self, to_hit)
        _set_salvo_hits(self, hits)


_set_salvo_rolls: Final[Callable[[Salvo, tuple[int, ...]], None]] = vars(Salvo)["rolls"].__set__
_set_salvo_to_hit: Final[Callable[[Salvo, int], None]] = vars(Salvo)["to_hit"].__set__
_set_salvo_hits: Final[Callable[[Salvo, int], None]] = vars(Salvo)["hits"].__set__


def roll_salvo(dice: Dice, *, count: int, to_hit: int) -> Salvo:
    """«Попадание ракеты определяется броском кубика D6 за каждую ракету».

    >>> from komandor.rules.dice import FixedDice
    >>> roll_salvo(FixedDice([2, 4, 4, 6]), count=4, to_hit=5).hits
    1
    """
    rolls = tuple(dice.d6() for _ in range(count))
    return Salvo(rolls, to_hit, sum(1 for roll in rolls if roll >= to_hit))


def point_defence_applies(weapon: Weapon, distance: Distance) -> bool:
    """Lasers shoot down missiles «на дальней или средней дистанции» and torpedoes «на любой
    дальности» (WPN-LASER-5)."""
    if weapon is Weapon.TORPEDOES:
        return True
    return weapon is Weapon.MISSILES and distance is not Distance.SHORT


def roll_point_defence(dice: Dice, *, hits: int) -> Salvo:
    """«бросить кубик за каждую попавшую в его корабль ракету/торпеду»; ``hits`` of the result
    counts the ones shot down."""
    return roll_salvo(dice, count=hits, to_hit=POINT_DEFENCE_ROLL)


def missile_damage(power: int, armor: int) -> int:
    """«мощность ракеты, уменьшенная на показатель брони атакованного корабля» (per hit)."""
    return reduced(power, armor)


def torpedo_damage(power: int, armor: int) -> int:
    """«мощность торпеды, уменьшенная на показатель брони атакованного корабля» (per hit)."""
    return reduced(power, armor)


def torpedo_can_target(target_is_light: bool) -> bool:
    """«Торпеды не могут быть использованы для атаки легких кораблей (ЛК)»."""
    return not target_is_light


# --- Nova ---------------------------------------------------------------------------------

NOVA_FIRE_ROLL = 4  # «На D6 4+ данное оружие наносит повреждения»


def nova_target_count(roll: int) -> int:
    """«на D6 6+ - 3 корабля, на D6 5+ - 2 корабля, при меньшем значении кубика – 1 корабль»."""
    return 3 if roll >= 6 else 2 if roll >= 5 else 1


def nova_damage(power: int, *, shield_power: int, use_shield: bool) -> int:
    """The salvo's strength, less the shield if the attacked player chooses (WPN-NOVA-5/6)."""
    return reduced(power, shield_power) if use_shield else power


# --- Boarding, ramming, the light-ship duel ------------------------------------------------

# «если экипаж “(Э)лита” – численность экипажа “+2”, если “(Н)еопытный” - “минус 2”»
CREW_BOARDING_MODIFIER = {"E": 2, "V": 0, "N": -2}


def boarding_defence(crew_level: str | None, crew_size: int) -> int:
    """What the defender adds to his D6 against boarding (WPN-BOARD-5)."""
    return crew_size + CREW_BOARDING_MODIFIER.get(crew_level or "V", 0)


@dataclass(frozen=True, slots=True)
class BoardingRoll:
    attacker_roll: int
    attacker_total: int
    defender_roll: int
    defender_total: int

    @property
    def succeeded(self) -> bool:
        # «Выигрывает тот игрок, у которого получилось большее суммарное значение»: a tie fails.
        return self.attacker_total > self.defender_total


def roll_boarding(
    dice: Dice,
    *,
    force: int,
    crew_level: str | None,
    crew_size: int,
    defender_dice: Dice | None = None,
) -> BoardingRoll:
    """«оба игрока кидают кубик D6» — the boarder's die first, then the defender's (with
    ``defender_dice`` when the players roll with dice of their own, DICE-4)."""
    attacker_roll = dice.d6()
    defender_roll = (defender_dice or dice).d6()
    return BoardingRoll(
        attacker_roll,
        attacker_roll + force,
        defender_roll,
        defender_roll + boarding_defence(crew_level, crew_size),
    )


RAM_DODGE_ROLL = 5  # «противник может уклониться, если выбросит на кубике D6 5+»


def ram_can_target(*, rammer_is_light: bool, target_is_light: bool) -> bool:
    """«Легкие корабли (ЛК) могут быть протаранены только другими Легкими кораблями (ЛК)»."""
    return rammer_is_light or not target_is_light


def ram_dodge_allowed(*, rammer_speed: int, target_speed: int) -> bool:
    """The rammed ship may dodge if it «имеет равную или большую скорость»."""
    return target_speed >= rammer_speed


def ram_damage(
    *,
    rammer_size: str,
    rammer_strength: int,
    target_size: str,
    target_strength: int,
    target_armor: int,
) -> tuple[int, int]:
    """``(damage to the target, damage to the rammer)`` (WPN-RAM-5/6).

    >>> ram_damage(rammer_size="LK", rammer_strength=4, target_size="TK",
    ...            target_strength=12, target_armor=6)
    (0, 12)
    """
    to_target = rammer_strength
    if rammer_size == "LK" and target_size == "TK":
        to_target = reduced(rammer_strength, target_armor)
    return to_target, target_strength


@dataclass(frozen=True, slots=True)
class DuelRoll:
    """The light-ship manoeuvre duel (WPN-LIGHT): D6 + speed each, attacker's die first."""

    attacker_roll: int
    attacker_total: int
    defender_roll: int
    defender_total: int

    @property
    def attacker_hits(self) -> bool:
        return self.attacker_total > self.defender_total  # «Если у атакующего ... выше»

    @property
    def defender_counters(self) -> bool:
        # «результат атакованного корабля на 4 или больше превосходит результат атакующего»
        return self.defender_total - self.attacker_total >= 4


def light_duel_applies(
    *, attacker_is_light: bool, target_is_light: bool, weapon: Weapon, distance: Distance
) -> bool:
    """«легкий корабль (ЛК) атакует другой легкий корабль (ЛК) в раунде боя на малой
    дистанции любым оружием (кроме ракет)»; ramming and boarding are not weapons (AMB-18)."""
    return (
        attacker_is_light
        and target_is_light
        and distance is Distance.SHORT
        and weapon not in (Weapon.MISSILES, Weapon.RAM, Weapon.BOARDING)
    )


def roll_light_duel(
    dice: Dice, *, attacker_speed: int, defender_speed: int, defender_dice: Dice | None = None
) -> DuelRoll:
    attacker_roll = dice.d6()
    defender_roll = (defender_dice or dice).d6()
    return DuelRoll(
        attacker_roll,
        attacker_roll + attacker_speed,
        defender_roll,
        defender_roll + defender_speed,
    )


# --- Evasive manoeuvre, bombs, landing, atmosphere -----------------------------------------


def evasive_manoeuvre_applies(weapon: Weapon, distance: Distance) -> bool:
    """«В течение раунда боя на дальней или средней дистанции, когда корабль ... атакован
    плазменными орудиями или мазером»."""
    return distance is not Distance.SHORT and weapon in (Weapon.PLASMA, Weapon.MASER)


def bomb_damage(powers: list[int] | tuple[int, ...]) -> int:
    """«мощность их бомб суммируется»; no armor, no atmosphere (WPN-BOMB-3/5)."""
    return sum(powers)


def landing_succeeds(landing_forces: list[int], unit_forces: list[int]) -> bool:
    """«суммарная сила десанта ... равна или превышает суммарную силу всех наземных отрядов»."""
    return bool(landing_forces) and sum(landing_forces) >= sum(unit_forces)


ATMOSPHERE_PROTECTION = 2  # «получают на 2 повреждения меньше (защита атмосферой)»


def atmosphere_reduced(damage: int, weapon: Weapon) -> int:
    """Damage to a building on a planet: −2 per damage instance, except from bombs (MILB-5)."""
    if weapon is Weapon.BOMBS:
        return damage
    return reduced(damage, ATMOSPHERE_PROTECTION)
