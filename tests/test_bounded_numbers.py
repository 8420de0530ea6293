"""Issue 18: every number read from a client's text is bounded, and a deck text far past any
deck is refused whole — each a clear 4xx (or a field error), never a 500."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from decks.text_format import MAX_TEXT_LINES
from tests.decks.factories import UserFactory
from tests.matches.decks import playable_deck

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    return UserFactory(username="organiser")


def validate(client, text: str):
    return client.post("/api/decks/validate/", {"text": text}, content_type="application/json")


def test_a_count_of_4301_digits_is_a_line_error_not_a_500(client, monkeypatch):
    response = validate(client, "9" * 4301 + " Линкор")
    assert response.status_code == 400
    (line,) = response.json()["lines"]
    assert line["code"] == "line_too_long" and line["line"] == 1
    assert len(response.content) < 2_000  # the digits are not echoed back whole
    # Past the line length too, the count itself is bounded before int() sees it.
    monkeypatch.setattr("decks.text_format.MAX_LINE_LENGTH", 10_000)
    (line,) = validate(client, "9" * 4301 + " Линкор").json()["lines"]
    assert line["code"] == "bad_count" and line["params"]["count"] == "9" * 12 + "…"


def test_a_count_of_a_few_digits_too_many_still_says_which(client):
    (line,) = validate(client, "100000 Линкор").json()["lines"]
    assert line["code"] == "bad_count" and line["params"]["count"] == 100000


def test_forty_thousand_lines_are_refused_whole_with_a_small_answer(client):
    response = validate(client, "1 Ы\n" * 40_000)  # 240 KB, under the body limit
    assert response.status_code == 400
    (line,) = response.json()["lines"]
    assert line["code"] == "too_many_lines"
    assert line["params"]["limit"] == MAX_TEXT_LINES
    assert len(response.content) < 2_000


def test_the_line_limit_itself_still_reads(client):
    text = "# комментарий\n" * (MAX_TEXT_LINES - 1) + "1 Нет такой карты"
    lines = validate(client, text).json()["lines"]
    assert [line["code"] for line in lines] == ["unknown_card"]


def test_a_very_long_line_is_its_own_error(client):
    (line,) = validate(client, "1 " + "Ы" * 100_000).json()["lines"]
    assert line["code"] == "line_too_long"


def test_the_line_limit_is_said_in_russian(client):
    response = client.post(
        "/api/decks/validate/",
        {"text": "\n" * (MAX_TEXT_LINES + 1)},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert "строк" in response.json()["lines"][0]["message"]


@pytest.mark.parametrize("page", ["²", "-1", "1.5"])
def test_a_page_number_that_is_not_one_is_a_400(client, page):
    response = client.get("/api/cards/", {"page": page})
    assert response.status_code == 400
    assert "page" in response.json()["fields"]


def test_a_page_number_of_thousands_of_digits_is_past_the_last_page(client):
    for digits in (19, 2000):  # (past API_MAX_QUERY_BYTES the address itself is a 414)
        response = client.get("/api/cards/", {"page": "9" * digits})
        assert response.status_code == 404, digits
    assert client.get("/api/cards/", {"page_size": "9" * 2000}).status_code == 400


@pytest.mark.parametrize("key", ["²", "9" * 5000])
def test_a_game_looked_up_by_a_strange_key_is_a_404(client, key):
    assert client.get(f"/api/games/{key}/").status_code == 404


def test_the_effects_check_with_json_50000_levels_deep_is_a_problem_not_a_500(admin_client):
    check = reverse("admin:cardbase_card_effects_check")
    deep = "[" * 50_000 + "]" * 50_000
    response = admin_client.post(check, {"kind": "ship", "effects": deep})
    assert response.status_code == 200
    (problem,) = response.json()["problems"]
    assert problem["path"] == "effects" and problem["code"] == "too_deep"


def test_a_head_to_head_block_of_ten_to_the_twelve_is_a_400(owner):
    decks = [playable_deck(owner).pk, playable_deck(owner, "Торговцы").pk]
    api = APIClient()
    api.force_authenticate(owner)
    body = {
        "name": "Дуэль",
        "format": "head_to_head",
        "games_per_pairing": 2,
        "decks": decks,
    }
    for options, field in (
        ({"block": 10**12}, "block"),
        ({"max_games": 10**12}, "max_games"),
        ({"max_games": 100, "block": 200}, "block"),
    ):
        response = api.post("/api/tournaments/", {**body, "options": options}, format="json")
        assert response.status_code == 400, response.content
        assert field in response.json()["fields"]
    fine = api.post(
        "/api/tournaments/", {**body, "options": {"max_games": 100, "block": 20}}, format="json"
    )
    assert fine.status_code == 201, fine.content


def test_json_stat_cells_nested_past_the_limit_are_a_row_error(admin_client):
    from cardbase.editorial.card_table import nested_attributes

    deep = "[" * 50_000 + "]" * 50_000
    assert nested_attributes("ship", {"effects": deep}) == {"effects": deep}
    assert nested_attributes("ship", {"speed": "9" * 5000}) == {"speed": "9" * 5000}
    assert nested_attributes("ship", {"speed": "-3"}) == {"speed": -3}


def test_the_deck_builder_form_reads_counts_and_ids_as_bounded_numbers():
    from decks.forms import _card_id, _number

    assert _number(" 4 ") == 4 and _number("-1") == -1
    assert _number("9" * 5000) is None and _number("²") is None and _number("4_0") is None
    assert _card_id("9" * 19) is None
