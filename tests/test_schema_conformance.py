"""Issue 12, schema conformance: what the Schemathesis run found, each kept fixed — JSON bodies
take the schema's types, page numbers are bounded, any address under /api/ is a JSON 404 for
every method, found entries carry their origin; query parameters take what the schema says
(games by slug, closed lists, orderings, stat values of up to nine digits, no NUL character,
an empty value as no filter) and deck refs stay within row ids."""

import re
import tomllib
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from cardbase.models import Game
from config.openapi import NO_NUL
from tests.decks.factories import UserFactory


@pytest.fixture
def api(db):
    client = APIClient()
    client.force_authenticate(UserFactory())
    return client


@pytest.mark.parametrize(
    "body",
    [
        {"name": "Флот", "description": 0},
        {"name": 5},
        {"name": "Флот", "entries": [{"card": "1", "count": 1}]},
        {"name": "Флот", "entries": [{"card": 1, "count": 1.5}]},
        {"name": "   "},
    ],
)
def test_a_json_body_of_the_wrong_type_is_a_400(api, body):
    response = api.post("/api/decks/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_a_tournament_flag_must_be_a_json_boolean(api):
    response = api.post(
        "/api/tournaments/",
        {
            "name": "Кубок",
            "format": "round_robin",
            "decks": [1, 2],
            "games_per_pairing": 2,
            "is_public": "yes",
        },
        format="json",
    )
    assert response.status_code == 400
    assert "is_public" in response.json()["fields"]


def test_a_form_still_sends_text(api):
    assert api.post("/api/decks/", {"name": "Пустая"}).status_code == 201


@pytest.mark.parametrize("url", ["/api/decks/public/?page=0", "/api/tournaments/?page=x"])
def test_a_page_number_that_is_not_positive_is_a_400(api, url):
    response = api.get(url)
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["page"]


def test_a_page_past_the_last_is_a_404_and_documented(api):
    assert api.get("/api/decks/public/?page=99").status_code == 404
    schema = api.get("/api/schema/?format=json").json()
    assert "404" in schema["paths"]["/api/decks/public/"]["get"]["responses"]


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
@pytest.mark.parametrize("url", ["/api/decks/null,null/", "/api/decks/a%0Ab/clone/"])
def test_any_unknown_api_address_is_a_json_404_for_every_method(method, url):
    client = APIClient(enforce_csrf_checks=True)
    response = getattr(client, method)(url)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "not_found"


def test_the_schema_documents_json_bodies_and_non_blank_names(api):
    schema = api.get("/api/schema/?format=json").json()
    body = schema["paths"]["/api/decks/"]["post"]["requestBody"]["content"]
    assert list(body) == ["application/json"]
    name = schema["components"]["schemas"]["DeckWriteRequest"]["properties"]["name"]
    assert (name["minLength"], name["maxLength"], name["pattern"]) == (1, 200, r"\S")


def test_a_nul_character_in_the_search_game_is_a_400(api):
    response = api.get("/api/search/?q=a&game=x%00")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["game"]


@pytest.mark.parametrize("value", ["1000000000", "-1000000000", "154201805227271356416"])
def test_a_stat_filter_longer_than_the_search_language_reads_is_a_400(api, value):
    response = api.get(f"/api/cards/?strength_max={value}")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["strength_max"]


def test_a_stat_filter_of_nine_digits_is_read(api):
    assert api.get("/api/cards/?strength_max=999999999").status_code == 200


@pytest.mark.parametrize("ref", [2**63, {"deck": 1, "version": 2**63}])
def test_a_deck_ref_beyond_any_row_id_is_a_400(api, ref):
    body = {"name": "Кубок", "format": "round_robin", "decks": [1, ref], "games_per_pairing": 2}
    response = api.post("/api/tournaments/", body, format="json")
    assert response.status_code == 400
    assert "decks" in response.json()["fields"]


def test_tournaments_order_only_by_their_named_fields(api):
    assert api.get("/api/tournaments/?ordering=-created_at,name").status_code == 200
    response = api.get("/api/tournaments/?ordering=owner")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["ordering"]


def _parameters(schema, path):
    operation = schema["paths"][path]["get"]
    return {parameter["name"]: parameter for parameter in operation["parameters"]}


def test_the_schema_states_what_query_parameters_accept(api):
    Game.objects.create(slug="komandor", name_ru="Путь Командора", sort_order=1)
    schema = api.get("/api/schema/?format=json").json()
    cards = _parameters(schema, "/api/cards/")
    assert cards["game"]["schema"] == {"type": "string", "enum": ["komandor"]}
    assert cards["game"]["allowEmptyValue"] is True
    assert cards["key"]["schema"]["pattern"] == NO_NUL
    assert "plasma" in cards["weapon"]["schema"]["enum"]
    assert cards["strength_max"]["schema"]["maximum"] == 999_999_999
    ordering = cards["ordering"]
    assert (ordering["style"], ordering["explode"]) == ("form", False)
    assert {"cost", "-cost"} <= set(ordering["schema"]["items"]["enum"])
    assert cards["page"]["allowEmptyValue"] is True
    search = _parameters(schema, "/api/search/")
    assert search["game"]["schema"]["enum"] == ["komandor"]
    assert "\\x00" in search["q"]["schema"]["pattern"]
    assert "\\x00" in _parameters(schema, "/api/decks/public/")["q"]["schema"]["pattern"]


@pytest.mark.parametrize(
    "url",
    [
        "/api/cards/?weapon=",
        "/api/cards/?game=&page=&page_size=&ordering=",
        "/api/components/?kind=",
        "/api/search/?q=a&game=",
    ],
)
def test_an_empty_filter_filters_nothing_as_the_schema_says(api, url):
    assert api.get(url).status_code == 200


def _configured_operations() -> list[dict]:
    path = Path(__file__).resolve().parents[1] / "scripts" / "schemathesis.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))["operations"]


def test_each_schemathesis_exclusion_names_operations_that_exist(api):
    # One entry's include-* keys are joined with OR by Schemathesis: only exact names (or a
    # name pattern) keep an exclusion as narrow as written.
    Game.objects.create(slug="komandor", name_ru="Путь Командора", sort_order=1)
    schema = api.get("/api/schema/?format=json").json()
    operations = {
        f"{method.upper()} {path}" for path, item in schema["paths"].items() for method in item
    }
    for entry in _configured_operations():
        assert set(entry) - {"include-name", "include-name-regex"} <= {"checks", "phases"}
        names = entry.get("include-name", [])
        names = [names] if isinstance(names, str) else names
        assert set(names) <= operations
        if "include-name-regex" in entry:
            pattern = entry["include-name-regex"]
            matched = [name for name in operations if re.search(pattern, name)]
            assert len(matched) == pattern.count("|") + 1  # each alternative, one operation


def test_the_stateless_deck_check_is_excluded_from_valid_input_accepted(api):
    # Issue 36: any other seed than the deterministic one sent a made-up card id to
    # POST /api/decks/validate/, answered with its documented 400 naming `cards`, which
    # "valid input accepted" took for a refusal of valid input.
    response = api.post(
        "/api/decks/validate/", {"entries": [{"card": 999_999, "count": 1}]}, format="json"
    )
    assert response.status_code == 400
    assert "cards" in response.json()["fields"]
    schema = api.get("/api/schema/?format=json").json()
    assert "400" in schema["paths"]["/api/decks/validate/"]["post"]["responses"]
    excluded = {
        name
        for entry in _configured_operations()
        if entry.get("checks", {}).get("positive_data_acceptance", {}).get("enabled") is False
        for name in (
            [entry["include-name"]]
            if isinstance(entry.get("include-name"), str)
            else entry.get("include-name", [])
        )
    }
    assert "POST /api/decks/validate/" in excluded
    # And the public deck search, whose `q` is at most 8 words (a 400 naming `q` past them).
    many = api.get("/api/decks/public/", {"q": " ".join(f"w{n}" for n in range(9))})
    assert many.status_code == 400 and "q" in many.json()["fields"]
    assert "GET /api/decks/public/" in excluded
