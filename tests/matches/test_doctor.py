"""The deck doctor over the API and on its pages (Celery eager, SQLite): a run against the
test precons with a small budget, its report the same in the run's API, the tournament's
API and the export, "apply as a new version", and bad input as a 400 naming the field, a
limit as a 429."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from cardbase.models import Card
from config.celery import app
from decks.models import Deck
from komandor.agents.registry import DEFAULT_LEVEL, LEVELS
from matches.lab.doctor import doctor_report
from matches.models import Tournament
from tests.decks.factories import UserFactory
from tests.matches.decks import playable_deck
from tests.matches.doctor_decks import WEAK, ballast_deck, precons


@pytest.fixture
def api(owner):
    client = APIClient()
    client.force_authenticate(owner)
    return client


@pytest.fixture
def eager(django_capture_on_commit_callbacks):
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True

    def run(call):
        with django_capture_on_commit_callbacks(execute=True):
            return call()

    yield run
    app.conf.task_always_eager = previous


@pytest.fixture
def field(db):
    return precons(UserFactory(username="maker"))


def test_a_doctor_run_over_the_api_reports_the_same_everywhere(owner, api, eager, field):
    deck = playable_deck(owner, title="Мой флот")
    body = {"deck": deck.pk, "budget_games": 64, "delta": 0.3}
    answer = eager(lambda: api.post("/api/deck-doctor/", body, format="json"))
    assert answer.status_code == 201, answer.json()
    run = api.get(f"/api/deck-doctor/{answer.json()['id']}/").json()
    assert run["status"] == "finished"
    report = run["report"]
    assert report["agent"] == LEVELS[DEFAULT_LEVEL]  # the default level, as it resolves now
    assert sorted(report["field"]) == sorted(d.name for d in field)
    assert 0 < report["games"] <= 64 == report["budget_games"]
    assert report["games"] == run["progress"]["done"]
    assert report["decision"] in ("doctor_better", "doctor_none", "doctor_undecided")
    for finalist in report["finalists"]:
        assert finalist["verdict"].startswith("swap_")
        assert finalist["text"].startswith("−")
    # Only SPRT-confirmed finalists are suggestions.
    assert all(s["verdict"] == "swap_better" for s in report["suggestions"])
    tournament = api.get(f"/api/tournaments/{run['id']}/").json()
    assert tournament["format"] == "doctor" and tournament["doctor"] == report
    export = api.get(f"/api/tournaments/{run['id']}/export/json/").json()
    assert export["doctor"] == report


def test_the_weak_card_is_found_confirmed_and_applied_as_a_new_version(owner, eager, field):
    """Four «Штурмовик A2/S-6 «Магнум-К»» are the weak card of the test deck (the heuristic
    agent buys them and loses by it here, ``doctor_decks``): the doctor confirms a swap that
    takes them out, and one click saves it as the deck's next version (its current cards with
    the swap)."""
    deck = ballast_deck(owner, "Мой флот")
    weak = Card.objects.get(name_ru=WEAK)
    client = Client()
    client.force_login(owner)
    page = eager(
        lambda: client.post(
            f"/decks/{deck.pk}/doctor/",
            {"field": "precons", "cards": "pool", "budget_games": 400, "delta": 0.3},
        )
    )
    assert page.status_code == 302
    tournament = Tournament.objects.get(pk=int(page["Location"].strip("/").split("/")[-1]))
    report = doctor_report(tournament=tournament)
    assert report["decision"] == "doctor_better"
    best = report["suggestions"][0]
    assert best["remove"] == weak.pk and best["copies"] == 4
    assert best["ci95"][0] > 0
    # Not confirmed: refused, nothing saved.
    others = [f["entry"] for f in report["finalists"] if f["verdict"] != "swap_better"]
    for entry in [*others, 999]:
        assert (
            client.post(f"/tournaments/{tournament.pk}/apply/", {"entry": entry}).status_code == 400
        )
    assert deck.versions.count() == 1
    applied = client.post(f"/tournaments/{tournament.pk}/apply/", {"entry": best["entry"]})
    assert applied.status_code == 302 and applied["Location"] == f"/decks/{deck.pk}/"
    latest = deck.versions.order_by("-number").first()
    assert latest.number == 2 and latest.is_valid
    counts = {item["card_id"]: item["count"] for item in latest.snapshot["entries"]}
    assert weak.pk not in counts
    # A stranger cannot apply it.
    stranger = Client()
    stranger.force_login(UserFactory(username="stranger2"))
    assert (
        stranger.post(f"/tournaments/{tournament.pk}/apply/", {"entry": best["entry"]}).status_code
        == 404
    )


@pytest.mark.django_db
def test_bad_input_is_a_400_naming_the_field(owner, api, field):
    deck = playable_deck(owner, title="Мой флот")
    other = playable_deck(UserFactory(username="other"), title="Чужая")
    cases = [
        ({"deck": other.pk}, "deck"),
        ({"deck": deck.pk, "cards": "all"}, "cards"),
        ({"deck": deck.pk, "budget_games": 4}, "budget_games"),
        ({"deck": deck.pk, "field": "everyone"}, "field"),
        ({"deck": deck.pk, "field": {"tournament": 10**6}}, "field"),
        ({"deck": deck.pk, "field": [other.pk + 1000]}, "field"),
        ({"deck": deck.pk, "budget_games": "many"}, "budget_games"),
    ]
    for body, name in cases:
        answer = api.post("/api/deck-doctor/", body, format="json")
        assert answer.status_code == 400, (body, answer.json())
        assert name in answer.json()["fields"], (body, answer.json())
    assert api.get("/api/deck-doctor/999999/").status_code == 404


@pytest.mark.django_db
def test_a_run_above_the_users_limits_is_refused_with_a_429(owner, api, field, settings):
    settings.MATCHES_QUEUED_PER_USER = 100
    deck = playable_deck(owner, title="Мой флот")
    answer = api.post("/api/deck-doctor/", {"deck": deck.pk, "budget_games": 400}, format="json")
    assert answer.status_code == 429
    assert answer.json()["code"] == "too_many_matches"
    assert "400" in answer.json()["message"]
    assert not Deck.objects.filter(name__contains="doctor").exists()
