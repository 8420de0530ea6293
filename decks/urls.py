from django.urls import path
from django.views.i18n import JavaScriptCatalog

from decks.views import pages, tools

app_name = "decks"
urlpatterns = [
    path("", pages.deck_list, name="list"),
    # The builder's script translates with gettext/ngettext from the decks' djangojs catalogue.
    path("jsi18n/", JavaScriptCatalog.as_view(packages=["decks"]), name="jsi18n"),
    path("public/", pages.deck_public, name="public"),
    path("precons/", pages.deck_precons, name="precons"),
    path("new/", pages.deck_new, name="new"),
    path("import/", pages.deck_import, name="import"),
    path("compare/", tools.deck_compare, name="compare"),
    path("collection/", tools.collection_page, name="collection"),
    path("collection/export.txt", tools.collection_export, {"form": "txt"}, name="collection-txt"),
    path("collection/export.csv", tools.collection_export, {"form": "csv"}, name="collection-csv"),
    path("s/<str:token>/", pages.deck_shared, name="shared"),
    path("<int:deck_id>/", pages.deck_detail, name="detail"),
    path("<int:deck_id>/edit/", pages.deck_edit, name="edit"),
    path("<int:deck_id>/export.txt", pages.deck_export_text, name="export-text"),
    path("<int:deck_id>/export.json", pages.deck_export_json, name="export-json"),
    path("<int:deck_id>/clone/", pages.deck_clone, name="clone"),
    path("<int:deck_id>/delete/", pages.deck_delete, name="delete"),
    path("<int:deck_id>/versions/", pages.deck_history, name="history"),
    path(
        "<int:deck_id>/versions/<int:number>/restore/",
        tools.deck_version_restore,
        name="restore",
    ),
    path("<int:deck_id>/print/", tools.deck_print, name="print"),
    path("<int:deck_id>/proxies/", tools.deck_proxies, name="proxies"),
]
