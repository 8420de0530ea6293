from django.urls import path

from matches import views

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
    path("matches/<int:match_id>/", views.match_detail, name="match"),
]
