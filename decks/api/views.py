"""Deck API: parse the request, call one selector or service, format the answer."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_view,
)
from rest_framework import status
from rest_framework.exceptions import APIException, NotFound, PermissionDenied, ValidationError
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from cardbase.api.errors import QuerySyntaxAPIError
from cardbase.api.pagination import PageNumbers
from cardbase.search.query import QuerySyntaxError
from decks import selectors, services
from decks.api.schema import (
    CataloguePageSerializer,
    DeckApiErrorSerializer,
    DeckExportSerializer,
    DeckStatsSerializer,
    DeckTextErrorsSerializer,
    DeckValidationReportSerializer,
)
from decks.api.serializers import (
    CatalogueCardSerializer,
    DeckImportSerializer,
    DeckListSerializer,
    DeckPatchSerializer,
    DeckSerializer,
    DeckValidateSerializer,
    DeckVersionSerializer,
    DeckWriteSerializer,
    PublicDeckQuerySerializer,
    TagQuerySerializer,
)
from decks.forms import CatalogueFilterForm
from decks.messages import localised, localised_report
from decks.models import Deck
from decks.suggestions import name_suggestions
from decks.text_format import DeckTextError
from decks.values import MAX_ROW_ID, TAG_MAX_LENGTH
from komandor.rules.cards import CardKind

# Error answers each kind of endpoint can give, for the schema.
_BAD_INPUT = {400: DeckApiErrorSerializer}
_NOT_FOUND = {404: DeckApiErrorSerializer}
_LOGIN = {401: DeckApiErrorSerializer, 403: DeckApiErrorSerializer}
_IN_USE = {409: DeckApiErrorSerializer}
_OWNER_ONLY = {**_LOGIN, **_NOT_FOUND}
_TEXT_ERRORS = {
    400: OpenApiResponse(
        PolymorphicProxySerializer(
            component_name="DeckBadInput",
            serializers=[DeckApiErrorSerializer, DeckTextErrorsSerializer],
            resource_type_field_name=None,
        ),
        description=gettext_lazy(
            "Bad fields (the error envelope) or unreadable lines of the deck."
        ),
    )
}


# Query parameters as the forms and serializers read them, for the schema.
CARD_ID = {"type": "integer", "minimum": 1, "maximum": MAX_ROW_ID}
TAG_PARAMETER = OpenApiParameter(
    "tag",
    {"type": "string", "maxLength": TAG_MAX_LENGTH},
    description=gettext_lazy("Only decks filed under this tag."),
)
COST = {"type": "integer", "minimum": 0, "maximum": 999}
# At most PUBLIC_SEARCH_MAX_WORDS words (the API counts distinct ones; the schema is stricter),
# no NUL character (a 400, as in every text parameter: config/openapi.py).
_WORD = r"[^\s\x00]"
PUBLIC_SEARCH_TEXT = {
    "type": "string",
    "maxLength": 200,
    "pattern": rf"^\s*(?:{_WORD}+\s+){{0,{selectors.PUBLIC_SEARCH_MAX_WORDS - 1}}}{_WORD}*\s*$",
}


def _unknown_cards(error: selectors.UnknownCards) -> ValidationError:
    return ValidationError(
        {"cards": [_("No card with id %(id)s.") % {"id": card_id} for card_id in error.ids]}
    )


def _text_error_response(error: DeckTextError, field: str = "text") -> Response:
    lines = [localised(line.to_dict()) for line in error.errors]
    return Response(
        {field: [line["message"] for line in lines], "lines": lines},
        status=status.HTTP_400_BAD_REQUEST,
    )


class DeckInUseError(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "deck_in_use"
    default_detail = gettext_lazy(
        "The deck's versions were played in matches, which keep them; it cannot be deleted."
    )


def _visible_or_404(request, deck_id: int) -> Deck:
    deck = selectors.deck_visible(user=request.user, deck_id=deck_id)
    if deck is None:
        raise NotFound(_("No such deck."))
    return deck


def _owned_or_refuse(request, deck_id: int) -> Deck:
    deck = _visible_or_404(request, deck_id)
    if deck.owner_id != request.user.id:
        raise PermissionDenied(_("Only the owner can change this deck."))
    return deck


class DeckListCreateView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="decks_list",
        summary=gettext_lazy("My decks"),
        parameters=[TAG_PARAMETER],
        responses={200: DeckListSerializer(many=True), **_BAD_INPUT, **_LOGIN},
    )
    def get(self, request):
        query = TagQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        decks = selectors.decks_tagged(
            decks=selectors.decks_owned(user=request.user), tag=query.validated_data["tag"]
        )
        return Response(DeckListSerializer(decks.prefetch_related("tags"), many=True).data)

    @extend_schema(
        operation_id="decks_create",
        summary=gettext_lazy("Create a deck (an illegal one is saved as a draft)"),
        request=DeckWriteSerializer,
        responses={201: DeckSerializer, **_BAD_INPUT, **_LOGIN},
    )
    def post(self, request):
        serializer = DeckWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            deck = services.deck_create(
                owner=request.user,
                name=data["name"],
                description=data["description"],
                visibility=data["visibility"],
                content=serializer.full_content(),
                tags=data.get("tags", ()),
            )
        except selectors.UnknownCards as error:
            raise _unknown_cards(error) from error
        return Response(
            DeckSerializer(deck, context={"request": request}).data, status=status.HTTP_201_CREATED
        )


class DeckDetailView(APIView):
    @extend_schema(
        operation_id="decks_retrieve",
        summary=gettext_lazy("A deck: the owner's, or a public one"),
        responses={200: DeckSerializer, **_NOT_FOUND},
    )
    def get(self, request, deck_id: int):
        deck = _visible_or_404(request, deck_id)
        return Response(DeckSerializer(deck, context={"request": request}).data)

    @extend_schema(
        operation_id="decks_update",
        summary=gettext_lazy("Replace a deck's name, settings and contents"),
        request=DeckWriteSerializer,
        responses={200: DeckSerializer, **_BAD_INPUT, **_OWNER_ONLY},
    )
    def put(self, request, deck_id: int):
        return self._update(request, deck_id, partial=False)

    @extend_schema(
        operation_id="decks_partial_update",
        summary=gettext_lazy("Change part of a deck; what is not sent is kept"),
        # Documented as the write body with every field optional, which is what
        # DeckPatchSerializer accepts.
        request=DeckWriteSerializer(partial=True),
        responses={200: DeckSerializer, **_BAD_INPUT, **_OWNER_ONLY},
    )
    def patch(self, request, deck_id: int):
        return self._update(request, deck_id, partial=True)

    @extend_schema(
        operation_id="decks_destroy",
        summary=gettext_lazy("Delete a deck"),
        responses={204: None, **_OWNER_ONLY, **_IN_USE},
    )
    def delete(self, request, deck_id: int):
        try:
            services.deck_delete(deck=_owned_or_refuse(request, deck_id))
        except services.DeckGone as error:
            raise NotFound(_("No such deck.")) from error
        except services.DeckInUse as error:
            raise DeckInUseError() from error
        return Response(status=status.HTTP_204_NO_CONTENT)

    def _update(self, request, deck_id: int, *, partial: bool):
        deck = _owned_or_refuse(request, deck_id)
        serializer = (DeckPatchSerializer if partial else DeckWriteSerializer)(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if partial and set(data) == {"tags"}:
            # Only its tags: how the deck is filed, not a new version of it.
            services.deck_tags_set(deck=deck, text=", ".join(data["tags"]))
            deck.refresh_from_db()
            return Response(DeckSerializer(deck, context={"request": request}).data)
        # The parts not sent are read from the deck under its lock, inside the service.
        change = (lambda old: serializer.content(partial_of=old)) if partial else None
        try:
            deck = services.deck_update(
                deck=deck,
                content=None if partial else serializer.content(),
                content_change=change,
                name=data.get("name"),
                description=data.get("description"),
                visibility=data.get("visibility"),
                tags=data.get("tags"),
            )
        except selectors.UnknownCards as error:
            raise _unknown_cards(error) from error
        except services.DeckGone as error:
            raise NotFound(_("No such deck.")) from error
        return Response(DeckSerializer(deck, context={"request": request}).data)


class DeckSharedView(APIView):
    @extend_schema(
        operation_id="decks_shared_retrieve",
        summary=gettext_lazy("A public or unlisted deck by its link token"),
        responses={200: DeckSerializer, **_NOT_FOUND},
    )
    def get(self, request, token: str):
        deck = selectors.deck_shared(token=token)
        if deck is None:
            raise NotFound(_("No such deck."))
        return Response(DeckSerializer(deck, context={"request": request}).data)


@extend_schema_view(
    get=extend_schema(
        operation_id="decks_public_list",
        summary=gettext_lazy("Public decks"),
        parameters=[
            OpenApiParameter(
                "q",
                PUBLIC_SEARCH_TEXT,
                description=gettext_lazy("Words of the name, description or cards."),
            ),
            OpenApiParameter(
                "commander", CARD_ID, description=gettext_lazy("Card id of the Commander.")
            ),
            TAG_PARAMETER,
        ],
        responses={200: DeckListSerializer(many=True), **_BAD_INPUT},
    )
)
class DeckPublicListView(ListAPIView):
    serializer_class = DeckListSerializer
    throttle_scope = "public_search"
    filter_backends: list = []

    def get_queryset(self):
        # An empty parameter (``?commander=``, as a plain form sends it) means no filter.
        params = {k: v for k, v in self.request.query_params.items() if v != ""}
        query = PublicDeckQuerySerializer(data=params)
        query.is_valid(raise_exception=True)
        decks = selectors.decks_public(
            text=query.validated_data["q"], commander_id=query.validated_data["commander"]
        )
        return selectors.decks_tagged(
            decks=decks, tag=query.validated_data["tag"]
        ).prefetch_related("tags")


@extend_schema_view(
    get=extend_schema(
        operation_id="decks_precons_list",
        summary=gettext_lazy("Preconstructed decks (shipped with the set, owned by no player)"),
        parameters=[
            OpenApiParameter(
                "commander", CARD_ID, description=gettext_lazy("Card id of the Commander.")
            ),
        ],
        responses={200: DeckListSerializer(many=True), **_BAD_INPUT},
    )
)
class DeckPreconListView(ListAPIView):
    serializer_class = DeckListSerializer
    filter_backends: list = []

    def get_queryset(self):
        params = {k: v for k, v in self.request.query_params.items() if v != ""}
        query = PublicDeckQuerySerializer(data=params)
        query.is_valid(raise_exception=True)
        return selectors.decks_precon(
            commander_id=query.validated_data["commander"]
        ).prefetch_related("tags")


class DeckValidateView(APIView):
    """Stateless check of a deck given as the text format (``text``) or by card ids."""

    throttle_scope = "deck_validate"

    @extend_schema(
        operation_id="decks_validate",
        summary=gettext_lazy("Check a deck without saving it"),
        description=gettext_lazy(
            "Send the text format in “text”, or the contents by card id. The answer lists every "
            "rule the deck breaks (errors) and what it probably should not do (warnings), and "
            "the deck's statistics."
        ),
        request=DeckValidateSerializer,
        responses={200: DeckValidationReportSerializer, **_TEXT_ERRORS},
    )
    def post(self, request):
        serializer = DeckValidateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            if "text" in serializer.validated_data:
                report = services.deck_check_source(source=serializer.validated_data["text"])
            else:
                report = selectors.deck_check(content=serializer.full_content())
        except DeckTextError as error:
            return _text_error_response(error)
        except selectors.UnknownCards as error:
            raise _unknown_cards(error) from error
        return Response(localised_report(report))


class DeckStatsView(APIView):
    @extend_schema(
        operation_id="decks_stats_retrieve",
        summary=gettext_lazy("A deck's kinds, cost curve and setup-draw odds"),
        responses={200: DeckStatsSerializer, **_NOT_FOUND},
    )
    def get(self, request, deck_id: int):
        deck = _visible_or_404(request, deck_id)
        report = selectors.deck_check(content=selectors.deck_content(deck=deck))
        return Response(report["stats"])


class DeckVersionListView(APIView):
    @extend_schema(
        operation_id="decks_versions_list",
        summary=gettext_lazy("Every saved version of a deck"),
        responses={200: DeckVersionSerializer(many=True), **_NOT_FOUND},
    )
    def get(self, request, deck_id: int):
        deck = _visible_or_404(request, deck_id)
        versions = selectors.deck_versions(deck=deck, user=request.user)
        return Response(DeckVersionSerializer(versions, many=True).data)


class DeckVersionDetailView(APIView):
    @extend_schema(
        operation_id="decks_versions_retrieve",
        summary=gettext_lazy("One saved version of a deck"),
        responses={200: DeckVersionSerializer, **_NOT_FOUND},
    )
    def get(self, request, deck_id: int, number: int):
        deck = _visible_or_404(request, deck_id)
        version = get_object_or_404(
            selectors.deck_versions(deck=deck, user=request.user), number=number
        )
        return Response(DeckVersionSerializer(version).data)


class DeckExportTextView(APIView):
    @extend_schema(
        operation_id="decks_export_text",
        summary=gettext_lazy("The deck in the text format"),
        responses={
            (200, "text/plain"): OpenApiResponse(OpenApiTypes.STR),
            **_NOT_FOUND,
        },
    )
    def get(self, request, deck_id: int):
        deck = _visible_or_404(request, deck_id)
        return HttpResponse(
            services.deck_export_text(deck=deck), content_type="text/plain; charset=utf-8"
        )


class DeckExportJsonView(APIView):
    @extend_schema(
        operation_id="decks_export_json",
        summary=gettext_lazy(
            "The deck file: what python -m komandor.play plays, each card's full spec"
        ),
        responses={200: DeckExportSerializer, **_NOT_FOUND},
    )
    def get(self, request, deck_id: int):
        return Response(services.deck_export_json(deck=_visible_or_404(request, deck_id)))


class DeckImportView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "deck_import"

    @extend_schema(
        operation_id="decks_import",
        summary=gettext_lazy("Create a deck from the text format or the JSON export"),
        request=DeckImportSerializer,
        responses={201: DeckSerializer, **_TEXT_ERRORS, **_LOGIN},
    )
    def post(self, request):
        serializer = DeckImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        field = "text" if "text" in data else "deck"
        try:
            deck = services.deck_import(
                owner=request.user,
                name=data["name"],
                description=data["description"],
                visibility=data["visibility"],
                source=data[field],
            )
        except DeckTextError as error:
            return _text_error_response(error, field)
        return Response(
            DeckSerializer(deck, context={"request": request}).data, status=status.HTTP_201_CREATED
        )


class DeckCloneView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="decks_clone",
        summary=gettext_lazy("Copy a deck one may see into one's own decks"),
        request=None,
        responses={201: DeckSerializer, **_LOGIN, **_NOT_FOUND},
    )
    def post(self, request, deck_id: int):
        deck = services.deck_clone(deck=_visible_or_404(request, deck_id), owner=request.user)
        return Response(
            DeckSerializer(deck, context={"request": request}).data, status=status.HTTP_201_CREATED
        )


class CataloguePagination(PageNumbers):
    page_size = selectors.CATALOGUE_PAGE_SIZE


class CatalogueSearchView(APIView):
    """Komandor cards for the builder: the query language, kind, cost and faction, paged."""

    @extend_schema(
        operation_id="decks_catalogue_list",
        summary=gettext_lazy("Komandor cards for the deck builder"),
        parameters=[
            OpenApiParameter(
                "q",
                {"type": "string", "maxLength": 500},
                description=gettext_lazy("Search language (see /search/syntax/)."),
            ),
            OpenApiParameter(
                "kind",
                {"type": "string", "enum": ["", *(kind.value for kind in CardKind)]},
                description=gettext_lazy("Card kind, e.g. ship."),
            ),
            OpenApiParameter("cost_min", COST, description=gettext_lazy("Lowest cost.")),
            OpenApiParameter("cost_max", COST, description=gettext_lazy("Highest cost.")),
            OpenApiParameter(
                "faction",
                CARD_ID,
                description=gettext_lazy(
                    "A Commander's card id: the cards of the precons it leads."
                ),
            ),
            OpenApiParameter(
                "owned",
                {"type": "boolean"},
                description=gettext_lazy("Only cards the signed-in player owns."),
            ),
            OpenApiParameter(
                "page",
                {"type": "integer", "minimum": 1, "maximum": 10_000},
                description=gettext_lazy("Page number, from 1."),
            ),
        ],
        responses={200: CataloguePageSerializer, **_BAD_INPUT},
    )
    def get(self, request):
        form = CatalogueFilterForm(request.query_params)
        if not form.is_valid():
            raise ValidationError(
                {
                    name: [error["message"] for error in errors]
                    for name, errors in form.errors.get_json_data().items()
                }
            )
        filters = form.filters()
        try:
            cards = selectors.builder_catalogue(filters=filters, user=request.user)
        except QuerySyntaxError as error:
            raise QuerySyntaxAPIError(error) from error
        paginator = CataloguePagination()
        rows = paginator.paginate_queryset(cards, request, view=self)
        response = paginator.get_paginated_response(CatalogueCardSerializer(rows, many=True).data)
        # Nothing found: the nearest names, as the deck import offers them.
        found = response.data["count"]
        response.data["suggestions"] = (
            [] if found else [s.to_dict() for s in name_suggestions(text=filters.query)]
        )
        return response
