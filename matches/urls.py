from django.urls import path

from config.page_throttles import page_throttled
from matches.friends import views as friends_views
from matches.lab import views as lab_views
from matches.play import views as play_views
from matches.replays.page_limits import replay_page_limits
from matches.tournaments import views

app_name = "matches"
play_throttled = page_throttled("play_page")

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournaments"),
    path("tournaments/new/", views.tournament_new, name="tournament-new"),
    # Throttled per client (config/page_throttles.py): figures and standings of a big
    # tournament; the live part is asked for every second while it runs.
    path(
        "tournaments/<int:tournament_id>/",
        page_throttled("tournament_page")(views.tournament_detail),
        name="tournament",
    ),
    path(
        "tournaments/<int:tournament_id>/live/",
        page_throttled("tournament_page")(views.tournament_live),
        name="tournament-live",
    ),
    path("tournaments/<int:tournament_id>/more/", views.tournament_more, name="tournament-more"),
    path(
        "tournaments/<int:tournament_id>/cancel/",
        views.tournament_cancel,
        name="tournament-cancel",
    ),
    # Throttled and cached around the view (matches/replays/page_limits.py): a replay costs CPU.
    path("matches/<int:match_id>/", replay_page_limits(views.match_detail), name="match"),
    path("decks/<int:deck_id>/swap-test/", lab_views.swap_test_new, name="swap-test"),
    path("decks/<int:deck_id>/field-test/", lab_views.field_test, name="field-test"),
    path("decks/<int:deck_id>/doctor/", lab_views.doctor_new, name="doctor"),
    path(
        "tournaments/<int:tournament_id>/apply/",
        lab_views.doctor_apply,
        name="doctor-apply",
    ),
    # Games against the AI (issue 22), throttled per client: a move runs the AI's replies.
    path("play/", play_throttled(play_views.play_list), name="play"),
    path("play/new/", play_throttled(play_views.play_new), name="play-new"),
    path("play/levels/", play_views.play_levels, name="play-levels"),
    path("play/<int:match_id>/", play_throttled(play_views.play_game), name="play-game"),
    path("play/<int:match_id>/act/", play_throttled(play_views.play_act), name="play-act"),
    path("play/<int:match_id>/replay/", play_throttled(play_views.play_replay), name="play-replay"),
    # Games between two people (issue 33).
    path("play/friends/", friends_views.friends_list, name="friends"),
    path("play/friends/new/", friends_views.friends_new, name="friends-new"),
    path("play/friends/join/<str:token>/", friends_views.friends_join, name="friends-join"),
    path("play/friends/<int:game_id>/", friends_views.friends_game, name="friends-game"),
    path("play/friends/<int:game_id>/parts/", friends_views.friends_parts, name="friends-parts"),
    path("play/friends/<int:game_id>/act/", friends_views.friends_act, name="friends-act"),
    path(
        "play/friends/<int:game_id>/replay/",
        play_throttled(friends_views.friends_replay),
        name="friends-replay",
    ),
    path("play/friends/<int:game_id>/resign/", friends_views.friends_resign, name="friends-resign"),
    path("play/friends/<int:game_id>/draw/", friends_views.friends_draw, name="friends-draw"),
    path(
        "play/friends/<int:game_id>/rematch/",
        friends_views.friends_rematch,
        name="friends-rematch",
    ),
]
