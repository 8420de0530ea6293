"""The games-against-the-AI API (``/api/ai-games/``; ``/api/games/`` is the catalogue's):
start, read, act; stale (409), illegal (400), another user's game (404), anonymous (401/403);
the opponent's hand and the decks' order never in an answer; the schema lists every
operation."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from decks.models import Visibility
from komandor.agents.registry import DEFAULT_LEVEL, LEVELS
from komandor.rules.match_state import decode_actions
from matches.models import HumanMatch, HumanMatchStatus
from matches.play import selectors as human_selectors
from matches.play import services as human_play
from matches.play.services import human_match_state
from tests.matches.decks import playable_deck

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    human_play.STATES.clear()
    yield
    human_play.STATES.clear()


@pytest.fixture
def api(owner):
    client = APIClient()
    client.force_authenticate(owner)
    return client


@pytest.fixture
def decks(owner):
    mine = playable_deck(owner, "Баланс", visibility=Visibility.PRIVATE)
    theirs = playable_deck(owner, "Торговцы")
    return mine, theirs


def start(api, decks, **fields):
    mine, theirs = decks
    body = {"deck": mine.pk, "opponent": {"deck": theirs.pk, "version": 1}, **fields}
    response = api.post("/api/ai-games/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def act(api, game, key=None, version=None):
    key = game["decision"]["options"][0]["key"] if key is None else key
    version = game["version"] if version is None else version
    return api.post(
        f"/api/ai-games/{game['id']}/actions/", {"key": key, "version": version}, format="json"
    )


def test_start_read_and_act(api, decks):
    game = start(api, decks)
    assert game["status"] == "in_progress" and game["seat"] == 0
    # The default level, stored as the agent it names now.
    assert game["agent"] == LEVELS[DEFAULT_LEVEL]
    assert [d["yours"] for d in game["decks"]] == [True, False]
    assert game["observation"]["player"] == 0
    assert game["decision"]["options"] and all(
        set(option) == {"key", "label"} for option in game["decision"]["options"]
    )
    assert game["result"] is None
    assert api.get(f"/api/ai-games/{game['id']}/").json()["version"] == game["version"]
    response = act(api, game)
    assert response.status_code == 200, response.json()
    after = response.json()
    assert after["version"] > game["version"]
    listed = api.get("/api/ai-games/").json()
    assert [g["id"] for g in listed["results"]] == [game["id"]]
    assert "observation" not in listed["results"][0]


def test_a_stale_version_is_409_and_a_double_post_applies_once(api, decks):
    game = start(api, decks)
    first = act(api, game)
    assert first.status_code == 200
    second = act(api, game)  # the same click again, on the old version
    assert second.status_code == 409
    assert second.json()["code"] == "stale_version"
    row = HumanMatch.objects.get()
    assert row.version == first.json()["version"]
    assert len(decode_actions(bytes(row.actions))) == row.version


def test_an_illegal_key_is_400_and_nothing_applied(api, decks):
    game = start(api, decks)
    response = act(api, game, key="p9.99:nothing")
    assert response.status_code == 400
    assert response.json()["code"] == "illegal_action"
    assert HumanMatch.objects.get().version == game["version"]


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"key": "x"},
        {"key": 5, "version": 0},
        {"key": "x", "version": "0"},
        {"key": "x", "version": -1},
        {"key": "x", "version": 2**40},
        {"key": "x" * 600, "version": 0},
    ],
)
def test_a_bad_action_body_is_400_in_the_envelope(api, decks, body):
    game = start(api, decks)
    response = api.post(f"/api/ai-games/{game['id']}/actions/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


@pytest.mark.parametrize(
    "fields",
    [
        {"agent": "oracle"},
        {"seat": 2},
        {"seed": -1},
        {"deck": "abc"},
        {"opponent": {"deck": 1}},
    ],
)
def test_bad_start_input_is_400(api, decks, fields):
    mine, theirs = decks
    body = {"deck": mine.pk, "opponent": theirs.pk, **fields}
    response = api.post("/api/ai-games/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert not HumanMatch.objects.exists()


def test_another_players_private_deck_cannot_be_played(decks, stranger):
    other = APIClient()
    other.force_authenticate(stranger)
    mine, theirs = decks
    response = other.post("/api/ai-games/", {"deck": theirs.pk, "opponent": mine.pk}, format="json")
    assert response.status_code == 400
    assert set(response.json()["fields"]) == {"opponent"}
    allowed = other.post(
        "/api/ai-games/", {"deck": theirs.pk, "opponent": theirs.pk}, format="json"
    )
    assert allowed.status_code == 201  # a public deck: anyone may play it


def test_another_users_game_is_404_and_anonymous_is_refused(api, decks, stranger):
    game = start(api, decks)
    other = APIClient()
    other.force_authenticate(stranger)
    assert other.get(f"/api/ai-games/{game['id']}/").status_code == 404
    response = act(other, game)
    assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert other.get("/api/ai-games/").json()["results"] == []
    assert api.get(f"/api/ai-games/{game['id'] + 1000}/").status_code == 404
    anonymous = APIClient()
    for response in (
        anonymous.get("/api/ai-games/"),
        anonymous.get(f"/api/ai-games/{game['id']}/"),
        act(anonymous, game),
        anonymous.post("/api/ai-games/", {}, format="json"),
    ):
        assert response.status_code in {401, 403}
        assert response.json()["code"] in {"not_authenticated", "authentication_failed"}
    assert HumanMatch.objects.get().version == game["version"]


def secrets_of(match) -> tuple[list[str], list[str]]:
    """The uids the person may not see: the opponent's hand and deck; and his own deck's
    (uids are given in list order before the shuffle, so one names a card, not a place; his
    own may be offered when he searches his deck, as the setup's ability pick)."""
    state = human_match_state(match).state
    opponent = state.players[match.ai_seat]
    return [*opponent.hand, *opponent.deck], list(state.players[match.human_seat].deck)


def test_hidden_cards_are_never_in_an_answer(api, decks, monkeypatch):
    # Every card named by its uid: a hidden card named in the decision or the events shows.
    monkeypatch.setattr(
        human_selectors, "card_names", lambda state: {uid: f"[{uid}]" for uid in state.state.cards}
    )
    game = start(api, decks)
    checked = told = 0
    for _ in range(80):
        match = HumanMatch.objects.get(pk=game["id"])
        if match.status == HumanMatchStatus.FINISHED:
            break
        theirs, my_deck = secrets_of(match)
        assert theirs and my_deck
        for answer in (game, api.get(f"/api/ai-games/{game['id']}/").json()):
            text = json.dumps(answer, ensure_ascii=False)
            assert [uid for uid in theirs if uid in text] == []
            observation = json.dumps(answer["observation"], ensure_ascii=False)
            assert [uid for uid in my_deck if uid in observation] == []
            offered = {option["key"] for option in answer["decision"]["options"]}
            rest = json.dumps({**answer, "decision": None}, ensure_ascii=False)
            assert [uid for uid in my_deck if uid in rest] == []
            assert {uid for uid in my_deck if uid in text} <= offered
        checked += 1
        told += len(game["events"])
        response = act(api, game)
        assert response.status_code == 200
        game = response.json()
    assert checked >= 10 and told > checked  # the events were told, and checked


def test_the_schema_lists_the_games_operations(api):
    schema = api.get("/api/schema/?format=json").json()
    paths = schema["paths"]
    assert set(paths["/api/ai-games/"]) >= {"get", "post"}
    assert "get" in paths["/api/ai-games/{game_id}/"]
    post = paths["/api/ai-games/{game_id}/actions/"]["post"]
    assert {"200", "400", "404", "409", "410"} <= set(post["responses"])


def test_starting_and_acting_are_throttled(api, decks, settings):
    cache.clear()  # throttle history lives in the cache
    settings.API_THROTTLE_RATES = {"match_create": "1/min", "game_action": "2/min"}
    game = start(api, decks)
    mine, theirs = decks
    again = api.post("/api/ai-games/", {"deck": mine.pk, "opponent": theirs.pk}, format="json")
    assert again.status_code == 429 and again.json()["code"] == "throttled"
    assert api.get("/api/ai-games/").status_code == 200  # listing is not a costly call
    first = act(api, game)
    assert first.status_code == 200
    assert act(api, first.json()).status_code == 200
    refused = act(api, first.json())
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"


def test_a_game_played_to_the_end_shows_its_result(api, decks):
    game = start(api, decks)
    for _ in range(3000):
        if game["status"] == "finished":
            break
        response = act(api, game)
        assert response.status_code == 200
        game = response.json()
    assert game["status"] == "finished" and game["decision"] is None
    assert game["result"]["outcome"] in {"win", "loss", "draw"}
    assert game["result"]["termination"]
    row = HumanMatch.objects.get()
    assert game["result"]["winner"] == row.winner and game["version"] == row.version
    over = act(api, game, key="anything")
    assert over.status_code == 400 and over.json()["code"] == "illegal_action"
    listed = api.get("/api/ai-games/").json()["results"][0]
    assert listed["status"] == "finished" and listed["result"] == game["result"]


@pytest.mark.parametrize("version", ["0.0.1", "0.6.0", "0.5.0"])
def test_a_game_of_another_engine_version_is_410(api, decks, version):
    """Games begun on 0.6.0 or 0.5.0 too: 0.7.0 fixed rules, so their moves no longer replay."""
    game = start(api, decks)
    HumanMatch.objects.filter(pk=game["id"]).update(engine_version=version)
    human_play.STATES.clear()  # as after the upgrade's restart
    shown = api.get(f"/api/ai-games/{game['id']}/")
    assert shown.status_code == 410 and shown.json()["code"] == "game_unavailable"
    assert version in shown.json()["message"]
    moved = act(api, game)
    assert moved.status_code == 410
    assert HumanMatch.objects.get().version == game["version"]
    assert api.get("/api/ai-games/").status_code == 200  # the list needs no replay


def test_stored_actions_these_rules_refuse_are_410(api, decks):
    game = start(api, decks)
    HumanMatch.objects.filter(pk=game["id"]).update(actions=bytes([127] * 5), version=5)
    human_play.STATES.clear()
    shown = api.get(f"/api/ai-games/{game['id']}/")
    assert shown.status_code == 410 and shown.json()["code"] == "game_unavailable"


# --- issue 36: the server draws the seed --------------------------------------------------


@pytest.mark.parametrize("seed", [77, 0, None, "77"])
def test_a_seed_in_the_request_is_refused(api, decks, seed):
    mine, theirs = decks
    body = {"deck": mine.pk, "opponent": theirs.pk, "seed": seed}
    response = api.post("/api/ai-games/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid" and "seed" in response.json()["fields"]
    assert not HumanMatch.objects.exists()


def test_the_seed_is_drawn_by_the_server_and_shown_only_after_the_game(api, decks):
    games = [start(api, decks) for _ in range(2)]
    seeds = [HumanMatch.objects.get(pk=game["id"]).seed for game in games]
    assert seeds[0] != seeds[1]  # two draws of 2**31 (equal once in two billion)
    assert all(game["seed"] is None for game in games)
    assert api.get(f"/api/ai-games/{games[0]['id']}/").json()["seed"] is None
    assert all(g["seed"] is None for g in api.get("/api/ai-games/").json()["results"])
    HumanMatch.objects.filter(pk=games[0]["id"]).update(status=HumanMatchStatus.FINISHED)
    assert api.get(f"/api/ai-games/{games[0]['id']}/").json()["seed"] == seeds[0]
