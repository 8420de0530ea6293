"""Issue 12: a cached catalogue answer holds absolute links, so it is kept per host and scheme."""

import pytest
from django.core.cache import cache

from tests.factories import CardFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards(settings):
    settings.ALLOWED_HOSTS = ["one.example", "two.example"]
    cache.clear()
    return [CardFactory(key=f"c{n}", name_ru=f"Корабль {n}") for n in range(3)]


def test_another_host_gets_its_own_links_not_the_cached_ones(client, cards):
    first = client.get("/api/cards/", {"page_size": 1}, HTTP_HOST="one.example")
    second = client.get("/api/cards/", {"page_size": 1}, HTTP_HOST="two.example")
    assert first["X-Catalogue-Cache"] == second["X-Catalogue-Cache"] == "miss"
    assert first.json()["next"].startswith("http://one.example/")
    assert second.json()["next"].startswith("http://two.example/")
    again = client.get("/api/cards/", {"page_size": 1}, HTTP_HOST="two.example")
    assert again["X-Catalogue-Cache"] == "hit"


def test_https_and_http_are_kept_apart(client, cards):
    plain = client.get("/api/cards/", {"page_size": 1}, HTTP_HOST="one.example")
    secure = client.get("/api/cards/", {"page_size": 1}, HTTP_HOST="one.example", secure=True)
    assert secure["X-Catalogue-Cache"] == "miss"
    assert plain.json()["next"].startswith("http://")
    assert secure.json()["next"].startswith("https://")
