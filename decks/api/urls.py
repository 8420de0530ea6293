from django.urls import path

from decks.api import collection_views, views

urlpatterns = [
    path("collection/", collection_views.CollectionListView.as_view(), name="collection"),
    path(
        "collection/counts/",
        collection_views.CollectionCountsView.as_view(),
        name="collection-counts",
    ),
    path(
        "collection/import/",
        collection_views.CollectionImportView.as_view(),
        name="collection-import",
    ),
    path(
        "collection/export/csv/",
        collection_views.CollectionExportCsvView.as_view(),
        name="collection-export-csv",
    ),
    path(
        "collection/export/text/",
        collection_views.CollectionExportTextView.as_view(),
        name="collection-export-text",
    ),
    path("decks/", views.DeckListCreateView.as_view(), name="deck-list"),
    path("decks/validate/", views.DeckValidateView.as_view(), name="deck-validate"),
    path("decks/import/", views.DeckImportView.as_view(), name="deck-import"),
    path("decks/public/", views.DeckPublicListView.as_view(), name="deck-public"),
    path("decks/precons/", views.DeckPreconListView.as_view(), name="deck-precons"),
    path("decks/catalogue/", views.CatalogueSearchView.as_view(), name="deck-catalogue"),
    path("decks/shared/<str:token>/", views.DeckSharedView.as_view(), name="deck-shared"),
    path("decks/<int:deck_id>/", views.DeckDetailView.as_view(), name="deck-detail"),
    path("decks/<int:deck_id>/stats/", views.DeckStatsView.as_view(), name="deck-stats"),
    path("decks/<int:deck_id>/clone/", views.DeckCloneView.as_view(), name="deck-clone"),
    path(
        "decks/<int:deck_id>/versions/", views.DeckVersionListView.as_view(), name="deck-versions"
    ),
    path(
        "decks/<int:deck_id>/versions/<int:number>/",
        views.DeckVersionDetailView.as_view(),
        name="deck-version",
    ),
    path(
        "decks/<int:deck_id>/export/text/",
        views.DeckExportTextView.as_view(),
        name="deck-export-text",
    ),
    path(
        "decks/<int:deck_id>/export/json/",
        views.DeckExportJsonView.as_view(),
        name="deck-export-json",
    ),
]
