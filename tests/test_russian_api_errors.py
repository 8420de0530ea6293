"""Issue 18: every API error speaks the request's language. With ``Accept-Language: ru`` no
message holds English words of its own: what remains in Latin letters is what the client sent
back to it, a field or option name, a code, a format or agent name, or a file format's name."""

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from komandor.agents.registry import AGENTS, LEVELS
from matches.tournaments.formats import FORMATS
from tests.decks.factories import UserFactory
from tests.matches.decks import playable_deck
from tests.test_english_interface import _api_errors

pytestmark = pytest.mark.django_db
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z_]+")
NAMES = {
    *AGENTS,
    *LEVELS,  # the level names, spelt as the API takes them
    *FORMATS,
    "JSON",
    "API",
    "UUID",
    "csv",
    "json",
    "cards",  # the card figures' export kind
    "utf",
    "max_games",
    "agents",
    "common",
    "rare",
    "unique",
    "very_rare",
    "komandor",
    # the deck JSON's keys and the card list's fields, named where they are wrong or allowed
    "name",
    "setup_abilities",
    "id",
    "key",
    "name_ru",
    "name_en",
    "cost",
    "card_type",
    "rarity",
    "collector_number",
    # what tests/test_english_interface.py's requests send, quoted back by DRF without «»
    "chess",
}


def _more_errors(owner, stranger, settings) -> Iterator[tuple[str, Any, tuple[str, ...]]]:
    decks = [playable_deck(owner).pk, playable_deck(owner, "Торговцы").pk]
    mine = APIClient(HTTP_ACCEPT_LANGUAGE="ru")
    mine.force_authenticate(owner)
    anonymous = APIClient(HTTP_ACCEPT_LANGUAGE="ru")
    base = {"name": "x", "format": "round_robin", "games_per_pairing": 2, "decks": decks}

    def tournament(**fields):
        return mine.post("/api/tournaments/", {**base, **fields}, format="json")

    yield "one deck twice", tournament(decks=[decks[0], decks[0]]), ()
    yield "odd games", tournament(games_per_pairing=3), ()
    yield "unknown option", tournament(options={"x": 1}), ("x",)
    yield "swiss rounds", tournament(format="swiss", options={"rounds": 9}), ()
    yield "h2h options", tournament(format="head_to_head", options={"block": 10**12}), ()
    yield "h2h delta", tournament(format="head_to_head", options={"delta": 2}), ()
    yield "h2h three", tournament(format="head_to_head", decks=[*decks, decks[0]]), ()
    yield "agents", tournament(agents="x"), ()
    yield "one seat", mine.post("/api/matches/", {"decks": decks[:1]}, format="json"), ()
    yield (
        "not json",
        anonymous.post("/api/decks/validate/", "{", content_type="application/json"),
        (),
    )
    yield (
        "too deep",
        anonymous.post(
            "/api/decks/validate/", "[" * 40 + "]" * 40, content_type="application/json"
        ),
        (),
    )
    yield "no address", anonymous.get("/api/nothing/"), ()
    yield "no tournament", anonymous.get("/api/tournaments/999999/"), ()
    yield "no match", anonymous.get("/api/matches/999999/"), ()
    yield "export kind", mine.get("/api/tournaments/1/export/xml/"), ()
    # Tokens (issue 37): a wrong one, one outside its scopes, a password where none is taken.
    from accounts.tokens import token_create

    read_only = token_create(user=owner, name="x", scopes=["read"])[1]
    yield "wrong token", anonymous.get("/api/decks/", HTTP_AUTHORIZATION="Bearer kcb_x"), ()
    yield (
        "missing scope",
        anonymous.post("/api/decks/", {}, format="json", HTTP_AUTHORIZATION=f"Bearer {read_only}"),
        ("Authorization", "Bearer", "decks"),
    )
    yield (
        "token for tokens",
        anonymous.get("/api/account/tokens/", HTTP_AUTHORIZATION=f"Bearer {read_only}"),
        (),
    )
    yield (
        "basic refused",
        anonymous.get("/api/decks/", HTTP_AUTHORIZATION="Basic c3RyYW5nZXI6d3Jvbmc="),
        ("Authorization: Bearer", "/api/account/tokens/"),
    )
    yield (
        "collection line",
        mine.post("/api/collection/import/", {"text": "1 Нет такой"}, format="json"),
        (),
    )
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    yield (
        "body too large",
        anonymous.post("/api/decks/validate/", {"text": "x" * 200}, format="json"),
        (),
    )
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
    settings.TOURNAMENTS_RUNNING_PER_USER = 0
    yield "limit", tournament(), ()
    cache.clear()
    settings.API_THROTTLE_RATES = {"anon": "1/min"}
    anonymous.get("/api/cards/")
    yield "throttled", anonymous.get("/api/decks/public/"), ()
    settings.API_THROTTLE_RATES = {}
    settings.AXES_FAILURE_LIMIT = 1
    anonymous.get("/api/account/tokens/", HTTP_AUTHORIZATION="Basic c3RyYW5nZXI6d3Jvbmc=")
    yield (
        "locked out",
        anonymous.get("/api/account/tokens/", HTTP_AUTHORIZATION="Basic c3RyYW5nZXI6d3Jvbmc="),
        (),
    )


# Keys whose values are not words for the reader: codes, parameters, the client's own line.
NOT_WORDS = {
    "code",
    "params",
    "cards",
    "suggestions",
    "severity",
    "term",
    "position",
    "line",
    "scope",  # a token's missing scope: a code
}
QUOTED = re.compile(r"«[^»]*»|“[^”]*”|\"[^\"]*\"")


def _messages(value: Any, key: str = "") -> Iterator[str]:
    if isinstance(value, dict):
        for name, item in value.items():
            if name in NOT_WORDS or (name == "text" and isinstance(item, str)):
                continue
            yield from _messages(item, name)
    elif isinstance(value, list):
        for item in value:
            yield from _messages(item, key)
    elif isinstance(value, str):
        yield value


def _english_words(body: Any, sent: tuple[str, ...]) -> set[str]:
    fields = set(body.get("fields", {}))
    words = set()
    for text in _messages(body):
        for quoted in sent:
            text = text.replace(quoted, " ")
        text = QUOTED.sub(" ", text)  # what the client wrote, quoted back
        words |= {w for w in LATIN_WORD.findall(text) if w not in NAMES | fields}
    return words


def test_every_api_error_in_russian_has_no_english_words(settings):
    owner, stranger = UserFactory(username="owner"), UserFactory(username="stranger")
    deck = playable_deck(owner, "Станции")
    client = APIClient(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_authenticate(stranger)
    found, statuses = {}, {}
    errors = [*_api_errors(client, deck), *_more_errors(owner, stranger, settings)]
    for where, response, sent in errors:
        statuses[where] = response.status_code
        if words := _english_words(response.json(), sent):
            found[where] = words
    assert found == {}, found
    # A deck's problems and a collection's unread lines are the answer's content, not errors.
    assert {w: s for w, s in statuses.items() if not 400 <= s < 500} == {
        "problems": 200,
        "collection line": 200,
    }
    assert statuses["throttled"] == 429 and statuses["locked out"] == 429
    assert statuses["body too large"] == 413 and statuses["limit"] == 429
