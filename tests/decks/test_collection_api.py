"""The collection in the API: import with per-line problems, list, set counts, export, and
an export that imports back as the same collection."""

import pytest

from decks import collection
from tests.decks.factories import UserFactory, komandor_card

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards(db):
    return [komandor_card("ship", name_ru=f"Крейсер {name}", cost=3) for name in ("Аргус", "Бора")]


@pytest.fixture
def signed_in(client, owner):
    client.force_login(owner)
    return client


def post(client, path: str, body):
    return client.post(path, body, content_type="application/json")


def test_import_takes_the_good_lines_and_lists_each_bad_one(signed_in, owner, cards):
    chimera = komandor_card("ship", name_ru="Линкор класса «Химера»", cost=6)
    answer = post(
        signed_in, "/api/collection/import/", {"text": "2 Крейсер Аргус\n1 Крейсер Боро\n4 Химера"}
    )
    assert answer.status_code == 200
    body = answer.json()
    assert (body["copies"], body["cards"]) == (6, 2)
    [problem] = body["problems"]
    assert (problem["line"], problem["code"]) == (2, "unknown_card")
    assert "Крейсер Бора" in problem["suggestions"] and problem["message"]
    assert collection.owned_counts(user=owner) == {cards[0].id: 2, chimera.id: 4}


def test_list_set_counts_and_filter_by_kind(signed_in, owner, cards):
    commander = komandor_card("commander", name_ru="Адмирал Ким", cost=None)
    answer = post(
        signed_in,
        "/api/collection/counts/",
        {"cards": [{"card": cards[0].id, "count": 3}, {"card": commander.id, "count": 1}]},
    )
    assert answer.json() == {"changed": 2}
    listed = signed_in.get("/api/collection/").json()
    assert listed["count"] == 2
    assert {(row["name"], row["count"]) for row in listed["results"]} == {
        ("Крейсер Аргус", 3),
        ("Адмирал Ким", 1),
    }
    ships = signed_in.get("/api/collection/", {"kind": "ship"}).json()["results"]
    assert [row["card"] for row in ships] == [cards[0].id]
    post(signed_in, "/api/collection/counts/", {"cards": [{"card": cards[0].id, "count": 0}]})
    assert collection.owned_counts(user=owner) == {commander.id: 1}


def test_bad_counts_are_field_errors(signed_in, cards):
    for body, field in (
        ({"cards": [{"card": 10**12, "count": 1}]}, "cards"),
        ({"cards": [{"card": cards[0].id, "count": 1000}]}, "cards"),
        (
            {"cards": [{"card": cards[0].id, "count": 1}, {"card": cards[0].id, "count": 2}]},
            "cards",
        ),
        ({"cards": []}, "cards"),
    ):
        answer = post(signed_in, "/api/collection/counts/", body)
        assert answer.status_code == 400 and field in answer.json()["fields"], body
    assert post(signed_in, "/api/collection/import/", {"text": "  "}).status_code == 400
    assert signed_in.get("/api/collection/", {"kind": "spaceship"}).status_code == 400


def test_the_export_round_trips_through_the_api(client, signed_in, owner, cards):
    collection.collection_set_counts(user=owner, counts={cards[0].id: 4, cards[1].id: 2})
    csv = signed_in.get("/api/collection/export/csv/")
    text = signed_in.get("/api/collection/export/text/")
    assert csv["Content-Type"].startswith("text/csv") and text["Content-Type"].startswith(
        "text/plain"
    )
    for n, exported in enumerate((csv.content.decode(), text.content.decode())):
        reader = UserFactory(username=f"reader{n}")
        client.force_login(reader)
        answer = post(client, "/api/collection/import/", {"text": exported})
        assert answer.json()["problems"] == []
        assert collection.owned_counts(user=reader) == collection.owned_counts(user=owner)


def test_the_collection_is_the_signed_in_players_only(client, owner, cards):
    collection.collection_set_counts(user=owner, counts={cards[0].id: 4})
    assert client.get("/api/collection/").status_code == 401
    client.force_login(UserFactory(username="someone"))
    assert client.get("/api/collection/").json()["count"] == 0
