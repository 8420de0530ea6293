"""People for the friend-game tests: a user and a test client logged in as him."""

from django.test import Client

from tests.decks.factories import UserFactory


def signed_in(name: str):
    user = UserFactory(username=name)
    client = Client()
    client.force_login(user)
    return user, client
