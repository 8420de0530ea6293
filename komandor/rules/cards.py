"""The Komandor card schema: printed card data, checked once, then immutable.

``card_from_dict`` is the checked entry point. It accepts the canonical structured form and the
rule book's notation strings, and reports *every* problem at once as ``FieldError``s naming the
dotted field path and the rule broken. ``card_to_dict`` gives the canonical JSON-compatible form
(what ``Card.attributes`` stores); the two round-trip.

>>> spec = card_from_dict({"kind": "ship", "name": "Химера", "cost": 10, "size": "ТК",
...     "strength": "12(8)", "shield": "В4", "armor": 6, "speed": 3,
...     "weapons": {"plasma": 10, "maser": 10, "lasers": "2/4", "missiles": {"long": "4-4"}}})
>>> spec.shield, spec.weapons.maser.type, spec.weapons.lasers
(Shield(type=<ShieldType.B: 'B'>, power=4), <ShieldType.B: 'B'>, Lasers(targets=2, power=4))

The fields' labels for the forms and the stats as the book prints them are words:
``komandor.words.card_fields``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from functools import partial
from typing import Any

from komandor.rules.effect_schema import EffectSpec, effect_to_dict, read_effects
from komandor.rules.vocabulary import (
    CREW_EXAMPLE,
    CREW_LETTERS,
    MISSILES_EXAMPLE,
    RANGE_LETTER,
    RANGE_LETTERS,
    SHIELD_EXAMPLE,
    SHIELD_LETTERS,
    SIZE_LETTERS,
)

# ---------------------------------------------------------------------------------------------
# Enums and small value types
# ---------------------------------------------------------------------------------------------


class CardKind(StrEnum):
    SHIP = "ship"
    SPACE_OBJECT = "space_object"
    GROUND_UNIT = "ground_unit"
    MILITARY_BUILDING = "military_building"
    CIVIL_BUILDING = "civil_building"
    TACTICAL = "tactical"
    SITUATION = "situation"
    UPGRADE = "upgrade"
    COMMANDER = "commander"
    ABILITY = "ability"


class Rarity(StrEnum):
    COMMON = "common"
    RARE = "rare"
    VERY_RARE = "very_rare"
    UNIQUE = "unique"


class SizeClass(StrEnum):
    LK = "LK"  # лёгкий корабль
    SK = "SK"  # средний корабль
    TK = "TK"  # тяжёлый корабль


class ShieldType(StrEnum):
    A = "A"
    B = "B"
    C = "C"


class Range(StrEnum):
    LONG = "long"
    MEDIUM = "medium"
    SHORT = "short"


class CrewLevel(StrEnum):
    N = "N"  # неопытный
    V = "V"  # ветераны
    E = "E"  # элита


class ObjectType(StrEnum):
    PLANET = "planet"
    ASTEROID = "asteroid"
    STATION = "station"
    OTHER = "other"


class Victory(StrEnum):
    PIRATE = "pirate"
    TRADER = "trader"
    PROCURATOR = "procurator"


class RewardKind(StrEnum):
    RESOURCES = "resources"
    ACTION_TOKENS = "action_tokens"


@dataclass(frozen=True, slots=True)
class Shield:
    type: ShieldType
    power: int


@dataclass(frozen=True, slots=True)
class Crew:
    level: CrewLevel
    size: int


@dataclass(frozen=True, slots=True)
class Power:
    """A weapon described by its power alone: plasma, turbolaser, Nova, bombs."""

    power: int


@dataclass(frozen=True, slots=True)
class Maser:
    type: ShieldType
    power: int


@dataclass(frozen=True, slots=True)
class Lasers:
    """``2/4``: one attack reaches ``targets`` ships at ``power`` each (WPN-LASER-3)."""

    targets: int
    power: int


@dataclass(frozen=True, slots=True)
class Salvo:
    """``4-8``: ``count`` missiles or torpedoes, each rolled for, each of ``power``."""

    count: int
    power: int


@dataclass(frozen=True, slots=True)
class Force:
    """Boarding shuttles and landing: a force («сила»), not a power."""

    strength: int


@dataclass(frozen=True, slots=True)
class Missiles:
    long: Salvo | None = None
    medium: Salvo | None = None
    short: Salvo | None = None

    def at(self, range_: Range) -> Salvo | None:
        salvo: Salvo | None = getattr(self, range_.value)
        return salvo


@dataclass(frozen=True, slots=True)
class Weapons:
    plasma: Power | None = None
    turbolaser: Power | None = None
    maser: Maser | None = None
    lasers: Lasers | None = None
    missiles: Missiles | None = None
    torpedoes: Salvo | None = None
    nova: Power | None = None
    bombs: Power | None = None
    boarding: Force | None = None
    landing: Force | None = None

    def names(self) -> tuple[str, ...]:
        """The weapons this card carries, in the canonical order."""
        return tuple(f.name for f in fields(self) if getattr(self, f.name) is not None)


@dataclass(frozen=True, slots=True)
class Flag:
    """A property with no parameters (escort, smuggling run, evasive manoeuvre)."""


@dataclass(frozen=True, slots=True)
class CommercialRun:
    reward: int = 0
    reward_kind: RewardKind = RewardKind.RESOURCES


@dataclass(frozen=True, slots=True)
class Properties:
    commercial_run: CommercialRun | None = None
    escort: Flag | None = None
    smuggling_run: Flag | None = None
    evasive_manoeuvre: Flag | None = None

    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in fields(self) if getattr(self, f.name) is not None)


@dataclass(frozen=True, slots=True)
class Income:
    resources: int = 0
    action_tokens: int = 0


# An ability card's variant: its effects, or (old data, not played) its text as written.
Variant = str | tuple[EffectSpec, ...]


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One card's printed data. Parts that do not apply to ``kind`` are ``None``."""

    kind: CardKind
    name: str = ""
    cost: int | None = None
    rarity: Rarity | None = None
    number: str | None = None
    text: str | None = None
    # ships, stations, military buildings
    size: SizeClass | None = None
    ship_class: str | None = None
    strength: int | None = None  # also ground units
    critical: int | None = None
    shield: Shield | None = None
    armor: int | None = None
    speed: int | None = None
    weapons: Weapons | None = None
    crew: Crew | None = None
    properties: Properties | None = None
    # space objects, civil buildings
    object_type: ObjectType | None = None
    income: Income | None = None
    built_in: tuple[CardSpec, ...] | None = None
    # tactical, situation
    resources: int | None = None
    action_tokens: int | None = None
    dice: int | None = None
    # upgrade
    target: CardKind | None = None
    # commander, ability
    initiative: int | None = None
    abilities: str | None = None
    victory: Victory | None = None
    variants: tuple[Variant, Variant] | None = None
    special: bool | None = None
    # what the card does beyond its stats, in the effect language (docs/effects.md)
    effects: tuple[EffectSpec, ...] | None = None

    @property
    def is_light(self) -> bool:
        return self.size is SizeClass.LK

    @property
    def is_station(self) -> bool:
        return self.object_type is ObjectType.STATION


# ---------------------------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FieldError:
    field: str
    code: str
    message: str
    # The effect language's problems also give their message without the path, as a template
    # and its parameters (``effect_schema.Problem``), so the admin can word it in Russian.
    template: str = ""
    params: tuple[tuple[str, str], ...] = ()


class CardSpecError(ValueError):
    """Every problem found in one card dict (never only the first)."""

    def __init__(self, errors: list[FieldError]) -> None:
        self.errors = list(errors)
        super().__init__("; ".join(error.message for error in self.errors))


class _Errors:
    __slots__ = ("errors",)

    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def add(self, path: str, code: str, message: str) -> None:
        self.errors.append(FieldError(path, code, f"{path or 'card'}: {message}"))


# ---------------------------------------------------------------------------------------------
# Aliases accepted on input: the book's Cyrillic letters, their Latin look-alikes, English words
# ---------------------------------------------------------------------------------------------

# The book's Cyrillic letters are data (vocabulary.json: ЛК/СК/ТК, А/В/С, Н/В/Э, Д/С/М).
_SIZE_ALIASES = {
    "LK": SizeClass.LK, "LIGHT": SizeClass.LK,
    "SK": SizeClass.SK, "MEDIUM": SizeClass.SK,
    "TK": SizeClass.TK, "HEAVY": SizeClass.TK,
    **{letter: SizeClass(value) for letter, value in SIZE_LETTERS.items()},
}  # fmt: skip
_SHIELD_ALIASES = {
    "A": ShieldType.A, "B": ShieldType.B, "C": ShieldType.C,
    **{letter: ShieldType(value) for letter, value in SHIELD_LETTERS.items()},
}  # fmt: skip
# Latin H and B are the book's Cyrillic Н and В typed on a Latin keyboard.
_CREW_ALIASES = {
    "N": CrewLevel.N, "H": CrewLevel.N,
    "V": CrewLevel.V, "B": CrewLevel.V,
    "E": CrewLevel.E,
    **{letter: CrewLevel(value) for letter, value in CREW_LETTERS.items()},
}  # fmt: skip
# Latin C and M are the book's Cyrillic С and М typed on a Latin keyboard, so "M" is short range.
_RANGE_ALIASES = {
    "LONG": Range.LONG, "MEDIUM": Range.MEDIUM, "C": Range.MEDIUM,
    "SHORT": Range.SHORT, "M": Range.SHORT,
    **{letter: Range(value) for letter, value in RANGE_LETTERS.items()},
}  # fmt: skip
# The book's notation as the reader's messages quote it: «С3» (type А/В/С, power)…
_SHIELD_NOTATION = f"«{SHIELD_EXAMPLE}» (type {'/'.join(SHIELD_LETTERS)}, power)"
_CREW_NOTATION = f"«{CREW_EXAMPLE}» (level {'/'.join(CREW_LETTERS)}, size)"
_MISSILES_NOTATION = f"«{MISSILES_EXAMPLE}»"
_RANGE_LETTERS = "/".join(RANGE_LETTERS)
_SIZE_LETTERS = ", ".join(SIZE_LETTERS)


def _enum_aliases(enum: type[StrEnum]) -> dict[str, Any]:
    return {member.value.upper(): member for member in enum}


_KIND_ALIASES = _enum_aliases(CardKind)
_RARITY_ALIASES = _enum_aliases(Rarity)
_OBJECT_ALIASES = _enum_aliases(ObjectType)
_VICTORY_ALIASES = _enum_aliases(Victory)
_REWARD_ALIASES = _enum_aliases(RewardKind)


_STRENGTH_NOTATION = re.compile(r"(\d+)\s*\(\s*(\d+)\s*\)")
_LETTER_NUMBER = re.compile(r"([^\W\d_])\s*(\d+)")
_LASERS_NOTATION = re.compile(r"(?:(\d+)\s*/\s*)?(\d+)")
_SALVO_NOTATION = re.compile(r"(\d+)\s*[-–—]\s*(\d+)")
_MISSILE_ITEM = re.compile(r"(\d+)\s*[-–—]\s*(\d+)\s*\(\s*([^\W\d_]+)\s*\)")

# ---------------------------------------------------------------------------------------------
# Field readers: each returns the parsed value or None, recording any problem
# ---------------------------------------------------------------------------------------------


def _read_int(
    value: Any,
    path: str,
    errors: _Errors,
    *,
    minimum: int = 0,
    maximum: int | None = None,
    rule: str = "",
) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | str):
        errors.add(path, "not_a_number", f"{value!r} is not a whole number")
        return None
    if isinstance(value, str):
        if not re.fullmatch(r"\s*-?\d+\s*", value):
            errors.add(path, "not_a_number", f"{value!r} is not a whole number")
            return None
        value = int(value)
    number: int = value
    if number < minimum or (maximum is not None and number > maximum):
        bounds = f"at least {minimum}" if maximum is None else f"from {minimum} to {maximum}"
        why = f" ({rule})" if rule else ""
        errors.add(path, "out_of_range", f"{number} is out of range: must be {bounds}{why}")
        return None
    return number


def _read_text(value: Any, path: str, errors: _Errors, *, required: bool = False) -> str | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            errors.add(path, "required", "is required")
        return None
    if not isinstance(value, str):
        errors.add(path, "not_text", f"{value!r} is not text")
        return None
    return value.strip()


def _read_choice(
    value: Any, path: str, errors: _Errors, aliases: Mapping[str, Any], what: str
) -> Any:
    if isinstance(value, str) and value.strip().upper() in aliases:
        return aliases[value.strip().upper()]
    accepted = ", ".join(sorted(aliases))
    errors.add(path, "bad_choice", f"{value!r} is not a {what}; accepted: {accepted}")
    return None


def _read_bool(value: Any, path: str, errors: _Errors) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in {"true", "false", "1", "0", ""}:
        return value.strip().lower() in {"true", "1"}
    errors.add(path, "not_a_bool", f"{value!r} is not true or false")
    return None


def _read_mapping(
    value: Any, path: str, errors: _Errors, allowed: tuple[str, ...], owner: str = ""
) -> Mapping[str, Any] | None:
    if not isinstance(value, Mapping):
        errors.add(path, "not_an_object", f"{value!r} is not an object with fields")
        return None
    for key in value:
        if key not in allowed:
            errors.add(
                _join(path, str(key)),
                "unknown_field",
                f"unknown field; {owner or path or 'a card'} takes: {', '.join(allowed)}",
            )
    return value


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _notation(value: Any, pattern: re.Pattern[str]) -> re.Match[str] | None:
    return pattern.fullmatch(value.strip()) if isinstance(value, str) else None


def _bad_notation(errors: _Errors, path: str, value: Any, example: str, rule: str) -> None:
    errors.add(path, "bad_notation", f"{value!r} is not in the book's notation {example} ({rule})")


def _read_pair(
    value: Any,
    path: str,
    errors: _Errors,
    *,
    keys: tuple[str, str],
    pattern: re.Pattern[str],
    example: str,
    rule: str,
    minimums: tuple[int, int] = (1, 1),
) -> tuple[int, int] | None:
    """A two-number stat given as the book's notation string or as ``{keys[0]:…, keys[1]:…}``."""
    if isinstance(value, str):
        match = _notation(value, pattern)
        if match is None:
            _bad_notation(errors, path, value, example, rule)
            return None
        raw: Mapping[str, Any] = dict(zip(keys, match.groups(), strict=True))
    else:
        mapping = _read_mapping(value, path, errors, keys)
        if mapping is None:
            return None
        raw = mapping
    numbers: list[int | None] = []
    for key, minimum in zip(keys, minimums, strict=True):
        if raw.get(key) is None:
            errors.add(_join(path, key), "required", "is required")
            numbers.append(None)
        else:
            numbers.append(
                _read_int(raw[key], _join(path, key), errors, minimum=minimum, rule=rule)
            )
    first, second = numbers
    if first is None or second is None:
        return None
    return first, second


# ---------------------------------------------------------------------------------------------
# Composite parts
# ---------------------------------------------------------------------------------------------


def _read_shield(value: Any, path: str, errors: _Errors) -> Shield | None:
    if isinstance(value, str):
        match = _notation(value, _LETTER_NUMBER)
        if match is None or match.group(1).upper() not in _SHIELD_ALIASES:
            _bad_notation(errors, path, value, _SHIELD_NOTATION, "WPN-SHIELD-3")
            return None
        return Shield(_SHIELD_ALIASES[match.group(1).upper()], int(match.group(2)))
    mapping = _read_mapping(value, path, errors, ("type", "power"))
    if mapping is None:
        return None
    type_ = _required(mapping, "type", path, errors)
    power = _required(mapping, "power", path, errors)
    shield_type = None
    if type_ is not None:
        shield_type = _read_choice(
            type_, _join(path, "type"), errors, _SHIELD_ALIASES, "shield type (WPN-SHIELD-3)"
        )
    power_value = None if power is None else _read_int(power, _join(path, "power"), errors)
    if shield_type is None or power_value is None:
        return None
    return Shield(shield_type, power_value)


def _read_crew(value: Any, path: str, errors: _Errors) -> Crew | None:
    if isinstance(value, str):
        match = _notation(value, _LETTER_NUMBER)
        if match is None or match.group(1).upper() not in _CREW_ALIASES:
            _bad_notation(errors, path, value, _CREW_NOTATION, "SHIP-12")
            return None
        return Crew(_CREW_ALIASES[match.group(1).upper()], int(match.group(2)))
    mapping = _read_mapping(value, path, errors, ("level", "size"))
    if mapping is None:
        return None
    level = _required(mapping, "level", path, errors)
    size = _required(mapping, "size", path, errors)
    crew_level = None
    if level is not None:
        crew_level = _read_choice(
            level, _join(path, "level"), errors, _CREW_ALIASES, "crew level (SHIP-12)"
        )
    crew_size = None if size is None else _read_int(size, _join(path, "size"), errors)
    if crew_level is None or crew_size is None:
        return None
    return Crew(crew_level, crew_size)


def _required(mapping: Mapping[str, Any], key: str, path: str, errors: _Errors) -> Any:
    value = mapping.get(key)
    if value is None or value == "":
        errors.add(_join(path, key), "required", "is required")
        return None
    return value


def _read_power(value: Any, path: str, errors: _Errors, rule: str) -> Power | None:
    if not isinstance(value, Mapping):
        number = _read_int(value, path, errors, minimum=1, rule=rule)
        return None if number is None else Power(number)
    mapping = _read_mapping(value, path, errors, ("power",))
    if mapping is None or (raw := _required(mapping, "power", path, errors)) is None:
        return None
    number = _read_int(raw, _join(path, "power"), errors, minimum=1, rule=rule)
    return None if number is None else Power(number)


def _read_force(value: Any, path: str, errors: _Errors, rule: str) -> Force | None:
    if not isinstance(value, Mapping):
        number = _read_int(value, path, errors, minimum=1, rule=rule)
        return None if number is None else Force(number)
    mapping = _read_mapping(value, path, errors, ("strength",))
    if mapping is None or (raw := _required(mapping, "strength", path, errors)) is None:
        return None
    number = _read_int(raw, _join(path, "strength"), errors, minimum=1, rule=rule)
    return None if number is None else Force(number)


def _read_lasers(value: Any, path: str, errors: _Errors) -> Lasers | None:
    # A bare power («лазерные установки 4», as the Exorcist prints) is one target at that power.
    if isinstance(value, int) and not isinstance(value, bool):
        value = {"targets": 1, "power": value}
    elif isinstance(value, Mapping) and "targets" not in value:
        value = {"targets": 1, **value}
    elif isinstance(value, str) and (match := _notation(value, _LASERS_NOTATION)):
        value = {"targets": match.group(1) or 1, "power": match.group(2)}
    pair = _read_pair(
        value,
        path,
        errors,
        keys=("targets", "power"),
        pattern=_LASERS_NOTATION,
        example="«2/4» (targets/power) or «4»",
        rule="WPN-LASER-3",
    )
    return None if pair is None else Lasers(*pair)


def _read_salvo(value: Any, path: str, errors: _Errors, rule: str) -> Salvo | None:
    pair = _read_pair(
        value,
        path,
        errors,
        keys=("count", "power"),
        pattern=_SALVO_NOTATION,
        example="«4-8» (count-power)",
        rule=rule,
    )
    return None if pair is None else Salvo(*pair)


def _read_maser(
    value: Any, path: str, errors: _Errors, shield: Shield | None, shield_given: bool
) -> Maser | None:
    if isinstance(value, Mapping):
        mapping = _read_mapping(value, path, errors, ("type", "power"))
        if mapping is None:
            return None
        raw_power = _required(mapping, "power", path, errors)
        raw_type = mapping.get("type")
    elif isinstance(value, str) and (match := _notation(value, _LETTER_NUMBER)):
        raw_type, raw_power = match.group(1), match.group(2)
    else:
        raw_type, raw_power = None, value
    power = None
    if raw_power is not None:
        power = _read_int(raw_power, _join(path, "power"), errors, minimum=1, rule="WPN-MASER-3")
    maser_type = None
    if raw_type not in (None, ""):
        maser_type = _read_choice(
            raw_type, _join(path, "type"), errors, _SHIELD_ALIASES, "maser type (WPN-MASER-2)"
        )
    elif shield is not None:
        maser_type = shield.type
    elif not shield_given:
        errors.add(
            _join(path, "type"),
            "maser_type_unknown",
            "a maser takes the type of its ship's energy shield (WPN-MASER-2); give a shield "
            "or the maser type",
        )
    if maser_type is None or power is None:
        return None
    return Maser(maser_type, power)


def _read_missiles(value: Any, path: str, errors: _Errors) -> Missiles | None:
    if isinstance(value, str):
        items = [item for item in re.split(r"[,;]", value) if item.strip()]
        parsed: dict[str, Any] = {}
        for item in items:
            match = _notation(item, _MISSILE_ITEM)
            range_ = None
            if match is not None and match.group(3).upper() in _RANGE_ALIASES:
                range_ = _RANGE_ALIASES[match.group(3).upper()]
            if range_ is None or match is None:
                _bad_notation(
                    errors,
                    path,
                    item,
                    f"{_MISSILES_NOTATION} (count-power (range {_RANGE_LETTERS}))",
                    "WPN-MISSILE-1",
                )
                return None
            parsed[range_.value] = f"{match.group(1)}-{match.group(2)}"
        if not parsed:
            _bad_notation(errors, path, value, _MISSILES_NOTATION, "WPN-MISSILE-1")
            return None
        value = parsed
    if not isinstance(value, Mapping):
        errors.add(path, "not_an_object", f"{value!r} is not missiles by range (long/medium/short)")
        return None
    salvos: dict[str, Salvo | None] = {}
    for key, raw in value.items():
        range_ = _RANGE_ALIASES.get(str(key).strip().upper())
        if range_ is None:
            errors.add(
                _join(path, str(key)),
                "unknown_field",
                f"missiles are long ({RANGE_LETTER['long']}), medium ({RANGE_LETTER['medium']}) "
                f"or short ({RANGE_LETTER['short']}) range (WPN-MISSILE-1)",
            )
            continue
        salvos[range_.value] = _read_salvo(raw, _join(path, range_.value), errors, "WPN-MISSILE-5")
    if not salvos or None in salvos.values():
        if not salvos:
            errors.add(path, "required", "give at least one range of missiles (WPN-MISSILE-1)")
        return None
    return Missiles(**salvos)


_WEAPON_KEYS = tuple(f.name for f in fields(Weapons))


def _read_weapons(
    value: Any, path: str, errors: _Errors, shield: Shield | None, shield_given: bool
) -> Weapons | None:
    mapping = _read_mapping(value, path, errors, _WEAPON_KEYS)
    if mapping is None:
        return None
    parsed: dict[str, Any] = {}
    readers: dict[str, Callable[[Any, str], Any]] = {
        "plasma": lambda raw, at: _read_power(raw, at, errors, "WPN-PLASMA-2"),
        "turbolaser": lambda raw, at: _read_power(raw, at, errors, "WPN-TURBO-3"),
        "maser": lambda raw, at: _read_maser(raw, at, errors, shield, shield_given),
        "lasers": lambda raw, at: _read_lasers(raw, at, errors),
        "missiles": lambda raw, at: _read_missiles(raw, at, errors),
        "torpedoes": lambda raw, at: _read_salvo(raw, at, errors, "WPN-TORP-5"),
        "nova": lambda raw, at: _read_power(raw, at, errors, "WPN-NOVA-5"),
        "bombs": lambda raw, at: _read_power(raw, at, errors, "WPN-BOMB-3"),
        "boarding": lambda raw, at: _read_force(raw, at, errors, "WPN-BOARD-5"),
        "landing": lambda raw, at: _read_force(raw, at, errors, "WPN-LAND-3"),
    }
    for key in _WEAPON_KEYS:
        if key in mapping and mapping[key] is not None:
            parsed[key] = readers[key](mapping[key], _join(path, key))
    if not parsed:
        return None
    return Weapons(**parsed)


_PROPERTY_KEYS = tuple(f.name for f in fields(Properties))


def _read_properties(value: Any, path: str, errors: _Errors, kind: CardKind) -> Properties | None:
    allowed = _PROPERTY_KEYS if kind is CardKind.SHIP else ()
    mapping = _read_mapping(value, path, errors, allowed)
    if mapping is None:
        return None
    parsed: dict[str, Any] = {}
    for key in allowed:
        raw = mapping.get(key)
        at = _join(path, key)
        if raw is None or raw is False:
            continue
        if key == "commercial_run":
            parsed[key] = _read_commercial_run(raw, at, errors)
        elif raw is True or raw == {}:
            parsed[key] = Flag()
        else:
            errors.add(at, "not_a_flag", "this property takes no parameters: give {} or true")
    if not parsed:
        return None
    return Properties(**parsed)


def _read_commercial_run(value: Any, path: str, errors: _Errors) -> CommercialRun:
    if value is True:
        return CommercialRun()
    mapping = _read_mapping(value, path, errors, ("reward", "reward_kind"))
    if mapping is None:
        return CommercialRun()
    reward = 0
    if mapping.get("reward") is not None:
        reward = _read_int(mapping["reward"], _join(path, "reward"), errors) or 0
    reward_kind = RewardKind.RESOURCES
    if mapping.get("reward_kind") is not None:
        reward_kind = (
            _read_choice(
                mapping["reward_kind"],
                _join(path, "reward_kind"),
                errors,
                _REWARD_ALIASES,
                "commercial-run reward (PROP-COMMERCE-4)",
            )
            or reward_kind
        )
    return CommercialRun(reward, reward_kind)


def _read_income(value: Any, path: str, errors: _Errors) -> Income | None:
    mapping = _read_mapping(value, path, errors, ("resources", "action_tokens"))
    if mapping is None:
        return None
    amounts = {
        key: _read_int(mapping[key], _join(path, key), errors) or 0
        for key in ("resources", "action_tokens")
        if mapping.get(key) is not None
    }
    return Income(**amounts) if any(amounts.values()) else None


# ---------------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------------

_COMMON_KEYS = ("kind", "name", "cost", "rarity", "number", "text")
_COMBAT_KEYS = ("strength", "critical", "shield", "armor", "weapons")
_KIND_KEYS: dict[CardKind, tuple[str, ...]] = {
    CardKind.SHIP: ("size", "ship_class", *_COMBAT_KEYS, "speed", "crew", "properties", "effects"),
    CardKind.SPACE_OBJECT: (
        "object_type", "income", *_COMBAT_KEYS, "crew", "built_in", "properties", "effects",
    ),
    CardKind.GROUND_UNIT: ("strength", "effects"),
    CardKind.MILITARY_BUILDING: (*_COMBAT_KEYS, "effects"),
    CardKind.CIVIL_BUILDING: ("strength", "income", "properties", "effects"),
    CardKind.TACTICAL: ("action_tokens", "dice", "effects"),
    CardKind.SITUATION: ("resources", "action_tokens", "dice", "effects"),
    CardKind.UPGRADE: ("target", "effects"),
    CardKind.COMMANDER: ("initiative", "abilities", "victory", "effects"),
    CardKind.ABILITY: ("variants", "special"),
}  # fmt: skip
# Cards that are produced with resources carry a production cost (SHIP-8 and the production rules).
_PRODUCED = frozenset(
    {
        CardKind.SHIP,
        CardKind.SPACE_OBJECT,
        CardKind.GROUND_UNIT,
        CardKind.MILITARY_BUILDING,
        CardKind.CIVIL_BUILDING,
        CardKind.UPGRADE,
    }
)
_BUILT_IN_KINDS = {
    "MILITARY_BUILDING": CardKind.MILITARY_BUILDING,
    "GROUND_UNIT": CardKind.GROUND_UNIT,
}
_STATION_ONLY = ("strength", "critical", "shield", "armor", "weapons", "crew")
_UPGRADE_TARGETS = {
    key: kind
    for key, kind in _KIND_ALIASES.items()
    if kind in _PRODUCED and kind is not CardKind.UPGRADE
}


def card_from_dict(data: Mapping[str, Any]) -> CardSpec:
    """Check ``data`` and build the card; raise ``CardSpecError`` listing every problem."""
    errors = _Errors()
    spec = _read_card(data, "", errors, nested=False)
    if errors.errors or spec is None:
        raise CardSpecError(errors.errors)
    return spec


def _read_card(data: Any, path: str, errors: _Errors, *, nested: bool) -> CardSpec | None:
    if not isinstance(data, Mapping):
        errors.add(path, "not_an_object", f"{data!r} is not a card object")
        return None
    kinds = _BUILT_IN_KINDS if nested else _KIND_ALIASES
    raw_kind = data.get("kind")
    if raw_kind is None:
        errors.add(_join(path, "kind"), "required", "is required")
        return None
    kind = _read_choice(raw_kind, _join(path, "kind"), errors, kinds, "card kind")
    if kind is None:
        return None
    common = _COMMON_KEYS if not nested else ("kind", "name", "text")
    _read_mapping(data, path, errors, common + _KIND_KEYS[kind], f"a {kind.value} card")
    at = partial(_join, path)
    values: dict[str, Any] = {"kind": kind}
    values["name"] = _read_text(data.get("name"), at("name"), errors, required=not nested) or ""
    values["text"] = _read_text(data.get("text"), at("text"), errors)
    if not nested:
        values["cost"] = _optional_int(
            data,
            "cost",
            path,
            errors,
            required=kind in _PRODUCED,
            rule="production cost in resources, SHIP-8",
        )
        if data.get("rarity") not in (None, ""):
            values["rarity"] = _read_choice(
                data["rarity"], at("rarity"), errors, _RARITY_ALIASES, "rarity (RARITY-3)"
            )
        number = data.get("number")
        values["number"] = None if number is None else _read_text(str(number), at("number"), errors)
    _KIND_READERS[kind](data, path, errors, values)
    if not nested and data.get("effects") not in (None, []) and kind is not CardKind.ABILITY:
        values["effects"] = _read_effects(data["effects"], at("effects"), errors, kind)
    if any(_is_within(error.field, path) for error in errors.errors):
        return None
    return CardSpec(**values)


def _is_within(field: str, path: str) -> bool:
    return not path or field == path or field.startswith(path + ".")


def _optional_int(
    data: Mapping[str, Any],
    key: str,
    path: str,
    errors: _Errors,
    *,
    required: bool = False,
    minimum: int = 0,
    maximum: int | None = None,
    rule: str = "",
) -> int | None:
    value = data.get(key)
    if value is None or value == "":
        if required:
            why = f" ({rule})" if rule else ""
            errors.add(_join(path, key), "required", f"is required{why}")
        return None
    return _read_int(value, _join(path, key), errors, minimum=minimum, maximum=maximum, rule=rule)


def _read_combat(
    data: Mapping[str, Any],
    path: str,
    errors: _Errors,
    values: dict[str, Any],
    *,
    critical_required: bool,
) -> None:
    """Strength (critical), shield, armor and weapons: ships, stations, military buildings."""
    at = partial(_join, path)
    raw, critical_raw = data.get("strength"), data.get("critical")
    strength = None
    if isinstance(raw, str) and "(" in raw:
        match = _notation(raw, _STRENGTH_NOTATION)
        if match is None:
            _bad_notation(errors, at("strength"), raw, "«8(5)» (strength(critical))", "SHIP-9")
            raw = critical_raw = None
        else:
            if critical_raw not in (None, ""):
                errors.add(
                    at("critical"),
                    "conflicting_notation",
                    f"given twice: strength {raw!r} already holds the critical damage",
                )
            raw, critical_raw = match.group(1), match.group(2)
            strength = _read_int(raw, at("strength"), errors, minimum=1, rule="SHIP-9")
    elif raw not in (None, ""):
        strength = _read_int(raw, at("strength"), errors, minimum=1, rule="SHIP-9")
    else:
        errors.add(
            at("strength"), "required", "is required (SHIP-9: strength(critical), e.g. 8(5))"
        )
    critical = None
    if critical_raw not in (None, ""):
        critical = _read_int(critical_raw, at("critical"), errors, rule="SHIP-9")
    elif critical_required and raw not in (None, ""):
        errors.add(
            at("critical"),
            "required",
            "is required (SHIP-9: the book writes strength(critical), e.g. 8(5))",
        )
    if strength is not None and critical is not None and critical >= strength:
        errors.add(
            at("strength"),
            "critical_not_below_strength",
            f"critical damage {critical} must be less than strength {strength} "
            "(the book writes strength(critical), e.g. 8(5))",
        )
    values["strength"], values["critical"] = strength, critical
    shield_given = data.get("shield") not in (None, "")
    shield = _read_shield(data["shield"], at("shield"), errors) if shield_given else None
    values["shield"] = shield
    values["armor"] = _optional_int(data, "armor", path, errors, rule="SHIP-14") or 0
    if data.get("weapons") not in (None, {}):
        values["weapons"] = _read_weapons(
            data["weapons"], at("weapons"), errors, shield, shield_given
        )


def _read_ship(data: Mapping[str, Any], path: str, errors: _Errors, values: dict[str, Any]) -> None:
    at = partial(_join, path)
    # Optional: the rule book's own example ships print no size class (SHIP-6), and a
    # catalogue entry may only state what its source states.
    if data.get("size") not in (None, ""):
        values["size"] = _read_choice(
            data["size"], at("size"), errors, _SIZE_ALIASES, f"ship size (SHIP-6: {_SIZE_LETTERS})"
        )
    values["ship_class"] = _read_text(data.get("ship_class"), at("ship_class"), errors)
    _read_combat(data, path, errors, values, critical_required=True)
    values["speed"] = _optional_int(data, "speed", path, errors, required=True, rule="SHIP-10")
    if data.get("crew") not in (None, ""):
        values["crew"] = _read_crew(data["crew"], at("crew"), errors)
    if data.get("properties") not in (None, {}):
        values["properties"] = _read_properties(
            data["properties"], at("properties"), errors, CardKind.SHIP
        )


def _read_space_object(
    data: Mapping[str, Any], path: str, errors: _Errors, values: dict[str, Any]
) -> None:
    at = partial(_join, path)
    if data.get("object_type") in (None, ""):
        errors.add(at("object_type"), "required", "is required (OBJ-8: planet, asteroid, station…)")
        return
    object_type = _read_choice(
        data["object_type"], at("object_type"), errors, _OBJECT_ALIASES, "space-object type (OBJ-8)"
    )
    values["object_type"] = object_type
    if data.get("income") not in (None, {}):
        values["income"] = _read_income(data["income"], at("income"), errors)
    if object_type is ObjectType.STATION:
        _read_combat(data, path, errors, values, critical_required=False)
        if data.get("crew") not in (None, ""):
            values["crew"] = _read_crew(data["crew"], at("crew"), errors)
    else:
        for key in _STATION_ONLY:
            if data.get(key) not in (None, "", {}):
                errors.add(
                    at(key),
                    "station_only",
                    "only stations have their own combat stats (STN-1); give a planet's "
                    "own armament as a built-in military building (MILB-6)",
                )
    raw_built_in = data.get("built_in")
    if raw_built_in not in (None, []):
        if not isinstance(raw_built_in, list | tuple):
            errors.add(at("built_in"), "not_a_list", f"{raw_built_in!r} is not a list of cards")
            return
        built: list[CardSpec | None] = []
        for index, item in enumerate(raw_built_in):
            item_path = at(f"built_in.{index}")
            part = _read_card(item, item_path, errors, nested=True)
            if (
                part is not None
                and object_type is ObjectType.STATION
                and (part.kind is CardKind.GROUND_UNIT)
            ):
                errors.add(
                    item_path,
                    "no_ground_units_on_stations",
                    "a station cannot hold a ground unit (STN-6)",
                )
            built.append(part)
        if None not in built:
            values["built_in"] = tuple(built)
    if data.get("properties") not in (None, {}):
        _read_properties(data["properties"], at("properties"), errors, CardKind.SPACE_OBJECT)


def _read_ground_unit(
    data: Mapping[str, Any], path: str, errors: _Errors, values: dict[str, Any]
) -> None:
    values["strength"] = _optional_int(
        data,
        "strength",
        path,
        errors,
        required=True,
        minimum=1,
        rule="GRD-2: a ground unit has a force",
    )


def _read_military_building(
    data: Mapping[str, Any], path: str, errors: _Errors, values: dict[str, Any]
) -> None:
    _read_combat(data, path, errors, values, critical_required=False)


def _read_civil_building(
    data: Mapping[str, Any], path: str, errors: _Errors, values: dict[str, Any]
) -> None:
    # CIV-2: civil buildings are destroyed in battle like military ones, so they may print one.
    values["strength"] = _optional_int(data, "strength", path, errors, minimum=1, rule="CIV-2")
    if data.get("income") not in (None, {}):
        values["income"] = _read_income(data["income"], _join(path, "income"), errors)
    if data.get("properties") not in (None, {}):
        _read_properties(
            data["properties"], _join(path, "properties"), errors, CardKind.CIVIL_BUILDING
        )


def _read_tactical(
    data: Mapping[str, Any], path: str, errors: _Errors, values: dict[str, Any]
) -> None:
    values["action_tokens"] = _optional_int(data, "action_tokens", path, errors, rule="TACT-4")
    values["dice"] = _optional_int(
        data, "dice", path, errors, minimum=1, maximum=6, rule="a D6 shows 1 to 6, DICE-1"
    )


def _read_situation(
    data: Mapping[str, Any], path: str, errors: _Errors, values: dict[str, Any]
) -> None:
    given = [
        key for key in ("resources", "action_tokens", "dice") if data.get(key) not in (None, "")
    ]
    if len(given) != 1:
        errors.add(
            path,
            "one_play_cost",
            "a situation card costs resources, or action tokens, or a D6 roll — give "
            f"exactly one (SIT-2); given: {', '.join(given) or 'none'}",
        )
    values["resources"] = _optional_int(data, "resources", path, errors, rule="SIT-2")
    values["action_tokens"] = _optional_int(data, "action_tokens", path, errors, rule="SIT-2")
    values["dice"] = _optional_int(
        data, "dice", path, errors, minimum=1, maximum=6, rule="a D6 shows 1 to 6, SIT-2"
    )


def _read_upgrade(
    data: Mapping[str, Any], path: str, errors: _Errors, values: dict[str, Any]
) -> None:
    if data.get("target") in (None, ""):
        errors.add(
            _join(path, "target"),
            "required",
            "is required (UPG-2: the kind of card the upgrade goes under)",
        )
        return
    values["target"] = _read_choice(
        data["target"],
        _join(path, "target"),
        errors,
        _UPGRADE_TARGETS,
        "card kind an upgrade goes under (UPG-2)",
    )


def _read_commander(
    data: Mapping[str, Any], path: str, errors: _Errors, values: dict[str, Any]
) -> None:
    # Optional for the same reason: the book names Commanders without printing initiative.
    values["initiative"] = _optional_int(data, "initiative", path, errors, rule="CMDR-7")
    values["abilities"] = _read_text(data.get("abilities"), _join(path, "abilities"), errors)
    if data.get("victory") not in (None, ""):
        values["victory"] = _read_choice(
            data["victory"],
            _join(path, "victory"),
            errors,
            _VICTORY_ALIASES,
            "additional victory condition (WIN-6)",
        )


def _read_ability(
    data: Mapping[str, Any], path: str, errors: _Errors, values: dict[str, Any]
) -> None:
    at = _join(path, "variants")
    raw = data.get("variants")
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        errors.add(
            at,
            "two_variants",
            f"an ability card has exactly two variants of properties (ABIL-4); got {raw!r}",
        )
    else:
        variants = [
            _read_effects(item, f"{at}.{index}", errors, CardKind.ABILITY)
            if isinstance(item, list | tuple)
            else _read_text(item, f"{at}.{index}", errors, required=True)
            for index, item in enumerate(raw)
        ]
        if None not in variants:
            values["variants"] = (variants[0], variants[1])
    special = data.get("special")
    values["special"] = (
        False if special is None else _read_bool(special, _join(path, "special"), errors)
    )


def _read_effects(
    value: Any, path: str, errors: _Errors, kind: CardKind
) -> tuple[EffectSpec, ...] | None:
    """The effect language (``effect_schema``): every problem is a field error of the card."""
    effects, problems = read_effects(value, path, kind=kind.value)
    for problem in problems:
        errors.errors.append(
            FieldError(
                problem.path, problem.code, problem.message, problem.template, problem.params
            )
        )
    return None if problems else effects


_KIND_READERS: dict[CardKind, Callable[[Mapping[str, Any], str, _Errors, dict[str, Any]], None]] = {
    CardKind.SHIP: _read_ship,
    CardKind.SPACE_OBJECT: _read_space_object,
    CardKind.GROUND_UNIT: _read_ground_unit,
    CardKind.MILITARY_BUILDING: _read_military_building,
    CardKind.CIVIL_BUILDING: _read_civil_building,
    CardKind.TACTICAL: _read_tactical,
    CardKind.SITUATION: _read_situation,
    CardKind.UPGRADE: _read_upgrade,
    CardKind.COMMANDER: _read_commander,
    CardKind.ABILITY: _read_ability,
}


# ---------------------------------------------------------------------------------------------
# Canonical form
# ---------------------------------------------------------------------------------------------


def card_to_dict(spec: CardSpec) -> dict[str, Any]:
    """The canonical JSON-compatible form: structured parts, absent parts left out."""
    plain: dict[str, Any] = _to_plain(spec)
    return plain


def _to_plain(value: Any) -> Any:
    if isinstance(value, EffectSpec):
        return effect_to_dict(value)
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, tuple):
        return [_to_plain(item) for item in value]
    if hasattr(value, "__dataclass_fields__"):
        return {
            f.name: _to_plain(getattr(value, f.name))
            for f in fields(value)
            if getattr(value, f.name) not in (None, "")
        }
    return value


# ---------------------------------------------------------------------------------------------
# Flat form for forms: {dotted path: value}
# ---------------------------------------------------------------------------------------------


def flatten_card(data: Mapping[str, Any]) -> dict[str, Any]:
    """Canonical dict → ``{"weapons.plasma.power": 10, …}``; a parameterless property → True.

    >>> flatten_card({"kind": "ship", "properties": {"escort": {}}, "variants": ["a", "b"]})
    {'kind': 'ship', 'properties.escort': True, 'variants.0': 'a', 'variants.1': 'b'}
    """
    flat: dict[str, Any] = {}
    _flatten_into(flat, "", data)
    return flat


def _flatten_into(flat: dict[str, Any], prefix: str, value: Any) -> None:
    if isinstance(value, Mapping):
        if not value and prefix:
            flat[prefix] = True
        for key, item in value.items():
            _flatten_into(flat, _join(prefix, str(key)), item)
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            _flatten_into(flat, _join(prefix, str(index)), item)
    else:
        flat[prefix] = value


def unflatten_card(flat: Mapping[str, Any]) -> dict[str, Any]:
    """Inverse of ``flatten_card``; empty values (None, "", False flags) are dropped.

    >>> unflatten_card({"kind": "ship", "weapons.plasma.power": 10, "weapons.maser.power": "",
    ...                 "properties.escort": True, "properties.evasive_manoeuvre": False})
    {'kind': 'ship', 'weapons': {'plasma': {'power': 10}}, 'properties': {'escort': {}}}
    """
    tree: dict[str, Any] = {}
    for path, value in flat.items():
        if value is None or (isinstance(value, str) and not value.strip()):
            continue
        parts = path.split(".")
        if parts[0] == "properties" and len(parts) == 2:
            if value is False:
                continue
            if value is True:
                value = {}
        node = tree
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise CardSpecError([FieldError(path, "bad_path", f"{path}: clashes with a value")])
        node[parts[-1]] = value
    card: dict[str, Any] = _lists_from_indices(tree)
    return card


def _lists_from_indices(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    converted = {key: _lists_from_indices(item) for key, item in node.items()}
    if converted and all(key.isdigit() for key in converted):
        return [converted[key] for key in sorted(converted, key=int)]
    return converted
