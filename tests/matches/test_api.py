"""Tournament and match API: create → 201, progress, standings, pairings, matches, logs,
exports, visibility, limits (429) and bad input (400 in the error envelope)."""

import csv
import io
import json

import pytest
from rest_framework.test import APIClient

from config.celery import app
from decks.models import Visibility
from komandor.agents.registry import AGENTS_VERSION
from komandor.rules.match import ENGINE_VERSION
from matches.models import Match, Tournament
from tests.matches.decks import four_decks, playable_deck


@pytest.fixture
def eager():
    """Tasks run in this process (eager mode proves nothing about delivery; the worker tests
    do): here only the API around them is tested."""
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def api(owner):
    client = APIClient()
    client.force_authenticate(owner)
    return client


def create(api, django_capture_on_commit_callbacks, **fields):
    body = {
        "name": "Кубок",
        "format": "round_robin",
        "games_per_pairing": 2,
        "agents": "random",
        "seed": 9,
        **fields,
    }
    with django_capture_on_commit_callbacks(execute=True):
        return api.post("/api/tournaments/", body, format="json")


def test_create_a_round_robin_and_read_its_results(
    api, owner, eager, django_capture_on_commit_callbacks
):
    decks = four_decks(owner)
    refs = [deck.pk for deck in decks[:3]] + [{"deck": decks[3].pk, "version": 1}]
    response = create(api, django_capture_on_commit_callbacks, decks=refs)
    assert response.status_code == 201, response.json()
    created = response.json()
    assert created["progress"]["total"] == 12
    detail = api.get(f"/api/tournaments/{created['id']}/").json()
    assert detail["status"] == "finished"
    assert detail["progress"] == {
        "done": 12,
        "total": 12,
        "percent": 100,
        "eta_seconds": None,
        "problem": None,
    }
    assert len(detail["standings"]) == 4
    assert {row["games"] for row in detail["standings"]} == {6}
    assert len(detail["pairings"]) == 6
    for pairing in detail["pairings"]:
        assert pairing["games"] == 2
        assert pairing["a_wins"] + pairing["b_wins"] + pairing["draws"] == 2
        low, high = pairing["ci95"]
        assert 0 <= low <= pairing["win_rate"] <= high <= 1
    matches = api.get(f"/api/tournaments/{created['id']}/matches/").json()
    assert matches["count"] == 12
    assert matches["results"][0]["engine_version"] == ENGINE_VERSION
    assert matches["results"][0]["agents_version"] == AGENTS_VERSION


def test_a_match_log_is_regenerated_and_an_old_engine_says_unavailable(
    api, owner, eager, django_capture_on_commit_callbacks
):
    decks = four_decks(owner)[:2]
    create(api, django_capture_on_commit_callbacks, decks=[d.pk for d in decks])
    match = Match.objects.order_by("id").first()
    summary = api.get(f"/api/matches/{match.pk}/").json()
    assert summary["winner_seat"] == match.winner_seat
    log = api.get(f"/api/matches/{match.pk}/log/")
    assert log.status_code == 200
    assert log["Content-Type"] == "application/x-ndjson"
    events = [json.loads(line) for line in log.content.decode().splitlines()]
    assert events[0]["type"] == "match" and events[0]["seed"] == match.seed
    assert events[-1]["type"] == "victory" and events[-1]["winner"] == match.winner_seat
    Match.objects.filter(pk=match.pk).update(engine_version="0.0.1")
    gone = api.get(f"/api/matches/{match.pk}/log/")
    assert gone.status_code == 410
    assert gone.json()["code"] == "replay_unavailable"


def test_csv_and_json_exports(api, owner, eager, django_capture_on_commit_callbacks):
    decks = four_decks(owner)[:3]
    tournament_id = create(
        api, django_capture_on_commit_callbacks, decks=[d.pk for d in decks]
    ).json()["id"]
    text = api.get(f"/api/tournaments/{tournament_id}/export/csv/").content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 3
    assert rows[0]["a_name"] == "Баланс v1" and rows[0]["games"] == "2"
    exported = api.get(f"/api/tournaments/{tournament_id}/export/json/").json()
    assert len(exported["pairings"]) == 3 and len(exported["standings"]) == 3
    assert api.get(f"/api/tournaments/{tournament_id}/export/xml/").status_code == 404


def test_a_single_match(api, owner):
    decks = four_decks(owner)[:2]
    response = api.post(
        "/api/matches/",
        {"decks": [d.pk for d in decks], "agents": ["heuristic", "random"], "seed": 2},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert [d["name"] for d in body["decks"]] == ["Баланс", "Торговцы"]
    assert body["agents"] == ["heuristic", "random"]


def test_visibility(api, owner, stranger, eager, django_capture_on_commit_callbacks):
    mine = playable_deck(owner, visibility=Visibility.PRIVATE)
    public = playable_deck(stranger, "Торговцы", visibility=Visibility.PUBLIC)
    private = playable_deck(stranger, "Станции", visibility=Visibility.PRIVATE)
    refused = create(api, django_capture_on_commit_callbacks, decks=[mine.pk, private.pk])
    assert refused.status_code == 400
    assert refused.json()["code"] == "invalid"
    assert "decks" in refused.json()["fields"]
    hidden = create(
        api, django_capture_on_commit_callbacks, decks=[mine.pk, public.pk], is_public=False
    ).json()["id"]
    shown = create(
        api, django_capture_on_commit_callbacks, decks=[mine.pk, public.pk], is_public=True
    ).json()["id"]
    anonymous = APIClient()
    assert anonymous.get(f"/api/tournaments/{shown}/").status_code == 200
    assert anonymous.get(f"/api/tournaments/{hidden}/").status_code == 404
    assert anonymous.post("/api/tournaments/", {}, format="json").status_code in {401, 403}
    match = Match.objects.filter(tournament_id=hidden).first()
    assert anonymous.get(f"/api/matches/{match.pk}/").status_code == 404
    other = APIClient()
    other.force_authenticate(stranger)
    assert other.post(f"/api/tournaments/{shown}/cancel/").status_code == 403


def test_limits_answer_429(api, owner, settings, django_capture_on_commit_callbacks):
    settings.TOURNAMENTS_RUNNING_PER_USER = 1
    decks = [d.pk for d in four_decks(owner)[:2]]
    Tournament.objects.all().delete()
    first = api.post(
        "/api/tournaments/",
        {"name": "a", "format": "round_robin", "games_per_pairing": 2, "decks": decks},
        format="json",
    )  # not dispatched (no commit here): it stays running
    assert first.status_code == 201
    second = api.post(
        "/api/tournaments/",
        {"name": "b", "format": "round_robin", "games_per_pairing": 2, "decks": decks},
        format="json",
    )
    assert second.status_code == 429
    assert second.json()["code"] == "too_many_tournaments"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"format": "ladder"}, "format"),
        ({"games_per_pairing": 3}, "games_per_pairing"),
        ({"agents": "genius"}, "agents"),
        ({"agents": ["random"]}, "agents"),
        ({"decks": [999999]}, "decks"),
        ({"decks": ["x", True]}, "decks"),
        ({"options": {"rounds": 9}}, "rounds"),
        ({"format": "head_to_head", "options": {"delta": "big"}}, "delta"),
        ({"seed": -1}, "seed"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(api, owner, change, field):
    decks = [d.pk for d in four_decks(owner)[:2]]
    body = {"name": "x", "format": "round_robin", "games_per_pairing": 2, "decks": decks, **change}
    response = api.post("/api/tournaments/", body, format="json")
    assert response.status_code == 400, response.json()
    assert field in response.json()["fields"]


def test_the_endpoints_are_in_the_openapi_schema(client, db):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()[
        "paths"
    ]
    assert "201" in paths["/api/tournaments/"]["post"]["responses"]
    assert "429" in paths["/api/tournaments/"]["post"]["responses"]
    for path in (
        "/api/tournaments/{tournament_id}/",
        "/api/tournaments/{tournament_id}/matches/",
        "/api/tournaments/{tournament_id}/export/{kind}/",
        "/api/matches/{match_id}/",
        "/api/matches/{match_id}/log/",
    ):
        assert "get" in paths[path], path
    assert "post" in paths["/api/matches/"]
