"""The catalogue API's response cache: keyed by the catalogue version, so never stale."""

import pytest
from django.contrib.auth import get_user_model

from cardbase.models import Card, CatalogueVersion
from tests.factories import CardFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards():
    return [CardFactory(key=f"c{n}", name_ru=f"Корабль {n}") for n in range(3)]


def test_a_repeated_request_is_served_from_the_cache_with_one_query(
    client, cards, django_assert_num_queries
):
    first = client.get("/api/cards/", {"page_size": 2})
    assert first["X-Catalogue-Cache"] == "miss"
    with django_assert_num_queries(1):  # the catalogue version, nothing else
        second = client.get("/api/cards/", {"page_size": 2})
    assert second["X-Catalogue-Cache"] == "hit"
    assert second.json() == first.json()


@pytest.mark.parametrize(
    "change",
    [
        lambda card: card.save(update_fields=["name_ru"]),
        # A bulk update sends no signal; the database trigger still sees it.
        lambda card: Card.objects.filter(pk=card.pk).update(name_ru=card.name_ru),
        lambda card: card.delete(),
    ],
    ids=["save", "bulk-update", "delete"],
)
def test_any_write_to_the_catalogue_changes_the_answer(client, cards, change):
    before = client.get("/api/cards/").json()
    version = CatalogueVersion.objects.get().token
    cards[0].name_ru = "Переименован"
    change(cards[0])
    assert CatalogueVersion.objects.get().token != version
    after = client.get("/api/cards/")
    assert after["X-Catalogue-Cache"] == "miss"
    assert after.json() != before


def test_errors_html_and_signed_in_users_are_not_cached(client, cards):
    for _ in range(2):
        error = client.get("/api/cards/", {"speed_min": "many"})
        assert error.status_code == 400 and "X-Catalogue-Cache" not in error
        html = client.get("/api/cards/", HTTP_ACCEPT="text/html")
        assert "X-Catalogue-Cache" not in html
    user = get_user_model().objects.create_user("reader", password="pw-long-enough-1")
    client.force_login(user)
    assert "X-Catalogue-Cache" not in client.get("/api/cards/")


def test_each_language_has_its_own_entry(client, cards):
    russian = client.get("/api/cards/", {"speed_min": "x"}, HTTP_ACCEPT_LANGUAGE="ru")
    english = client.get("/api/cards/", {"speed_min": "x"}, HTTP_ACCEPT_LANGUAGE="en")
    assert russian.json()["message"] != english.json()["message"]
    client.get("/api/games/", HTTP_ACCEPT_LANGUAGE="ru")
    assert client.get("/api/games/", HTTP_ACCEPT_LANGUAGE="en")["X-Catalogue-Cache"] == "miss"


def test_the_cache_can_be_turned_off(client, cards, settings):
    settings.CATALOGUE_API_CACHE_SECONDS = 0
    client.get("/api/cards/")
    assert "X-Catalogue-Cache" not in client.get("/api/cards/")
