"""Failed sign-ins are bounded per account as well as per address (config/password_failures.py).

Counted per address only (django-axes per name and address, ``PASSWORD_FAILURES_PER_MINUTE``
per address), an attacker rotating addresses kept guessing one account's password for ever,
each address with its own ten tries; and players behind one shared address were refused
together by anyone's wrong passwords there. Now an account's failures from anywhere lock it
before hashing, and a browser that has signed in as the account before is let through both."""

import base64

import pytest
from django.core.cache import cache
from django.test import Client

from config.password_failures import KNOWN_COOKIE
from tests.decks.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "pass-Word-123"  # UserFactory's


@pytest.fixture(autouse=True)
def _account_limits(settings):
    cache.clear()
    settings.PASSWORD_FAILURES_PER_ACCOUNT = 5
    settings.PASSWORD_FAILURES_ACCOUNT_MINUTES = 15
    settings.PASSWORD_FAILURES_PER_MINUTE = 30
    yield
    cache.clear()


def signed_out(client) -> Client:
    """The same browser signed out: its session gone, its other cookies kept (the test
    client's ``logout`` drops every cookie, a browser only the session's)."""
    browser = Client()
    browser.cookies[KNOWN_COOKIE] = client.cookies[KNOWN_COOKIE].value
    return browser


def sign_in(client, name, password, address):
    return client.post(
        "/accounts/login/", {"username": name, "password": password}, REMOTE_ADDR=address
    )


def codes(answer) -> set[str]:
    if answer.status_code != 200:
        return {f"status {answer.status_code}"}
    errors = answer.context["form"].errors.as_data()
    return {e.code for field in errors.values() for e in field}


def test_an_attacker_rotating_addresses_is_stopped_per_account(hashes):
    UserFactory(username="pilot")
    UserFactory(username="other")
    hashes.reset()
    tries = [sign_in(Client(), "pilot", f"guess{n}", f"10.0.0.{n}") for n in range(5)]
    assert [codes(a) for a in tries] == [{"invalid_login"}] * 5
    spent = hashes.value
    # A sixth address, a seventh…: refused before the hash, the right password too.
    later = [sign_in(Client(), "pilot", PASSWORD, f"10.0.1.{n}") for n in range(20)]
    assert {frozenset(codes(a)) for a in later} == {frozenset({"account_locked"})}
    assert hashes.value == spent
    page = later[0].content.decode()
    assert "15" in page  # the minutes until it takes a password again
    # Another account from the same addresses signs in as ever.
    assert sign_in(Client(), "other", PASSWORD, "10.0.0.1").status_code == 302


def test_the_player_signs_in_where_he_signed_in_before():
    UserFactory(username="pilot")
    his = Client()
    assert sign_in(his, "pilot", PASSWORD, "192.0.2.7").status_code == 302
    his = signed_out(his)  # his browser now knows the account
    for n in range(10):
        sign_in(Client(), "pilot", f"guess{n}", f"10.0.0.{n}")
    assert codes(sign_in(Client(), "pilot", PASSWORD, "192.0.2.7")) == {"account_locked"}
    assert sign_in(his, "pilot", PASSWORD, "192.0.2.7").status_code == 302
    his = signed_out(his)
    # The cookie is for that name only: guessing another account from it is still refused.
    UserFactory(username="victim")
    for n in range(5):
        sign_in(Client(), "victim", f"guess{n}", f"10.0.2.{n}")
    assert codes(sign_in(his, "victim", PASSWORD, "192.0.2.7")) == {"account_locked"}


def test_a_forged_cookie_lets_nobody_through():
    UserFactory(username="pilot")
    for n in range(5):
        sign_in(Client(), "pilot", f"guess{n}", f"10.0.0.{n}")
    forger = Client()
    forger.cookies[KNOWN_COOKIE] = "pilot"  # unsigned
    assert codes(sign_in(forger, "pilot", PASSWORD, "10.0.3.1")) == {"account_locked"}


def test_players_behind_one_address_are_not_locked_out_by_others_there(settings):
    """Wrong passwords at a shared address (an office, a NAT) refuse new sign-ins there for a
    minute; a player whose browser signed in before is not refused by them."""
    settings.PASSWORD_FAILURES_PER_MINUTE = 3
    UserFactory(username="pilot")
    UserFactory(username="newcomer")
    his = Client()
    assert sign_in(his, "pilot", PASSWORD, "203.0.113.5").status_code == 302
    his = signed_out(his)
    for n in range(3):
        sign_in(Client(), f"someone{n}", "wrong", "203.0.113.5")
    assert codes(sign_in(Client(), "newcomer", PASSWORD, "203.0.113.5")) == {"too_many_failures"}
    assert sign_in(his, "pilot", PASSWORD, "203.0.113.5").status_code == 302


def test_the_api_token_pages_count_per_account_too(client, hashes, settings):
    settings.API_THROTTLE_RATES = {"password": "1000/min"}
    UserFactory(username="pilot")
    hashes.reset()

    def basic(password, address):
        pair = base64.b64encode(f"pilot:{password}".encode()).decode()
        return client.get(
            "/api/account/tokens/", HTTP_AUTHORIZATION=f"Basic {pair}", REMOTE_ADDR=address
        )

    assert {basic(f"guess{n}", f"10.0.0.{n}").status_code for n in range(5)} == {401}
    spent = hashes.value
    answer = basic(PASSWORD, "10.0.9.9")
    assert answer.status_code == 429 and answer.json()["code"] == "account_locked"
    assert hashes.value == spent
