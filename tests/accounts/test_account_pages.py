"""The account page at a glance, the token pages (a new token shown once, revoked at once) and
changing the password."""

import pytest

from accounts.models import AccessToken
from decks import collection
from decks.models import Visibility
from tests.accounts.conftest import PASSWORD, bearer
from tests.matches.decks import playable_deck

pytestmark = pytest.mark.django_db


def test_the_account_page_shows_what_the_user_has(client, pilot, make_token):
    assert client.get("/accounts/").status_code == 302  # sign in first
    deck = playable_deck(pilot, "Баланс", visibility=Visibility.PRIVATE, title="Рой")
    collection.collection_set_counts(user=pilot, counts={deck.commander_id: 3})
    make_token("read")
    client.force_login(pilot)
    page = client.get("/accounts/")
    overview = page.context["overview"]
    assert (overview.decks, overview.cards_owned, overview.different_cards) == (1, 3, 1)
    assert (overview.games, overview.tournaments, len(overview.tokens)) == (0, 0, 1)
    html = page.content.decode()
    for anchor in ("account-decks", "account-collection", "account-games",
                   "account-tournaments", "account-tokens", "download-data", "delete-account",
                   "change-password"):  # fmt: skip
        assert f'id="{anchor}"' in html, anchor
    assert "Рой" in html


def test_a_token_made_on_the_page_is_shown_once_and_works(client, pilot):
    client.force_login(pilot)
    made = client.post(
        "/accounts/tokens/", {"name": "синхронизация", "scopes": ["decks"], "expires": "30"}
    )
    secret = made.context["created"]["secret"]
    assert secret in made.content.decode() and made["Cache-Control"] == "no-store"
    token = AccessToken.objects.get()
    assert token.scopes == ["read", "decks"] and token.expires_at is not None
    assert secret not in client.get("/accounts/tokens/").content.decode()  # never again
    assert client.get("/api/decks/", **bearer(secret)).status_code == 200
    revoked = client.post(f"/accounts/tokens/{token.pk}/revoke/", follow=True)
    assert revoked.status_code == 200
    assert client.get("/api/decks/", **bearer(secret)).status_code == 401


def test_a_token_without_a_name_is_a_field_error(client, pilot):
    client.force_login(pilot)
    answer = client.post("/accounts/tokens/", {"name": "", "expires": ""})
    assert "name" in answer.context["form"].errors and not AccessToken.objects.exists()
    odd = client.post("/accounts/tokens/", {"name": "x", "scopes": ["account"], "expires": ""})
    assert "scopes" in odd.context["form"].errors


def test_another_users_token_cannot_be_revoked(client, pilot, make_token):
    from tests.decks.factories import UserFactory

    other = UserFactory(username="other")
    make_token("read", user=other)
    client.force_login(pilot)
    token = AccessToken.objects.get()
    assert client.post(f"/accounts/tokens/{token.pk}/revoke/").status_code == 404
    assert AccessToken.objects.exists()


def test_the_password_changes_on_the_sites_own_page(client, pilot):
    client.force_login(pilot)
    page = client.get("/accounts/password_change/")
    assert "password-form" in page.content.decode()  # ours, not the admin's
    new = "Orbita-2031-komandor"
    done = client.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
        follow=True,
    )
    assert "password-changed" in done.content.decode()
    pilot.refresh_from_db()
    assert pilot.check_password(new)
