"""Issue 12, schema conformance: what the Schemathesis run found, each kept fixed — JSON bodies
take the schema's types, page numbers are bounded, any address under /api/ is a JSON 404 for
every method, found entries carry their origin."""

import pytest
from rest_framework.test import APIClient

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
