"""Template helpers for the catalogue pages: the row's name in the interface language, card
kind and rarity labels, attribute values, and page links that keep the current filters."""

from collections.abc import Mapping
from typing import Any

from django import template
from django.http import QueryDict
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.text import capfirst
from django.utils.translation import get_language, pgettext_lazy

register = template.Library()

# Komandor's card kinds and rarities as the rule book words them ("карты кораблей…",
# "обычная карта, редкая карта, очень редкая карта и уникальная карта"), in the singular a
# table cell needs; other games' kinds are named by their ``card_kind`` components.
CARD_KIND_LABELS: dict[str, Promise] = {
    "ship": pgettext_lazy("card kind", "ship"),
    "space_object": pgettext_lazy("card kind", "space object"),
    "ground_unit": pgettext_lazy("card kind", "ground unit"),
    "military_building": pgettext_lazy("card kind", "military building"),
    "civil_building": pgettext_lazy("card kind", "civil building"),
    "tactical": pgettext_lazy("card kind", "tactical"),
    "situation": pgettext_lazy("card kind", "situation"),
    "upgrade": pgettext_lazy("card kind", "upgrade"),
    "commander": pgettext_lazy("card kind", "commander"),
    "ability": pgettext_lazy("card kind", "ability"),
}
RARITY_LABELS: dict[str, Promise] = {
    "common": pgettext_lazy("rarity", "common"),
    "rare": pgettext_lazy("rarity", "rare"),
    "very_rare": pgettext_lazy("rarity", "very rare"),
    "unique": pgettext_lazy("rarity", "unique"),
}


def is_english() -> bool:
    return (get_language() or "").startswith("en")


@register.filter
def localized(row: Any, field: str = "name") -> str:
    """``row.<field>_en`` when the interface is English and the row has one, else ``_ru``."""
    russian = getattr(row, f"{field}_ru", "") or ""
    if is_english():
        return getattr(row, f"{field}_en", "") or russian
    return russian


@register.filter
def card_type_label(card_type: str, type_names: Mapping[str, Any] | None = None) -> str:
    """The name of a card kind: Komandor's own kinds in the singular, otherwise the game's
    ``card_kind`` component (the book's heading for that kind), otherwise the stored value."""
    if card_type in CARD_KIND_LABELS:
        return capfirst(str(CARD_KIND_LABELS[card_type]))
    component = (type_names or {}).get(card_type)
    return localized(component) if component is not None else card_type


@register.filter
def rarity_label(rarity: str) -> str:
    return str(RARITY_LABELS.get(rarity, rarity))


@register.filter
def attribute_text(value: Any) -> str:
    """A stored attribute value as one readable line (lists joined, mappings as key: value)."""
    if isinstance(value, bool):
        return "✓" if value else "—"
    if isinstance(value, Mapping):
        return "; ".join(f"{key}: {attribute_text(item)}" for key, item in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(attribute_text(item) for item in value)
    return str(value)


@register.simple_tag(takes_context=True)
def page_query(context: template.Context, page_number: int) -> str:
    """The current query string with ``page`` set, so page links keep the filters."""
    query: QueryDict = context["request"].GET.copy()
    query["page"] = str(page_number)
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


@register.simple_tag
def ru_or_en(russian: str, english: str) -> str:
    """Pick between a Russian and an English text given side by side (English may be empty)."""
    return (english or russian) if is_english() else russian
