"""Issue 18: the client address is REMOTE_ADDR unless the deployment names its proxies
(``TRUSTED_PROXY_COUNT``), so a new ``X-Forwarded-For`` per request is not a new throttle
bucket nor a new lockout record; the lockout counts failures per user name and address."""

import base64

import pytest
from django.core.cache import cache
from django.test import RequestFactory

from config.client_address import client_address
from tests.decks.factories import UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "pass-Word-123"
# The one part of the API that takes a password (HTTP Basic): the token pages.
PASSWORD_PAGE = "/api/account/tokens/"


@pytest.fixture
def rates(settings):
    cache.clear()

    def set_rates(**scopes: str) -> None:
        settings.API_THROTTLE_RATES = scopes

    return set_rates


def basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def _request(remote: str, forwarded: str | None = None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


def test_without_trusted_proxies_the_header_is_ignored(settings):
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_address(_request("203.0.113.9", "198.51.100.1")) == "203.0.113.9"


def test_with_proxies_the_address_they_wrote_counts_and_the_clients_own_entries_do_not(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    # The client wrote "1.2.3.4"; the one proxy appended the address it was reached from.
    assert client_address(_request("10.0.0.5", "1.2.3.4, 198.51.100.7")) == "198.51.100.7"
    settings.TRUSTED_PROXY_COUNT = 2
    assert client_address(_request("10.0.0.5", "1.2.3.4, 198.51.100.7, 10.0.0.4")) == (
        "198.51.100.7"
    )
    # No header (the proxy was bypassed) or nonsense where an address should be: REMOTE_ADDR.
    assert client_address(_request("10.0.0.5")) == "10.0.0.5"
    assert client_address(_request("10.0.0.5", "1.2.3.4, not-an-address, 10.0.0.4")) == ("10.0.0.5")


def test_a_new_forwarded_address_per_request_is_still_throttled(client, rates):
    rates(anon="3/min")
    answers = [
        client.get("/api/decks/public/", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").status_code
        for n in range(5)
    ]
    assert answers == [200, 200, 200, 429, 429]


def test_behind_a_trusted_proxy_clients_have_their_own_buckets(client, rates, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    rates(anon="2/min")
    one = [
        client.get(
            "/api/decks/public/", HTTP_X_FORWARDED_FOR=f"9.9.9.{n}, 198.51.100.1"
        ).status_code
        for n in range(3)
    ]
    assert one == [200, 200, 429]  # the spoofed first entry changes nothing
    other = client.get("/api/decks/public/", HTTP_X_FORWARDED_FOR="198.51.100.2")
    assert other.status_code == 200


def test_the_lockout_ignores_a_new_forwarded_address_per_attempt(client, settings):
    settings.AXES_FAILURE_LIMIT = 3
    UserFactory(username="pilot")
    answers = [
        client.get(
            PASSWORD_PAGE,
            HTTP_AUTHORIZATION=basic("pilot", "wrong"),
            HTTP_X_FORWARDED_FOR=f"198.51.100.{n}",
        ).status_code
        for n in range(4)
    ]
    assert answers == [401, 401, 429, 429]


def test_failed_logins_as_a_name_that_does_not_exist_do_not_lock_out_a_real_user(client, settings):
    settings.AXES_FAILURE_LIMIT = 10
    UserFactory(username="pilot")
    for _ in range(12):
        client.post("/accounts/login/", {"username": "nobody", "password": "x"})
    assert client.post("/accounts/login/", {"username": "nobody", "password": "x"}).status_code == (
        429
    )
    right = client.post("/accounts/login/", {"username": "pilot", "password": PASSWORD})
    assert right.status_code == 302


def test_a_real_user_is_locked_out_at_that_address_only(client, settings):
    settings.AXES_FAILURE_LIMIT = 2
    UserFactory(username="pilot")
    auth = basic("pilot", "wrong")
    for _ in range(2):
        client.get(PASSWORD_PAGE, HTTP_AUTHORIZATION=auth, REMOTE_ADDR="10.0.0.1")
    right = basic("pilot", PASSWORD)
    assert client.get(
        PASSWORD_PAGE, HTTP_AUTHORIZATION=right, REMOTE_ADDR="10.0.0.1"
    ).status_code == (429)
    assert client.get(
        PASSWORD_PAGE, HTTP_AUTHORIZATION=right, REMOTE_ADDR="10.0.0.2"
    ).status_code == (200)


def test_behind_a_trusted_proxy_the_lockout_is_per_client(client, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    settings.AXES_FAILURE_LIMIT = 2
    UserFactory(username="pilot")
    wrong, right = basic("pilot", "wrong"), basic("pilot", PASSWORD)
    for _ in range(2):
        client.get(PASSWORD_PAGE, HTTP_AUTHORIZATION=wrong, HTTP_X_FORWARDED_FOR="198.51.100.1")
    one = client.get(PASSWORD_PAGE, HTTP_AUTHORIZATION=right, HTTP_X_FORWARDED_FOR="198.51.100.1")
    other = client.get(PASSWORD_PAGE, HTTP_AUTHORIZATION=right, HTTP_X_FORWARDED_FOR="198.51.100.2")
    assert (one.status_code, other.status_code) == (429, 200)
