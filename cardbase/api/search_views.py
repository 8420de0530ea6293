"""``GET /api/search/?q=…[&game=…]``: one search over cards and every other kind of entry.

The view parses ``q`` and ``game``, calls ``catalogue_search`` and shapes the result; a
malformed query is the API's ``query_syntax`` 400, a missing ``q`` or unknown game a 400 naming
the parameter.
"""

from typing import Any

from django.urls import path
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardbase.api.errors import QuerySyntaxAPIError, api_exception_handler, bad_parameter
from cardbase.api.serializers import CARD_VALUES, CardSerializer, SourceSerializer, source_of
from cardbase.models import Game
from cardbase.search.everything import FoundEntry, SearchResults, catalogue_search
from cardbase.search.query import QuerySyntaxError
from cardbase.selectors import game_get

CARD_RESULTS = 50
# A query is read without the spaces around it, so one of only spaces is none (a 400); a NUL
# character is a query_syntax 400 at its position.
QUERY_TEXT = {"type": "string", "minLength": 1, "pattern": r"^[^\x00]*[^\s\x00][^\x00]*$"}


class FoundEntrySerializer(serializers.Serializer):
    """A race, tech, sector, advisor or component the search found."""

    model = serializers.CharField(help_text="race, tech, sector, advisor or component.")
    kind = serializers.CharField(help_text="The model's name, or the component's kind.")
    game = serializers.CharField(help_text="Game slug.")
    key = serializers.CharField()
    name_ru = serializers.CharField()
    name_en = serializers.CharField()
    # A declared field named "source": DRF's metaclass takes it off the class; the stubs
    # see the attribute of Field/Serializer it shadows.
    source = SourceSerializer()  # type: ignore[assignment]
    url = serializers.URLField(help_text="The entry in the API.")
    page_url = serializers.URLField(help_text="The entry's page on the site.")

    def to_representation(self, found: FoundEntry) -> dict[str, Any]:
        row = found.row
        request = self.context["request"]
        return {
            "model": found.kind.model_name,
            "kind": found.kind.name,
            "game": row.game.slug,
            "key": row.key,
            "name_ru": row.name_ru,
            "name_en": row.name_en,
            "source": source_of(row),
            "url": request.build_absolute_uri(found.api_url),
            "page_url": request.build_absolute_uri(found.page_url),
        }


class FoundCardsSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Cards matching in all.")
    results = CardSerializer(many=True, help_text=f"The first {CARD_RESULTS}, catalogue order.")


class SearchResultsSerializer(serializers.Serializer):
    query = serializers.CharField(help_text="The query as it was read, in canonical form.")
    cards = FoundCardsSerializer()
    entries = FoundEntrySerializer(many=True, help_text="Matching entries of every other kind.")
    entry_count = serializers.IntegerField(
        help_text="Entries matching in all; each kind lists at most 50 rows of its model."
    )
    entry_counts = serializers.DictField(
        child=serializers.IntegerField(), help_text="Kind -> entries matching."
    )

    def to_representation(self, results: SearchResults) -> dict[str, Any]:
        cards = results.cards.values(*CARD_VALUES)
        found = [entry for group in results.entry_groups for entry in group.rows]
        return {
            "query": results.query,
            "cards": {
                "count": results.cards.count(),
                "results": CardSerializer(cards[:CARD_RESULTS], many=True).data,
            },
            "entries": FoundEntrySerializer(found, many=True, context=self.context).data,
            "entry_count": results.entry_count,
            "entry_counts": {group.kind.name: group.count for group in results.entry_groups},
        }


def _game(request: Request) -> Game | None:
    slug = request.query_params.get("game", "").strip()
    if "\x00" in slug:  # a 400 as in every text parameter; PostgreSQL cannot compare it
        raise bad_parameter("game", _("Null characters are not allowed."))
    if not slug:
        return None
    try:
        return game_get(slug=slug)
    except Game.DoesNotExist:
        known = ", ".join(Game.objects.values_list("slug", flat=True))
        raise bad_parameter(
            "game",
            _("No game '%(slug)s'; known: %(known)s") % {"slug": slug, "known": known},
        ) from None


class CatalogueSearchView(APIView):
    """Cards by the search language, and races, techs, sectors, advisors and components by
    the query's words (with ``game:`` and ``kind:``)."""

    def get_exception_handler(self):
        return api_exception_handler

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "q",
                QUERY_TEXT,
                required=True,
                description="Search language (see /search/syntax/).",
            ),
            OpenApiParameter("game", str, description="Game slug, e.g. eclipse; empty: all."),
        ],
        responses=SearchResultsSerializer,
    )
    def get(self, request: Request) -> Response:
        text = request.query_params.get("q", "").strip()
        if not text:
            raise bad_parameter("q", _("q: a query is required"))
        game = _game(request)
        try:
            results = catalogue_search(text, game=game)
        except QuerySyntaxError as error:
            raise QuerySyntaxAPIError(error) from error
        return Response(SearchResultsSerializer(results, context={"request": request}).data)


# Routed from cardbase/api/urls.py with one ``include`` line, so this endpoint's wiring stays
# beside its view.
urlpatterns = [path("", CatalogueSearchView.as_view(), name="api-search")]
