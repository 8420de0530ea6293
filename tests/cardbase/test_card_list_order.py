"""The card list at 50,000 cards (issue 12): its order by game, name and id comes from a column
PostgreSQL keeps for the list's index (migration 0009, ``cardbase.db_columns.GameOrder``) and
pages in the back half are read from the end (``MirroredPaginator``). Both must give exactly
the rows the plain order and ``OFFSET`` gave, on SQLite and PostgreSQL alike."""

import pytest
from django.db import connection

from cardbase.models import Card, Game
from tests.factories import CardFactory, GameFactory

pytestmark = pytest.mark.django_db


def _list(client, **params) -> list[dict]:
    response = client.get("/api/cards/", {"page_size": 200, **params})
    assert response.status_code == 200, response.json()
    return response.json()["results"]


def _keys(client, **params) -> list[str]:
    return [row["key"] for row in _list(client, **params)]


@pytest.fixture
def two_games():
    first = GameFactory(slug="eclipse", sort_order=1)
    second = GameFactory(slug="komandor", sort_order=2)
    CardFactory(game=second, key="k-alpha", name_ru="Альфа")
    CardFactory(game=first, key="e-yakor", name_ru="Якорь")
    CardFactory(game=second, key="k-beta", name_ru="Бета")
    CardFactory(game=first, key="e-alpha", name_ru="Альфа")
    return first, second


def test_cards_are_listed_by_game_order_then_name(client, two_games):
    assert _keys(client) == ["e-alpha", "e-yakor", "k-alpha", "k-beta"]


def test_a_game_moved_in_the_order_takes_its_cards_along(client, two_games):
    first, _second = two_games
    Game.objects.filter(pk=first.pk).update(sort_order=3)  # no save(): a trigger's job
    assert _keys(client) == ["k-alpha", "k-beta", "e-alpha", "e-yakor"]


def test_a_card_moved_to_another_game_is_listed_with_that_game(client, two_games):
    first, _second = two_games
    Card.objects.filter(key="k-beta").update(game=first)
    assert _keys(client) == ["e-alpha", "k-beta", "e-yakor", "k-alpha"]


def test_a_new_card_takes_its_games_place_at_once(client, two_games):
    first, _second = two_games
    Card.objects.bulk_create([Card(game=first, key="e-zeta", name_ru="Зета")])
    assert _keys(client) == ["e-alpha", "e-zeta", "e-yakor", "k-alpha", "k-beta"]


@pytest.mark.postgresql(reason="the column exists there only")
def test_postgresql_keeps_each_cards_game_order_in_its_column(two_games):
    _first, second = two_games
    Game.objects.filter(pk=second.pk).update(sort_order=7)
    with connection.cursor() as cursor:
        cursor.execute("SELECT key, game_order FROM cardbase_card ORDER BY key")
        assert cursor.fetchall() == [("e-alpha", 1), ("e-yakor", 1), ("k-alpha", 7), ("k-beta", 7)]


@pytest.fixture
def crowd():
    """23 cards with repeated names and costs, some without a cost, in two games."""
    first = GameFactory(slug="eclipse", sort_order=1)
    second = GameFactory(slug="komandor", sort_order=0)
    for n in range(23):
        CardFactory(
            game=first if n % 3 else second,
            key=f"c{n:02d}",
            name_ru=f"Имя {n % 4}",
            cost=None if n % 5 == 0 else n % 4,
        )


@pytest.mark.parametrize("ordering", [None, "cost", "-cost", "name_ru", "-name_ru", "-id"])
def test_every_page_holds_the_rows_the_whole_list_has_there(client, crowd, ordering):
    params = {} if ordering is None else {"ordering": ordering}
    whole = _keys(client, **params)
    assert len(whole) == 23
    pages = []
    for page in range(1, 6):  # 5 + 5 + 5 + 5 + 3; pages 4 and 5 are read from the end
        response = client.get("/api/cards/", {"page_size": 5, "page": page, **params})
        pages += [row["key"] for row in response.json()["results"]]
    assert pages == whole
    last = client.get("/api/cards/", {"page_size": 5, "page": "last", **params}).json()
    assert [row["key"] for row in last["results"]] == whole[20:]
    assert last["next"] is None and last["count"] == 23


def test_a_filtered_list_pages_from_the_end_alike(client, crowd):
    whole = _keys(client, q="cost>=1")
    response = client.get("/api/cards/", {"page_size": 4, "page": "last", "q": "cost>=1"})
    assert [row["key"] for row in response.json()["results"]] == whole[-(len(whole) % 4 or 4) :]
