"""The collection in the API: list, set counts, import text or CSV, export."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from cardbase.api.strict_fields import StrictBooleanField, StrictCharField, StrictIntegerField
from decks import collection, selectors
from decks.api.schema import DeckApiErrorSerializer, DeckLineErrorSerializer
from decks.api.serializers import card_id_field
from decks.messages import localised
from decks.models import OwnedCard
from decks.text_format import MAX_LINE_COUNT, DeckTextError
from komandor.rules.cards import CardKind

_ERRORS = {401: DeckApiErrorSerializer, 403: DeckApiErrorSerializer}
_BAD_INPUT = {400: DeckApiErrorSerializer}
MAX_COUNTS = 1000  # cards set in one request
MAX_IMPORT_CHARS = 200_000  # the page's form takes as much


class OwnedCardSerializer(serializers.ModelSerializer):
    card = serializers.IntegerField(source="card_id")
    name = serializers.CharField(source="card.name_ru")
    card_type = serializers.CharField(source="card.card_type")
    release = serializers.SerializerMethodField()
    number = serializers.CharField(source="card.collector_number")

    class Meta:
        model = OwnedCard
        fields = ["card", "name", "card_type", "release", "number", "count"]

    def get_release(self, row: OwnedCard) -> str:
        return row.card.release.code if row.card.release else ""


class CountSerializer(serializers.Serializer):
    card = card_id_field()
    count = StrictIntegerField(
        min_value=0, max_value=MAX_LINE_COUNT, help_text=gettext_lazy("0 removes the card.")
    )


class CountsSerializer(serializers.Serializer):
    # many=True passes max_length to the ListSerializer; the stubs know only the child's arguments.
    cards = CountSerializer(many=True, max_length=MAX_COUNTS, allow_empty=False)  # type: ignore[call-arg]

    def validate_cards(self, cards):
        ids = [item["card"] for item in cards]
        if len(ids) != len(set(ids)):
            raise serializers.ValidationError(_("A card is listed twice; give one count."))
        return cards


class CountsDoneSerializer(serializers.Serializer):
    changed = serializers.IntegerField()


class CollectionImportSerializer(serializers.Serializer):
    text = StrictCharField(
        max_length=MAX_IMPORT_CHARS,
        trim_whitespace=False,
        help_text=gettext_lazy(
            "The deck text format (“4 Name”, one card a line) or CSV with the columns "
            "count,name,release,number."
        ),
    )
    replace = StrictBooleanField(
        default=False,
        help_text=gettext_lazy("Replace the collection with what reads (else add to it)."),
    )

    def validate_text(self, value: str) -> str:
        if not value.strip():
            raise serializers.ValidationError(_("This field may not be blank."))
        return value


class CollectionImportedSerializer(serializers.Serializer):
    copies = serializers.IntegerField(help_text=gettext_lazy("Copies read and added."))
    cards = serializers.IntegerField(help_text=gettext_lazy("Different cards read."))
    problems = DeckLineErrorSerializer(
        many=True, help_text=gettext_lazy("Each line not imported, with the names it may mean.")
    )


class CollectionQuerySerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=[""] + [k.value for k in CardKind], required=False)


class CollectionListView(ListAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = OwnedCardSerializer
    filter_backends: list = []

    @extend_schema(
        operation_id="collection_list",
        summary=gettext_lazy("The cards I own, by name"),
        parameters=[
            OpenApiParameter(
                "kind",
                {"type": "string", "enum": ["", *(k.value for k in CardKind)]},
                description=gettext_lazy("Card kind, e.g. ship."),
            )
        ],
        responses={200: OwnedCardSerializer(many=True), **_BAD_INPUT, **_ERRORS},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        query = CollectionQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        rows = collection.collection_rows(user=self.request.user)
        kind = query.validated_data.get("kind")
        return rows.filter(card__card_type=kind) if kind else rows


class CollectionCountsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="collection_counts",
        summary=gettext_lazy("Set the copies owned of some cards (0 removes one)"),
        request=CountsSerializer,
        responses={200: CountsDoneSerializer, **_BAD_INPUT, **_ERRORS},
    )
    def post(self, request):
        serializer = CountsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        counts = {item["card"]: item["count"] for item in serializer.validated_data["cards"]}
        try:
            collection.collection_set_counts(user=request.user, counts=counts)
        except selectors.UnknownCards as error:
            raise ValidationError(
                {"cards": [_("No card with id %(id)s.") % {"id": card} for card in error.ids]}
            ) from error
        return Response({"changed": len(counts)})


class CollectionImportView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "deck_import"

    @extend_schema(
        operation_id="collection_import",
        summary=gettext_lazy("Import what I own as deck text or CSV"),
        description=gettext_lazy(
            "The lines that read are added (or replace the collection); each other line is "
            "listed in problems with the names it may mean. A short name that is whole words "
            "of one card's name («Химера») reads as that card."
        ),
        request=CollectionImportSerializer,
        responses={200: CollectionImportedSerializer, **_BAD_INPUT, **_ERRORS},
    )
    def post(self, request):
        serializer = CollectionImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            result = collection.collection_import(
                user=request.user,
                source=serializer.validated_data["text"],
                replace=serializer.validated_data["replace"],
            )
        except DeckTextError as error:
            raise ValidationError(
                {"text": [localised(line.to_dict())["message"] for line in error.errors]}
            ) from error
        return Response(
            {
                "copies": result.copies,
                "cards": result.cards,
                "problems": [localised(problem.to_dict()) for problem in result.problems],
            }
        )


class CollectionExportCsvView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="collection_export_csv",
        summary=gettext_lazy("My collection as CSV (count,name,release,number)"),
        responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.STR), **_ERRORS},
    )
    def get(self, request):
        response = HttpResponse(
            collection.collection_export_csv(user=request.user),
            content_type="text/csv; charset=utf-8",
        )
        response["Content-Disposition"] = 'attachment; filename="collection.csv"'
        return response


class CollectionExportTextView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="collection_export_text",
        summary=gettext_lazy("My collection in the deck text format"),
        responses={(200, "text/plain"): OpenApiResponse(OpenApiTypes.STR), **_ERRORS},
    )
    def get(self, request):
        return HttpResponse(
            collection.collection_export_text(user=request.user, title=_("My collection")),
            content_type="text/plain; charset=utf-8",
        )
