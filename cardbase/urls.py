from django.urls import path, re_path

from cardbase import image_views, views
from config.page_throttles import page_throttled

app_name = "cardbase"
urlpatterns = [
    path("", views.home, name="home"),
    path("search/", views.search, name="search"),
    path("search/syntax/", views.syntax, name="syntax"),
    path("notation/", views.notation, name="notation"),
    re_path(
        r"^card-images/(?P<digest>[0-9a-f]{64})/(?P<size>full|thumb)\.webp$",
        image_views.card_image,
        name="card-image",
    ),
    path("cards/<int:card_id>/", views.card_by_id, name="card-by-id"),
    path("cards/<int:card_id>/face/", views.card_face, name="card-face"),
    path("games/<slug:game>/", views.catalogue, name="catalogue"),
    # Throttled per client (config/page_throttles.py): a Komandor card's page sums its figures
    # over the public tournaments.
    path(
        "games/<slug:game>/cards/<slug:key>/",
        page_throttled("card_page")(views.card_detail),
        name="card-detail",
    ),
    path("games/<slug:game>/counts/", views.stated_counts, name="stated-counts"),
    path(
        "games/<slug:game>/components/<slug:kind>/",
        views.component_list,
        name="component-list",
    ),
    path(
        "games/<slug:game>/components/<slug:kind>/<slug:key>/",
        views.component_detail,
        name="component-detail",
    ),
    path("games/<slug:game>/<slug:section>/", views.entry_list, name="entry-list"),
    path("games/<slug:game>/<slug:section>/<slug:key>/", views.entry_detail, name="entry-detail"),
]
