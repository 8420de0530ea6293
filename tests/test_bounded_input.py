"""Issue 12, hostile input: every over-limit request is a clear 4xx in the API's envelope,
refused before any costly work (the cases found against main, one test each)."""

import json

import pytest
from rest_framework.test import APIClient

from cardbase.search.query import (
    MAX_DEPTH,
    MAX_NUMBER_DIGITS,
    MAX_QUERY_LENGTH,
    MAX_TERMS,
    QuerySyntaxError,
    parse_query,
)
from config.bounded_json import MAX_JSON_DEPTH, JsonTooDeep, json_depth_exceeds, loads_bounded
from decks.selectors import PUBLIC_SEARCH_MAX_WORDS
from tests.decks.factories import UserFactory

QUERY_ENDPOINTS = ["/api/cards/", "/api/search/", "/api/decks/catalogue/"]


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# ---- the search language ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (" ".join(f"w{n}" for n in range(10_000)), "query_too_long"),
        ("a " * (MAX_TERMS + 1), "too_many_terms"),
        ("-" * 64 + "x", "too_deep"),
        ("(" * 320 + "x" + ")" * 320, "too_deep"),
        ("speed>=" + "9" * 4301, "query_too_long"),
        ("speed>=" + "9" * 40, "number_too_long"),
        ("x" * (MAX_QUERY_LENGTH + 1), "query_too_long"),
    ],
    ids=[
        "10000-terms",
        "31-terms",
        "64-minuses",
        "320-parentheses",
        "4301-digits",
        "40-digits",
        "long",
    ],
)
def test_the_parser_refuses_what_was_found_with_a_code(text, code):
    with pytest.raises(QuerySyntaxError) as caught:
        parse_query(text)
    assert caught.value.code == code
    assert str(caught.value)  # the message reads in the active language


def test_the_limits_themselves_still_parse():
    parse_query(" ".join(f"w{n}" for n in range(MAX_TERMS)))
    parse_query("-" * MAX_DEPTH + "x")
    parse_query("(" * MAX_DEPTH + "x" + ")" * MAX_DEPTH)
    parse_query("(-(-x))")
    parse_query("speed>=" + "9" * MAX_NUMBER_DIGITS)


def test_one_past_each_limit_is_refused():
    for text in (
        " ".join(f"w{n}" for n in range(MAX_TERMS + 1)),
        "-" * (MAX_DEPTH + 1) + "x",
        "(" * (MAX_DEPTH + 1) + "x" + ")" * (MAX_DEPTH + 1),
        "speed>=" + "9" * (MAX_NUMBER_DIGITS + 1),
    ):
        with pytest.raises(QuerySyntaxError):
            parse_query(text)


def test_sibling_groups_are_not_nesting():
    parse_query(" ".join(["(a OR b)"] * 10))


@pytest.mark.django_db
@pytest.mark.parametrize("endpoint", QUERY_ENDPOINTS)
@pytest.mark.parametrize(
    "text",
    [
        " ".join(f"w{n}" for n in range(10_000)),
        "-" * 64 + "x",
        "(" * 320 + "x" + ")" * 320,
        "speed>=" + "9" * 4301,
    ],
    ids=["10000-terms", "64-minuses", "320-parentheses", "4301-digits"],
)
def test_every_query_endpoint_answers_a_400_in_the_envelope(client, endpoint, text, settings):
    # The search language's own bounds, behind the query-string bound (a 414 at 2,048 bytes,
    # tests/test_query_too_long.py), which a deployment may raise.
    settings.API_MAX_QUERY_BYTES = 1_000_000
    response = client.get(endpoint, {"q": text})
    assert response.status_code == 400, response.content[:300]
    body = response.json()
    # The language's own refusal, or a form's length bound on the parameter before it.
    assert body["code"] in {"query_syntax", "invalid"}
    assert body["message"]


@pytest.mark.django_db
def test_the_card_search_page_shows_the_limit_as_a_field_error(client):
    response = client.get("/search/", {"q": "-" * 64 + "x"})
    assert response.status_code in {200, 400}
    assert "глубже" in response.content.decode()  # "nested more than 8 deep", in Russian


# ---- public deck search -----------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("words", [PUBLIC_SEARCH_MAX_WORDS + 1, 60, 1000])
def test_public_deck_search_with_too_many_words_is_a_400_naming_q(client, words, settings):
    settings.API_MAX_QUERY_BYTES = 1_000_000  # the words' bound, not the query string's
    response = client.get("/api/decks/public/", {"q": " ".join(f"w{n}" for n in range(words))})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert "q" in response.json()["fields"]


@pytest.mark.django_db
def test_public_deck_search_within_the_limit_works(client):
    words = " ".join(f"w{n}" for n in range(PUBLIC_SEARCH_MAX_WORDS))
    response = client.get("/api/decks/public/", {"q": words})
    assert response.status_code == 200


@pytest.mark.django_db
def test_public_deck_page_shows_too_many_words_as_a_field_error(client):
    words = " ".join(f"w{n}" for n in range(PUBLIC_SEARCH_MAX_WORDS + 1))
    response = client.get("/decks/public/", {"q": words})
    assert response.status_code == 400
    assert str(PUBLIC_SEARCH_MAX_WORDS) in response.content.decode()
    assert response.context["form"].errors["q"]


# ---- JSON bodies ------------------------------------------------------------------------


def test_depth_check_is_iterative_and_exact():
    assert not json_depth_exceeds(json.loads(nested(MAX_JSON_DEPTH)))
    assert json_depth_exceeds(json.loads(nested(MAX_JSON_DEPTH + 1)))
    assert not json_depth_exceeds({"a": [{"b": 1}], "c": "[[[["})
    with pytest.raises(JsonTooDeep):
        loads_bounded(nested(100_000))  # json itself would raise RecursionError


@pytest.mark.django_db
def test_a_deeply_nested_body_to_validate_is_a_400_for_anyone(client):
    response = client.post("/api/decks/validate/", nested(1000), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "json_too_deep"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("post", "/api/decks/"),
        ("post", "/api/decks/import/"),
        ("post", "/api/tournaments/"),
        ("post", "/api/matches/"),
    ],
)
def test_every_json_endpoint_refuses_deep_nesting(method, url):
    client = APIClient()
    client.force_authenticate(UserFactory())
    body = '{"name": "x", "deck": ' + nested(1000) + "}"
    response = getattr(client, method)(url, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "json_too_deep"


@pytest.mark.django_db
def test_a_body_over_the_limit_is_a_413_in_the_envelope(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = json.dumps({"text": "x" * 2000})
    response = client.post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["code"] == "body_too_large"


@pytest.mark.django_db
def test_a_form_body_over_the_limit_is_a_413_too(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    client = APIClient()
    client.force_authenticate(UserFactory())
    response = client.post("/api/decks/", {"name": "x" * 2000})
    assert response.status_code == 413
    assert response.json()["code"] == "body_too_large"


@pytest.mark.django_db
def test_a_body_without_a_length_is_bounded_by_the_parser(rf, settings):
    from config.parsers import BoundedJSONParser
    from config.request_limits import BodyTooLarge

    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10
    import io

    with pytest.raises(BodyTooLarge):
        BoundedJSONParser().parse(io.BytesIO(b'{"text": "long enough"}'), None, {})


@pytest.mark.django_db
@pytest.mark.parametrize(
    "form",
    [
        {"name": "Флот", "entries": '[{"card": 1, "count": 4}]'},
        {"name": "Флот", "entries[0][card]": "1", "entries[0][count]": "4"},
        {"name": "Флот", "setup_abilities[0]card": "1"},
    ],
)
def test_form_encoded_lists_of_cards_are_a_400_not_silently_dropped(form):
    client = APIClient()
    client.force_authenticate(UserFactory())
    response = client.post("/api/decks/", form)  # multipart, like a browser form
    assert response.status_code == 400
    assert set(response.json()["fields"]) & {"entries", "setup_abilities"}
    encoded = client.post(
        "/api/decks/",
        "&".join(f"{k}={v}" for k, v in form.items()),
        content_type="application/x-www-form-urlencoded",
    )
    assert encoded.status_code == 400


@pytest.mark.django_db
def test_form_encoded_scalars_still_create_a_deck():
    client = APIClient()
    client.force_authenticate(UserFactory())
    assert client.post("/api/decks/", {"name": "Пустая"}).status_code == 201


# ---- addresses --------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url", ["/api/decks/abc/", "/api/decks/1x/stats/", "/api/nothing-here/", "/api/decks/abc"]
)
def test_an_address_no_api_view_takes_is_a_json_404(client, url):
    response = client.get(url, follow=True)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["code"] == "not_found"
