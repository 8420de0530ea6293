"""The search page and the catalogue sort their cards on request, and a search that finds
exactly one card (and nothing else) opens that card's page."""

import pytest
from django.urls import reverse

from tests.cardbase.pages_data import make_catalogue

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue():
    return make_catalogue()


def keys_on(response) -> list[str]:
    return [card.key for card in response.context["page"].object_list]


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        ("", ["chimera", "pirate", "scout", "space-port"]),  # game, then name
        ("cost", ["scout", "space-port", "chimera", "pirate"]),  # no cost last
        ("-cost", ["chimera", "space-port", "scout", "pirate"]),
    ],
)
def test_search_results_follow_the_chosen_order(client, catalogue, order, expected):
    response = client.get(
        reverse("cardbase:search"), {"q": "game:komandor OR game:master-of-orion", "order": order}
    )
    assert response.status_code == 200
    assert keys_on(response) == expected
    assert 'name="order"' in response.content.decode()


def test_catalogue_orders_by_cost_too(client, catalogue):
    url = reverse("cardbase:catalogue", args=["komandor"])
    response = client.get(url, {"order": "-cost"})
    assert keys_on(response) == ["chimera", "scout", "pirate"]


def test_an_unknown_order_is_a_field_error(client, catalogue):
    response = client.get(reverse("cardbase:catalogue", args=["komandor"]), {"order": "speed"})
    assert response.status_code == 400
    assert "order" in response.context["form"].errors


def test_exactly_one_card_found_opens_its_page(client, catalogue):
    response = client.get(reverse("cardbase:search"), {"q": "Разведчик"})
    assert response.status_code == 302
    assert response["Location"] == reverse("cardbase:card-detail", args=["komandor", "scout"])


def test_one_card_beside_other_entries_stays_on_the_results(client, catalogue):
    # A keyword query about cards alone jumps too; a card found beside a race («Люди») does not.
    response = client.get(reverse("cardbase:search"), {"q": "game:komandor type:ship -химера"})
    assert response.status_code == 302  # only the scout is a ship besides the Chimera
    response = client.get(reverse("cardbase:search"), {"q": "Люди OR Разведчик"})
    assert response.status_code == 200
    assert keys_on(response) == ["scout"]


def test_names_sort_as_the_reader_sees_them(client, db):
    from tests.factories import CardFactory, GameFactory

    game = GameFactory(slug="eclipse", name_ru="Eclipse", name_en="Eclipse")
    CardFactory(game=game, key="a", name_ru="Альфа", name_en="Zulu")
    CardFactory(game=game, key="b", name_ru="Яблоко", name_en="Apple")
    CardFactory(game=game, key="c", name_ru="Бета", name_en="")
    url = reverse("cardbase:catalogue", args=["eclipse"])
    assert keys_on(client.get(url, {"order": ""})) == ["a", "c", "b"]
    client.cookies["django_language"] = "en"
    # Apple, Zulu, then «Бета», shown under its Russian name
    assert keys_on(client.get(url, {"order": ""})) == ["b", "a", "c"]
