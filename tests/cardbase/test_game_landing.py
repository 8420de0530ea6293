"""A game's page never opens on an empty card table: a game without cards opens on its first
list of entries, and its table of contents leaves the empty card list out."""

import pytest
from django.urls import reverse

from cardbase.models import Race
from tests.factories import CardFactory, GameFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def eclipse():
    game = GameFactory(slug="eclipse", name_ru="Eclipse", name_en="Eclipse")
    Race.objects.create(game=game, key="hydran", name_ru="Гидраны", source_book="eclipse.txt")
    return game


def test_a_game_without_cards_opens_on_its_entries(client, eclipse):
    response = client.get(reverse("cardbase:catalogue", args=["eclipse"]))
    assert response.status_code == 302
    assert response["Location"] == reverse("cardbase:entry-list", args=["eclipse", "races"])
    races = client.get(response["Location"])
    assert "Гидраны" in races.content.decode()
    assert ">Карты</a>" not in races.content.decode()  # no empty card list in the contents


def test_a_search_on_a_game_without_cards_still_answers_there(client, eclipse):
    response = client.get(reverse("cardbase:catalogue", args=["eclipse"]), {"q": "гидраны"})
    assert response.status_code == 200


def test_a_game_with_cards_opens_on_its_cards(client, eclipse):
    CardFactory(game=eclipse, key="dreadnought", name_ru="Дредноут")
    response = client.get(reverse("cardbase:catalogue", args=["eclipse"]))
    assert response.status_code == 200
    assert [card.key for card in response.context["page"].object_list] == ["dreadnought"]
