"""Games against the AI and tuning runs in the admin: to look at, not to edit (the actions
are the game; a run is changed only by its games, ``manage.py tune``)."""

from django.contrib import admin

from matches.models import HumanMatch, TuningRun


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


@admin.register(TuningRun)
class TuningRunAdmin(admin.ModelAdmin):
    list_display = ("id", "agent", "state", "iterations", "pairs_per_iteration", "seed", "games")
    list_filter = ("state", "agent")
    list_select_related = ("tournament",)
    readonly_fields = [field.name for field in TuningRun._meta.fields]

    @admin.display(description="games")
    def games(self, run: TuningRun) -> str:
        return f"{run.tournament.done}/{run.tournament.total}"

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
