"""/api/cards/: shape, filters, the search language, errors, pagination and query counts."""

import pytest
from django.test import override_settings

from cardbase.models import Card
from tests.cardbase.test_search_matching import CHIMERA, build_fleet
from tests.factories import CardFactory, GameFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def fleet():
    return build_fleet()


def get_keys(client, **params):
    response = client.get("/api/cards/", params)
    assert response.status_code == 200, response.json()
    return {row["key"] for row in response.json()["results"]}


def test_card_row_shows_stats_and_its_source(client, fleet):
    response = client.get(f"/api/cards/{fleet.chimera.pk}/")
    assert response.status_code == 200
    assert response.json() == {
        "id": fleet.chimera.pk,
        "game": "komandor",
        "key": "chimera",
        "name_ru": "Линкор класса «Химера»",
        "name_en": "",
        "text": "",
        "attributes": CHIMERA,
        "source": {
            "origin": "book",
            "book": "test",
            "section": "test",
            "quote": "",
            "entered_by": "",
        },
        "image": None,
        "release": "base",
        "collector_number": "",
        "card_type": "ship",
        "rarity": "rare",
        "cost": 10,
        "copies": None,
        "rules_text": {"ru": [], "en": []},
    }


def test_card_detail_by_natural_key(client, fleet):
    response = client.get("/api/cards/komandor/chimera/")
    assert response.status_code == 200
    assert response.json()["id"] == fleet.chimera.pk
    assert client.get("/api/cards/master-of-orion/chimera/").status_code == 404


def test_card_list_by_game_and_key(client, fleet):
    assert get_keys(client, game="komandor", key="chimera") == {"chimera"}


def test_card_without_release_shows_null_release(client, fleet):
    assert client.get("/api/cards/komandor/hedgehog/").json()["release"] is None


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"game": "komandor", "card_type": "ship", "speed_min": 6, "weapon": "plasma"}, {"star"}),
        ({"game": "master-of-orion"}, {"dreadnought"}),
        ({"type": "корабль", "size": "ЛК"}, {"hedgehog"}),
        ({"release": "base"}, {"chimera", "star"}),
        ({"rarity": "редкая"}, {"chimera"}),
        ({"rarity": "very_rare"}, {"star"}),
        ({"cost_min": 5, "cost_max": 7}, {"star", "dreadnought"}),
        ({"strength_min": 12, "critical_max": 8}, {"chimera"}),
        ({"armor_max": 0}, {"hedgehog"}),
        ({"shield_min": 4}, {"chimera"}),
        ({"initiative_min": 3}, {"orlov"}),
        ({"plasma_min": 7}, {"chimera"}),
        ({"missiles_min": 5}, {"star"}),
        ({"weapon": "мазер", "ship_class": "крейсер"}, {"star"}),
        ({"property": "эскорт"}, {"star"}),
        ({"search": "химер"}, {"chimera"}),
    ],
)
def test_filters(client, fleet, params, expected):
    assert get_keys(client, **params) == expected


def test_search_language_in_q(client, fleet):
    query = "game:komandor type:ship speed>=6 weapon:plasma rarity:очень_редкая"
    assert get_keys(client, q=query) == {"star"}
    assert get_keys(client, q="-weapon:plasma type:ship") == {"hedgehog"}
    assert get_keys(client, q="ёж") == get_keys(client, q="еж") == {"hedgehog"}


def test_q_combines_with_the_other_filters(client, fleet):
    assert get_keys(client, q="weapon:plasma", rarity="rare") == {"chimera"}


def test_malformed_query_is_a_400_with_position_and_term(client, fleet):
    response = client.get("/api/cards/", {"q": "type:ship speed>=fast"})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "query_syntax"
    assert (body["position"], body["term"]) == (17, "fast")
    assert "speed" in body["message"]
    assert set(body) == {"code", "message", "position", "term"}


@pytest.mark.parametrize(
    ("params", "parameter"),
    [
        ({"speed_min": "fast"}, "speed_min"),
        ({"cost_max": "1.5"}, "cost_max"),
        ({"rarity": "epic"}, "rarity"),
        ({"size": "XL"}, "size"),
        ({"weapon": "phaser"}, "weapon"),
        ({"game": "monopoly"}, "game"),
        ({"page_size": "lots"}, "page_size"),
        ({"page_size": "0"}, "page_size"),
        ({"page_size": "201"}, "page_size"),
        ({"page": "first"}, "page"),
        ({"ordering": "colour"}, "ordering"),
        ({"ordering": "-cost,shoe_size"}, "ordering"),
    ],
)
def test_bad_filter_value_is_a_400_naming_the_parameter(client, fleet, params, parameter):
    response = client.get("/api/cards/", params)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert list(body["fields"]) == [parameter]
    assert parameter in body["message"]


def test_page_past_the_end_is_a_404_in_the_envelope(client, fleet):
    response = client.get("/api/cards/", {"page": 9})
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_unknown_card_is_a_404_in_the_envelope(client, fleet):
    response = client.get("/api/cards/999999/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_list_is_read_only(client, fleet):
    response = client.post("/api/cards/", {"key": "x"})
    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"


def test_ordering(client, fleet):
    response = client.get("/api/cards/", {"ordering": "-cost", "game": "komandor"})
    keys = [row["key"] for row in response.json()["results"]]
    assert keys[:3] == ["chimera", "star", "green-planet"]


def test_default_order_is_game_then_name(client, fleet):
    names = [row["name_ru"] for row in client.get("/api/cards/").json()["results"]]
    assert names[-1] == "Дредноут"  # master-of-orion sorts after komandor
    assert names[:-1] == sorted(names[:-1])


@pytest.fixture
def many_cards():
    game = GameFactory(slug="komandor")
    CardFactory.create_batch(
        230, game=game, attributes={"kind": "ship", "speed": 4}, rarity="common"
    )


def test_pages_hold_50_rows_by_default_and_page_size_up_to_200(client, many_cards):
    first = client.get("/api/cards/").json()
    assert (first["count"], len(first["results"])) == (230, 50)
    assert first["next"].endswith("page=2")
    big = client.get("/api/cards/", {"page_size": 200}).json()
    assert len(big["results"]) == 200
    last = client.get("/api/cards/", {"page_size": 200, "page": 2}).json()
    assert len(last["results"]) == 30 and last["next"] is None


def test_pages_neither_repeat_nor_skip_rows_with_equal_names(client, many_cards):
    Card.objects.update(name_ru="Одинаковое имя")
    seen = []
    for page in (1, 2, 3, 4, 5):
        seen += [row["id"] for row in client.get("/api/cards/", {"page": page}).json()["results"]]
    assert sorted(seen) == sorted(Card.objects.values_list("id", flat=True))


def test_list_query_count_does_not_grow_with_the_page(
    client, many_cards, django_assert_num_queries, settings
):
    settings.CATALOGUE_API_CACHE_SECONDS = 0  # count the view's own queries
    # One COUNT for the paginator, one SELECT for the page (game and release joined in).
    with django_assert_num_queries(2):
        assert len(client.get("/api/cards/", {"page_size": 200}).json()["results"]) == 200
    # game=<slug> is checked against the games table first, so a typo is a 400, not [].
    with django_assert_num_queries(3):
        client.get("/api/cards/", {"game": "komandor", "speed_min": 3, "q": "type:ship"})


def test_a_page_carries_the_total_and_the_links(client, many_cards):
    total = Card.objects.count()
    middle = client.get("/api/cards/", {"page_size": 7, "page": 3}).json()
    assert middle["count"] == total
    assert "page=4" in middle["next"] and "page=2" in middle["previous"]
    last_page = -(-total // 7)
    last = client.get("/api/cards/", {"page_size": 7, "page": "last"}).json()
    assert last["count"] == total and last["next"] is None
    assert len(last["results"]) == total - 7 * (last_page - 1)


def test_a_search_without_matches_is_an_empty_first_page(client, many_cards):
    body = client.get("/api/cards/", {"q": "нетпохожегослова"}).json()
    assert (body["count"], body["results"], body["next"]) == (0, [], None)


def test_detail_is_one_query(client, fleet, django_assert_num_queries, settings):
    settings.CATALOGUE_API_CACHE_SECONDS = 0  # count the view's own queries
    with django_assert_num_queries(1):
        client.get(f"/api/cards/{fleet.chimera.pk}/")
    with django_assert_num_queries(1):
        client.get("/api/cards/komandor/chimera/")


@override_settings(
    REST_FRAMEWORK={"EXCEPTION_HANDLER": "cardbase.api.errors.api_exception_handler"}
)
def test_project_wide_exception_handler_setting_gives_the_same_envelope(rf):
    from rest_framework.exceptions import NotFound
    from rest_framework.views import APIView

    class Elsewhere(APIView):
        def get(self, request):
            raise NotFound("Колоды нет")

    response = Elsewhere.as_view()(rf.get("/api/elsewhere/"))
    assert response.status_code == 404
    assert response.data == {"code": "not_found", "message": "Колоды нет"}
