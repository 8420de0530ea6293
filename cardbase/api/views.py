"""Read-only catalogue endpoints. Each view picks its rows, filters and shape; nothing else."""

from typing import Any

from django.db.models import F, Model, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter, extend_schema
from drf_spectacular.views import SpectacularSwaggerView, _get_sidecar_url
from rest_framework import filters as drf_filters
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from cardbase import filters
from cardbase.api import serializers
from cardbase.api.cache import cached_response, response_cache_key, response_store
from cardbase.api.errors import api_exception_handler, bad_parameter
from cardbase.api.filter_schema import CatalogueFilterExtension  # noqa: F401 (registers it)
from cardbase.api.pagination import CataloguePagination
from cardbase.db_columns import CARD_LIST_ORDER
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
from cardbase.stated_counts import stated_counts_progress
from config.numbers import whole_number


class StrictOrderingFilter(drf_filters.OrderingFilter):
    """Ordering that rejects unknown fields (DRF drops them silently) and breaks ties by id,
    so pages never repeat or skip a row."""

    def remove_invalid_fields(self, queryset, fields, view, request) -> list[str]:
        valid = super().remove_invalid_fields(queryset, fields, view, request)
        if len(valid) != len(fields):
            allowed = ", ".join(name for name, _label in self.get_valid_fields(queryset, view))
            bad = ", ".join(field for field in fields if field not in valid)
            raise bad_parameter(
                self.ordering_param,
                _("Cannot order by '%(bad)s'; allowed: %(allowed)s")
                % {"bad": bad, "allowed": allowed},
            )
        return valid

    def get_schema_operation_parameters(self, view) -> list[dict[str, Any]]:
        # Views with this filter name their ``ordering_fields``: no queryset is needed.
        # No queryset is passed at schema time; the stubs require one (DRF reads it only when
        # the view names no ordering_fields).
        names = [name for name, _label in self.get_valid_fields(None, view)]  # type: ignore[arg-type]
        return [
            {
                "name": self.ordering_param,
                "in": "query",
                "required": False,
                "allowEmptyValue": True,
                "description": "Fields to order by, comma-separated; '-' before one reverses it.",
                "style": "form",
                "explode": False,
                "schema": {
                    "type": "array",
                    "items": {"type": "string", "enum": [*names, *(f"-{n}" for n in names)]},
                },
            }
        ]

    def get_ordering(self, request, queryset, view) -> list[str]:
        ordering = list(super().get_ordering(request, queryset, view) or [])
        return [*ordering, "id"] if ordering and "id" not in ordering else ordering

    def filter_queryset(self, request, queryset, view) -> QuerySet:
        # Rows without the value (a commander's cost) go last on SQLite and PostgreSQL alike.
        ordering = self.get_ordering(request, queryset, view)
        if not ordering:
            return queryset
        return queryset.order_by(
            *(
                F(name[1:]).desc(nulls_last=True)
                if name.startswith("-")
                else F(name).asc(nulls_last=True)
                for name in ordering
            )
        )


class CatalogueSchema(AutoSchema):
    def get_operation_id(self) -> str:
        operation_id = super().get_operation_id()
        if getattr(self.view, "action", None) == "by_key":
            return operation_id.removesuffix("_retrieve") + "_by_key"
        return operation_id


class CatalogueViewSet(viewsets.ReadOnlyModelViewSet):
    schema = CatalogueSchema()
    pagination_class = CataloguePagination
    filter_backends = [filters.CatalogueFilterBackend, StrictOrderingFilter]
    ordering_fields = ["id", "key", "name_ru", "name_en"]
    ordering: list[str] | None = ["game__sort_order", "name_ru", "id"]
    # URL kwarg -> lookup for the natural-key route, e.g. /api/cards/komandor/chimera/
    natural_key: dict[str, str] = {"game": "game__slug", "key": "key"}

    def get_exception_handler(self):
        # The envelope holds for this API even before the project-wide setting names it.
        return api_exception_handler

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        key = getattr(request, "catalogue_cache_key", None)
        if key is not None:
            response.render()
            response_store(key, response)
        return response

    def dispatch(self, request, *args, **kwargs):
        # The cache sits in front of the whole DRF cycle: a hit costs one small query.
        key = response_cache_key(request)
        if key is not None:
            hit = cached_response(key)
            if hit is not None:
                return hit
        request.catalogue_cache_key = key
        return super().dispatch(request, *args, **kwargs)

    def get_by_natural_key(self, request: Request, **kwargs: Any) -> Response:
        lookups = {lookup: kwargs[name] for name, lookup in self.natural_key.items()}
        row = get_object_or_404(self.get_queryset(), **lookups)
        self.check_object_permissions(request, row)
        return Response(self.get_serializer(row).data)


def _natural_key_route(*names: str):
    """The ``by-key`` detail route: one path segment per natural-key part."""
    url_path = "/".join(rf"(?P<{name}>[-\w]+)" for name in names)

    @extend_schema(
        summary="Detail by natural key",
        parameters=[OpenApiParameter(name, str, OpenApiParameter.PATH) for name in names],
        filters=False,
    )
    @action(detail=False, url_path=url_path, url_name="by-key", pagination_class=None)
    def by_key(self, request: Request, **kwargs: Any) -> Response:
        return self.get_by_natural_key(request, **kwargs)

    return by_key


class GameViewSet(CatalogueViewSet):
    """Games; detail by id or by slug (``/api/games/komandor/``)."""

    queryset = Game.objects.all()
    serializer_class = serializers.GameSerializer
    filterset_class = None
    ordering_fields = ["id", "slug", "sort_order", "name_ru"]
    ordering = ["sort_order", "slug"]
    lookup_value_regex = r"[-\w]+"

    def get_object(self) -> Game:
        value = self.kwargs[self.lookup_field]
        number = whole_number(value)
        lookup = {"pk": number} if number is not None else {"slug": value}
        return get_object_or_404(self.get_queryset(), **lookup)


class ReleaseViewSet(CatalogueViewSet):
    queryset = Release.objects.select_related("game")
    serializer_class = serializers.ReleaseSerializer
    filterset_class = filters.ReleaseFilterSet
    ordering_fields = ["id", "code", "year", "name_ru"]
    ordering = ["game__sort_order", "year", "code", "id"]
    natural_key = {"game": "game__slug", "code": "code"}
    by_key = _natural_key_route("game", "code")


class CardViewSet(CatalogueViewSet):
    """Cards of all five games. ``?q=`` takes the search language."""

    # By game, name and id as every catalogue list, through the column PostgreSQL indexes
    # in that order (migration 0009); ``?ordering=`` replaces it.
    queryset = Card.objects.values(*serializers.CARD_VALUES).order_by(*CARD_LIST_ORDER)
    ordering = None
    serializer_class = serializers.CardSerializer
    filterset_class = filters.CardFilterSet
    ordering_fields = [
        "id",
        "key",
        "name_ru",
        "name_en",
        "cost",
        "card_type",
        "rarity",
        "collector_number",
    ]
    by_key = _natural_key_route("game", "key")


def _entry_queryset(model: type[Model]) -> QuerySet:
    return model._default_manager.values(*serializers.ENTRY_VALUES)


class RaceViewSet(CatalogueViewSet):
    queryset = _entry_queryset(Race)
    serializer_class = serializers.CatalogueEntrySerializer
    filterset_class = filters.RaceFilterSet
    by_key = _natural_key_route("game", "key")


class TechViewSet(RaceViewSet):
    queryset = _entry_queryset(Tech)
    filterset_class = filters.TechFilterSet


class SectorViewSet(RaceViewSet):
    queryset = _entry_queryset(Sector)
    filterset_class = filters.SectorFilterSet


class AdvisorViewSet(RaceViewSet):
    queryset = _entry_queryset(Advisor)
    filterset_class = filters.AdvisorFilterSet


class ComponentViewSet(CatalogueViewSet):
    """Every further kind of component; ``?kind=`` narrows to one (each also has its alias)."""

    queryset = Component.objects.values(*serializers.COMPONENT_VALUES)
    serializer_class = serializers.ComponentSerializer
    filterset_class = filters.ComponentFilterSet
    ordering_fields = ["id", "key", "name_ru", "name_en", "kind"]
    natural_key = {"game": "game__slug", "kind": "kind", "key": "key"}
    by_key = _natural_key_route("game", "kind", "key")


class ComponentKindViewSet(ComponentViewSet):
    """One kind of component under its own URL (``/api/factions/``); ``kind`` is fixed."""

    component_kind: str = ""
    filterset_class = filters.CatalogueFilterSet
    natural_key = {"game": "game__slug", "key": "key"}
    by_key = _natural_key_route("game", "key")

    def get_queryset(self) -> QuerySet:
        return super().get_queryset().filter(kind=self.component_kind)


def component_kind_viewset(kind: ComponentKind) -> type[ComponentKindViewSet]:
    name = "".join(part.title() for part in kind.value.split("_"))
    meta = type("Meta", (), {"model": Component, "fields": []})
    filterset = type(f"{name}FilterSet", (filters.CatalogueFilterSet,), {"Meta": meta})
    return type(
        f"{name}ViewSet",
        (ComponentKindViewSet,),
        {
            "component_kind": kind.value,
            "filterset_class": filterset,
            "__doc__": f"Components of kind «{kind.value}» ({kind.label}).",
        },
    )


class StatedCountViewSet(CatalogueViewSet):
    """Totals the rule books state, with how many rows the catalogue has and how many are
    missing."""

    queryset = StatedCount.objects.select_related("game")
    serializer_class = serializers.StatedCountSerializer
    filterset_class = filters.StatedCountFilterSet
    ordering_fields = ["id", "key", "count"]
    ordering = ["game__sort_order", "key", "id"]
    by_key = _natural_key_route("game", "key")

    def get_serializer(self, *args: Any, **kwargs: Any):
        rows = args[0] if args else kwargs.get("instance")
        rows = [] if rows is None else rows if isinstance(rows, list | tuple) else [rows]
        kwargs["context"] = {
            **self.get_serializer_context(),
            "progress": stated_counts_progress(rows),
        }
        return self.serializer_class(*args, **kwargs)


class LocalSwaggerView(SpectacularSwaggerView):
    """Swagger UI whose scripts and styles come from drf-spectacular-sidecar's static files,
    whatever SWAGGER_UI_DIST says: the docs must work without reaching a CDN."""

    @staticmethod
    def _swagger_ui_resource(filename: str) -> str:
        return _get_sidecar_url(f"swagger-ui-dist/{filename}")

    @staticmethod
    def _swagger_ui_favicon() -> str:
        return _get_sidecar_url("swagger-ui-dist/favicon-32x32.png")
