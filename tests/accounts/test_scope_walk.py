"""Scopes hold for every write the API documents: the test walks the OpenAPI schema and sends
each write with a ``read`` token (refused, naming the scope it needs) and with a token of just
that scope (not refused for its scope). A new write endpoint without a scope fails here."""

import re

import pytest

from accounts.scopes import ACCOUNT, Scope
from tests.accounts.conftest import bearer

pytestmark = pytest.mark.django_db
WRITES = ("post", "put", "patch", "delete")
# Writes that save nothing: every token may send them.
READS_BY_POST = {"/api/decks/validate/"}


@pytest.fixture(scope="module")
def schema(django_db_setup, django_db_blocker):
    from django.test import Client

    with django_db_blocker.unblock():
        return Client().get("/api/schema/", {"format": "json"}).json()


def writes(schema):
    for path, item in schema["paths"].items():
        for method in WRITES:
            if method in item:
                yield method, path, re.sub(r"\{[^}]+\}", "1", path)


def send(client, method: str, url: str, secret: str):
    return getattr(client, method)(url, {}, content_type="application/json", **bearer(secret))


def test_the_schema_has_writes_of_every_scope(schema):
    paths = {path for _method, path, _url in writes(schema)}
    assert {"/api/decks/", "/api/ai-games/", "/api/tournaments/", "/api/account/tokens/"} <= paths


def test_a_read_token_is_refused_every_write_naming_the_scope(client, schema, make_token):
    secret = make_token(Scope.READ)
    needed = {}
    for method, path, url in writes(schema):
        answer = send(client, method, url, secret)
        if path in READS_BY_POST:
            assert answer.status_code != 403, (method, path)
            continue
        assert answer.status_code == 403, (method, path, answer.status_code)
        body = answer.json()
        assert body["code"] == "missing_scope", (method, path, body)
        assert body["scope"] in {*Scope.values, ACCOUNT}, (method, path, body)
        needed[(method, path)] = body["scope"]
    assert needed[("post", "/api/decks/")] == Scope.DECKS
    assert needed[("post", "/api/collection/import/")] == Scope.DECKS
    assert needed[("post", "/api/ai-games/")] == Scope.PLAY
    assert needed[("post", "/api/swap-tests/")] == Scope.TOURNAMENTS
    assert needed[("post", "/api/account/tokens/")] == ACCOUNT


def test_a_token_with_the_named_scope_passes_the_scope_check(client, schema, make_token):
    tokens = {scope: make_token(scope) for scope in Scope.values}
    for method, path, url in writes(schema):
        if path in READS_BY_POST:
            continue
        refused = send(client, method, url, tokens[Scope.READ]).json()
        if refused["scope"] == ACCOUNT:
            continue
        answer = send(client, method, url, tokens[refused["scope"]])
        code = answer.json().get("code") if answer.content else None
        assert code != "missing_scope", (method, path, answer.status_code)


def test_the_schema_documents_bearer_tokens_and_the_scope_refusal(schema):
    schemes = schema["components"]["securitySchemes"]
    assert schemes["tokenAuth"]["type"] == "http" and schemes["tokenAuth"]["scheme"] == "bearer"
    decks = schema["paths"]["/api/decks/"]["post"]
    assert {"tokenAuth": []} in decks["security"] and "403" in decks["responses"]
    tokens = schema["paths"]["/api/account/tokens/"]["post"]
    assert {"basicAuth": []} in tokens["security"]
    assert {"tokenAuth": []} not in tokens["security"]  # a token never makes tokens
    for path, item in schema["paths"].items():
        if not path.startswith("/api/account/tokens/"):
            for operation in item.values():
                assert {"basicAuth": []} not in operation.get("security", []), path
    assert "scope" in schema["components"]["schemas"]["ApiError"]["properties"]
    # Every scheme an operation names is defined.
    used = {name for item in schema["paths"].values() for operation in item.values()
            for requirement in operation.get("security", []) for name in requirement}  # fmt: skip
    assert used <= set(schemes), used - set(schemes)
