"""The card schema in words: each field's label (Russian and English) and its choices for the
forms (``field_specs``), and a card's printed stats as the book writes them (``card_stat_lines``:
«ТК», «В4», «4-4 (Д)»). The schema itself, with no words, is ``komandor.rules.cards``.

>>> from komandor.rules.cards import card_from_dict
>>> spec = card_from_dict({"kind": "ship", "name": "Химера", "cost": 10, "size": "ТК",
...     "strength": "12(8)", "shield": "В4", "armor": 6, "speed": 3,
...     "weapons": {"plasma": 10, "maser": 10, "lasers": "2/4", "missiles": {"long": "4-4"}}})
>>> [line.text for line in card_stat_lines(spec) if line.path.startswith("weapons")]
['10', '10', '2/4', '4-4 (Д)']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from komandor.rules.cards import (
    _PRODUCED,
    CardKind,
    CardSpec,
    CommercialRun,
    Force,
    Lasers,
    Maser,
    Missiles,
    Range,
    RewardKind,
    Salvo,
    Weapons,
)
from komandor.words.terms import CARD_KINDS, OBJECT_TYPES, RARITIES, RUSSIAN_LETTERS, VICTORIES

# The book's letters: one table, the one the rules read the notation with (vocabulary.json).
_SIZE_RU = RUSSIAN_LETTERS.size
_SHIELD_RU = RUSSIAN_LETTERS.shield
_CREW_RU = RUSSIAN_LETTERS.crew
_RANGE_RU = RUSSIAN_LETTERS.range


# ---------------------------------------------------------------------------------------------
# Field specs (forms) and stat lines (display)
# ---------------------------------------------------------------------------------------------

FieldType = Literal["int", "str", "choice", "bool", "text"]


@dataclass(frozen=True, slots=True)
class FieldSpec:
    path: str
    label_ru: str
    label_en: str
    type: FieldType
    choices: tuple[tuple[str, str], ...] = ()
    required: bool = False
    min_value: int | None = None


@dataclass(frozen=True, slots=True)
class StatLine:
    path: str
    label_ru: str
    label_en: str
    text: str


LABELS: dict[str, tuple[str, str]] = {
    "kind": ("Вид карты", "Card kind"),
    "name": ("Название", "Name"),
    "cost": ("Стоимость производства", "Production cost"),
    "rarity": ("Редкость", "Rarity"),
    "number": ("Номер в выпуске", "Number in release"),
    "text": ("Текст карты", "Card text"),
    "size": ("Размер", "Size"),
    "ship_class": ("Тип корабля", "Ship type"),
    "strength": ("Прочность", "Strength"),
    "critical": ("Критические повреждения", "Critical damage"),
    "shield": ("Энергетический щит", "Energy shield"),
    "shield.type": ("Тип щита", "Shield type"),
    "shield.power": ("Мощность щита", "Shield power"),
    "armor": ("Броня", "Armor"),
    "speed": ("Скорость", "Speed"),
    "weapons.plasma": ("Плазменные орудия", "Plasma guns"),
    "weapons.turbolaser": ("Турбо-лазер", "Turbolaser"),
    "weapons.maser": ("Мазер", "Maser"),
    "weapons.maser.type": ("Тип мазера", "Maser type"),
    "weapons.lasers": ("Лазерные установки", "Laser batteries"),
    "weapons.lasers.targets": ("Лазерные установки: целей", "Laser batteries: targets"),
    "weapons.missiles.long": ("Ракеты (Д)", "Long-range missiles"),
    "weapons.missiles.medium": ("Ракеты (С)", "Medium-range missiles"),
    "weapons.missiles.short": ("Ракеты (М)", "Short-range missiles"),
    "weapons.torpedoes": ("Торпеды", "Torpedoes"),
    "weapons.nova": ("Оружие «Нова»", "Nova weapon"),
    "weapons.bombs": ("Бомбы", "Bombs"),
    "weapons.boarding": ("Абордажные шлюпки", "Boarding shuttles"),
    "weapons.landing": ("Десант", "Landing"),
    "crew": ("Экипаж", "Crew"),
    "crew.level": ("Экипаж: опыт", "Crew: experience"),
    "crew.size": ("Экипаж: численность", "Crew: size"),
    "properties.commercial_run": ("Коммерческий рейс", "Commercial run"),
    "properties.commercial_run.reward": ("Коммерческий рейс: доход", "Commercial run: reward"),
    "properties.commercial_run.reward_kind": ("Коммерческий рейс: чем", "Commercial run: paid in"),
    "properties.escort": ("Эскорт", "Escort"),
    "properties.smuggling_run": ("Контрабандный рейс", "Smuggling run"),
    "properties.evasive_manoeuvre": ("Маневр уклонения", "Evasive manoeuvre"),
    "object_type": ("Вид объекта", "Object type"),
    "income.resources": ("Доход: ресурсы", "Income: resources"),
    "income.action_tokens": ("Доход: фишки действия", "Income: action tokens"),
    "built_in": ("Собственные постройки и отряды", "Built-in buildings and units"),
    "resources": ("Ресурсы", "Resources"),
    "action_tokens": ("Фишки действия", "Action tokens"),
    "dice": ("Бросок D6", "D6 roll"),
    "target": ("Улучшаемая карта", "Upgrades a"),
    "initiative": ("Инициатива", "Initiative"),
    "abilities": ("Способности", "Abilities"),
    "victory": ("Условие победы", "Victory condition"),
    "variants.0": ("Вариант 1", "Variant 1"),
    "variants.1": ("Вариант 2", "Variant 2"),
    "special": ("Специальная", "Special"),
}
_PART_LABELS = {
    "power": ("мощность", "power"),
    "count": ("количество", "count"),
    "strength": ("сила", "force"),
}
_CHOICES_RU: dict[str, tuple[tuple[str, str], ...]] = {
    "kind": tuple((kind.value, CARD_KINDS.ru(kind)) for kind in CARD_KINDS),
    "rarity": tuple((rarity.value, RARITIES.ru(rarity)) for rarity in RARITIES),
    "size": tuple((size.value, ru) for size, ru in _SIZE_RU.items()),
    "shield": tuple((shield.value, ru) for shield, ru in _SHIELD_RU.items()),
    "crew": (("N", "Н — неопытный"), ("V", "В — ветераны"), ("E", "Э — элита")),
    "object_type": tuple((kind.value, OBJECT_TYPES.ru(kind)) for kind in OBJECT_TYPES),
    "victory": tuple((victory.value, VICTORIES.ru(victory)) for victory in VICTORIES),
    "reward_kind": (("resources", "ресурсы"), ("action_tokens", "фишки действия")),
    "built_in_kind": tuple((kind.value, CARD_KINDS.ru(kind))
                           for kind in (CardKind.MILITARY_BUILDING, CardKind.GROUND_UNIT)),
}  # fmt: skip
_CHOICES_RU["target"] = tuple(
    (value, label)
    for value, label in _CHOICES_RU["kind"]
    if value in {k.value for k in _PRODUCED} and value != "upgrade"
)
# How many built-in buildings/units a form offers on one space object.
BUILT_IN_FORM_SLOTS = 2


def _label(path: str) -> tuple[str, str]:
    if path in LABELS:
        return LABELS[path]
    head, _, last = path.rpartition(".")
    generic = path.split(".", 2)[-1] if path.startswith("built_in.") else path
    if generic != path and generic in LABELS:
        return LABELS[generic]
    if head in LABELS and last in _PART_LABELS:
        ru, en = LABELS[head]
        part_ru, part_en = _PART_LABELS[last]
        return f"{ru}: {part_ru}", f"{en}: {part_en}"
    if head and _label(head) != (head, head) and last in _PART_LABELS:
        ru, en = _label(head)
        part_ru, part_en = _PART_LABELS[last]
        return f"{ru}: {part_ru}", f"{en}: {part_en}"
    return path, path


def _spec(
    path: str,
    type_: FieldType,
    *,
    required: bool = False,
    min_value: int | None = None,
    choices: str | None = None,
) -> FieldSpec:
    ru, en = _label(path)
    return FieldSpec(
        path, ru, en, type_, _CHOICES_RU[choices] if choices else (), required, min_value
    )


def _combat_specs(prefix: str, *, critical_required: bool) -> list[FieldSpec]:

    def p(key: str) -> str:
        return prefix + key

    return [
        _spec(p("strength"), "int", required=True, min_value=1),
        _spec(p("critical"), "int", required=critical_required, min_value=0),
        _spec(p("shield.type"), "choice", choices="shield"),
        _spec(p("shield.power"), "int", min_value=0),
        _spec(p("armor"), "int", min_value=0),
        *_weapon_specs(p("weapons.")),
    ]


def _weapon_specs(prefix: str) -> list[FieldSpec]:
    specs = [
        _spec(f"{prefix}plasma.power", "int", min_value=1),
        _spec(f"{prefix}turbolaser.power", "int", min_value=1),
        _spec(f"{prefix}maser.type", "choice", choices="shield"),
        _spec(f"{prefix}maser.power", "int", min_value=1),
        _spec(f"{prefix}lasers.targets", "int", min_value=1),
        _spec(f"{prefix}lasers.power", "int", min_value=1),
    ]
    for range_ in Range:
        specs += [
            _spec(f"{prefix}missiles.{range_.value}.count", "int", min_value=1),
            _spec(f"{prefix}missiles.{range_.value}.power", "int", min_value=1),
        ]
    specs += [
        _spec(f"{prefix}torpedoes.count", "int", min_value=1),
        _spec(f"{prefix}torpedoes.power", "int", min_value=1),
        _spec(f"{prefix}nova.power", "int", min_value=1),
        _spec(f"{prefix}bombs.power", "int", min_value=1),
        _spec(f"{prefix}boarding.strength", "int", min_value=1),
        _spec(f"{prefix}landing.strength", "int", min_value=1),
    ]
    return specs


def _built_in_specs() -> list[FieldSpec]:
    specs: list[FieldSpec] = []
    for index in range(BUILT_IN_FORM_SLOTS):
        prefix = f"built_in.{index}."
        kind_spec = _spec(f"{prefix}kind", "choice", choices="built_in_kind")
        specs += [kind_spec, _spec(f"{prefix}name", "str")]
        specs += _combat_specs(prefix, critical_required=False)
    # Inside a built-in entry strength is needed only when the entry is used at all.
    return [
        FieldSpec(s.path, s.label_ru, s.label_en, s.type, s.choices, False, s.min_value)
        for s in specs
    ]


def field_specs(kind: CardKind) -> tuple[FieldSpec, ...]:
    """The form fields of one card kind, as dotted paths of the canonical dict."""
    kind = CardKind(kind)
    produced = kind in _PRODUCED
    specs = [
        _spec("name", "str", required=True),
        _spec("cost", "int", required=produced, min_value=0),
        _spec("rarity", "choice", choices="rarity"),
        _spec("number", "str"),
    ]
    if kind is CardKind.SHIP:
        specs += [
            _spec("size", "choice", choices="size"),
            _spec("ship_class", "str"),
        ]
        specs += _combat_specs("", critical_required=True)
        specs.insert(
            len(specs) - len(_weapon_specs("")), _spec("speed", "int", required=True, min_value=0)
        )
        specs += [
            _spec("crew.level", "choice", choices="crew"),
            _spec("crew.size", "int", min_value=0),
            _spec("properties.commercial_run.reward", "int", min_value=0),
            _spec("properties.commercial_run.reward_kind", "choice", choices="reward_kind"),
            _spec("properties.escort", "bool"),
            _spec("properties.smuggling_run", "bool"),
            _spec("properties.evasive_manoeuvre", "bool"),
        ]
    elif kind is CardKind.SPACE_OBJECT:
        specs += [
            _spec("object_type", "choice", required=True, choices="object_type"),
            _spec("income.resources", "int", min_value=0),
            _spec("income.action_tokens", "int", min_value=0),
        ]
        station = _combat_specs("", critical_required=False)
        specs += [
            FieldSpec(
                s.path,
                s.label_ru + " (станция)",
                s.label_en + " (station)",
                s.type,
                s.choices,
                False,
                s.min_value,
            )
            for s in station
        ]
        specs += [
            _spec("crew.level", "choice", choices="crew"),
            _spec("crew.size", "int", min_value=0),
        ]
        specs += _built_in_specs()
    elif kind is CardKind.GROUND_UNIT:
        specs.append(_spec("strength", "int", required=True, min_value=1))
    elif kind is CardKind.MILITARY_BUILDING:
        specs += _combat_specs("", critical_required=False)
    elif kind is CardKind.CIVIL_BUILDING:
        specs += [_spec("strength", "int", min_value=1)]
        specs += [
            _spec("income.resources", "int", min_value=0),
            _spec("income.action_tokens", "int", min_value=0),
        ]
    elif kind is CardKind.TACTICAL:
        specs += [_spec("action_tokens", "int", min_value=0), _spec("dice", "int", min_value=1)]
    elif kind is CardKind.SITUATION:
        specs += [
            _spec("resources", "int", min_value=0),
            _spec("action_tokens", "int", min_value=0),
            _spec("dice", "int", min_value=1),
        ]
    elif kind is CardKind.UPGRADE:
        specs.append(_spec("target", "choice", required=True, choices="target"))
    elif kind is CardKind.COMMANDER:
        specs += [
            _spec("initiative", "int", min_value=0),
            _spec("abilities", "text"),
            _spec("victory", "choice", choices="victory"),
        ]
    elif kind is CardKind.ABILITY:
        specs += [
            _spec("variants.0", "text", required=True),
            _spec("variants.1", "text", required=True),
            _spec("special", "bool"),
        ]
    specs.append(_spec("text", "text"))
    return tuple(specs)


def card_stat_lines(spec: CardSpec) -> list[StatLine]:
    """The card's stats as the book writes them: ``12(8)``, ``В4``, ``2/4``, ``4-4 (Д)``, ``В3``."""
    return [StatLine(path, *_label(path), text) for path, text in _stat_texts(spec)]


def _stat_texts(spec: CardSpec) -> Iterator[tuple[str, str]]:
    yield "kind", CARD_KINDS.ru(spec.kind)
    if spec.cost is not None:
        yield "cost", str(spec.cost)
    if spec.size is not None:
        yield "size", _SIZE_RU[spec.size]
    if spec.ship_class:
        yield "ship_class", spec.ship_class
    if spec.object_type is not None:
        yield "object_type", dict(_CHOICES_RU["object_type"])[spec.object_type.value]
    yield from _combat_texts(spec, "")
    if spec.crew is not None:
        yield "crew", f"{_CREW_RU[spec.crew.level]}{spec.crew.size}"
    if spec.properties is not None:
        for name in spec.properties.names():
            run = getattr(spec.properties, name)
            text = ""
            if isinstance(run, CommercialRun) and run.reward:
                unit = "ресурсов" if run.reward_kind is RewardKind.RESOURCES else "фишек действия"
                text = f"{run.reward} {unit}"
            yield f"properties.{name}", text
    if spec.income is not None:
        if spec.income.resources:
            yield "income.resources", str(spec.income.resources)
        if spec.income.action_tokens:
            yield "income.action_tokens", str(spec.income.action_tokens)
    for index, part in enumerate(spec.built_in or ()):
        label = CARD_KINDS.ru(part.kind) + (f" «{part.name}»" if part.name else "")
        yield f"built_in.{index}", label
        yield from _combat_texts(part, f"built_in.{index}.")
    for key in ("resources", "action_tokens", "initiative"):
        if getattr(spec, key) is not None:
            yield key, str(getattr(spec, key))
    if spec.dice is not None:
        yield "dice", f"D6 {spec.dice}+"
    if spec.target is not None:
        yield "target", CARD_KINDS.ru(spec.target)
    if spec.abilities:
        yield "abilities", spec.abilities
    if spec.victory is not None:
        yield "victory", dict(_CHOICES_RU["victory"])[spec.victory.value]
    for index, variant in enumerate(spec.variants or ()):
        if isinstance(variant, str):  # a variant as effect data is rendered by effect_text
            yield f"variants.{index}", variant
    if spec.special:
        yield "special", "да"


def _combat_texts(spec: CardSpec, prefix: str) -> Iterator[tuple[str, str]]:
    if spec.strength is not None:
        critical = "" if spec.critical is None else f"({spec.critical})"
        yield f"{prefix}strength", f"{spec.strength}{critical}"
    if spec.shield is not None:
        yield f"{prefix}shield", f"{_SHIELD_RU[spec.shield.type]}{spec.shield.power}"
    if spec.armor:
        yield f"{prefix}armor", str(spec.armor)
    if spec.speed is not None:
        yield f"{prefix}speed", str(spec.speed)
    weapons = spec.weapons or Weapons()
    for name in weapons.names():
        weapon = getattr(weapons, name)
        path = f"{prefix}weapons.{name}"
        if isinstance(weapon, Missiles):
            for range_ in Range:
                salvo = weapon.at(range_)
                if salvo is not None:
                    text = f"{salvo.count}-{salvo.power} ({_RANGE_RU[range_]})"
                    yield f"{path}.{range_.value}", text
        elif isinstance(weapon, Salvo):
            yield path, f"{weapon.count}-{weapon.power}"
        elif isinstance(weapon, Lasers):
            text = str(weapon.power) if weapon.targets == 1 else f"{weapon.targets}/{weapon.power}"
            yield path, text
        elif isinstance(weapon, Maser):
            # The book prints a maser by power alone when it shares the shield's type.
            same = spec.shield is not None and spec.shield.type is weapon.type
            yield path, str(weapon.power) if same else f"{_SHIELD_RU[weapon.type]}{weapon.power}"
        elif isinstance(weapon, Force):
            yield path, str(weapon.strength)
        else:
            yield path, str(weapon.power)
