"""One table per concept: the engine's enums → their words in Russian and English.

Card kinds, rarities, ship sizes, crew levels, space objects' types, extra victories, phases,
ranges, the weapons as a battle names them, and the letters of the book's notation each have
exactly one table here, keyed by the rules' enums.
The engine's words (``card_fields``, ``effect_text``, the command lines) read them directly; the
Django side reads the English as a gettext text under the table's ``context``
(``cardbase.terms.term``: ``pgettext(table.context, table.en(key))``), and the Russian
catalogue's translation of each such text is this table's Russian: ``scripts/catalogues.py``
writes it into the cardbase catalogue and fails when the two differ. So a word changes here and
nowhere else; a word the same English names in another sense keeps its own context.
``tests/test_one_table_per_concept.py`` fails if a second table of a concept appears.

>>> CARD_KINDS.ru(CardKind.TACTICAL), CARD_KINDS.en(CardKind.TACTICAL)
('Тактическая карта', 'Tactical')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from komandor.rules.cards import (
    CardKind,
    CrewLevel,
    ObjectType,
    Range,
    Rarity,
    ShieldType,
    SizeClass,
    Victory,
)
from komandor.rules.state import Phase
from komandor.rules.vocabulary import CREW_LETTERS, RANGE_LETTERS, SHIELD_LETTERS, SIZE_LETTERS
from komandor.rules.weapons import Weapon


@dataclass(frozen=True, slots=True)
class Term:
    ru: str
    en: str


@dataclass(frozen=True, slots=True)
class Terms:
    """A concept's words: ``context`` is the gettext context the Django side translates with.
    Not generic in its enum: mypyc cannot build a generic native dataclass."""

    context: str
    words: Mapping[StrEnum, Term]

    def ru(self, key: StrEnum) -> str:
        return self.words[key].ru

    def en(self, key: StrEnum) -> str:
        return self.words[key].en

    def __iter__(self) -> Iterator[StrEnum]:
        return iter(self.words)


def _terms(context: str, words: Mapping[StrEnum, tuple[str, str]]) -> Terms:
    return Terms(context, MappingProxyType({key: Term(*pair) for key, pair in words.items()}))


# The book's kinds in the singular a label needs («карты кораблей…» → «Корабль»).
CARD_KINDS: Terms = _terms(
    "card kind",
    {
        CardKind.SHIP: ("Корабль", "Ship"),
        CardKind.SPACE_OBJECT: ("Космический объект", "Space object"),
        CardKind.GROUND_UNIT: ("Наземный отряд", "Ground unit"),
        CardKind.MILITARY_BUILDING: ("Военная постройка", "Military building"),
        CardKind.CIVIL_BUILDING: ("Гражданская постройка", "Civil building"),
        CardKind.TACTICAL: ("Тактическая карта", "Tactical"),
        CardKind.SITUATION: ("Карта обстановки", "Situation"),
        CardKind.UPGRADE: ("Карта улучшения", "Upgrade"),
        CardKind.COMMANDER: ("Командор", "Commander"),
        CardKind.ABILITY: ("Карта способностей", "Ability"),
    },
)

# RARITY-3: «обычная карта, редкая карта, очень редкая карта и уникальная карта».
RARITIES: Terms = _terms(
    "rarity",
    {
        Rarity.COMMON: ("обычная", "common"),
        Rarity.RARE: ("редкая", "rare"),
        Rarity.VERY_RARE: ("очень редкая", "very rare"),
        Rarity.UNIQUE: ("уникальная", "unique"),
    },
)

# A ship's size class, the adjective (the book: «легкий (ЛК), средний (СК), тяжелый (ТК)»);
# its letters are the notation's (``Letters.size``).
SHIP_SIZES: Terms = _terms(
    "ship size",
    {
        SizeClass.LK: ("лёгкий", "light"),
        SizeClass.SK: ("средний", "medium"),
        SizeClass.TK: ("тяжёлый", "heavy"),
    },
)

# A crew's level, as the book names it: «неопытный (Н), ветераны (В), элита (Э)».
CREW_LEVELS: Terms = _terms(
    "crew level",
    {
        CrewLevel.N: ("неопытный", "novices"),
        CrewLevel.V: ("ветераны", "veterans"),
        CrewLevel.E: ("элита", "elite"),
    },
)

# The kinds of space object (the book: «планете, астероиде, станции и т.д.»).
OBJECT_TYPES: Terms = _terms(
    "object type",
    {
        ObjectType.PLANET: ("планета", "planet"),
        ObjectType.ASTEROID: ("астероид", "asteroid"),
        ObjectType.STATION: ("станция", "station"),
        ObjectType.OTHER: ("иной объект", "other object"),
    },
)

# The Commanders' extra victory conditions, by the title the book gives the winner.
VICTORIES: Terms = _terms(
    "victory",
    {
        Victory.PIRATE: ("Пират", "Pirate"),
        Victory.TRADER: ("Торговец", "Trader"),
        Victory.PROCURATOR: ("Прокуратор", "Procurator"),
    },
)

# The turn's phases as the board and the narration name them.
PHASES: Terms = _terms(
    "phase",
    {
        Phase.SETUP: ("подготовка", "setup"),
        Phase.START: ("начало хода", "start of the turn"),
        Phase.DRAW: ("получение карт", "drawing cards"),
        Phase.UNTAP: ("разворот карт", "untapping"),
        Phase.INITIATIVE: ("инициатива", "initiative"),
        Phase.RESOURCES: ("ресурсы", "resources"),
        Phase.PRODUCTION: ("производство", "production"),
        Phase.MOVE_1: ("первое перемещение", "first movement"),
        Phase.BATTLE_1: ("первая фаза сражения", "first battle phase"),
        Phase.MOVE_2: ("второе перемещение", "second movement"),
        Phase.BATTLE_2: ("вторая фаза сражения", "second battle phase"),
        Phase.END: ("конец хода", "end of the turn"),
    },
)

# A battle's range («бой на дальней дистанции»), the adjective the board shows.
RANGES: Terms = _terms(
    "range",
    {
        Range.LONG: ("дальняя", "long"),
        Range.MEDIUM: ("средняя", "medium"),
        Range.SHORT: ("малая", "short"),
    },
)

# The weapons as a battle's events and the effect builder name them (missiles by range:
# ``MISSILES_AT``); «турбо-лазер» as the book writes it.
WEAPONS: Terms = _terms(
    "weapon",
    {
        Weapon.PLASMA: ("плазменные орудия", "plasma guns"),
        Weapon.TURBOLASER: ("турбо-лазер", "turbolaser"),
        Weapon.MASER: ("мазер", "maser"),
        Weapon.LASERS: ("лазерные установки", "laser batteries"),
        Weapon.MISSILES: ("ракеты", "missiles"),
        Weapon.TORPEDOES: ("торпеды", "torpedoes"),
        Weapon.NOVA: ("«Нова»", "Nova"),
        Weapon.BOMBS: ("бомбы", "bombs"),
        Weapon.BOARDING: ("абордаж", "boarding"),
        Weapon.RAM: ("таран", "ram"),
    },
)
MISSILES_AT: Terms = _terms(
    "weapon",
    {
        Range.LONG: ("ракеты дальнего действия", "long-range missiles"),
        Range.MEDIUM: ("ракеты среднего действия", "medium-range missiles"),
        Range.SHORT: ("ракеты малого действия", "short-range missiles"),
    },
)


@dataclass(frozen=True, slots=True)
class Letters:
    """The letters of the card notation in one language (ЛК, В4, Э3, 4-4 (Д))."""

    size: Mapping[SizeClass, str]
    shield: Mapping[ShieldType, str]
    crew: Mapping[CrewLevel, str]
    range: Mapping[Range, str]


# The book's letters: the table the rules read the notation with (``rules/vocabulary.json``).
RUSSIAN_LETTERS = Letters(
    size={SizeClass(value): letter for letter, value in SIZE_LETTERS.items()},
    shield={ShieldType(value): letter for letter, value in SHIELD_LETTERS.items()},
    crew={CrewLevel(value): letter for letter, value in CREW_LETTERS.items()},
    range={Range(value): letter for letter, value in RANGE_LETTERS.items()},
)
# The English interface's: light/medium/heavy ship, the types' Latin letters, novices/veterans/
# elite, long/medium/short range.
ENGLISH_LETTERS = Letters(
    size={SizeClass.LK: "LS", SizeClass.SK: "MS", SizeClass.TK: "HS"},
    shield={ShieldType.A: "A", ShieldType.B: "B", ShieldType.C: "C"},
    crew={CrewLevel.N: "N", CrewLevel.V: "V", CrewLevel.E: "E"},
    range={Range.LONG: "L", Range.MEDIUM: "M", Range.SHORT: "S"},
)

# Every table the Django side translates, for the catalogue (``scripts/catalogues.py``).
TABLES: tuple[Terms, ...] = (
    CARD_KINDS,
    RARITIES,
    OBJECT_TYPES,
    VICTORIES,
    PHASES,
    RANGES,
    WEAPONS,
    MISSILES_AT,
    SHIP_SIZES,
    CREW_LEVELS,
)


def catalogue_entries() -> dict[tuple[str, str], str]:
    """(context, English) → Russian of every table, as the Russian catalogue must hold them."""
    entries: dict[tuple[str, str], str] = {}
    for table in TABLES:
        for term in table.words.values():
            entries[(table.context, term.en)] = term.ru
    return entries
