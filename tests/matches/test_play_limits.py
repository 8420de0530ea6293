"""Issue 36, hole 7: a person's open games against the AI are bounded (each holds the AI's
state while played), and the /play/ pages, a tournament's page and a card's page are
throttled per client like the replay page."""

import pytest
from django.core.cache import cache
from django.urls import reverse
from rest_framework.test import APIClient

from decks.models import Visibility
from matches.models import HumanMatch, HumanMatchStatus
from tests.decks.factories import UserFactory
from tests.matches.decks import playable_deck

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()  # throttle counters
    yield
    cache.clear()


@pytest.fixture
def decks(owner):
    mine = playable_deck(owner, "Баланс", visibility=Visibility.PRIVATE)
    theirs = playable_deck(UserFactory(username="rival"), "Торговцы")
    return mine, theirs


def _start(api, decks):
    mine, theirs = decks
    return api.post("/api/ai-games/", {"deck": mine.pk, "opponent": theirs.pk}, format="json")


def test_open_games_are_bounded_per_person(owner, decks, settings, client):
    settings.AI_GAMES_OPEN_PER_USER = 2
    api = APIClient()
    api.force_authenticate(owner)
    first, second = _start(api, decks), _start(api, decks)
    assert first.status_code == second.status_code == 201
    refused = _start(api, decks)
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_games"
    assert HumanMatch.objects.filter(owner=owner).count() == 2
    client.force_login(owner)
    mine, theirs = decks
    page = client.post(
        reverse("matches:play-new"),
        {"deck": mine.pk, "opponent": theirs.pk, "agent": "standard", "seat": "0"},
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert page.status_code == 429 and "незаконченные игры" in page.content.decode()
    # Another person is not bound by this one's games; a finished game frees a place.
    other = APIClient()
    other.force_authenticate(UserFactory(username="someone"))
    assert _start(other, (theirs, theirs)).status_code == 201
    HumanMatch.objects.filter(pk=first.json()["id"]).update(status=HumanMatchStatus.FINISHED)
    assert _start(api, decks).status_code == 201


def _throttled_after(client, url: str, rate: int) -> None:
    for _ in range(rate):
        assert client.get(url).status_code == 200, url
    answer = client.get(url)
    assert answer.status_code == 429, url
    assert int(answer["Retry-After"]) >= 1


def test_the_play_pages_are_throttled_per_client(owner, client, settings):
    settings.API_THROTTLE_RATES = {"play_page": "3/min"}
    client.force_login(owner)
    _throttled_after(client, reverse("matches:play"), 3)
    other = UserFactory(username="someone")
    client.force_login(other)  # another person has his own count
    assert client.get(reverse("matches:play-new")).status_code == 200


def test_the_tournament_and_card_pages_are_throttled_per_client(owner, client, settings):
    from cardbase.models import Card
    from matches.tournaments.services import (
        TournamentRequest,
        tournament_create,
        tournament_play_inline,
    )

    decks = [playable_deck(owner), playable_deck(owner, "Торговцы")]
    tournament = tournament_play_inline(
        tournament=tournament_create(
            owner=owner,
            request=TournamentRequest(
                name="Кубок",
                format="round_robin",
                versions=[deck.versions.get() for deck in decks],
                games_per_pairing=2,
                agents="random",
                is_public=True,
            ),
            dispatch=False,
        )
    )
    settings.API_THROTTLE_RATES = {"tournament_page": "2/min", "card_page": "2/min"}
    assert client.get(f"/tournaments/{tournament.pk}/live/").status_code == 200
    _throttled_after(client, f"/tournaments/{tournament.pk}/", 1)  # the live part counts too
    card = Card.objects.get(name_ru="Тестовый бомбардировщик")
    _throttled_after(client, f"/games/komandor/cards/{card.key}/", 2)
