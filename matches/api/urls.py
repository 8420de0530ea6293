from django.urls import path

from matches.api import views
from matches.friends import api as friends_api
from matches.play import api as play_api

urlpatterns = [
    path("tournaments/", views.TournamentListCreateView.as_view(), name="tournament-list"),
    path(
        "tournaments/<int:tournament_id>/",
        views.TournamentDetailView.as_view(),
        name="tournament-detail",
    ),
    path(
        "tournaments/<int:tournament_id>/cancel/",
        views.TournamentCancelView.as_view(),
        name="tournament-cancel",
    ),
    path(
        "tournaments/<int:tournament_id>/matches/",
        views.TournamentMatchesView.as_view(),
        name="tournament-matches",
    ),
    path(
        "tournaments/<int:tournament_id>/export/<str:kind>/",
        views.TournamentExportView.as_view(),
        name="tournament-export",
    ),
    path("swap-tests/", views.SwapTestCreateView.as_view(), name="swap-test-create"),
    path("field-tests/", views.FieldTestCreateView.as_view(), name="field-test-create"),
    path("deck-doctor/", views.DoctorCreateView.as_view(), name="doctor-create"),
    path("deck-doctor/<int:doctor_id>/", views.DoctorDetailView.as_view(), name="doctor-detail"),
    path("matches/", views.MatchCreateView.as_view(), name="match-create"),
    path("matches/<int:match_id>/", views.MatchDetailView.as_view(), name="match-detail"),
    path("matches/<int:match_id>/log/", views.MatchLogView.as_view(), name="match-log"),
    path("ai-games/", play_api.GameListCreateView.as_view(), name="ai-game-list"),
    # Games between two people (issue 33).
    path(
        "friend-games/",
        friends_api.FriendGameListCreateView.as_view(),
        name="friend-game-list",
    ),
    path("friend-games/join/", friends_api.FriendGameJoinView.as_view(), name="friend-game-join"),
    path("friend-games/open/", friends_api.FriendGameOpenListView.as_view(), name="friend-open"),
    path(
        "friend-games/<int:game_id>/",
        friends_api.FriendGameDetailView.as_view(),
        name="friend-game-detail",
    ),
    path(
        "friend-games/<int:game_id>/actions/",
        friends_api.FriendGameActionView.as_view(),
        name="friend-game-action",
    ),
    path(
        "friend-games/<int:game_id>/resign/",
        friends_api.FriendGameResignView.as_view(),
        name="friend-game-resign",
    ),
    path(
        "friend-games/<int:game_id>/draw/",
        friends_api.FriendGameDrawView.as_view(),
        name="friend-game-draw",
    ),
    path(
        "friend-games/<int:game_id>/rematch/",
        friends_api.FriendGameRematchView.as_view(),
        name="friend-game-rematch",
    ),
    path("ai-games/<int:game_id>/", play_api.GameDetailView.as_view(), name="ai-game-detail"),
    path("ai-games/<int:game_id>/log/", play_api.GameLogView.as_view(), name="ai-game-log"),
    path(
        "ai-games/<int:game_id>/actions/",
        play_api.GameActionView.as_view(),
        name="ai-game-actions",
    ),
]
