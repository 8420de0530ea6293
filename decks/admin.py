"""Admin for decks. Contents are changed through the builder or the API, which write a new
version each time; here entries are shown read-only and versions can only be looked at."""

from django.contrib import admin

from decks import services
from decks.models import Deck, DeckEntry, DeckSetupAbility, DeckVersion


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class DeckEntryInline(ReadOnlyInline):
    model = DeckEntry
    fields = ("card", "count", "own_name")
    readonly_fields = fields


class DeckSetupAbilityInline(ReadOnlyInline):
    model = DeckSetupAbility
    fields = ("card", "count")
    readonly_fields = fields


class DeckVersionInline(ReadOnlyInline):
    model = DeckVersion
    fields = ("number", "is_valid", "card_count", "created_at")
    readonly_fields = fields


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "commander", "visibility", "updated_at"]
    list_filter = ["visibility"]
    search_fields = ["name", "owner__username"]
    fields = ["owner", "name", "description", "visibility", "commander", "share_token"]
    readonly_fields = ["owner", "commander", "share_token"]
    inlines = [DeckEntryInline, DeckSetupAbilityInline, DeckVersionInline]

    def has_add_permission(self, request) -> bool:
        # A deck without a first version would break "every saved change is a version".
        return False

    def save_model(self, request, obj, form, change) -> None:
        data = form.cleaned_data
        services.deck_update(
            deck=obj,
            name=data["name"],
            description=data["description"],
            visibility=data["visibility"],
        )


@admin.register(DeckVersion)
class DeckVersionAdmin(admin.ModelAdmin):
    list_display = ["deck", "number", "is_valid", "card_count", "created_at"]
    list_filter = ["is_valid"]
    readonly_fields = ["deck", "number", "is_valid", "card_count", "created_at", "snapshot"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
