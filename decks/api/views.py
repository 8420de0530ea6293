"""Deck API: parse the request, call one selector or service, format the answer."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from cardbase.api.errors import QuerySyntaxAPIError
from cardbase.models import Card
from cardbase.search.query import QuerySyntaxError, cards_matching
from decks import selectors, services
from decks.api.serializers import (
    DeckImportSerializer,
    DeckListSerializer,
    DeckSerializer,
    DeckValidateSerializer,
    DeckVersionSerializer,
    DeckWriteSerializer,
)
from decks.messages import localised, localised_report
from decks.models import Deck
from decks.text_format import DeckTextError
from decks.validation import KOMANDOR

CATALOGUE_LIMIT = 60


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

    def get(self, request):
        decks = selectors.decks_owned(user=request.user)
        return Response(DeckListSerializer(decks, many=True).data)

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
                content=serializer.content(),
            )
        except selectors.UnknownCards as error:
            raise _unknown_cards(error) from error
        return Response(
            DeckSerializer(deck, context={"request": request}).data, status=status.HTTP_201_CREATED
        )


class DeckDetailView(APIView):
    def get(self, request, deck_id: int):
        deck = _visible_or_404(request, deck_id)
        return Response(DeckSerializer(deck, context={"request": request}).data)

    def put(self, request, deck_id: int):
        return self._update(request, deck_id, partial=False)

    def patch(self, request, deck_id: int):
        return self._update(request, deck_id, partial=True)

    def delete(self, request, deck_id: int):
        services.deck_delete(deck=_owned_or_refuse(request, deck_id))
        return Response(status=status.HTTP_204_NO_CONTENT)

    def _update(self, request, deck_id: int, *, partial: bool):
        deck = _owned_or_refuse(request, deck_id)
        serializer = DeckWriteSerializer(data=request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        old = selectors.deck_content(deck=deck) if partial else None
        try:
            deck = services.deck_update(
                deck=deck,
                content=serializer.content(partial_of=old),
                name=data.get("name"),
                description=data.get("description"),
                visibility=data.get("visibility"),
            )
        except selectors.UnknownCards as error:
            raise _unknown_cards(error) from error
        return Response(DeckSerializer(deck, context={"request": request}).data)


class DeckSharedView(APIView):
    def get(self, request, token: str):
        deck = selectors.deck_shared(token=token)
        if deck is None:
            raise NotFound(_("No such deck."))
        return Response(DeckSerializer(deck, context={"request": request}).data)


class DeckPublicListView(ListAPIView):
    serializer_class = DeckListSerializer
    filter_backends: list = []

    def get_queryset(self):
        commander = self.request.query_params.get("commander") or None
        if commander is not None and not commander.isdigit():
            raise ValidationError({"commander": [_("The Commander must be a card id.")]})
        return selectors.decks_public(
            text=self.request.query_params.get("q", ""),
            commander_id=int(commander) if commander else None,
        )


class DeckValidateView(APIView):
    """Stateless check of a deck given as the text format (``text``) or by card ids."""

    def post(self, request):
        serializer = DeckValidateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            if "text" in serializer.validated_data:
                report = services.deck_check_source(source=serializer.validated_data["text"])
            else:
                report = selectors.deck_check(content=serializer.content())
        except DeckTextError as error:
            return _text_error_response(error)
        except selectors.UnknownCards as error:
            raise _unknown_cards(error) from error
        return Response(localised_report(report))


class DeckStatsView(APIView):
    def get(self, request, deck_id: int):
        deck = _visible_or_404(request, deck_id)
        report = selectors.deck_check(content=selectors.deck_content(deck=deck))
        return Response(report["stats"])


class DeckVersionListView(APIView):
    def get(self, request, deck_id: int):
        deck = _visible_or_404(request, deck_id)
        versions = selectors.deck_versions(deck=deck)
        return Response(DeckVersionSerializer(versions, many=True).data)


class DeckVersionDetailView(APIView):
    def get(self, request, deck_id: int, number: int):
        deck = _visible_or_404(request, deck_id)
        version = get_object_or_404(selectors.deck_versions(deck=deck), number=number)
        return Response(DeckVersionSerializer(version).data)


class DeckExportTextView(APIView):
    def get(self, request, deck_id: int):
        deck = _visible_or_404(request, deck_id)
        return HttpResponse(
            services.deck_export_text(deck=deck), content_type="text/plain; charset=utf-8"
        )


class DeckExportJsonView(APIView):
    def get(self, request, deck_id: int):
        return Response(services.deck_export_json(deck=_visible_or_404(request, deck_id)))


class DeckImportView(APIView):
    permission_classes = [IsAuthenticated]

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

    def post(self, request, deck_id: int):
        deck = services.deck_clone(deck=_visible_or_404(request, deck_id), owner=request.user)
        return Response(
            DeckSerializer(deck, context={"request": request}).data, status=status.HTTP_201_CREATED
        )


class CatalogueSearchView(APIView):
    """Komandor cards for the builder, found with the catalogue query language."""

    def get(self, request):
        text = request.query_params.get("q", "").strip()
        cards = Card.objects.filter(game__slug=KOMANDOR).select_related("release")
        try:
            cards = cards_matching(text, queryset=cards) if text else cards
        except QuerySyntaxError as error:
            raise QuerySyntaxAPIError(error) from error
        rows = cards.order_by("name_ru", "id")[:CATALOGUE_LIMIT]
        return Response(
            [
                {
                    "id": card.id,
                    "name": card.name_ru,
                    "card_type": card.card_type,
                    "cost": card.cost,
                    "release": card.release.code if card.release else "",
                    "number": card.collector_number,
                }
                for card in rows
            ]
        )
