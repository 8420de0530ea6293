"""Issue 18: the replay page is throttled per client (whatever X-Forwarded-For says) and kept
in the cache per match, step, language and viewer; a cached page carries the viewer's own
CSRF token, and a deck going private is never served from the cache."""

import re
from unittest import mock

import pytest
from django.core.cache import cache
from django.test import Client

from config.celery import app
from decks.models import Visibility
from decks.services import deck_update
from matches.models import Match
from matches.tournaments.services import TournamentRequest, tournament_create
from tests.matches.decks import playable_deck

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture
def limits(settings):
    cache.clear()
    settings.REPLAY_PAGE_CACHE_SECONDS = 600

    def rate(value: str) -> None:
        settings.API_THROTTLE_RATES = {"replay_page": value}

    return rate


@pytest.fixture
def match(owner, stranger, django_capture_on_commit_callbacks):
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    decks = [playable_deck(owner), playable_deck(stranger, "Торговцы")]
    try:
        with django_capture_on_commit_callbacks(execute=True):
            tournament = tournament_create(
                owner=owner,
                request=TournamentRequest(
                    name="Открытый кубок",
                    format="round_robin",
                    versions=[deck.versions.get() for deck in decks],
                    games_per_pairing=2,
                    agents="random",
                    is_public=True,
                ),
            )
    finally:
        app.conf.task_always_eager = previous
    return Match.objects.filter(tournament=tournament).order_by("id").first()


def test_a_new_forwarded_address_per_request_is_still_throttled(client, limits, match):
    limits("2/min")
    answers = [
        client.get(
            f"/matches/{match.pk}/", {"step": step}, HTTP_X_FORWARDED_FOR=f"198.51.100.{step}"
        )
        for step in range(3)
    ]
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert int(answers[2]["Retry-After"]) > 0


def test_a_cached_page_costs_no_replay_and_no_throttle(client, limits, match):
    limits("1/min")
    first = client.get(f"/matches/{match.pk}/", {"step": 3})
    assert first.status_code == 200 and first["X-Replay-Cache"] == "miss"
    with mock.patch("matches.replays.services.match_replay_step") as replayed:
        again = [client.get(f"/matches/{match.pk}/", {"step": 3}) for _ in range(3)]
    assert replayed.call_count == 0
    assert [(a.status_code, a["X-Replay-Cache"]) for a in again] == [(200, "hit")] * 3
    assert (
        again[0].content.split(b"csrfmiddlewaretoken")[0]
        == (first.content.split(b"csrfmiddlewaretoken")[0])
    )
    assert client.get(f"/matches/{match.pk}/", {"step": 4}).status_code == 429  # a new step


def test_a_cached_page_carries_this_browsers_csrf_token(limits, match):
    limits("100/min")
    Client().get(f"/matches/{match.pk}/")  # another browser fills the cache
    browser = Client(enforce_csrf_checks=True)
    page = browser.get(f"/matches/{match.pk}/")
    assert page["X-Replay-Cache"] == "hit"
    (token, *_) = TOKEN.findall(page.content.decode())
    switched = browser.post("/i18n/setlang/", {"language": "en", "csrfmiddlewaretoken": token})
    assert switched.status_code == 302


def test_the_cache_is_per_language_and_viewer(client, limits, match, stranger):
    limits("100/min")
    russian = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="ru")
    english = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert english["X-Replay-Cache"] == "miss"
    assert russian.content != english.content
    client.force_login(stranger)
    signed_in = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="ru")
    assert signed_in["X-Replay-Cache"] == "miss"
    assert "stranger" in signed_in.content.decode()


def test_a_deck_going_private_is_not_served_from_the_cache(client, limits, match, owner):
    limits("100/min")
    shown = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="replay-nav"' in shown
    deck_update(deck=match.seat0.deck, visibility=Visibility.PRIVATE)
    hidden = client.get(f"/matches/{match.pk}/")
    assert hidden["X-Replay-Cache"] == "miss"
    assert 'id="replay-hidden"' in hidden.content.decode()
