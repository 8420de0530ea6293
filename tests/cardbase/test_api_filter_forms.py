"""Filter forms are reused across requests (built once per set of parameter names); every
request must still get its own validation against the current catalogue."""

import pytest

from tests.cardbase.test_search_matching import build_fleet
from tests.factories import CardFactory, GameFactory

pytestmark = pytest.mark.django_db


def test_the_same_parameters_are_validated_afresh_on_each_request(client):
    build_fleet()
    assert client.get("/api/cards/", {"speed_min": "fast"}).status_code == 400
    good = client.get("/api/cards/", {"speed_min": "6"})
    assert good.status_code == 200
    assert all(row["attributes"]["speed"] >= 6 for row in good.json()["results"])
    again = client.get("/api/cards/", {"speed_min": "slow"})
    assert again.status_code == 400
    assert "slow" not in str(good.json())
    assert list(again.json()["fields"]) == ["speed_min"]


def test_a_game_added_after_the_form_was_built_is_accepted(client):
    build_fleet()
    assert client.get("/api/cards/", {"game": "new-game"}).status_code == 400
    CardFactory(game=GameFactory(slug="new-game"), key="newcomer")
    response = client.get("/api/cards/", {"game": "new-game"})
    assert response.status_code == 200
    assert [row["key"] for row in response.json()["results"]] == ["newcomer"]
