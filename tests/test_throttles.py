"""Issue 12, throttles and logins: rates come from ``settings.API_THROTTLE_RATES`` (each test
sets its own; the suite runs without), costly endpoints have stricter scopes, failed logins
lock an address out before any password is hashed, and a 401 says how to authenticate."""

import base64
from unittest import mock

import pytest
from django.contrib.auth.hashers import check_password
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.decks.factories import UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "pass-Word-123"
# The one part of the API that takes a password (HTTP Basic): the token pages.
PASSWORD_PAGE = "/api/account/tokens/"


@pytest.fixture
def rates(settings):
    cache.clear()  # throttle history lives in the cache

    def set_rates(**scopes: str) -> None:
        settings.API_THROTTLE_RATES = scopes

    return set_rates


def basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def test_anonymous_requests_past_the_rate_are_a_429_in_the_envelope(client, rates):
    rates(anon="3/min")
    assert [client.get("/api/decks/public/").status_code for _ in range(3)] == [200, 200, 200]
    refused = client.get("/api/decks/precons/")
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0


def test_signed_in_users_have_their_own_rate(rates):
    rates(anon="1/min", user="2/min")
    one, two = APIClient(), APIClient()
    one.force_authenticate(UserFactory(username="one"))
    two.force_authenticate(UserFactory(username="two"))
    assert [one.get("/api/decks/").status_code for _ in range(3)] == [200, 200, 429]
    assert two.get("/api/decks/").status_code == 200


def test_a_costly_endpoint_has_a_stricter_scope_than_the_rest(client, rates):
    rates(anon="100/min", deck_validate="2/min")
    validate = [
        client.post("/api/decks/validate/", {"text": ""}, content_type="application/json")
        for _ in range(3)
    ]
    assert [r.status_code for r in validate] == [200, 200, 429]
    assert client.get("/api/cards/").status_code == 200


def test_public_search_has_its_scope(client, rates):
    rates(public_search="1/min")
    assert client.get("/api/decks/public/").status_code == 200
    assert client.get("/api/decks/public/").status_code == 429


def test_import_has_its_scope(rates):
    rates(deck_import="1/min")
    client = APIClient()
    client.force_authenticate(UserFactory())
    assert client.post("/api/decks/import/", {}, format="json").status_code == 400
    assert client.post("/api/decks/import/", {}, format="json").status_code == 429


def test_creating_tournaments_is_throttled_but_listing_them_is_not(rates):
    rates(match_create="1/min")
    client = APIClient()
    client.force_authenticate(UserFactory())
    assert client.post("/api/tournaments/", {}, format="json").status_code == 400
    assert client.post("/api/tournaments/", {}, format="json").status_code == 429
    assert client.post("/api/matches/", {}, format="json").status_code == 429  # same scope
    assert client.get("/api/tournaments/").status_code == 200


def test_a_cached_catalogue_answer_is_not_counted(client, rates, settings):
    """A cache hit costs one small query, less than the throttle's own bookkeeping."""
    settings.CATALOGUE_API_CACHE_SECONDS = 60
    rates(anon="1/min")
    statuses = [client.get("/api/cards/").status_code for _ in range(5)]  # 1 miss, 4 hits
    assert statuses == [200] * 5
    assert client.get("/api/decks/public/").status_code == 429


def test_a_scope_without_a_rate_is_not_throttled(client, rates):
    rates(anon="")  # as THROTTLE_ANON="" sets it
    assert {client.get("/api/cards/").status_code for _ in range(20)} == {200}


def test_an_unauthenticated_request_is_a_401_saying_bearer(client):
    response = client.get("/api/decks/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")
    assert response.json()["code"] == "not_authenticated"


def test_wrong_basic_credentials_are_a_401_saying_basic_where_a_password_is_taken(client):
    UserFactory(username="pilot")
    response = client.get(PASSWORD_PAGE, HTTP_AUTHORIZATION=basic("pilot", "wrong"))
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Basic")


def test_repeated_basic_failures_lock_the_address_out_before_hashing(client, settings):
    settings.AXES_FAILURE_LIMIT = 3
    UserFactory(username="pilot")
    for _ in range(2):
        assert client.get(PASSWORD_PAGE, HTTP_AUTHORIZATION=basic("pilot", "x")).status_code == 401
    third = client.get(PASSWORD_PAGE, HTTP_AUTHORIZATION=basic("pilot", "x"))
    assert third.status_code == 429
    assert third.json()["code"] == "locked_out"
    with mock.patch("django.contrib.auth.base_user.check_password", wraps=check_password) as hashed:
        # Even the right password: the address is locked, and no hash is computed.
        locked = client.get(PASSWORD_PAGE, HTTP_AUTHORIZATION=basic("pilot", PASSWORD))
    assert locked.status_code == 429
    assert hashed.call_count == 0


def test_other_addresses_are_not_locked_out(client, settings):
    settings.AXES_FAILURE_LIMIT = 2
    UserFactory(username="pilot")
    for _ in range(2):
        client.get(PASSWORD_PAGE, HTTP_AUTHORIZATION=basic("pilot", "x"), REMOTE_ADDR="10.0.0.1")
    elsewhere = client.get(
        PASSWORD_PAGE, HTTP_AUTHORIZATION=basic("pilot", PASSWORD), REMOTE_ADDR="10.0.0.2"
    )
    assert elsewhere.status_code == 200


def test_the_login_page_locks_out_too(client, settings):
    settings.AXES_FAILURE_LIMIT = 2
    UserFactory(username="pilot")
    first = client.post("/accounts/login/", {"username": "pilot", "password": "x"})
    assert first.status_code == 200  # the form again, with its error
    second = client.post("/accounts/login/", {"username": "pilot", "password": "x"})
    assert second.status_code == 429
    right = client.post("/accounts/login/", {"username": "pilot", "password": PASSWORD})
    assert right.status_code == 429


def test_a_good_login_still_works_under_the_limit(client, settings):
    settings.AXES_FAILURE_LIMIT = 3
    UserFactory(username="pilot")
    client.post("/accounts/login/", {"username": "pilot", "password": "x"})
    assert (
        client.post("/accounts/login/", {"username": "pilot", "password": PASSWORD}).status_code
        == 302
    )
