"""A Komandor card as a card: what its face shows, each stat with what it means.

``card_face_of(card)`` turns a catalogue row into a :class:`CardFace` that the one face
template (``cardbase/_card_face.html``, or the ``{% card_face card %}`` tag) draws on the card
page, in search results, in the builder's preview and in the admin. Values keep the rule
book's notation (``12(8)``, ``В4``, ``2/4``, ``4-4 (Д)``), taken from the engine's
``card_stat_lines``, with English letters in English (``cardbase/notation.py``); labels and
explanations are made here, in the interface language.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.translation import get_language, gettext_noop, ngettext
from django.utils.translation import gettext as _

from cardbase.card_images import ImageUrls, image_urls
from cardbase.display_names import card_names_shown, shown_name
from cardbase.models import Card
from cardbase.notation import letters, notation_lang, stat_value
from cardbase.rules_text import rules_text_of
from cardbase.terms import term, term_of
from komandor.rules.cards import (
    CardSpec,
    CardSpecError,
    Crew,
    CrewLevel,
    Lasers,
    Maser,
    Range,
    ShieldType,
    SizeClass,
    card_from_dict,
)
from komandor.words.card_fields import card_stat_lines
from komandor.words.effect_text import card_text
from komandor.words.english_terms import built_in_name_en, ship_class_en
from komandor.words.terms import (
    CARD_KINDS,
    CREW_LEVELS,
    OBJECT_TYPES,
    RANGES,
    RARITIES,
    SHIP_SIZES,
    VICTORIES,
)

KOMANDOR = "komandor"

# The stat block's groups, in the order the face draws them.
CORE = "core"
WEAPON = "weapon"
PROPERTY = "property"
EXTRA = "extra"


@dataclass(frozen=True)
class FaceStat:
    """One stat on the face: ``value`` in the book's notation, ``explanation`` in words."""

    path: str
    icon: str
    label: str
    value: str
    explanation: str
    group: str = CORE


@dataclass(frozen=True)
class CardFace:
    kind: str
    kind_label: str
    name: str
    cost: int | None
    name_lang: str = "ru"  # "en" when the English interface shows an English name
    notation_lang: str = "ru"  # the stat letters' language (cardbase/notation.py)
    subtype: str = ""  # the ship's type (as printed) or the kind of space object
    size: str = ""
    size_label: str = ""
    stats: list[FaceStat] = field(default_factory=list)
    text: str = ""
    text_lang: str = "ru"  # "en": rendered from effect data for the English interface
    rarity: str = ""
    rarity_label: str = ""
    release: str = ""
    release_name: str = ""
    number: str = ""
    url: str = ""
    project_design: bool = False  # this project's own card, not from the rule book
    origin: str = "book"  # cardbase.models.Origin
    image: ImageUrls | None = None  # the card's photo or picture, drawn instead of the face
    text_not_played: bool = False  # a players' card without effects: its printed text is shown

    def group(self, name: str) -> list[FaceStat]:
        return [stat for stat in self.stats if stat.group == name]

    @property
    def core(self) -> list[FaceStat]:
        return self.group(CORE)

    @property
    def weapons(self) -> list[FaceStat]:
        return self.group(WEAPON)

    @property
    def properties(self) -> list[FaceStat]:
        return self.group(PROPERTY)

    @property
    def extras(self) -> list[FaceStat]:
        return self.group(EXTRA)


def kind_label(kind: str) -> str:
    return term_of(CARD_KINDS, kind)


def rarity_label(rarity: str) -> str:
    return term_of(RARITIES, rarity)


def size_label(size: str) -> str:
    """``LK``, ``SK`` or ``TK`` in words, with its letters as the face shows them."""
    try:
        size_class = SizeClass(size)
    except ValueError:
        return size
    return _("%(size)s ship (%(abbr)s)") % {
        "size": term(SHIP_SIZES, size_class),
        "abbr": letters().size[size_class],
    }


def object_type_label(object_type: str) -> str:
    return term_of(OBJECT_TYPES, object_type)


def _range_name(range_: Range) -> str:
    return _("%(range)s range (%(letter)s)") % {
        "range": term(RANGES, range_),
        "letter": letters().range[range_],
    }


def _crew_level(level: CrewLevel) -> str:
    named = {"level": term(CREW_LEVELS, level), "letter": letters().crew[level]}
    if level is CrewLevel.N:
        return _("%(level)s (%(letter)s): −2 when defending against boarding") % named
    if level is CrewLevel.E:
        return _("%(level)s (%(letter)s): +2 when defending against boarding") % named
    return f"{named['level']} ({named['letter']})"


def _shield_letter(spec: CardSpec) -> str:
    return letters().shield[spec.shield.type] if spec.shield else ""


# path -> (icon, label, explanation(spec, notation)); explanations follow the rule book's
# sections on card parameters, weapons and properties.
Explainer = Callable[[CardSpec, str], str]


def _strength(spec: CardSpec, value: str) -> str:
    if spec.critical is None:
        return _("Strength %(strength)s: the damage it can take.") % {"strength": spec.strength}
    return _(
        "Strength %(strength)s, critical damage %(critical)s in brackets: it is destroyed at "
        "%(strength)s damage, and after the battle it goes to losses if its damage is "
        "%(critical)s or more."
    ) % {"strength": spec.strength, "critical": spec.critical}


def _shield(spec: CardSpec, value: str) -> str:
    assert spec.shield is not None  # explained only where the face shows it
    return _(
        "Energy shield of type %(type)s, power %(power)s: plasma damage is reduced by "
        "%(power)s; the type decides which masers can hit it."
    ) % {"type": _shield_letter(spec), "power": spec.shield.power}


def _maser(spec: CardSpec, value: str) -> str:
    assert spec.weapons is not None and spec.weapons.maser is not None  # shown, so present
    maser: Maser = spec.weapons.maser
    letter = letters().shield[maser.type]
    return _(
        "Maser of type %(type)s, power %(power)s (medium range): full damage whatever the "
        "shield's power; half against a shield of its own type; a printed number alone means "
        "the maser has the ship's shield type."
    ) % {"type": letter, "power": maser.power}


def _lasers(spec: CardSpec, value: str) -> str:
    assert spec.weapons is not None and spec.weapons.lasers is not None  # shown, so present
    lasers: Lasers = spec.weapons.lasers
    if lasers.targets == 1:
        return _(
            "Laser batteries, power %(power)s (short range): damage is %(power)s minus the "
            "target's armor. They can also shoot down missiles and torpedoes."
        ) % {"power": lasers.power}
    return ngettext(
        "Laser batteries %(targets)s/%(power)s (short range): one attack hits up to "
        "%(targets)s ship, each taking %(power)s minus its armor.",
        "Laser batteries %(targets)s/%(power)s (short range): one attack hits up to "
        "%(targets)s ships, each taking %(power)s minus its armor.",
        lasers.targets,
    ) % {"targets": lasers.targets, "power": lasers.power}


def _missiles(range_: Range) -> Explainer:
    def explain(spec: CardSpec, value: str) -> str:
        assert spec.weapons is not None and spec.weapons.missiles is not None  # shown
        salvo = spec.weapons.missiles.at(range_)
        assert salvo is not None  # shown, so present
        return ngettext(
            "%(count)s-%(power)s: %(count)s missile of power %(power)s, %(where)s; each is "
            "rolled for on a D6 and a hit deals %(power)s minus the target's armor.",
            "%(count)s-%(power)s: %(count)s missiles of power %(power)s, %(where)s; each is "
            "rolled for on a D6 and a hit deals %(power)s minus the target's armor.",
            salvo.count,
        ) % {"count": salvo.count, "power": salvo.power, "where": _range_name(range_)}

    return explain


def _torpedoes(spec: CardSpec, value: str) -> str:
    assert spec.weapons is not None and spec.weapons.torpedoes is not None  # shown
    salvo = spec.weapons.torpedoes
    return ngettext(
        "%(count)s-%(power)s: %(count)s torpedo of power %(power)s (medium range); each is "
        "rolled for on a D6 and a hit deals %(power)s minus the target's armor. Not against "
        "light ships.",
        "%(count)s-%(power)s: %(count)s torpedoes of power %(power)s (medium range); each is "
        "rolled for on a D6 and a hit deals %(power)s minus the target's armor. Not against "
        "light ships.",
        salvo.count,
    ) % {"count": salvo.count, "power": salvo.power}


def _crew(spec: CardSpec, value: str) -> str:
    assert spec.crew is not None  # shown, so present
    crew: Crew = spec.crew
    if crew.size == 0:
        return _("No crew (0): the ship cannot be boarded.")
    return _(
        "Crew: %(level)s; %(size)s is the crew's size, added to the defence roll against boarding."
    ) % {"level": _crew_level(crew.level), "size": crew.size}


def _power_of(name: str) -> Callable[[CardSpec], int]:
    return lambda spec: getattr(spec.weapons, name).power


def _text(template: str, **getters: Callable[[CardSpec], object]) -> Explainer:
    """An explanation from a translated template filled from the spec."""

    def explain(spec: CardSpec, value: str) -> str:
        return _(template) % {key: getter(spec) for key, getter in getters.items()}

    return explain


def _plain(template: str) -> Explainer:
    return lambda spec, value: _(template) % {"value": value}


_NOTES: dict[str, tuple[str, str, str, Explainer]] = {
    # path: (group, icon, label, explanation)
    "strength": (CORE, "strength", gettext_noop("Strength (critical)"), _strength),
    "shield": (CORE, "shield", gettext_noop("Shield"), _shield),
    "armor": (
        CORE,
        "armor",
        gettext_noop("Armor"),
        _plain(
            gettext_noop(
                "Armor %(value)s: turbolaser, laser, missile and torpedo damage is reduced by "
                "%(value)s."
            )
        ),
    ),
    "speed": (
        CORE,
        "speed",
        gettext_noop("Speed"),
        _plain(
            gettext_noop("Speed %(value)s: decides ramming, pursuit and the light ships' duels.")
        ),
    ),
    "crew": (CORE, "crew", gettext_noop("Crew"), _crew),
    "weapons.plasma": (
        WEAPON,
        "plasma",
        gettext_noop("Plasma guns"),
        _text(
            gettext_noop(
                "Plasma guns, power %(power)s (medium range): damage is %(power)s minus the "
                "target's shield power; armor does not count."
            ),
            power=_power_of("plasma"),
        ),
    ),
    "weapons.turbolaser": (
        WEAPON,
        "turbolaser",
        gettext_noop("Turbolaser"),
        _text(
            gettext_noop(
                "Turbolaser, power %(power)s (long range): damage is %(power)s minus the "
                "target's armor; it cannot attack light ships."
            ),
            power=_power_of("turbolaser"),
        ),
    ),
    "weapons.maser": (WEAPON, "maser", gettext_noop("Maser"), _maser),
    "weapons.lasers": (WEAPON, "lasers", gettext_noop("Laser batteries"), _lasers),
    "weapons.missiles.long": (WEAPON, "missiles", gettext_noop("Missiles"), _missiles(Range.LONG)),
    "weapons.missiles.medium": (
        WEAPON,
        "missiles",
        gettext_noop("Missiles"),
        _missiles(Range.MEDIUM),
    ),
    "weapons.missiles.short": (
        WEAPON,
        "missiles",
        gettext_noop("Missiles"),
        _missiles(Range.SHORT),
    ),
    "weapons.torpedoes": (WEAPON, "torpedoes", gettext_noop("Torpedoes"), _torpedoes),
    "weapons.nova": (
        WEAPON,
        "nova",
        gettext_noop("Nova weapon"),
        _text(
            gettext_noop(
                "Nova, salvo strength %(power)s (long range only): on a D6 4+ it deals "
                "%(power)s to one, two or three enemy ships (a second D6 decides)."
            ),
            power=_power_of("nova"),
        ),
    ),
    "weapons.bombs": (
        WEAPON,
        "bombs",
        gettext_noop("Bombs"),
        _text(
            gettext_noop(
                "Bombs, power %(power)s (short range): only against ground units and "
                "buildings on a space object, not on stations."
            ),
            power=_power_of("bombs"),
        ),
    ),
    "weapons.boarding": (
        WEAPON,
        "boarding",
        gettext_noop("Boarding shuttles"),
        _plain(
            gettext_noop(
                "Boarding force %(value)s: in the short-range round, instead of attacking, "
                "add %(value)s to a D6 against the defender's D6 plus crew."
            )
        ),
    ),
    "weapons.landing": (
        WEAPON,
        "landing",
        gettext_noop("Landing"),
        _plain(
            gettext_noop(
                "Landing force %(value)s: after the battle it destroys the enemy ground units "
                "on the object if the landing forces together are at least their force."
            )
        ),
    ),
    "properties.commercial_run": (
        PROPERTY,
        "commercial_run",
        gettext_noop("Commercial run"),
        _plain(
            gettext_noop(
                "Commercial run: in the resources phase the ship flies to another object of "
                "yours for a commercial-run token and the reward printed here."
            )
        ),
    ),
    "properties.escort": (
        PROPERTY,
        "escort",
        gettext_noop("Escort"),
        _plain(gettext_noop("Escort: ships of its fleet may fly along with a commercial run.")),
    ),
    "properties.smuggling_run": (
        PROPERTY,
        "smuggling_run",
        gettext_noop("Smuggling run"),
        _plain(
            gettext_noop(
                "Smuggling run: a commercial run to an enemy planet; D6 4+ succeeds, "
                "otherwise the ship is lost."
            )
        ),
    ),
    "properties.evasive_manoeuvre": (
        PROPERTY,
        "evasive_manoeuvre",
        gettext_noop("Evasive manoeuvre"),
        _plain(
            gettext_noop(
                "Evasive manoeuvre: at long or medium range, turn the ship to take no damage "
                "from a plasma or maser attack."
            )
        ),
    ),
    "income.resources": (
        EXTRA,
        "income",
        gettext_noop("Income: resources"),
        _plain(gettext_noop("Gives %(value)s resources in each resources phase.")),
    ),
    "income.action_tokens": (
        EXTRA,
        "token",
        gettext_noop("Income: action tokens"),
        _plain(gettext_noop("Gives %(value)s action tokens in each resources phase.")),
    ),
    "resources": (
        EXTRA,
        "income",
        gettext_noop("Resources"),
        _plain(gettext_noop("Resources: %(value)s.")),
    ),
    "action_tokens": (
        EXTRA,
        "token",
        gettext_noop("Action tokens"),
        _plain(gettext_noop("Action tokens: %(value)s.")),
    ),
    "dice": (
        EXTRA,
        "dice",
        gettext_noop("D6 roll"),
        _plain(gettext_noop("%(value)s: roll a six-sided die; it works on that number or more.")),
    ),
    "initiative": (
        EXTRA,
        "initiative",
        gettext_noop("Initiative"),
        _plain(
            gettext_noop(
                "Initiative %(value)s: the lower initiative acts first at setup and production."
            )
        ),
    ),
}


def _stat(spec: CardSpec, path: str, value: str) -> FaceStat | None:
    note = _NOTES.get(path)
    if note is None:
        return None
    group, icon, label, explain = note
    return FaceStat(
        path=path,
        icon=icon,
        label=_(label),
        value=value,
        explanation=explain(spec, value),
        group=group,
    )


def _rules_text(card: Card | None, spec: CardSpec) -> tuple[str, bool]:
    """The rules text in the page's language, one line per effect, rendered from the card's
    effect data (docs/effects.md, «Text»); a card without effects keeps its typed abilities
    and text. Also: whether it was rendered (then it is in the page's language)."""
    language = "en" if _is_english() else "ru"
    if card is None:
        return "\n".join(card_text(spec, language)), False
    rules = rules_text_of(game_slug=card.game.slug, attributes=card.attributes, text=card.text)
    if rules is None:
        return card.text, False
    lines = "\n".join(rules.lines(language))
    if language == "en" and rules.from_effects:
        lines = _english_card_names(lines)
    return lines, rules.from_effects


def _is_english() -> bool:
    return (get_language() or "").startswith("en")


def _ship_class(ship_class: str | None) -> str:
    if not ship_class:
        return ""
    return (_is_english() and ship_class_en(ship_class)) or ship_class


def _built_in_name(name: str | None) -> str:
    if not name:
        return ""
    return (_is_english() and built_in_name_en(name)) or name


_QUOTED = re.compile(r"«([^«»]+)»")


def _english_card_names(text: str) -> str:
    """English rules text names the cards it refers to («Контрабандист») by their printed
    Russian names, which the engine matches; shown, they read as the cards' English names."""
    quoted = set(_QUOTED.findall(text))
    if not quoted:
        return text
    names = card_names_shown(quoted)
    return _QUOTED.sub(lambda match: f"«{names.get(match[1], match[1])}»", text)


def _extras(spec: CardSpec) -> list[FaceStat]:
    """Kind-specific lines with no single number: target, abilities, victory, variants."""
    extras = []
    if spec.target is not None:
        extras.append(
            FaceStat(
                "target",
                "upgrade",
                _("Upgrades"),
                kind_label(spec.target.value),
                _("This upgrade is played on a card of this kind."),
                EXTRA,
            )
        )
    if spec.victory is not None:
        names = {victory.value: term(VICTORIES, victory) for victory in VICTORIES}
        explanations = {
            "pirate": _(
                "Wins when the opponent's losses are worth more than 70 resources at "
                "the end of a battle phase."
            ),
            "trader": _("Wins with 7 or more commercial-run tokens at the start of a turn."),
            "procurator": _(
                "Wins controlling 5 or more unblocked space objects at the start of a turn."
            ),
        }
        value = spec.victory.value
        extras.append(
            FaceStat(
                "victory",
                "victory",
                _("Victory condition"),
                names[value],
                explanations[value],
                EXTRA,
            )
        )
    for index, part in enumerate(spec.built_in or ()):
        extras.append(
            FaceStat(
                f"built_in.{index}",
                "building",
                kind_label(part.kind.value),
                _built_in_name(part.name) or "—",
                _("Built into this object from the start; strength %(strength)s.")
                % {"strength": part.strength if part.strength is not None else "—"},
                EXTRA,
            )
        )
    if spec.special:
        extras.append(
            FaceStat(
                "special",
                "special",
                _("Special"),
                "✦",
                _("A special ability card: played only during the game, never chosen before it."),
                EXTRA,
            )
        )
    return extras


def face_from_spec(spec: CardSpec, *, card: Card | None = None) -> CardFace:
    """The face of a card spec; ``card`` adds what only the catalogue row knows."""
    stats = []
    for line in card_stat_lines(spec):
        stat = _stat(spec, line.path, stat_value(spec, line.path, line.text))
        if stat is not None:
            stats.append(stat)
    stats += _extras(spec)
    size = spec.size.value if spec.size else ""
    text, rendered = _rules_text(card, spec)
    rarity = (card.rarity if card is not None else "") or (spec.rarity.value if spec.rarity else "")
    release = card.release if card is not None and card.release_id else None
    return CardFace(
        kind=spec.kind.value,
        kind_label=kind_label(spec.kind.value),
        name=_localized_name(card) if card is not None else spec.name,
        name_lang="en" if card is not None and _is_english() and card.name_en else "ru",
        notation_lang=notation_lang(),
        cost=spec.cost,
        subtype=_ship_class(spec.ship_class)
        or (object_type_label(spec.object_type.value) if spec.object_type else ""),
        size=letters().size[spec.size] if spec.size else "",
        size_label=size_label(size) if size else "",
        stats=stats,
        text=text,
        text_lang="en" if rendered and _is_english() else "ru",
        rarity=rarity,
        rarity_label=rarity_label(rarity) if rarity else "",
        release=release.code if release else "",
        release_name=(release.name_en if _is_english() and release.name_en else release.name_ru)
        if release
        else "",
        number=(card.collector_number if card is not None else "") or (spec.number or ""),
        url=reverse("cardbase:card-detail", args=[card.game.slug, card.key])
        if card is not None and card.pk
        else "",
        project_design=card is not None and card.is_project_design,
        origin=card.origin if card is not None else "book",
        image=image_urls(card.image) if card is not None else None,
        text_not_played=bool(
            card is not None and card.is_entered_by_players and not rendered and text
        ),
    )


def _localized_name(card: Card) -> str:
    return shown_name(card.name_ru, card.name_en, english=_is_english())


def card_face_of(card: Card) -> CardFace | None:
    """The face of a Komandor card; ``None`` for other games' cards and for a row whose stats
    the card schema rejects (its page then lists them plainly)."""
    if card.game.slug != KOMANDOR:
        return None
    try:
        spec = card_from_dict(card.attributes)
    except CardSpecError:
        return None
    return face_from_spec(spec, card=card)


@dataclass(frozen=True)
class LegendRow:
    notation: str
    meaning: str
    icon: str = ""


# The notation on card faces, each as the rule book prints it (sections «Корабли»,
# «Вооружение», «Экипаж», «Редкость карт», «Кубики»); ``{…}`` are the letters of the
# interface's language (cardbase/notation.py), filled in the notation and in the meaning.
_LEGEND = (
    (
        "12(8)",
        gettext_noop(
            "Strength with critical damage in brackets: destroyed at 12 damage; "
            "after the battle, a ship with 8 or more damage goes to losses."
        ),
        "strength",
    ),
    (
        "{A}3 · {B}4 · {C}3",
        gettext_noop(
            "Energy shield: its type (%(A)s, %(B)s or %(C)s) and power. The power is "
            "subtracted from plasma damage; the type decides which masers can "
            "hit the ship."
        ),
        "shield",
    ),
    (
        "6",
        gettext_noop("Armor: subtracted from turbolaser, laser, missile and torpedo damage."),
        "armor",
    ),
    ("3", gettext_noop("Speed."), "speed"),
    (
        "10 · {B}10",
        gettext_noop(
            "Plasma guns and turbolaser print their power; a maser prints its power, "
            "with its type letter when it differs from the ship's shield."
        ),
        "maser",
    ),
    (
        "2/4",
        gettext_noop(
            "Laser batteries: one attack hits up to 2 ships at power 4 each; a single "
            "number is one target."
        ),
        "lasers",
    ),
    (
        "4-4 ({L})",
        gettext_noop(
            "Missiles: 4 missiles of power 4, at long (%(L)s), medium (%(M)s) or short (%(S)s) "
            "range; each missile is rolled for."
        ),
        "missiles",
    ),
    (
        "4-8",
        gettext_noop(
            "Torpedoes: 4 torpedoes of power 8, each rolled for; not against light ships."
        ),
        "torpedoes",
    ),
    ("{LK} · {SK} · {TK}", gettext_noop("Ship size: light, medium or heavy ship."), ""),
    (
        "{N}3 · {V}3 · {E}3",
        gettext_noop(
            "Crew: novices (%(N)s), veterans (%(V)s) or elite (%(E)s), and the crew's size."
        ),
        "crew",
    ),
    ("D6 4+", gettext_noop("Roll a six-sided die: 4, 5 or 6 succeeds."), "dice"),
    ("● ◆ ★ ✪", gettext_noop("Rarity: common, rare, very rare, unique."), ""),
)


def _legend_letters() -> dict[str, str]:
    shown = letters()
    return {
        **{shield.value: shown.shield[shield] for shield in ShieldType},
        **{size.value: shown.size[size] for size in SizeClass},
        **{level.value: shown.crew[level] for level in CrewLevel},
        **{range_.value[0].upper(): shown.range[range_] for range_ in Range},
    }


def _meaning(meaning: str, shown: dict[str, str]) -> str:
    return _(meaning) % shown if "%(" in meaning else _(meaning)


def notation_legend() -> list[LegendRow]:
    shown = _legend_letters()
    return [
        LegendRow(notation.format(**shown), _meaning(meaning, shown), icon)
        for notation, meaning, icon in _LEGEND
    ]
