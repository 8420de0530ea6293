from django.urls import path

from matches import views
from matches.page_limits import replay_page_limits

app_name = "matches"

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournaments"),
    path("tournaments/new/", views.tournament_new, name="tournament-new"),
    path("tournaments/<int:tournament_id>/", views.tournament_detail, name="tournament"),
    path(
        "tournaments/<int:tournament_id>/cancel/",
        views.tournament_cancel,
        name="tournament-cancel",
    ),
    # Throttled and cached around the view (matches/page_limits.py): a replay costs CPU.
    path("matches/<int:match_id>/", replay_page_limits(views.match_detail), name="match"),
]
