"""What the catalogue's query filters really accept, in the OpenAPI schema (issue 12).

drf-spectacular describes a django-filter parameter by its type only. The catalogue's filters
read an empty value as no filter (``allowEmptyValue``) and take a closed-list search value
(rarity, size, weapon) by one of its spellings, in any case; anything else is a 400 naming the
parameter. Registered with drf-spectacular on import (``cardbase.api.views`` imports it). The
``game`` parameter of every operation (one of the catalogue's games) is described by
``config.openapi``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.contrib.django_filters import DjangoFilterExtension

from cardbase.models import Game
from cardbase.search.fields import FieldKind


def game_slugs() -> list[str]:
    """The slugs a ``game`` parameter takes: the catalogue's games, in their order."""
    return list(Game.objects.order_by("sort_order", "slug").values_list("slug", flat=True))


def _spellings(filter_: Any) -> list[str] | None:
    """The accepted spellings of a closed-list search value, or None for an open one."""
    field = getattr(filter_, "search_field", None)
    if field is None or field.kind is not FieldKind.CHOICE or not field.aliases:
        return None
    return sorted(field.aliases)


class CatalogueFilterExtension(DjangoFilterExtension):
    target_class = "cardbase.filters.CatalogueFilterBackend"
    priority = 1

    def resolve_filter_field(self, auto_schema, model, filterset_class, field_name, filter_field):
        parameters = super().resolve_filter_field(
            auto_schema, model, filterset_class, field_name, filter_field
        )
        for parameter in parameters:
            parameter["allowEmptyValue"] = True  # ``?game=`` filters nothing
            spellings = _spellings(filter_field)
            if spellings is not None:
                parameter["schema"] = {"type": "string", "enum": spellings}
        return parameters
