"""The deck lab's API: a swap test and a field test started over HTTP, their answers and their
bad input (400 naming the field, 401 without a user)."""

import pytest
from rest_framework.test import APIClient

from cardbase.models import Card
from config.celery import app
from decks.models import Deck
from komandor.agents.registry import DEFAULT_LEVEL, LEVELS
from matches.models import Tournament
from tests.matches.decks import four_decks


@pytest.fixture
def api(owner):
    client = APIClient()
    client.force_authenticate(owner)
    return client


@pytest.fixture
def played(api, django_capture_on_commit_callbacks):
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True

    def post(url, body):
        with django_capture_on_commit_callbacks(execute=True):
            return api.post(url, body, format="json")

    yield post
    app.conf.task_always_eager = previous


def test_a_swap_test_over_the_api(owner, api, played):
    decks = four_decks(owner)
    body = {
        "deck": decks[0].pk,
        "remove": Card.objects.get(name_ru="Тестовый бомбардировщик").pk,
        "add": Card.objects.get(name_ru="Тестовая станция").pk,
        "field": ["mine"],
        "agents": "random",
        "options": {"max_games": 24, "block": 1, "delta": 0.3},
    }
    response = played("/api/swap-tests/", body)
    assert response.status_code == 201, response.json()
    assert response.json()["swap"]["verdict"] == "swap_undecided"  # answered before it played
    answer = api.get(f"/api/tournaments/{response.json()['id']}/").json()
    assert answer["format"] == "swap" and answer["status"] == "finished"
    assert answer["swap"]["games"] == answer["progress"]["done"] == 24
    assert answer["swap"]["verdict"].startswith("swap_")
    assert answer["standings"][0]["rank"] == 1


@pytest.mark.django_db
def test_swap_test_bad_input_names_the_field(owner, api):
    decks = four_decks(owner)
    bomber = Card.objects.get(name_ru="Тестовый бомбардировщик").pk
    base = {"deck": decks[0].pk, "remove": bomber, "add": bomber, "field": ["mine"]}
    answer = api.post("/api/swap-tests/", base, format="json")
    assert answer.status_code == 400 and "add" in answer.json()["fields"]
    answer = api.post("/api/swap-tests/", {**base, "add": 10**9}, format="json")
    assert answer.status_code == 400 and "add" in answer.json()["fields"]
    answer = api.post("/api/swap-tests/", {**base, "copies": 0}, format="json")
    assert answer.status_code == 400 and "copies" in answer.json()["fields"]
    answer = api.post(
        "/api/swap-tests/",
        {**base, "add": Card.objects.get(name_ru="Тестовая станция").pk, "options": {"x": 1}},
        format="json",
    )
    assert answer.status_code == 400 and "x" in answer.json()["fields"]
    assert APIClient().post("/api/swap-tests/", base, format="json").status_code == 401


def test_a_field_test_over_the_api(owner, stranger, api, played):
    decks = four_decks(stranger)
    for deck in decks[1:]:
        Deck.objects.filter(pk=deck.pk).update(
            owner=None, is_preconstructed=True, precon_key=f"test-{deck.pk}"
        )
    response = played("/api/field-tests/", {"deck": decks[0].pk})
    assert response.status_code == 201
    answer = api.get(f"/api/tournaments/{response.json()['id']}/").json()
    assert answer["format"] == "gauntlet" and answer["progress"]["done"] == 30
    hero = next(row for row in answer["standings"] if row["entry"] == 0)
    assert hero["deck"] == decks[0].pk and hero["games"] == 30


@pytest.mark.django_db
def test_the_lab_and_tournaments_default_to_the_standard_level(owner, stranger, api):
    """Tournaments, swap tests, field tests (and the doctor, tests/matches/test_doctor.py) play
    the default level when no agent is named, stored as the agent it resolves to now."""
    standard = [LEVELS[DEFAULT_LEVEL]] * 2
    decks = four_decks(owner)
    made = api.post(
        "/api/tournaments/",
        {"name": "default", "format": "round_robin", "decks": [d.pk for d in decks],
         "games_per_pairing": 2},
        format="json",
    )  # fmt: skip
    assert made.status_code == 201, made.json()
    assert Tournament.objects.get(pk=made.json()["id"]).agents == standard
    swap = api.post(
        "/api/swap-tests/",
        {"deck": decks[0].pk, "remove": Card.objects.get(name_ru="Тестовый бомбардировщик").pk,
         "add": Card.objects.get(name_ru="Тестовая станция").pk, "field": ["mine"]},
        format="json",
    )  # fmt: skip
    assert swap.status_code == 201, swap.json()
    assert Tournament.objects.get(pk=swap.json()["id"]).agents == standard
    others = four_decks(stranger)
    for deck in others:
        Deck.objects.filter(pk=deck.pk).update(
            owner=None, is_preconstructed=True, precon_key=f"test-{deck.pk}"
        )
    field = api.post("/api/field-tests/", {"deck": decks[0].pk}, format="json")
    assert field.status_code == 201, field.json()
    assert Tournament.objects.get(pk=field.json()["id"]).agents == standard
