"""Personal access tokens in the API: made with a password, shown once, kept as a keyed hash,
scoped, expiring, revoked at once, never costing a password hash to check."""

import base64
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import AccessToken
from accounts.tokens import token_digest
from tests.accounts.conftest import PASSWORD, bearer

TOKENS = "/api/account/tokens/"


def basic(username: str, password: str) -> dict[str, str]:
    encoded = base64.b64encode(f"{username}:{password}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {encoded}"}


@pytest.fixture
def api(client):
    def call(method: str, path: str, body=None, **headers):
        return getattr(client, method)(path, body, content_type="application/json", **headers)

    return call


def test_a_token_is_made_with_the_password_shown_once_and_stored_as_a_keyed_hash(api, pilot):
    made = api(
        "post", TOKENS, {"name": "deck sync", "scopes": ["decks"]}, **basic("pilot", PASSWORD)
    )
    assert made.status_code == 201
    body = made.json()
    secret = body["token"]
    assert secret.startswith("kcb_") and body["scopes"] == ["read", "decks"]
    row = AccessToken.objects.get()
    assert row.digest == token_digest(secret) and secret not in str(vars(row))
    listed = api("get", TOKENS, **basic("pilot", PASSWORD)).json()
    assert [t["name"] for t in listed] == ["deck sync"]
    assert "token" not in listed[0] and secret not in str(listed)
    assert api("get", "/api/decks/", **bearer(secret)).status_code == 200


def test_a_read_token_reads_but_cannot_write(api, make_token):
    secret = make_token("read")
    assert api("get", "/api/decks/", **bearer(secret)).status_code == 200
    refused = api("post", "/api/decks/", {"name": "x"}, **bearer(secret))
    assert refused.status_code == 403
    assert refused.json()["code"] == "missing_scope"
    assert refused.json()["scope"] == "decks"
    assert "decks" in refused.json()["message"]


def test_a_decks_token_writes_decks_but_not_tournaments(api, make_token):
    secret = make_token("decks")
    made = api("post", "/api/decks/", {"name": "Черновик"}, **bearer(secret))
    assert made.status_code == 201 and made.json()["owner"] == "pilot"
    refused = api("post", "/api/tournaments/", {}, **bearer(secret))
    assert (refused.status_code, refused.json()["scope"]) == (403, "tournaments")


def test_a_revoked_token_is_a_401_at_once(api, pilot, make_token):
    secret = make_token("read")
    token = AccessToken.objects.get()
    assert api("delete", f"{TOKENS}{token.pk}/", **basic("pilot", PASSWORD)).status_code == 204
    answer = api("get", "/api/decks/", **bearer(secret))
    assert answer.status_code == 401
    assert answer.json()["code"] == "invalid_token"
    assert answer["WWW-Authenticate"].startswith("Bearer")


def test_an_expired_token_is_a_401(api, make_token):
    secret = make_token("read", expires_at=timezone.now() + timedelta(days=1))
    AccessToken.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    answer = api("get", "/api/decks/", **bearer(secret))
    assert (answer.status_code, answer.json()["code"]) == (401, "token_expired")


def test_a_wrong_token_is_a_401(api, pilot):
    for secret in ("kcb_" + "x" * 43, "nonsense", "kcb_"):
        answer = api("get", "/api/decks/", **bearer(secret))
        assert (answer.status_code, answer.json()["code"]) == (401, "invalid_token")


def test_an_expiry_in_the_past_is_a_field_error(api, pilot):
    past = (timezone.now() - timedelta(days=1)).isoformat()
    answer = api("post", TOKENS, {"name": "x", "expires": past}, **basic("pilot", PASSWORD))
    assert answer.status_code == 400 and "expires" in answer.json()["fields"]


def test_an_unknown_scope_is_a_field_error(api, pilot):
    answer = api("post", TOKENS, {"name": "x", "scopes": ["admin"]}, **basic("pilot", PASSWORD))
    assert answer.status_code == 400 and "scopes" in answer.json()["fields"]


def test_a_token_cannot_make_list_or_revoke_tokens(api, make_token):
    secret = make_token("read", "decks", "play", "tournaments")
    token = AccessToken.objects.get()
    for method, path in (("post", TOKENS), ("get", TOKENS), ("delete", f"{TOKENS}{token.pk}/")):
        answer = api(method, path, {"name": "more", "scopes": ["decks"]}, **bearer(secret))
        assert (answer.status_code, answer.json()["scope"]) == (403, "account"), method
    assert AccessToken.objects.count() == 1


def test_one_user_cannot_revoke_anothers_token(api, pilot, make_token):
    from tests.decks.factories import UserFactory

    other = UserFactory(username="other")
    make_token("read", user=other)
    theirs = AccessToken.objects.get()
    answer = api("delete", f"{TOKENS}{theirs.pk}/", **basic("pilot", PASSWORD))
    assert answer.status_code == 404
    assert AccessToken.objects.filter(pk=theirs.pk).exists()


def test_the_last_use_is_kept_to_the_minute(api, make_token):
    secret = make_token("read")
    assert AccessToken.objects.get().last_used_at is None
    api("get", "/api/decks/", **bearer(secret))
    first = AccessToken.objects.get().last_used_at
    assert first is not None
    api("get", "/api/decks/", **bearer(secret))
    assert AccessToken.objects.get().last_used_at == first  # not a write per request
    AccessToken.objects.update(last_used_at=first - timedelta(minutes=2))
    api("get", "/api/decks/", **bearer(secret))
    assert AccessToken.objects.get().last_used_at > first - timedelta(minutes=2)


def test_the_account_says_how_one_is_signed_in(api, client, pilot, make_token):
    secret = make_token("read", "play")
    answer = api("get", "/api/account/", **bearer(secret)).json()
    assert answer == {"username": "pilot", "signed_in_with": "token", "scopes": ["read", "play"]}
    client.force_login(pilot)
    assert api("get", "/api/account/").json()["signed_in_with"] == "session"


def test_checking_tokens_never_hashes_a_password(api, pilot, make_token, hashes):
    """1,000 wrong tokens and a right one: not one password hash (a keyed hash and a lookup)."""
    secret = make_token("read")
    hashes.reset()
    for n in range(1000):
        assert api("get", "/api/cards/", **bearer(f"kcb_wrong{n:039d}")).status_code == 401
    assert api("get", "/api/decks/", **bearer(secret)).status_code == 200
    assert hashes.value == 0


def test_throttles_count_per_user_whichever_way_he_signs_in(
    api, client, pilot, make_token, settings
):
    settings.API_THROTTLE_RATES = {"user": "4/min"}
    secret = make_token("read")
    client.force_login(pilot)
    assert [api("get", "/api/decks/").status_code for _ in range(2)] == [200, 200]
    client.logout()
    answers = [api("get", "/api/decks/", **bearer(secret)).status_code for _ in range(3)]
    assert answers == [200, 200, 429]
