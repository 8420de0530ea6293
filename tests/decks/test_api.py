import pytest
from rest_framework.test import APIClient

from decks import services
from decks.models import Deck, Visibility
from decks.values import DeckContent, EntryContent
from tests.decks.factories import komandor_card

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_for():
    def make(user=None):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return make


@pytest.fixture
def deck(owner, legal_content):
    return services.deck_create(owner=owner, name="Флот", content=legal_content)


def _payload(content: DeckContent, **extra):
    return {
        "name": "Флот",
        "commander": content.commander_id,
        "entries": [{"card": e.card_id, "count": e.count} for e in content.entries],
        **extra,
    }


def test_create_and_read_back(client_for, owner, legal_content):
    answer = client_for(owner).post("/api/decks/", _payload(legal_content), format="json")
    assert answer.status_code == 201, answer.data
    deck_id = answer.data["id"]
    detail = client_for(owner).get(f"/api/decks/{deck_id}/")
    assert detail.data["card_count"] == 40
    assert detail.data["commander"]["id"] == legal_content.commander_id
    versions = client_for(owner).get(f"/api/decks/{deck_id}/versions/")
    assert [v["number"] for v in versions.data] == [1]


def test_bad_input_gets_field_messages(client_for, owner):
    answer = client_for(owner).post(
        "/api/decks/",
        {"entries": [{"card": "x", "count": 0}], "visibility": "secret"},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.data["code"] == "invalid"
    assert {"name", "entries", "visibility"} <= set(answer.data["fields"])


def test_duplicate_entries_are_refused(client_for, owner, legal_content):
    card = legal_content.entries[0].card_id
    payload = _payload(legal_content)
    payload["entries"] += [{"card": card, "count": 1}]
    answer = client_for(owner).post("/api/decks/", payload, format="json")
    assert answer.status_code == 400
    assert "entries" in answer.data["fields"]


def test_unknown_card_id_is_a_400_not_a_500(client_for, owner):
    answer = client_for(owner).post(
        "/api/decks/", {"name": "X", "entries": [{"card": 987654, "count": 1}]}, format="json"
    )
    assert answer.status_code == 400
    assert "987654" in str(answer.data["fields"]["cards"])


def test_anonymous_cannot_create(client_for, legal_content):
    assert client_for().post("/api/decks/", _payload(legal_content), format="json").status_code in (
        401,
        403,
    )


def test_another_user_can_neither_read_nor_change_a_private_deck(client_for, stranger, deck):
    other = client_for(stranger)
    for url in (
        f"/api/decks/{deck.id}/",
        f"/api/decks/{deck.id}/versions/",
        f"/api/decks/{deck.id}/stats/",
        f"/api/decks/{deck.id}/export/text/",
        f"/api/decks/{deck.id}/export/json/",
    ):
        assert other.get(url).status_code == 404, url
    assert other.patch(f"/api/decks/{deck.id}/", {"name": "Моё"}, format="json").status_code == 404
    assert other.delete(f"/api/decks/{deck.id}/").status_code == 404
    assert other.post(f"/api/decks/{deck.id}/clone/").status_code == 404
    assert other.get(f"/api/decks/shared/{deck.share_token}/").status_code == 404
    assert client_for().get(f"/api/decks/{deck.id}/").status_code == 404
    deck.refresh_from_db()
    assert deck.name == "Флот"


def test_a_public_deck_is_readable_but_not_changeable_by_others(client_for, stranger, deck):
    services.deck_update(deck=deck, visibility=Visibility.PUBLIC)
    other = client_for(stranger)
    answer = other.get(f"/api/decks/{deck.id}/")
    assert answer.status_code == 200 and answer.data["share_token"] is None
    assert other.put(f"/api/decks/{deck.id}/", {"name": "Моё"}, format="json").status_code == 403
    assert other.delete(f"/api/decks/{deck.id}/").status_code == 403
    assert Deck.objects.filter(pk=deck.pk, name="Флот").exists()
    clone = other.post(f"/api/decks/{deck.id}/clone/")
    assert clone.status_code == 201 and clone.data["owner"] == "stranger"


def test_an_unlisted_deck_is_reached_by_its_link_only(client_for, owner, stranger, deck):
    services.deck_update(deck=deck, visibility=Visibility.UNLISTED)
    other = client_for(stranger)
    assert other.get(f"/api/decks/{deck.id}/").status_code == 404
    assert other.get(f"/api/decks/shared/{deck.share_token}/").data["id"] == deck.id
    assert client_for(owner).get(f"/api/decks/{deck.id}/").data["share_token"] == deck.share_token
    assert other.get("/api/decks/public/").data["results"] == []


def test_patch_keeps_what_was_not_sent(client_for, owner, deck):
    answer = client_for(owner).patch(f"/api/decks/{deck.id}/", {"name": "Другой"}, format="json")
    assert answer.status_code == 200
    assert answer.data["name"] == "Другой" and answer.data["card_count"] == 40
    assert deck.versions.count() == 2


def test_public_search_finds_by_name_and_card(client_for, owner, legal_content):
    ship = komandor_card("ship", name_ru="Крейсер «Вёрткий»")
    content = DeckContent(
        commander_id=legal_content.commander_id,
        entries=(*legal_content.entries[:9], EntryContent(card_id=ship.id, count=4)),
    )
    services.deck_create(owner=owner, name="Быстрый флот", content=content, visibility="public")
    services.deck_create(owner=owner, name="Тайный", content=content)
    anonymous = client_for()
    assert [d["name"] for d in anonymous.get("/api/decks/public/?q=быстрый").data["results"]] == [
        "Быстрый флот"
    ]
    assert len(anonymous.get("/api/decks/public/?q=вёрткий").data["results"]) == 1
    assert anonymous.get("/api/decks/public/?q=нет-такого").data["results"] == []


def test_validate_is_stateless_and_reports_codes(client_for, legal_content):
    answer = client_for().post(
        "/api/decks/validate/",
        {"commander": None, "entries": _payload(legal_content)["entries"][:9]},
        format="json",
    )
    assert answer.status_code == 200
    assert answer.data["valid"] is False
    assert {e["code"] for e in answer.data["errors"]} == {"commander_missing", "too_few_cards"}
    assert answer.data["errors"][0]["message"]
    assert answer.data["stats"]["card_count"] == 36
    assert not Deck.objects.exists()


def test_validate_accepts_the_text_format(client_for):
    hero = komandor_card("commander", name_ru="Адмирал", cost=None)
    ship = komandor_card("ship", name_ru="Фрегат", cost=3)
    answer = client_for().post(
        "/api/decks/validate/",
        {"text": f"Командор: {hero.name_ru}\n5 {ship.name_ru}"},
        format="json",
    )
    assert answer.status_code == 200
    assert {e["code"] for e in answer.data["errors"]} == {"too_few_cards", "too_many_copies"}
    assert {w["code"] for w in answer.data["warnings"]} == {"no_space_objects"}


def test_validate_text_with_unknown_name_is_a_400_with_the_line(client_for):
    komandor_card("ship", name_ru="Фрегат")
    answer = client_for().post("/api/decks/validate/", {"text": "1 Фригат"}, format="json")
    assert answer.status_code == 400
    assert answer.data["lines"][0]["line"] == 1
    assert answer.data["lines"][0]["suggestions"] == ["Фрегат"]


def test_stats_endpoint(client_for, owner, deck):
    stats = client_for(owner).get(f"/api/decks/{deck.id}/stats/").data
    assert stats["card_count"] == 40
    assert stats["by_kind"]["ship"] == 16
    assert [row["at_least"] for row in stats["setup_odds"]["ship"]] == [1, 2, 3, 4, 5]


def test_import_and_export_round_trip_through_the_api(client_for, owner, deck):
    api = client_for(owner)
    text = api.get(f"/api/decks/{deck.id}/export/text/").content.decode()
    created = api.post("/api/decks/import/", {"name": "Копия", "text": text}, format="json")
    assert created.status_code == 201, created.data
    assert created.data["card_count"] == 40
    exported = api.get(f"/api/decks/{deck.id}/export/json/").data
    again = api.post("/api/decks/import/", {"name": "Копия 2", "deck": exported}, format="json")
    assert again.status_code == 201


def test_import_with_errors_is_a_400_and_saves_nothing(client_for, owner):
    answer = client_for(owner).post(
        "/api/decks/import/", {"name": "X", "text": "4 Нет такой карты"}, format="json"
    )
    assert answer.status_code == 400
    assert answer.data["lines"][0]["code"] == "unknown_card"
    assert not owner.decks.exists()


def test_import_needs_text_or_deck(client_for, owner):
    answer = client_for(owner).post("/api/decks/import/", {"name": "X"}, format="json")
    assert answer.status_code == 400 and "text" in answer.data["fields"]


def test_catalogue_search_uses_the_query_language(client_for):
    komandor_card("ship", name_ru="Фрегат", cost=2)
    komandor_card("space_object", name_ru="Планета", cost=8)
    found = client_for().get("/api/decks/catalogue/?q=type:ship").data["results"]
    names = [c["name"] for c in found]
    assert names == ["Фрегат"]
    bad = client_for().get("/api/decks/catalogue/?q=(фрегат")
    assert bad.status_code == 400 and bad.data["code"] == "query_syntax"
    assert bad.data["term"] == "("


def test_admin_edit_writes_a_version(client, owner, deck):
    from django.contrib.auth import get_user_model

    admin = get_user_model().objects.create_superuser("boss", "b@example.org", "Adm1n-pass-x")
    client.force_login(admin)
    answer = client.post(
        f"/admin/decks/deck/{deck.id}/change/",
        {
            "name": "Переименована",
            "description": "",
            "visibility": "public",
            "entries-TOTAL_FORMS": "0",
            "entries-INITIAL_FORMS": "0",
            "setup_abilities-TOTAL_FORMS": "0",
            "setup_abilities-INITIAL_FORMS": "0",
            "versions-TOTAL_FORMS": "0",
            "versions-INITIAL_FORMS": "0",
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    deck.refresh_from_db()
    assert deck.name == "Переименована"
    assert deck.versions.count() == 2


@pytest.mark.parametrize("commander", ["abc", "-3", "0", str(2**64), "1.5"])
def test_public_search_refuses_a_commander_that_is_no_card_id(client_for, commander):
    answer = client_for().get("/api/decks/public/", {"commander": commander})
    assert answer.status_code == 400
    assert "commander" in answer.json()["fields"]


def test_public_search_with_empty_parameters_lists_everything(client_for):
    assert client_for().get("/api/decks/public/?q=&commander=").status_code == 200


def test_a_card_id_beyond_any_row_is_a_400_not_a_500(client_for, owner, legal_content):
    payload = _payload(legal_content)
    payload["entries"][0]["card"] = 2**64
    answer = client_for(owner).post("/api/decks/validate/", payload, format="json")
    assert answer.status_code == 400
    assert "entries" in answer.json()["fields"]


def test_patch_keeps_description_and_visibility_when_not_sent(client_for, owner, deck):
    client_for(owner).patch(f"/api/decks/{deck.id}/", {"visibility": "public"}, format="json")
    answer = client_for(owner).patch(
        f"/api/decks/{deck.id}/", {"description": "Быстрые крейсеры"}, format="json"
    )
    assert (answer.data["visibility"], answer.data["description"]) == (
        "public",
        "Быстрые крейсеры",
    )


@pytest.mark.parametrize(
    "body",
    [
        {"entries": [{"count": 4}]},
        {"entries": [{"card": 1}]},
        {"setup_abilities": [{"count": 1}]},
    ],
)
def test_patch_checks_every_entry_it_sends_whole(client_for, owner, deck, body):
    answer = client_for(owner).patch(f"/api/decks/{deck.id}/", body, format="json")
    assert answer.status_code == 400
    assert set(answer.json()["fields"]) == set(body)
    assert deck.versions.count() == 1  # nothing saved


def test_cloning_a_deck_with_the_longest_name_keeps_the_name_within_bounds(
    client_for, owner, stranger, deck
):
    client_for(owner).patch(
        f"/api/decks/{deck.id}/", {"name": "Я" * 200, "visibility": "public"}, format="json"
    )
    answer = client_for(stranger).post(f"/api/decks/{deck.id}/clone/")
    assert answer.status_code == 201
    assert len(answer.data["name"]) == 200 and answer.data["name"].endswith(" (копия)")
