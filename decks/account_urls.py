"""Account pages the decks app adds beside django.contrib.auth's login/logout."""

from django.urls import path

from decks.views.accounts import SignupView

urlpatterns = [
    path("signup/", SignupView.as_view(), name="signup"),
]
