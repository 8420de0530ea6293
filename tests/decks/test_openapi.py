"""The OpenAPI schema: built for the whole project with no drf-spectacular warning, the decks
API documented with its request and response bodies, and the documented shapes of the answers
built as plain dicts matching what the endpoints really send."""

import pytest
import yaml
from django.core.management import call_command
from drf_spectacular.drainage import GENERATOR_STATS
from rest_framework.test import APIClient

from decks import services
from tests.decks.factories import komandor_card


@pytest.fixture(scope="module")
def schema(tmp_path_factory) -> dict:
    """``manage.py spectacular --validate --fail-on-warn``: raises on any warning or error."""
    target = tmp_path_factory.mktemp("openapi") / "schema.yml"
    # The counters are process-wide; start from none so only this run is judged.
    GENERATOR_STATS.reset()
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(target))
    return yaml.safe_load(target.read_text(encoding="utf-8"))


def _ref(schema: dict, body: dict) -> dict:
    """The component a request or response body points at (through one array, if any)."""
    node = body["content"]["application/json"]["schema"]
    node = node.get("items", node)
    return schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]


def _properties(schema: dict, component: str) -> set[str]:
    return set(schema["components"]["schemas"][component]["properties"])


def test_the_whole_schema_builds_and_validates_with_no_warning(schema):
    assert schema["openapi"].startswith("3.")
    assert not GENERATOR_STATS
    operation_ids = [
        operation["operationId"]
        for path in schema["paths"].values()
        for method, operation in path.items()
        if method != "parameters"
    ]
    assert len(operation_ids) == len(set(operation_ids))


# (path, method, success status, request component or None) for the documented deck endpoints.
DECK_OPERATIONS = [
    ("/api/decks/validate/", "post", "200", "DeckValidateRequest"),
    ("/api/decks/import/", "post", "201", "DeckImportRequest"),
    ("/api/decks/", "get", "200", None),
    ("/api/decks/", "post", "201", "DeckWriteRequest"),
    ("/api/decks/{deck_id}/", "get", "200", None),
    ("/api/decks/{deck_id}/", "put", "200", "DeckWriteRequest"),
    ("/api/decks/{deck_id}/", "patch", "200", "PatchedDeckWriteRequest"),
    ("/api/decks/{deck_id}/stats/", "get", "200", None),
    ("/api/decks/{deck_id}/versions/", "get", "200", None),
    ("/api/decks/{deck_id}/versions/{number}/", "get", "200", None),
    ("/api/decks/{deck_id}/export/json/", "get", "200", None),
    ("/api/decks/{deck_id}/clone/", "post", "201", None),
    ("/api/decks/shared/{token}/", "get", "200", None),
    ("/api/decks/catalogue/", "get", "200", None),
    ("/api/decks/public/", "get", "200", None),
]


@pytest.mark.parametrize(("path", "method", "status", "request_component"), DECK_OPERATIONS)
def test_deck_endpoints_document_their_bodies(schema, path, method, status, request_component):
    operation = schema["paths"][path][method]
    assert operation["summary"]
    if request_component is None:
        assert "requestBody" not in operation
    else:
        assert (
            _ref(schema, operation["requestBody"])
            is (schema["components"]["schemas"][request_component])
        )
    assert _ref(schema, operation["responses"][status])["properties"]


def test_request_bodies_name_their_fields(schema):
    assert {"text", "commander", "entries", "setup_abilities"} <= _properties(
        schema, "DeckValidateRequest"
    )
    assert {"name", "text", "deck", "visibility"} <= _properties(schema, "DeckImportRequest")
    assert {"card", "count", "own_name"} == _properties(schema, "EntryInRequest")


def test_export_text_is_documented_as_plain_text(schema):
    responses = schema["paths"]["/api/decks/{deck_id}/export/text/"]["get"]["responses"]
    assert responses["200"]["content"]["text/plain"]["schema"]["type"] == "string"


def test_bad_deck_text_is_documented_with_its_lines(schema):
    for path in ("/api/decks/validate/", "/api/decks/import/"):
        bad = schema["paths"][path]["post"]["responses"]["400"]["content"]["application/json"]
        assert bad["schema"]["$ref"].endswith("/DeckBadInput")
    variants = schema["components"]["schemas"]["DeckBadInput"]["oneOf"]
    assert {v["$ref"].rsplit("/", 1)[1] for v in variants} == {"DeckApiError", "DeckTextErrors"}


@pytest.mark.django_db
def test_real_answers_have_exactly_the_documented_fields(schema, owner, legal_content):
    """The report, statistics, export and catalogue answers are dicts built by hand: they must
    not drift from the schema."""
    deck = services.deck_create(owner=owner, name="Флот", content=legal_content)
    api = APIClient()
    api.force_authenticate(owner)
    entries = [{"card": e.card_id, "count": e.count} for e in legal_content.entries[:9]]
    report = api.post("/api/decks/validate/", {"entries": entries}, format="json").data
    assert set(report) == _properties(schema, "DeckValidationReport")
    assert set(report["errors"][0]) == _properties(schema, "DeckProblem")
    assert set(report["stats"]) == _properties(schema, "DeckStats")
    assert set(report["stats"]["cost_curve"][0]) == _properties(schema, "DeckCostPoint")
    assert set(report["stats"]["setup_odds"]["ship"][0]) == _properties(schema, "DeckOdds")
    stats = api.get(f"/api/decks/{deck.id}/stats/").data
    assert set(stats) == _properties(schema, "DeckStats")
    exported = api.get(f"/api/decks/{deck.id}/export/json/").data
    assert set(exported) == _properties(schema, "DeckExport")
    assert set(exported["cards"][0]) == _properties(schema, "DeckFileEntry")
    catalogue = api.get("/api/decks/catalogue/").data
    assert set(catalogue) == _properties(schema, "CataloguePage")
    card = catalogue["results"][0]
    assert set(card) == _properties(schema, "CatalogueCard")


@pytest.mark.django_db
def test_a_problem_names_its_card_as_documented(schema):
    ship = komandor_card("ship")
    answer = APIClient().post(
        "/api/decks/validate/", {"commander": ship.id, "entries": []}, format="json"
    )
    problem = answer.data["errors"][0]
    assert problem["code"] == "commander_not_commander"
    assert set(problem["cards"][0]) == _properties(schema, "DeckCardRef")


@pytest.mark.django_db
def test_unreadable_text_answers_as_documented(schema):
    answer = APIClient().post("/api/decks/validate/", {"text": "1 Нет такой"}, format="json")
    assert answer.status_code == 400
    assert set(answer.data) <= _properties(schema, "DeckTextErrors")
    assert set(answer.data["lines"][0]) == _properties(schema, "DeckLineError")
