"""Template helpers for the catalogue pages: the row's name in the interface language, card
kind and rarity labels, attribute values, and page links that keep the current filters."""

import re
from collections.abc import Mapping
from typing import Any

from django import template
from django.http import QueryDict
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy

from cardbase.card_faces import card_face_of
from cardbase.display_names import is_english, shown_name
from cardbase.models import Game
from cardbase.terms import term, term_of
from komandor.rules.cards import CardKind, Rarity
from komandor.words.terms import CARD_KINDS, RARITIES

register = template.Library()

# Komandor's card kinds and rarities: the engine's tables (``komandor.words.terms``); other
# games' kinds are named by their ``card_kind`` components.
KOMANDOR_KINDS = frozenset(kind.value for kind in CardKind)

# The attribute keys the other games' entries use most, in words; others are spelled out.
ATTRIBUTE_LABELS: dict[str, Promise] = {
    "quantity": gettext_lazy("quantity"),
    "number": gettext_lazy("number"),
    "category": gettext_lazy("category"),
    "group": gettext_lazy("group"),
    "kind": gettext_lazy("kind"),
    "cost": gettext_lazy("cost"),
    "victory_points": gettext_lazy("victory points"),
    "abilities": gettext_lazy("abilities"),
    "cards": gettext_lazy("cards"),
    "colour": gettext_lazy("colour"),
    "population": gettext_lazy("population"),
    "initiative": gettext_lazy("initiative"),
    "homeworld": gettext_lazy("homeworld"),
    "ruler": gettext_lazy("ruler"),
    "motto": gettext_lazy("motto"),
    "reward": gettext_lazy("reward"),
    "where": gettext_lazy("where"),
    "page": gettext_lazy("page"),
    "cubes": gettext_lazy("cubes"),
    "effect": gettext_lazy("effect"),
    "clarification": gettext_lazy("clarification"),
    "starting_technologies": gettext_lazy("starting technologies"),
    "special_rules": gettext_lazy("special rules"),
    "trade_rates": gettext_lazy("trade rates"),
}
HIDDEN_ATTRIBUTES = frozenset({"mentioned_only", "base_game", "single_copy", "board_quote"})


@register.filter
def localized(row: Any, field: str = "name") -> str:
    """``row.<field>_en`` when the interface is English and the row has one, else ``_ru`` (a
    row with only ``<field>``, like a game's description, reads that); a name without an
    English one is followed by its transliteration (``cardbase.display_names``)."""
    russian = getattr(row, f"{field}_ru", None)
    if russian is None:
        russian = getattr(row, field, "")
    russian = russian or ""
    if field == "name":
        return shown_name(russian, getattr(row, "name_en", "") or "")
    if is_english():
        return getattr(row, f"{field}_en", "") or russian
    return russian


@register.filter
def card_type_label(card_type: str, type_names: Mapping[str, Any] | None = None) -> str:
    """The name of a card kind: Komandor's own kinds in the singular, otherwise the game's
    ``card_kind`` component (the book's heading for that kind), otherwise the stored value."""
    if card_type in KOMANDOR_KINDS:
        return capfirst(term(CARD_KINDS, CardKind(card_type)))
    component = (type_names or {}).get(card_type)
    return localized(component) if component is not None else card_type


@register.filter
def rarity_label(rarity: str) -> str:
    return term_of(RARITIES, rarity)


@register.filter
def attribute_text(value: Any) -> str:
    """A stored attribute value as one readable line (lists joined, mappings as key: value);
    a stored code such as ``effect_timing`` reads as words, translated when the catalogue
    knows them, never as the raw code."""
    if isinstance(value, bool):
        return "✓" if value else "—"
    if isinstance(value, Mapping):
        return "; ".join(
            f"{attribute_label(key)}: {attribute_text(item)}" for key, item in value.items()
        )
    if isinstance(value, list | tuple):
        return ", ".join(attribute_text(item) for item in value)
    if isinstance(value, str) and _STORED_CODE.fullmatch(value):
        if value in _RARITIES:  # a rarity's code (``very_rare``): the engine's table
            return term(RARITIES, Rarity(value))
        return gettext(value.replace("_", " "))
    return str(value)


_RARITIES = frozenset(rarity.value for rarity in Rarity)
_STORED_CODE = re.compile(r"[a-z]+(?:_[a-z]+)+")


@register.simple_tag(takes_context=True)
def page_query(context: template.Context, page_number: int, **changes: str) -> str:
    """The current query string with ``page`` (and any ``changes``) set, so page links keep
    the filters."""
    query: QueryDict = context["request"].GET.copy()
    query["page"] = str(page_number)
    for key, value in changes.items():
        query[key] = value
    return "?" + query.urlencode()


@register.simple_tag
def marked_query(text: str, error: Any) -> str:
    """The query with the term the error is about wrapped in ``<mark>``."""
    term = getattr(error, "term", "") or ""
    position = getattr(error, "position", None)
    if position is None or text[position : position + len(term)] != term:
        position = text.find(term) if term else -1
    if position < 0 or not term:
        return format_html("{}", text)
    end = position + len(term)
    return format_html("{}<mark>{}</mark>{}", text[:position], text[position:end], text[end:])


@register.inclusion_tag("cardbase/_card_face.html")
def card_face(
    card: Any, *, compact: bool = False, link: bool = True, prefix: str = "", photo: bool = True
) -> dict:
    """The card drawn as a card (Komandor cards; nothing for others): its image where it has
    one (a photo of the printed card, or a picture an editor uploaded), else the drawn face.
    ``photo=False`` draws the face even so (the card page shows both). ``prefix`` keeps the
    tooltip ids unique when a page shows several faces."""
    return {
        "face": card_face_of(card),
        "compact": compact,
        "link": link,
        "photo": photo,
        "prefix": prefix or f"card{card.pk or 'new'}-",
    }


@register.simple_tag
def source_title(row: Any) -> str:
    """The rule book a row comes from, by its title (the game's rule book), not its file."""
    game = getattr(row, "game", None)
    if game is None or game.rule_book != row.source_book:
        game = Game.objects.filter(rule_book=row.source_book).first()
    if game is None:
        return row.source_book
    return localized(game)


@register.filter
def attribute_label(key: str) -> str:
    """An attribute's key as words (``victory_points`` → «Victory points»), translated when
    the catalogue knows it."""
    known = ATTRIBUTE_LABELS.get(key)
    if known is not None:
        return capfirst(str(known))
    return capfirst(gettext(key.replace("_", " ")))


@register.filter
def shown_attributes(attributes: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """Attributes a reader wants: without the source notes (``*_quote``, ``*_section``),
    which the source block shows, and without internal flags."""
    hidden_suffixes = ("_quote", "_section")
    return [
        (key, value)
        for key, value in (attributes or {}).items()
        if not key.endswith(hidden_suffixes) and key not in HIDDEN_ATTRIBUTES
    ]


@register.filter
def get_item(mapping: Mapping[str, Any], key: str) -> Any:
    return mapping.get(key, key)
