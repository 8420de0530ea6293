"""OpenAPI shapes of the deck answers that are plain dicts, not serializer output.

The validator (``ValidationReport.to_dict``), the statistics (``DeckStatistics.to_dict``), the
line errors of the text format and the JSON export build their answers themselves; these
serializers only describe them to drf-spectacular. ``tests/decks/test_openapi.py`` compares
real answers with the schema so the two cannot drift apart.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from decks.api.serializers import CatalogueCardSerializer


class DeckApiErrorSerializer(serializers.Serializer):
    """The API's one error envelope (``cardbase.api.errors``)."""

    code = serializers.CharField(help_text=_("Stable code clients branch on, e.g. “invalid”."))
    message = serializers.CharField()
    # A declared field named "fields": DRF's metaclass takes it off the class; the stubs
    # see the attribute of Field/Serializer it shadows.
    fields = serializers.DictField(  # type: ignore[assignment]
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text=_("Field or parameter → messages, for bad input."),
    )
    position = serializers.IntegerField(required=False)
    term = serializers.CharField(required=False)
    scope = serializers.CharField(
        required=False, help_text=_("missing_scope: the scope the token lacks.")
    )


class DeckCardRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class DeckProblemSerializer(serializers.Serializer):
    code = serializers.CharField(help_text=_("Stable code, e.g. “too_many_copies”."))
    severity = serializers.ChoiceField(choices=["error", "warning"])
    message = serializers.CharField(help_text=_("The message in the request's language."))
    params = serializers.DictField(help_text=_("The numbers and names the message quotes."))
    cards = DeckCardRefSerializer(many=True)


class DeckCostPointSerializer(serializers.Serializer):
    cost = serializers.IntegerField()
    count = serializers.IntegerField()


class DeckOddsSerializer(serializers.Serializer):
    at_least = serializers.IntegerField()
    chance = serializers.FloatField()


class DeckStatsSerializer(serializers.Serializer):
    card_count = serializers.IntegerField()
    by_kind = serializers.DictField(child=serializers.IntegerField())
    by_cost = serializers.DictField(child=serializers.IntegerField())
    cost_curve = DeckCostPointSerializer(many=True)
    without_cost = serializers.IntegerField()
    setup_draw = serializers.IntegerField()
    setup_odds = serializers.DictField(
        child=DeckOddsSerializer(many=True),
        help_text=_("For ships and space objects: the chance of at least 1…5 in the setup draw."),
    )


class DeckValidationReportSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    # A declared field named "errors": DRF's metaclass takes it off the class; the stubs
    # see the attribute of Field/Serializer it shadows.
    errors = DeckProblemSerializer(many=True)  # type: ignore[assignment]
    warnings = DeckProblemSerializer(many=True)
    stats = DeckStatsSerializer()


class DeckLineErrorSerializer(serializers.Serializer):
    line = serializers.IntegerField(help_text=_("Line of the text (entry number in JSON)."))
    code = serializers.CharField(help_text=_("Stable code, e.g. “unknown_card”."))
    message = serializers.CharField(help_text=_("The message in the request's language."))
    params = serializers.DictField(help_text=_("The numbers and names the message quotes."))
    text = serializers.CharField()
    suggestions = serializers.ListField(child=serializers.CharField())


class DeckTextErrorsSerializer(serializers.Serializer):
    """A deck text or JSON that could not be read: the messages under the field that held it
    (``text`` or ``deck``) and every bad line."""

    text = serializers.ListField(child=serializers.CharField(), required=False)
    deck = serializers.ListField(child=serializers.CharField(), required=False)
    lines = DeckLineErrorSerializer(many=True)


class DeckFileEntrySerializer(serializers.Serializer):
    count = serializers.IntegerField()
    card = serializers.JSONField(help_text=_("The card's full engine spec."))
    release = serializers.CharField(help_text=_("The printing's release code."))
    number = serializers.CharField(help_text=_("The printing's collector number."))
    own_name = serializers.CharField()


class DeckExportSerializer(serializers.Serializer):
    """The deck file: exactly what ``python -m komandor.play`` reads (Commander, cards and
    pre-chosen abilities, each card's full spec), and what the import reads back."""

    name = serializers.CharField()
    description = serializers.CharField()
    commander = serializers.JSONField(
        allow_null=True, help_text=_("The Commander's full engine spec.")
    )
    cards = DeckFileEntrySerializer(many=True)
    setup_abilities = serializers.ListField(
        child=serializers.JSONField(),
        help_text=_("The pre-chosen ability cards' specs, one per copy (ABIL-5)."),
    )


class NameSuggestionSerializer(serializers.Serializer):
    name = serializers.CharField()
    query = serializers.CharField()
    lang = serializers.ChoiceField(choices=["ru", "en"])


class CataloguePageSerializer(serializers.Serializer):
    """One page of the builder's catalogue."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = CatalogueCardSerializer(many=True)
    suggestions = NameSuggestionSerializer(
        many=True,
        help_text=_(
            "When nothing is found: the nearest card names to what was typed, each as shown "
            "in the request's language (name) and as words to search for (query)."
        ),
    )
