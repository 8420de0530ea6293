"""Parse and format deck API payloads; the work is done by ``decks.services``/``selectors``."""

from __future__ import annotations

from typing import Any

from django.core.validators import RegexValidator
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from cardbase.api.strict_fields import StrictCharField, StrictIntegerField
from cardbase.display_names import shown_name
from decks.models import Deck, DeckVersion, Visibility
from decks.selectors import TooManyWords, public_search_words
from decks.text_format import MAX_LINE_COUNT
from decks.values import (
    MAX_ROW_ID,
    MAX_TAGS,
    OWN_NAME_MAX_LENGTH,
    TAG_MAX_LENGTH,
    DeckContent,
    EntryContent,
)


def card_id_field(**kwargs) -> StrictIntegerField:
    return StrictIntegerField(min_value=1, max_value=MAX_ROW_ID, **kwargs)


class EntryInSerializer(serializers.Serializer):
    card = card_id_field()
    count = StrictIntegerField(min_value=1, max_value=MAX_LINE_COUNT)
    own_name = StrictCharField(
        max_length=OWN_NAME_MAX_LENGTH, required=False, allow_blank=True, default=""
    )


class SetupAbilityInSerializer(serializers.Serializer):
    card = card_id_field()
    count = StrictIntegerField(min_value=1, max_value=MAX_LINE_COUNT, default=1)


class DeckContentSerializer(serializers.Serializer):
    """Deck contents by card id, as the builder and API clients send them."""

    commander = card_id_field(allow_null=True, required=False)
    entries = EntryInSerializer(many=True, required=False)
    setup_abilities = SetupAbilityInSerializer(many=True, required=False)

    def to_internal_value(self, data):
        # A form-encoded body cannot carry lists of objects; DRF would silently read such
        # a list as absent (a deck saved without its cards), so it is refused instead.
        if isinstance(data, QueryDict):
            lists = sorted({key.split("[")[0] for key in data} & {"entries", "setup_abilities"})
            if lists:
                message = _("A list of cards is sent as JSON (Content-Type: application/json).")
                raise serializers.ValidationError({name: [message] for name in lists})
        return super().to_internal_value(data)

    def validate_entries(self, entries):
        seen = set()
        for entry in entries:
            key = (entry["card"], entry.get("own_name", "").strip())
            if key in seen:
                raise serializers.ValidationError(
                    _("Card %(card)s with own name “%(own)s” is listed twice; give one count.")
                    % {"card": key[0], "own": key[1]}
                )
            seen.add(key)
        return entries

    def validate_setup_abilities(self, abilities):
        cards = [item["card"] for item in abilities]
        if len(cards) != len(set(cards)):
            raise serializers.ValidationError(_("A pre-chosen card is listed twice."))
        return abilities

    def full_content(self) -> DeckContent:
        """The validated contents of a deck sent whole (``content`` without ``partial_of``)."""
        content = self.content()
        assert content is not None  # None only for a partial update that sent no contents
        return content

    def content(self, *, partial_of: DeckContent | None = None) -> DeckContent | None:
        """The validated contents; with ``partial_of`` missing parts keep their old value, and
        ``None`` means nothing about the contents was sent."""
        data = self.validated_data
        if partial_of is not None and not {"commander", "entries", "setup_abilities"} & set(data):
            return None
        base = partial_of or DeckContent(commander_id=None)
        entries = base.entries
        if "entries" in data:
            entries = tuple(
                EntryContent(card_id=e["card"], count=e["count"], own_name=e["own_name"].strip())
                for e in data["entries"]
            )
        setup = base.setup_abilities
        if "setup_abilities" in data:
            setup = tuple((item["card"], item["count"]) for item in data["setup_abilities"])
        commander = data.get("commander", base.commander_id)
        return DeckContent(commander_id=commander, entries=entries, setup_abilities=setup)


def tags_field() -> serializers.ListField:
    return serializers.ListField(
        child=StrictCharField(
            max_length=TAG_MAX_LENGTH,
            validators=[RegexValidator(r"^[^,]*$", _("A tag holds no comma."))],
        ),
        max_length=MAX_TAGS,
        required=False,
        help_text=_("Words the deck is filed under (kept in lower case); not sent: kept."),
    )


class DeckWriteSerializer(DeckContentSerializer):
    name = StrictCharField(max_length=200)
    description = StrictCharField(required=False, allow_blank=True, default="")
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PRIVATE)
    tags = tags_field()


class DeckPatchSerializer(DeckWriteSerializer):
    """PATCH: every field optional and none defaulted, so what is not sent is kept. Not DRF's
    ``partial=True``, which would also waive the fields of each entry sent."""

    name = StrictCharField(max_length=200, required=False)
    description = StrictCharField(required=False, allow_blank=True)
    visibility = serializers.ChoiceField(choices=Visibility.choices, required=False)


class TagQuerySerializer(serializers.Serializer):
    """``?tag=``: decks filed under this tag (as kept: lower case, single spaces)."""

    tag = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=TAG_MAX_LENGTH
    )

    def validate_tag(self, value: str) -> str:
        return " ".join(value.split()).lower()


class PublicDeckQuerySerializer(TagQuerySerializer):
    """The query of the public deck search: words, the Commander's card id and a tag."""

    # Query-string values are text: DRF's plain fields parse them.
    q = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)
    commander = serializers.IntegerField(
        min_value=1, max_value=MAX_ROW_ID, required=False, allow_null=True, default=None
    )

    def validate_q(self, value: str) -> str:
        try:
            public_search_words(value)
        except TooManyWords as error:
            raise serializers.ValidationError(
                _("Search with at most %(limit)s words.") % {"limit": error.limit}
            ) from error
        return value


class DeckImportSerializer(serializers.Serializer):
    name = StrictCharField(max_length=200)
    description = StrictCharField(required=False, allow_blank=True, default="")
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PRIVATE)
    text = StrictCharField(required=False, allow_blank=False, trim_whitespace=False)
    deck = serializers.JSONField(
        required=False, help_text=_("The JSON export of a deck (GET …/export/json/).")
    )

    def validate(self, attrs):
        if ("text" in attrs) == ("deck" in attrs):
            raise serializers.ValidationError(
                {"text": _("Send either “text” (the text format) or “deck” (the JSON export).")}
            )
        return attrs


class DeckValidateSerializer(DeckContentSerializer):
    text = StrictCharField(required=False, allow_blank=True, trim_whitespace=False)


class CardBriefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(source="name_ru")
    card_type = serializers.CharField()
    cost = serializers.IntegerField(allow_null=True)


class CatalogueCardSerializer(serializers.Serializer):
    """A Komandor card as the builder's catalogue lists it."""

    id = serializers.IntegerField()
    name = serializers.CharField(source="name_ru")
    shown_name = serializers.SerializerMethodField(
        help_text="The name to show in the request's language: the English name, or the "
        "book's Russian name with its transliteration."
    )
    card_type = serializers.CharField()
    cost = serializers.IntegerField(allow_null=True)
    release = serializers.SerializerMethodField()
    number = serializers.CharField(source="collector_number")

    def get_shown_name(self, card) -> str:
        return shown_name(card.name_ru, card.name_en)

    def get_release(self, card) -> str:
        return card.release.code if card.release else ""


class EntryOutSerializer(serializers.Serializer):
    card = CardBriefSerializer()
    count = serializers.IntegerField()
    own_name = serializers.CharField()


class SetupAbilityOutSerializer(serializers.Serializer):
    card = CardBriefSerializer()
    count = serializers.IntegerField()


class DeckSerializer(serializers.ModelSerializer):
    # A precon belongs to nobody: null.
    owner = serializers.CharField(source="owner.get_username", allow_null=True)
    commander = CardBriefSerializer(allow_null=True)
    entries = EntryOutSerializer(many=True)
    setup_abilities = SetupAbilityOutSerializer(many=True)
    card_count = serializers.SerializerMethodField()
    share_token = serializers.SerializerMethodField()
    tags: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        many=True, read_only=True, slug_field="name"
    )

    class Meta:
        model = Deck
        fields = [
            "id",
            "name",
            "description",
            "name_en",
            "description_en",
            "is_preconstructed",
            "lab_copy",
            "visibility",
            "owner",
            "commander",
            "card_count",
            "entries",
            "setup_abilities",
            "tags",
            "share_token",
            "created_at",
            "updated_at",
        ]
        read_only_fields = ["lab_copy"]

    def get_card_count(self, deck: Deck) -> int:
        return sum(entry.count for entry in deck.entries.all())

    def get_share_token(self, deck: Deck) -> str | None:
        # Only the owner hands out the link; others reached the deck some other way.
        request = self.context.get("request")
        is_owner = request is not None and request.user == deck.owner
        return deck.share_token if is_owner and deck.visibility != Visibility.PRIVATE else None


class DeckListSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.get_username", allow_null=True)
    commander = CardBriefSerializer(allow_null=True)
    card_count = serializers.IntegerField(source="card_total")
    tags: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        many=True, read_only=True, slug_field="name"
    )

    class Meta:
        model = Deck
        fields = [
            "id",
            "name",
            "name_en",
            "is_preconstructed",
            "visibility",
            "owner",
            "commander",
            "card_count",
            "tags",
            "updated_at",
        ]


class DeckVersionSerializer(serializers.ModelSerializer):
    class Meta:
        model = DeckVersion
        fields = ["number", "is_valid", "card_count", "created_at", "snapshot"]
