"""Query-parameter filters for the catalogue API (django-filter).

Card stat filters are built from the search vocabulary (``cardbase.search.fields``) and go
through the same ``term_q`` as the query language, so ``?speed_min=6`` and ``?q=speed>=6`` are
one code path. Every bad value fails form validation, which the API turns into a 400 naming
the parameter.
"""

from typing import Any

import django_filters
from django import forms
from django.db import connections
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from django_filters.utils import translate_validation
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field

from cardbase.api.errors import QuerySyntaxAPIError
from cardbase.models import (
    Advisor,
    Card,
    Component,
    ComponentKind,
    Game,
    Race,
    Release,
    Sector,
    StatedCount,
    Tech,
)
from cardbase.search.fields import FIELDS_BY_KEYWORD, NUMBER_FIELDS, FieldKind, SearchField
from cardbase.search.query import (
    MAX_NUMBER_DIGITS,
    QuerySyntaxError,
    Term,
    cards_matching,
    term_q,
)
from cardbase.search.text import words_q


class SearchValueField(forms.CharField):
    """A value of one search keyword, cleaned to what the card stores (``ЛК`` -> ``LK``)."""

    def __init__(self, *args: Any, search_field: SearchField, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.search_field = search_field

    def clean(self, value: Any) -> str | None:
        value = super().clean(value)
        if not value:
            return None
        stored = self.search_field.stored_value(value)
        if stored is None:
            known = ", ".join(sorted(set((self.search_field.aliases or {}).values())))
            raise forms.ValidationError(
                _("Unknown value '%(value)s'; expected one of: %(known)s")
                % {"value": value, "known": known},
                code="invalid_choice",
            )
        return stored


class TermFilter(django_filters.Filter):
    """``?<param>=value`` meaning the search term ``<field> <op> value``."""

    def __init__(self, *, search_field: SearchField, op: str = "=", **kwargs: Any) -> None:
        self.search_field = search_field
        self.op = op
        if search_field.kind is not FieldKind.NUMBER:
            kwargs["search_field"] = search_field
        kwargs.setdefault("help_text", search_field.description)
        super().__init__(**kwargs)

    def filter(self, qs: QuerySet, value: Any) -> QuerySet:
        if value in (None, ""):
            return qs
        return qs.filter(term_q(Term(self.search_field, self.op, value)))


# A stat value has at most as many digits as the search language reads (a larger one is a 400,
# never a number the database cannot compare).
NUMBER_LIMIT = 10**MAX_NUMBER_DIGITS - 1


@extend_schema_field({"type": "integer", "minimum": -NUMBER_LIMIT, "maximum": NUMBER_LIMIT})
class NumberTermFilter(TermFilter):
    field_class = forms.IntegerField

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", -NUMBER_LIMIT)
        kwargs.setdefault("max_value", NUMBER_LIMIT)
        super().__init__(**kwargs)


@extend_schema_field(OpenApiTypes.STR)
class ValueTermFilter(TermFilter):
    field_class = SearchValueField


def term_filter(search_field: SearchField, op: str = "=", **kwargs: Any) -> TermFilter:
    if search_field.kind is FieldKind.NUMBER:
        return NumberTermFilter(search_field=search_field, op=op, **kwargs)
    return ValueTermFilter(search_field=search_field, op=op, **kwargs)


def _vendor(queryset: QuerySet) -> str:
    return connections[queryset.db].vendor


# (filterset class, filter names) -> form class. Bounded: the names come from the request.
_FORM_CLASSES: dict[tuple[type, tuple[str, ...]], type[forms.Form]] = {}
_FORM_CLASSES_MAX = 512


class LeanFilterSet(django_filters.FilterSet):
    """A filterset that can be built with only the filters a request names.

    django-filter deep-copies every declared filter and builds a form field for each on every
    request; the card list declares over fifty, so ``only_given`` keeps the rest out.
    """

    base_filters: dict[str, Any]  # set on the class by django-filter's metaclass

    def __init__(self, data=None, *args: Any, only_given: bool = False, **kwargs: Any) -> None:
        if only_given and data is not None:
            self.base_filters = {
                name: filter_ for name, filter_ in self.base_filters.items() if name in data
            }
        super().__init__(data, *args, **kwargs)

    def get_form_class(self) -> type[forms.Form]:
        # django-filter builds a new Form class, and a form field per filter, on every request.
        # None of these filters' fields depends on the request, so one class per set of names
        # serves every request (each form instance still deep-copies its fields).
        key = (type(self), tuple(self.filters))
        form_class = _FORM_CLASSES.get(key)
        if form_class is None:
            if len(_FORM_CLASSES) >= _FORM_CLASSES_MAX:
                _FORM_CLASSES.clear()
            form_class = _FORM_CLASSES[key] = super().get_form_class()
        return form_class


class CatalogueFilterSet(LeanFilterSet):
    """Filters every catalogue list shares: game, natural key and a plain text search."""

    game = django_filters.ModelChoiceFilter(
        queryset=Game.objects.all(), to_field_name="slug", help_text="Game slug, e.g. komandor."
    )
    key = django_filters.CharFilter(help_text="Natural key within the game.")
    q = django_filters.CharFilter(
        method="filter_text", help_text="Words in names and text (ё = е, fragments match)."
    )
    search = django_filters.CharFilter(method="filter_text", help_text="Same as q.")

    def filter_text(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return queryset.filter(words_q(value, vendor=_vendor(queryset)))


def _stat_range_filters() -> dict[str, TermFilter]:
    filters: dict[str, TermFilter] = {}
    for field in NUMBER_FIELDS:
        filters[f"{field.name}_min"] = term_filter(field, ">=")
        filters[f"{field.name}_max"] = term_filter(field, "<=")
    return filters


class _CardFilterSetBase(CatalogueFilterSet):
    q = django_filters.CharFilter(
        method="filter_query",
        help_text="Search language, e.g. `type:ship speed>=6 weapon:plasma Химера` "
        "(see /search/syntax/).",
    )
    search = django_filters.CharFilter(method="filter_query", help_text="Same as q.")
    card_type = term_filter(FIELDS_BY_KEYWORD["type"])
    type = term_filter(FIELDS_BY_KEYWORD["type"], help_text="Same as card_type.")
    release = term_filter(FIELDS_BY_KEYWORD["release"])
    rarity = term_filter(FIELDS_BY_KEYWORD["rarity"])
    size = term_filter(FIELDS_BY_KEYWORD["size"])
    ship_class = term_filter(FIELDS_BY_KEYWORD["class"])
    weapon = term_filter(FIELDS_BY_KEYWORD["weapon"])
    property = term_filter(FIELDS_BY_KEYWORD["property"])

    class Meta:
        model = Card
        fields: list[str] = []

    def filter_query(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        try:
            return cards_matching(value, queryset=queryset)
        except QuerySyntaxError as error:
            raise QuerySyntaxAPIError(error) from error


CardFilterSet = type("CardFilterSet", (_CardFilterSetBase,), _stat_range_filters())


def _catalogue_filterset(model: type) -> type[CatalogueFilterSet]:
    meta = type("Meta", (), {"model": model, "fields": []})
    return type(f"{model.__name__}FilterSet", (CatalogueFilterSet,), {"Meta": meta})


RaceFilterSet = _catalogue_filterset(Race)
TechFilterSet = _catalogue_filterset(Tech)
SectorFilterSet = _catalogue_filterset(Sector)
AdvisorFilterSet = _catalogue_filterset(Advisor)


class ComponentFilterSet(CatalogueFilterSet):
    kind = django_filters.ChoiceFilter(choices=ComponentKind.choices)

    class Meta:
        model = Component
        fields: list[str] = []


class ReleaseFilterSet(LeanFilterSet):
    game = django_filters.ModelChoiceFilter(queryset=Game.objects.all(), to_field_name="slug")
    code = django_filters.CharFilter()

    class Meta:
        model = Release
        fields: list[str] = []


class StatedCountFilterSet(LeanFilterSet):
    game = django_filters.ModelChoiceFilter(queryset=Game.objects.all(), to_field_name="slug")
    key = django_filters.CharFilter()

    class Meta:
        model = StatedCount
        fields: list[str] = []


class CatalogueFilterBackend(DjangoFilterBackend):
    """django-filter, building only the filters the request names (none: no filterset)."""

    def filter_queryset(self, request, queryset, view) -> QuerySet:
        filterset_class = self.get_filterset_class(view, queryset)
        if filterset_class is None or request.query_params.keys().isdisjoint(
            filterset_class.base_filters
        ):
            return queryset
        kwargs = self.get_filterset_kwargs(request, queryset, view)
        filterset = filterset_class(**kwargs, only_given=True)
        if not filterset.is_valid():
            raise translate_validation(filterset.errors)
        return filterset.qs


def _label_filters(*filtersets: type[django_filters.FilterSet]) -> None:
    # A label per filter spares django-filter from deriving one from model metadata on every
    # request; the parameter name is what an API user sees anyway.
    for filterset in filtersets:
        for name, filter_ in filterset.base_filters.items():
            filter_.label = name


_label_filters(
    CardFilterSet,
    RaceFilterSet,
    TechFilterSet,
    SectorFilterSet,
    AdvisorFilterSet,
    ComponentFilterSet,
    ReleaseFilterSet,
    StatedCountFilterSet,
)
