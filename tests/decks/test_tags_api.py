"""Deck tags in the API: written and read with the deck, and ``?tag=`` on the deck lists."""

import pytest

from decks.models import Deck, Visibility

pytestmark = pytest.mark.django_db


def send(client, method: str, path: str, body):
    return getattr(client, method)(path, body, content_type="application/json")


@pytest.fixture
def signed_in(client, owner):
    client.force_login(owner)
    return client


def test_tags_round_trip_with_the_deck(signed_in, legal_content):
    made = send(signed_in, "post", "/api/decks/", {"name": "Рой", "tags": ["Агро", " турнир  2 "]})
    assert made.status_code == 201
    deck_id = made.json()["id"]
    assert made.json()["tags"] == ["агро", "турнир 2"]
    versions = Deck.objects.get(pk=deck_id).versions.count()
    patched = send(signed_in, "patch", f"/api/decks/{deck_id}/", {"tags": ["контроль"]})
    assert patched.json()["tags"] == ["контроль"]
    assert Deck.objects.get(pk=deck_id).versions.count() == versions  # filing is not a version
    kept = send(signed_in, "patch", f"/api/decks/{deck_id}/", {"name": "Рой 2"})
    assert kept.json()["tags"] == ["контроль"]
    assert signed_in.get(f"/api/decks/{deck_id}/").json()["tags"] == ["контроль"]


def test_the_tag_filter_on_my_decks_and_the_public_ones(signed_in, client, owner):
    for name, tags, visibility in (
        ("Агро", ["агро"], Visibility.PUBLIC),
        ("Контроль", ["контроль"], Visibility.PUBLIC),
        ("Тайная", ["агро"], Visibility.PRIVATE),
    ):
        body = {"name": name, "tags": tags, "visibility": visibility}
        assert send(signed_in, "post", "/api/decks/", body).status_code == 201
    mine = signed_in.get("/api/decks/", {"tag": "АГРО"}).json()
    assert sorted(deck["name"] for deck in mine) == ["Агро", "Тайная"]
    client.logout()
    public = client.get("/api/decks/public/", {"tag": "агро"}).json()["results"]
    assert [deck["name"] for deck in public] == ["Агро"]
    assert public[0]["tags"] == ["агро"]


def test_bad_tags_are_field_errors(signed_in):
    for tags in (["a,b"], ["x" * 41], [f"t{n}" for n in range(11)], "агро", [7]):
        answer = send(signed_in, "post", "/api/decks/", {"name": "Рой", "tags": tags})
        assert answer.status_code == 400 and "tags" in answer.json()["fields"], tags
