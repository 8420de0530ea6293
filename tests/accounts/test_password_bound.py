"""Issue 36, hole 1: made-up HTTP Basic names from one client each cost a full password hash,
and were all 401, never 429 (authentication runs before DRF's throttles, the lockout counts
per name). Now the API takes a password only on the token pages, counted per address before
the hash; anywhere else a password is refused unhashed."""

import base64
import random

import pytest
from django.core.cache import cache

pytestmark = pytest.mark.django_db


def made_up_basic(rng: random.Random) -> str:
    pair = f"x{rng.randrange(10**9)}:y"
    return "Basic " + base64.b64encode(pair.encode()).decode()


def test_made_up_names_on_the_api_cost_no_password_hash(client, hashes):
    rng = random.Random(36)
    answers = [client.get("/api/cards/", HTTP_AUTHORIZATION=made_up_basic(rng)) for _ in range(190)]
    assert {a.status_code for a in answers} == {401}
    assert {a.json()["code"] for a in answers} == {"basic_not_accepted"}
    assert hashes.value == 0


def test_passwords_to_the_token_pages_are_throttled_per_address_before_hashing(
    client, hashes, settings
):
    cache.clear()
    settings.API_THROTTLE_RATES = {"password": "10/min"}
    rng = random.Random(37)
    statuses = [
        client.get("/api/account/tokens/", HTTP_AUTHORIZATION=made_up_basic(rng)).status_code
        for _ in range(190)
    ]
    assert statuses == [401] * 10 + [429] * 180
    assert hashes.value == 10
    # Another address still gets its own ten.
    other = client.get(
        "/api/account/tokens/", HTTP_AUTHORIZATION=made_up_basic(rng), REMOTE_ADDR="10.9.9.9"
    )
    assert other.status_code == 401


def refused(answer) -> bool:
    """The form came back refusing before the hash (whatever the page's language)."""
    errors = answer.context["form"].errors.as_data()
    return any(e.code == "too_many_failures" for field in errors.values() for e in field)


def sign_in(client, name: str, password: str, *, address: str = "127.0.0.1", path=None):
    return client.post(
        path or "/accounts/login/",
        {"username": name, "password": password},
        REMOTE_ADDR=address,
    )


@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
def test_made_up_names_on_the_login_pages_stop_costing_a_hash(client, hashes, settings, path):
    """The login page and the admin's hashed once per made-up name, for ever (the lockout is
    per name); now an address's wrong passwords are bounded before the hash."""
    cache.clear()
    settings.PASSWORD_FAILURES_PER_MINUTE = 5
    rng = random.Random(38)
    first = [sign_in(client, f"x{rng.randrange(10**9)}", "y", path=path) for _ in range(5)]
    spent = hashes.value
    assert spent >= 5  # each made-up name cost a hash
    later = [sign_in(client, f"x{rng.randrange(10**9)}", "y", path=path) for _ in range(100)]
    assert hashes.value == spent  # refused before hashing
    assert all(a.status_code == 200 for a in first + later)  # the form again, with its error
    assert not any(refused(a) for a in first) and all(refused(a) for a in later)
    # Another address signs in as ever.
    other = sign_in(client, "nobody", "y", address="10.9.9.9", path=path)
    assert not refused(other)


def test_right_passwords_count_nothing(client, settings):
    from tests.decks.factories import UserFactory

    cache.clear()
    settings.PASSWORD_FAILURES_PER_MINUTE = 2
    UserFactory(username="pilot")
    for _ in range(5):
        assert sign_in(client, "pilot", "pass-Word-123").status_code == 302
        client.logout()


def test_wrong_passwords_at_account_deletion_are_bounded_before_hashing(client, hashes, settings):
    from tests.decks.factories import UserFactory

    cache.clear()
    settings.PASSWORD_FAILURES_PER_MINUTE = 3
    user = UserFactory(username="pilot")
    client.force_login(user)
    hashes.reset()
    answers = [client.post("/accounts/delete/", {"password": "wrong"}) for _ in range(3)]
    spent = hashes.value
    assert spent >= 3
    answers += [client.post("/accounts/delete/", {"password": "wrong"}) for _ in range(20)]
    assert hashes.value == spent
    assert all(a.status_code == 200 for a in answers)
    assert refused(answers[-1]) and not refused(answers[0])
    user.refresh_from_db()  # still there
