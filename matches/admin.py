"""Games against the AI in the admin: to look at, not to edit (the actions are the game)."""

from django.contrib import admin

from matches.models import HumanMatch


@admin.register(HumanMatch)
class HumanMatchAdmin(admin.ModelAdmin):
    list_display = ("id", "owner", "deck", "opponent", "agent", "status", "version", "updated_at")
    list_filter = ("status", "agent")
    search_fields = ("owner__username",)
    list_select_related = ("owner", "deck__deck", "opponent__deck")
    readonly_fields = [field.name for field in HumanMatch._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
