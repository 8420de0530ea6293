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
