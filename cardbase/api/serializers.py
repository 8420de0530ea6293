"""Read-only representations of catalogue rows.

The declared fields describe each shape for the OpenAPI schema; ``to_representation`` builds
the dict directly because the card list is the hot path and DRF's per-field machinery costs
more than the query does. A test checks both agree.

Catalogue entries (cards, races…, components) arrive as ``values()`` rows (``ENTRY_VALUES``
and friends), which skips building three model instances per card; games, releases and stated
counts arrive as model instances.
"""

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers

from cardbase.card_images import image_urls
from cardbase.models import Origin, Release, StatedCount
from cardbase.rules_text import rules_text_of
from cardbase.stated_counts import Progress, StatedCountSpecError


class SourceSerializer(serializers.Serializer):
    origin = serializers.ChoiceField(
        choices=Origin.choices,
        help_text="book: from the rule book; project: this project's own design, not from the "
        "rule book (then book and section are empty); players: a printed card entered by "
        "players from the card in their hands, with its photo (the card's image), checked by a "
        "publisher (then book and section are empty, quote is the text as printed).",
    )
    book = serializers.CharField(help_text="Rule book file.")
    section = serializers.CharField(help_text="Section of the book that states this row.")
    quote = serializers.CharField(
        help_text="The book's own words, when recorded; for a players' card its printed text."
    )


class CardSourceSerializer(SourceSerializer):
    entered_by = serializers.CharField(
        help_text="origin players: the player who entered the card (empty otherwise)."
    )


def source_of(row: Any) -> dict[str, str]:
    """A model row's source block: where it comes from (a rule book, or this project)."""
    return {
        "origin": row.origin,
        "book": row.source_book,
        "section": row.source_section,
        "quote": row.source_quote,
    }


class CardImageSerializer(serializers.Serializer):
    url = serializers.CharField(help_text="The image at card-page size (WebP, at most 1600 px).")
    thumbnail = serializers.CharField(help_text="The thumbnail (WebP, at most 400 px).")


class GameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    slug = serializers.CharField()
    name_ru = serializers.CharField()
    name_en = serializers.CharField()
    rule_book = serializers.CharField()
    description = serializers.CharField()

    def to_representation(self, game: Any) -> dict[str, Any]:
        return {
            "id": game.id,
            "slug": game.slug,
            "name_ru": game.name_ru,
            "name_en": game.name_en,
            "rule_book": game.rule_book,
            "description": game.description,
        }


class ReleaseSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField(help_text="Game slug.")
    code = serializers.CharField()
    name_ru = serializers.CharField()
    name_en = serializers.CharField()
    year = serializers.IntegerField(allow_null=True)
    # A declared field named "source": DRF's metaclass takes it off the class; the stubs
    # see the attribute of Field/Serializer it shadows.
    source = SourceSerializer()  # type: ignore[assignment]

    def to_representation(self, release: Release) -> dict[str, Any]:
        return {
            "id": release.id,
            "game": release.game.slug,
            "code": release.code,
            "name_ru": release.name_ru,
            "name_en": release.name_en,
            "year": release.year,
            "source": source_of(release),
        }


ENTRY_VALUES = (
    "id",
    "game__slug",
    "key",
    "name_ru",
    "name_en",
    "text",
    "attributes",
    "origin",
    "source_book",
    "source_section",
    "source_quote",
)
COMPONENT_VALUES = (*ENTRY_VALUES, "kind")
CARD_VALUES = (
    *ENTRY_VALUES,
    "release__code",
    "collector_number",
    "card_type",
    "rarity",
    "cost",
    "copies",
    "image",
    "entered_by",
)


def _row_source(row: Mapping[str, Any]) -> dict[str, str]:
    return {
        "origin": row["origin"],
        "book": row["source_book"],
        "section": row["source_section"],
        "quote": row["source_quote"],
    }


class CatalogueEntrySerializer(serializers.Serializer):
    """Races, techs, sectors, advisors: the shape every catalogue kind shares."""

    id = serializers.IntegerField()
    game = serializers.CharField(help_text="Game slug.")
    key = serializers.CharField(help_text="Natural key, unique within the game.")
    name_ru = serializers.CharField()
    name_en = serializers.CharField()
    text = serializers.CharField()
    attributes = serializers.JSONField(help_text="Structured facts from the rule book.")
    # A declared field named "source": DRF's metaclass takes it off the class; the stubs
    # see the attribute of Field/Serializer it shadows.
    source = SourceSerializer()  # type: ignore[assignment]

    def to_representation(self, row: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "id": row["id"],
            "game": row["game__slug"],
            "key": row["key"],
            "name_ru": row["name_ru"],
            "name_en": row["name_en"],
            "text": row["text"],
            "attributes": row["attributes"],
            "source": _row_source(row),
        }


class ComponentSerializer(CatalogueEntrySerializer):
    kind = serializers.CharField()

    def to_representation(self, row: Mapping[str, Any]) -> dict[str, Any]:
        return {**super().to_representation(row), "kind": row["kind"]}


class CardSerializer(CatalogueEntrySerializer):
    release = serializers.CharField(allow_null=True, help_text="Release code.")
    collector_number = serializers.CharField()
    card_type = serializers.CharField()
    rarity = serializers.CharField()
    cost = serializers.IntegerField(allow_null=True)
    copies = serializers.IntegerField(
        allow_null=True, help_text="Copies in the game box, when the book says."
    )
    attributes = serializers.JSONField(
        help_text="Komandor: the engine's canonical card form (strength, shield, weapons…)."
    )
    source = CardSourceSerializer()
    image = CardImageSerializer(
        allow_null=True,
        help_text="The card's image (a photo of the printed card, or one an editor uploaded), "
        "site-relative addresses; null: the card has none (its face is drawn).",
    )
    rules_text = serializers.JSONField(
        allow_null=True,
        help_text='Komandor: the rules text, {"ru": [lines], "en": [lines]}, rendered from the '
        "card's effect data (one line per effect), or the typed text of a card without effects; "
        "null for other games.",
    )

    def to_representation(self, row: Mapping[str, Any]) -> dict[str, Any]:
        rules = rules_text_of(
            game_slug=row["game__slug"], attributes=row["attributes"], text=row["text"]
        )
        urls = image_urls(row["image"])
        entry = super().to_representation(row)
        return {
            **entry,
            "source": {**entry["source"], "entered_by": row["entered_by"]},
            "image": urls.as_json() if urls is not None else None,
            "rules_text": rules.as_json() if rules is not None else None,
            "release": row["release__code"],
            "collector_number": row["collector_number"],
            "card_type": row["card_type"],
            "rarity": row["rarity"],
            "cost": row["cost"],
            "copies": row["copies"],
        }


class StatedCountSerializer(serializers.Serializer):
    """``context["progress"]`` maps ids to what ``stated_counts_progress`` returned."""

    id = serializers.IntegerField()
    game = serializers.CharField(help_text="Game slug.")
    key = serializers.CharField()
    label_ru = serializers.CharField()
    label_en = serializers.CharField()
    counts = serializers.JSONField(help_text="Which catalogue rows the total is about.")
    stated = serializers.IntegerField(help_text="The total the rule book states.")
    entered = serializers.IntegerField(allow_null=True, help_text="Rows in the catalogue.")
    missing = serializers.IntegerField(allow_null=True, help_text="Stated minus entered, ≥ 0.")
    problem = serializers.CharField(
        allow_null=True, help_text="Why entered is unknown: the counts spec is broken."
    )
    # A declared field named "source": DRF's metaclass takes it off the class; the stubs
    # see the attribute of Field/Serializer it shadows.
    source = SourceSerializer()  # type: ignore[assignment]

    def to_representation(self, stated: StatedCount) -> dict[str, Any]:
        progress: Progress | StatedCountSpecError = self.context["progress"][stated.pk]
        broken = isinstance(progress, StatedCountSpecError)
        entered = None if isinstance(progress, StatedCountSpecError) else progress.entered
        missing = None if isinstance(progress, StatedCountSpecError) else progress.missing
        return {
            "id": stated.id,
            "game": stated.game.slug,
            "key": stated.key,
            "label_ru": stated.label_ru,
            "label_en": stated.label_en,
            "counts": stated.counts,
            "stated": stated.count,
            "entered": entered,
            "missing": missing,
            "problem": str(progress) if broken else None,
            "source": source_of(stated),
        }
