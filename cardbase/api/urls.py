from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.routers import SimpleRouter

from cardbase.api import views
from cardbase.models import ComponentKind

# URL prefix of each component kind's own list. "deck" would clash with the deck builder's
# /api/decks/, so the game's decks are /api/game-decks/.
COMPONENT_KIND_PREFIXES: dict[str, str] = {
    ComponentKind.CONTINENT: "continents",
    ComponentKind.TERRITORY: "territories",
    ComponentKind.FACTION: "factions",
    ComponentKind.SCAR: "scars",
    ComponentKind.CITY: "cities",
    ComponentKind.REWARD: "rewards",
    ComponentKind.DISCOVERY: "discoveries",
    ComponentKind.SHIP_PART: "ship-parts",
    ComponentKind.ANCIENT_SHIP: "ancient-ships",
    ComponentKind.DEVELOPMENT: "developments",
    ComponentKind.DECK: "game-decks",
    ComponentKind.CARD_KIND: "card-kinds",
    ComponentKind.RESOURCE: "resources",
    ComponentKind.SYMBOL: "symbols",
    ComponentKind.BUILDING: "buildings",
    ComponentKind.WEAPON: "weapons",
    ComponentKind.PROPERTY: "properties",
    ComponentKind.ZONE: "zones",
    ComponentKind.TOKEN: "tokens",
    ComponentKind.PHASE: "phases",
    ComponentKind.OTHER: "other-components",
}

router = SimpleRouter()
router.register("games", views.GameViewSet, basename="game")
router.register("releases", views.ReleaseViewSet, basename="release")
router.register("cards", views.CardViewSet, basename="card")
router.register("races", views.RaceViewSet, basename="race")
router.register("techs", views.TechViewSet, basename="tech")
router.register("sectors", views.SectorViewSet, basename="sector")
router.register("advisors", views.AdvisorViewSet, basename="advisor")
router.register("components", views.ComponentViewSet, basename="component")
router.register("stated-counts", views.StatedCountViewSet, basename="stated-count")
for kind in ComponentKind:
    router.register(
        COMPONENT_KIND_PREFIXES[kind],
        views.component_kind_viewset(kind),
        basename=f"component-{kind.value.replace('_', '-')}",
    )

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", views.LocalSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("search/", include("cardbase.api.search_views")),
    path("", include(router.urls)),
]
