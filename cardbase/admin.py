"""Admin for every catalogue model.

Rows loaded from the shipped data files keep their source (book, section, words, data file)
read-only here: the file is where such a fact is corrected, and the next load would overwrite
an edit made in the admin. Searches use the folded ``search_text`` column, so «ёж» finds «еж» and
Cyrillic matches regardless of case on SQLite too.

A Komandor card of a known kind is edited through one input per stat of the engine's card
schema (``cardbase.forms.komandor_card_form``); the add page opens that form when the game and
kind are chosen (``?game=<id>&card_type=ship``, linked from the plain add form).
"""

from typing import Any, ClassVar

from django.contrib import admin
from django.db import connection
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from cardbase.editorial.admin import REASON_FIELD, CardEffectsAdminMixin, EditorialAdminMixin
from cardbase.editorial.table_admin import CardTableAdminMixin
from cardbase.forms import (
    CARD_FIELDS,
    EFFECTS_FIELD,
    IMAGE_FIELDS,
    SOURCE_FIELDS,
    CardAdminForm,
    StatedCountAdminForm,
    komandor_card_form,
)
from cardbase.models import (
    Advisor,
    Card,
    Component,
    Game,
    Race,
    Release,
    Sector,
    StatedCount,
    Tech,
)
from cardbase.search.text import words_q
from cardbase.services.komandor import GAME_SLUG as KOMANDOR_SLUG
from cardbase.stated_counts import StatedCountSpecError, stated_count_progress
from cardbase.terms import term
from config.numbers import whole_number
from komandor.rules.cards import CardKind
from komandor.words.terms import CARD_KINDS

KOMANDOR_KINDS = frozenset(kind.value for kind in CardKind)


class SourcedAdmin(EditorialAdminMixin, admin.ModelAdmin):
    """Source facts are read-only on rows that came from a data file."""

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        readonly = (*super().get_readonly_fields(request, obj), "content_file")
        if obj is not None and obj.content_file:
            readonly = (*readonly, *SOURCE_FIELDS)
        return readonly


class CatalogueEntryAdmin(SourcedAdmin):
    list_display: tuple[str, ...] = ("name_ru", "name_en", "key", "game", "source_section")
    list_filter: ClassVar[tuple[str, ...]] = ("game",)
    list_select_related: ClassVar[tuple[str, ...]] = ("game",)
    search_fields: ClassVar[tuple[str, ...]] = (
        "key",
    )  # plus the folded names and text, see get_search_results
    search_help_text = _("Searches names, text and key; ё and е are the same letter.")
    ordering = ("game__sort_order", "name_ru")

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet, search_term: str
    ) -> tuple[QuerySet, bool]:
        by_key, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        if not search_term.strip():
            return by_key, may_have_duplicates
        by_text = queryset.filter(words_q(search_term, vendor=connection.vendor))
        return by_key | by_text, may_have_duplicates


@admin.register(Game)
class GameAdmin(EditorialAdminMixin, admin.ModelAdmin):
    list_display = ("name_ru", "name_en", "slug", "rule_book", "sort_order")
    search_fields = ("slug", "name_ru", "name_en")
    ordering = ("sort_order", "slug")


@admin.register(Release)
class ReleaseAdmin(SourcedAdmin):
    list_display = ("name_ru", "code", "game", "year", "source_section")
    list_filter = ("game", "year")
    list_select_related = ("game",)
    search_fields = ("code", "name_ru", "name_en")


@admin.register(Card)
class CardAdmin(CardEffectsAdminMixin, CardTableAdminMixin, CatalogueEntryAdmin):
    form = CardAdminForm
    list_display = (
        "name_ru",
        "game",
        "card_type",
        "rarity",
        "cost",
        "release",
        "retired",
        "source_section",
    )
    list_filter = ("game", "card_type", "rarity", "release", "retired")
    list_select_related = ("game", "release")
    search_fields = ("key", "collector_number")

    def get_form(
        self, request: HttpRequest, obj: Card | None = None, change: bool = False, **kwargs: Any
    ):
        stats_form = self._stats_form(request, obj)
        kwargs["form"] = stats_form or CardAdminForm
        form = super().get_form(request, obj, change, **kwargs)
        if stats_form is None and "attributes" in form.base_fields:
            form.base_fields["attributes"].help_text = self._stats_form_links()
        return form

    def get_fieldsets(self, request: HttpRequest, obj: Card | None = None):
        stats_form = self._stats_form(request, obj)
        if stats_form is None:
            return super().get_fieldsets(request, obj)
        stats = list(stats_form.stat_paths)
        has_effects = EFFECTS_FIELD in stats_form.base_fields
        return [
            (None, {"fields": [name for name in CARD_FIELDS if name not in SOURCE_FIELDS]}),
            (_("Image"), {"fields": IMAGE_FIELDS}),
            (_("Stats (card schema)"), {"fields": stats}),
            *([(_("Effects"), {"fields": [EFFECTS_FIELD]})] if has_effects else []),
            (_("Source"), {"fields": [*SOURCE_FIELDS, "content_file"]}),
            (None, {"fields": [REASON_FIELD]}),
        ]

    def _stats_form(self, request: HttpRequest, obj: Card | None):
        """The stats form class that edits this card, or None for the JSON form."""
        game: Game | None
        card_type: str | None
        if obj is not None:
            game, card_type = obj.game, obj.card_type
        else:
            game_id = _int_or_none(request.GET.get("game"))
            game = Game.objects.filter(pk=game_id).first() if game_id is not None else None
            card_type = request.GET.get("card_type")
        if game is None or game.slug != KOMANDOR_SLUG or card_type not in KOMANDOR_KINDS:
            return None
        return komandor_card_form(CardKind(card_type), game_id=game.pk)

    def _stats_form_links(self) -> str:
        game = Game.objects.filter(slug=KOMANDOR_SLUG).first()
        if game is None:
            return ""
        url = reverse("admin:cardbase_card_add")
        links = format_html_join(
            ", ",
            '<a href="{}?game={}&amp;card_type={}">{}</a>',
            ((url, game.pk, kind.value, term(CARD_KINDS, kind)) for kind in CardKind),
        )
        return format_html(
            "{} {}", _("A card of «Путь Командора» is entered with its stats form:"), links
        )


def _int_or_none(value: str | None) -> int | None:
    return whole_number(value)


@admin.register(Race, Tech, Sector, Advisor)
class PlainCatalogueEntryAdmin(CatalogueEntryAdmin):
    pass


@admin.register(Component)
class ComponentAdmin(CatalogueEntryAdmin):
    list_display = ("name_ru", "kind", "game", "key", "source_section")
    list_filter = ("game", "kind")


@admin.register(StatedCount)
class StatedCountAdmin(SourcedAdmin):
    form = StatedCountAdminForm
    list_display = ("label_ru", "count", "entered", "game", "key", "source_section")
    list_filter = ("game",)
    list_select_related = ("game",)
    search_fields = ("key", "label_ru", "label_en")

    @admin.display(description=_("entered"))
    def entered(self, obj: StatedCount) -> str:
        try:
            return str(stated_count_progress(obj).entered)
        except StatedCountSpecError as error:
            return str(error)
