"""The search vocabulary: every keyword, the values it accepts and where it lives on a card.

Komandor stats sit in ``Card.attributes`` in the engine's canonical card form
(``CARD_SCHEMA_CONTRACT.md``); catalogue columns (game, type, rarity, cost…) are plain fields.
The query language and the API filters both read these tables, so a keyword added here is
searchable both ways.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from komandor.rules.cards import CardKind, Rarity
from komandor.rules.names import fold_text
from komandor.rules.weapons import Weapon
from komandor.words.terms import CARD_KINDS, RARITIES, WEAPONS


class FieldKind(StrEnum):
    NUMBER = "number"  # compared with = != < <= > >=
    CHOICE = "choice"  # one of a closed list of values, each with its aliases
    SLUG = "slug"  # any value, compared after folding (game, release, property…)


@dataclass(frozen=True, slots=True)
class SearchField:
    """One keyword of the language.

    ``paths`` are Django lookups (``attributes__weapons__plasma__power``); a term matches when
    any of them matches (missiles have three ranges). ``aliases`` map each accepted spelling,
    already folded, to the stored value.
    """

    name: str
    kind: FieldKind
    paths: tuple[str, ...]
    description: str | Promise  # English; a gettext_lazy text shown in the reader's language
    example: str
    keywords: tuple[str, ...] = ()
    aliases: Mapping[str, str] | None = None
    presence_prefix: str = ""  # SLUG fields tested by key presence: "attributes__weapons"

    def __deepcopy__(self, memo: dict) -> "SearchField":
        # Immutable vocabulary: django-filter deep-copies every filter per request, and
        # copying the alias tables each time was most of a card list request's cost.
        return self

    def stored_value(self, raw: str) -> str | None:
        """The stored value ``raw`` stands for, or None when a CHOICE field does not know it."""
        folded = fold_text(raw)
        if self.aliases is not None and folded in self.aliases:
            return self.aliases[folded]
        if self.kind is FieldKind.CHOICE:
            return None
        if self.presence_prefix:
            return folded.replace(" ", "_").replace("-", "_")
        return folded


def _aliases(table: Mapping[str, tuple[str, ...]]) -> dict[str, str]:
    """{stored value: spellings} -> {folded spelling: stored value}; the value spells itself."""
    aliases: dict[str, str] = {}
    for stored, spellings in table.items():
        for spelling in (stored, *spellings):
            aliases[fold_text(spelling)] = stored
    return aliases


# Each weapon by its words in the engine's table (``komandor.words.terms``) and the spellings and
# abbreviations people type; landing is a mount, not a battle's weapon.
WEAPON_ALIASES = _aliases(
    {
        **{
            weapon.value: (WEAPONS.ru(weapon), WEAPONS.en(weapon), *spellings)
            for weapon, spellings in {
                Weapon.PLASMA: ("плазма", "по", "плазменное орудие"),
                Weapon.TURBOLASER: ("турболазер", "тл"),
                Weapon.MASER: ("мазеры", "м"),
                Weapon.LASERS: ("laser", "лазер", "лазеры", "лу"),
                Weapon.MISSILES: ("missile", "ракета"),
                Weapon.TORPEDOES: ("torpedo", "торпеда"),
                Weapon.NOVA: ("нова",),
                Weapon.BOMBS: ("bomb",),
                Weapon.BOARDING: ("абордажные шаттлы",),
            }.items()
        },
        "landing": ("десант",),
    }
)
PROPERTY_ALIASES = _aliases(
    {
        "commercial_run": ("commercial-run", "коммерческий рейс", "коммерческий_рейс"),
        "escort": ("эскорт",),
        "smuggling_run": ("smuggling-run", "контрабандный рейс", "контрабандный_рейс"),
        "evasive_manoeuvre": (
            "evasive-manoeuvre",
            "evasive_maneuver",
            "маневр уклонения",
            "маневр_уклонения",
        ),
    }
)
SIZE_ALIASES = _aliases(
    {
        "LK": ("лк", "ls", "light", "легкий"),
        "SK": ("ск", "ms", "medium", "средний"),
        "TK": ("тк", "hs", "heavy", "тяжелый"),
    }
)
# Each rarity by its word in the engine's table (``komandor.words.terms``), in both languages,
# and the short spellings a search box takes.
RARITY_ALIASES = _aliases(
    {
        rarity.value: (RARITIES.ru(rarity), RARITIES.en(rarity), *spellings)
        for rarity, spellings in {
            Rarity.COMMON: ("c",),
            Rarity.RARE: ("r",),
            Rarity.VERY_RARE: ("very-rare", "очень_редкая", "vr"),
            Rarity.UNIQUE: ("u",),
        }.items()
    }
)
# Komandor's own card kinds; other games' types are searched by their stored slug.
# By the kind's label in the engine's table, in both languages, and the short words people type.
CARD_TYPE_ALIASES = _aliases(
    {
        kind.value: (CARD_KINDS.ru(kind), CARD_KINDS.en(kind), *spellings)
        for kind, spellings in {
            CardKind.SHIP: (),
            CardKind.SPACE_OBJECT: ("space-object", "объект"),
            CardKind.GROUND_UNIT: ("ground-unit", "отряд"),
            CardKind.MILITARY_BUILDING: ("military-building",),
            CardKind.CIVIL_BUILDING: ("civil-building",),
            CardKind.TACTICAL: ("тактическая",),
            CardKind.SITUATION: ("ситуация",),
            CardKind.UPGRADE: ("улучшение",),
            CardKind.COMMANDER: (),
            CardKind.ABILITY: ("способность",),
        }.items()
    }
)


def _power(weapon: str, description: str, *keywords: str, stat: str = "power") -> SearchField:
    return SearchField(
        name=weapon,
        kind=FieldKind.NUMBER,
        paths=(f"attributes__weapons__{weapon}__{stat}",),
        description=_(description),
        example=f"{weapon}>=4",
        keywords=keywords,
    )


def _stat(name: str, path: str, description: str, example: str, *keywords: str) -> SearchField:
    return SearchField(
        name=name,
        kind=FieldKind.NUMBER,
        paths=(path,),
        description=_(description),
        example=example,
        keywords=keywords,
    )


FIELDS: tuple[SearchField, ...] = (
    SearchField(
        name="game",
        kind=FieldKind.SLUG,
        paths=("game__slug",),
        description=_(
            "Game: komandor, master-of-orion, master-of-the-galaxy, eclipse, risk-legacy."
        ),
        example="game:komandor",
        keywords=("игра",),
    ),
    SearchField(
        name="type",
        kind=FieldKind.SLUG,
        paths=("card_type",),
        description=_(
            "Card type: ship, space_object, ground_unit, military_building, "
            "civil_building, tactical, situation, upgrade, commander, ability; other games use "
            "their own types."
        ),
        example="type:корабль",
        keywords=("kind", "тип", "t"),
        aliases=CARD_TYPE_ALIASES,
    ),
    SearchField(
        name="release",
        kind=FieldKind.SLUG,
        paths=("release__code",),
        description=_("Release (its code)."),
        example="release:base",
        keywords=("set", "выпуск"),
    ),
    SearchField(
        name="rarity",
        kind=FieldKind.CHOICE,
        paths=("rarity",),
        description=_("Rarity: common, rare, very_rare, unique (or the Russian words)."),
        example="rarity:редкая",
        keywords=("r", "редкость"),
        aliases=RARITY_ALIASES,
    ),
    SearchField(
        name="size",
        kind=FieldKind.CHOICE,
        paths=("attributes__size",),
        description=_("Ship size: LK (light), SK (medium), TK (heavy); ЛК/СК/ТК and LS/MS/HS too."),
        example="size:ТК",
        keywords=("размер",),
        aliases=SIZE_ALIASES,
    ),
    SearchField(
        name="class",
        kind=FieldKind.SLUG,
        paths=("attributes__ship_class",),
        description=_("Ship class as printed on the card."),
        example="class:линкор",
        keywords=("класс",),
    ),
    SearchField(
        name="weapon",
        kind=FieldKind.CHOICE,
        paths=(),
        description=_(
            "Has the weapon: plasma, turbolaser, maser, lasers, missiles, torpedoes, "
            "nova, bombs, boarding, landing (Russian names too)."
        ),
        example="weapon:плазма",
        keywords=("w", "оружие"),
        aliases=WEAPON_ALIASES,
        presence_prefix="attributes__weapons",
    ),
    SearchField(
        name="property",
        kind=FieldKind.SLUG,
        paths=(),
        description=_(
            "Has the property: commercial_run, escort, smuggling_run, "
            "evasive_manoeuvre (Russian names too)."
        ),
        example='property:"маневр уклонения"',
        keywords=("prop", "свойство"),
        aliases=PROPERTY_ALIASES,
        presence_prefix="attributes__properties",
    ),
    _stat(
        "cost",
        "cost",
        "Cost in resources.",
        "cost<=3",
        "стоимость",
        "цена",
    ),
    _stat("speed", "attributes__speed", "Speed.", "speed>=6", "скорость"),
    _stat("strength", "attributes__strength", "Strength.", "strength>10", "прочность"),
    _stat(
        "critical",
        "attributes__critical",
        "Critical damage.",
        "critical>=5",
        "крит",
        "критические",
    ),
    _stat("armor", "attributes__armor", "Armor.", "armor>=4", "armour", "броня"),
    _stat(
        "shield",
        "attributes__shield__power",
        "Energy-shield power.",
        "shield>=4",
        "щит",
    ),
    _stat(
        "initiative",
        "attributes__initiative",
        "Commander initiative.",
        "initiative>=3",
        "инициатива",
    ),
    _stat("crew", "attributes__crew__size", "Crew size.", "crew>=3", "экипаж"),
    _power("plasma", "Plasma-gun power.", "плазма", "по"),
    _power("turbolaser", "Turbolaser power.", "турболазер", "тл"),
    _power("maser", "Maser power.", "мазер"),
    _power("lasers", "Laser power.", "laser", "лазер", "лазеры", "лу"),
    SearchField(
        name="missiles",
        kind=FieldKind.NUMBER,
        paths=tuple(
            f"attributes__weapons__missiles__{band}__power" for band in ("long", "medium", "short")
        ),
        description=_("Missile power (any range)."),
        example="missiles>=4",
        keywords=("missile", "ракеты"),
    ),
    _power("torpedoes", "Torpedo power.", "torpedo", "торпеды"),
    _power("nova", "Nova salvo strength.", "нова"),
    _power("bombs", "Bomb power.", "bomb", "бомбы"),
    _power(
        "boarding",
        "Boarding-team strength.",
        "абордаж",
        stat="strength",
    ),
    _power("landing", "Landing strength.", "десант", stat="strength"),
)

FIELDS_BY_KEYWORD: dict[str, SearchField] = {
    fold_text(keyword): field for field in FIELDS for keyword in (field.name, *field.keywords)
}
NUMBER_FIELDS: tuple[SearchField, ...] = tuple(f for f in FIELDS if f.kind is FieldKind.NUMBER)


def field_for_keyword(keyword: str) -> SearchField | None:
    return FIELDS_BY_KEYWORD.get(fold_text(keyword))
