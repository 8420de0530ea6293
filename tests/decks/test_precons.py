"""Preconstructed decks: loaded by ``load_content`` from ``precons.yaml``, owned by no player,
checked by the deck validator, listed on a page and in the API of their own, cloned in one
click, and offered on their Commander's card page."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from cardbase.models import Card
from content.loader import ContentError, content_load
from decks.models import Deck, DeckVersion
from decks.selectors import deck_content
from decks.services import deck_export_json, deck_import
from komandor.agents.registry import make_agent
from komandor.rules.decks import deck_from_dict
from komandor.rules.match import run_match
from matches.games.entries import can_enter, entry_problems
from tests.decks.factories import UserFactory
from tests.decks.precon_data import CARDS, PRECONS, write_data


@pytest.fixture
def loaded(db, tmp_path):
    content_load(data_dir=write_data(tmp_path))
    return tmp_path


def precon(key: str) -> Deck:
    return Deck.objects.get(is_preconstructed=True, precon_key=key)


# --- loading -----------------------------------------------------------------------------


def test_precons_load_as_ownerless_public_legal_decks(loaded):
    fleet = precon("test-fleet")
    assert fleet.owner is None and fleet.visibility == "public"
    assert (fleet.name, fleet.name_en) == ("Тестовый флот", "Test Fleet")
    assert fleet.description_en == "Ships and planets."
    assert fleet.commander.key == "admiral"
    content = deck_content(deck=fleet)
    assert sum(entry.count for entry in content.entries) == 40
    shields = Card.objects.get(key="shields")
    assert content.setup_abilities == ((shields.id, 1),)
    version = fleet.versions.get()
    assert version.is_valid and version.card_count == 40
    assert "test fleet" in fleet.search_text  # found by its English name too


def test_loading_again_changes_nothing(loaded):
    versions = DeckVersion.objects.count()
    report = content_load(data_dir=loaded)
    assert not report.changed
    assert report.unchanged["precon_deck"] == 2
    assert DeckVersion.objects.count() == versions


def test_a_changed_list_writes_a_new_version_and_a_removed_one_is_deleted(loaded):
    changed = PRECONS.replace(
        "{card: planet-3, count: 4}\n      - {card: shields",
        "{card: planet-4, count: 4}\n      - {card: shields",
    )
    changed = changed.split("  - key: second-fleet")[0]
    write_data(loaded, changed)
    report = content_load(data_dir=loaded)
    assert report.updated["precon_deck"] == 1 and report.deleted["precon_deck"] == 1
    fleet = precon("test-fleet")
    assert fleet.versions.count() == 2
    keys = set(
        Card.objects.filter(
            id__in=[e.card_id for e in deck_content(deck=fleet).entries]
        ).values_list("key", flat=True)
    )
    assert "planet-4" in keys and "planet-3" not in keys
    assert not Deck.objects.filter(precon_key="second-fleet").exists()


def test_an_unknown_card_is_a_loader_error_naming_file_and_entry(loaded):
    write_data(loaded, PRECONS.replace("card: ship-5", "card: no-such-ship"))
    with pytest.raises(ContentError) as error:
        content_load(data_dir=loaded)
    assert "komandor/precons.yaml: precon_deck 'second-fleet': unknown card 'no-such-ship'" in (
        error.value.problems
    )
    assert precon("second-fleet").versions.count() == 1  # nothing written


def test_a_card_gone_from_the_files_is_unknown_to_a_precon_naming_it(loaded):
    write_data(loaded, cards=CARDS.split("  - key: planet-4")[0])
    with pytest.raises(ContentError) as error:
        content_load(data_dir=loaded)
    assert any("second-fleet" in p and "'planet-4'" in p for p in error.value.problems)
    assert Card.objects.filter(key="planet-4").exists()


def test_an_illegal_precon_is_a_loader_error_with_the_validators_reasons(loaded):
    write_data(loaded, PRECONS.replace("{card: ship-5, count: 4}", "{card: ship-5, count: 5}"))
    with pytest.raises(ContentError) as error:
        content_load(data_dir=loaded)
    (problem,) = error.value.problems
    assert problem.startswith("komandor/precons.yaml: precon_deck 'second-fleet': not a legal")
    assert "too_many_copies" in problem and "'count': 5" in problem


def test_entry_fields_are_checked(loaded):
    bad = PRECONS.replace(
        "  - key: second-fleet\n", "  - key: second-fleet\n    colour: red\n"
    ).replace("{card: ship-1, count: 4}", "{card: ship-1, count: 0}", 1)
    write_data(loaded, bad)
    with pytest.raises(ContentError) as error:
        content_load(data_dir=loaded)
    assert any("'second-fleet': unknown fields ['colour']" in p for p in error.value.problems)
    assert any("'test-fleet': cards #2 (ship-1): count must be" in p for p in error.value.problems)


def test_a_precon_defined_twice_is_an_error(loaded):
    write_data(loaded, PRECONS.replace("key: second-fleet", "key: test-fleet"))
    with pytest.raises(ContentError) as error:
        content_load(data_dir=loaded)
    assert "precon_deck 'test-fleet': defined twice" in error.value.problems


def test_a_card_only_a_precon_uses_is_retired_not_deleted_when_the_files_drop_both(loaded):
    # The precon dropped in the same load frees its card for deletion.
    cards = CARDS.split("  - key: planet-4")[0]
    write_data(loaded, PRECONS.split("  - key: second-fleet")[0], cards=cards)
    report = content_load(data_dir=loaded)
    assert report.deleted["precon_deck"] == 1
    assert not Card.all_objects.filter(key="planet-4").exists()


# --- pages and API -------------------------------------------------------------------------


def test_the_precon_page_lists_them_apart_from_players_decks(loaded, client):
    page = client.get(reverse("decks:precons")).content.decode()
    assert "Тестовый флот" in page and "Второй флот" in page
    assert 'data-clone="test-fleet"' not in page  # cloning needs an account
    public = client.get(reverse("decks:public")).content.decode()
    assert "Тестовый флот" not in public
    english = client.get(reverse("decks:precons"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Test Fleet" in english and "Ships and planets." in english


def test_the_nav_links_the_precon_page(loaded, client):
    assert reverse("decks:precons") in client.get(reverse("cardbase:home")).content.decode()


def test_a_precon_page_shows_it_as_preconstructed_with_its_deck_file(loaded, client):
    fleet = precon("test-fleet")
    page = client.get(reverse("decks:detail", args=[fleet.id])).content.decode()
    assert 'id="precon-badge"' in page and "Тестовый флот" in page
    download = client.get(reverse("decks:export-json", args=[fleet.id]) + "?download=1")
    assert download["Content-Disposition"] == f'attachment; filename="deck-{fleet.id}.json"'


def test_the_api_lists_precons_by_commander(loaded, client):
    answer = client.get("/api/decks/precons/").json()["results"]
    assert [(d["name"], d["owner"], d["is_preconstructed"]) for d in answer] == [
        ("Второй флот", None, True),
        ("Тестовый флот", None, True),
    ]
    admiral = Card.objects.get(key="admiral")
    one = client.get("/api/decks/precons/", {"commander": admiral.id}).json()["results"]
    assert [d["name_en"] for d in one] == ["Test Fleet"]
    assert client.get("/api/decks/precons/", {"commander": "x"}).status_code == 400
    detail = client.get(f"/api/decks/{precon('test-fleet').id}/").json()
    assert detail["owner"] is None and detail["is_preconstructed"] is True


def test_cloning_a_precon_in_one_click_makes_a_players_deck(loaded, client):
    player = UserFactory(username="pilot")
    client.force_login(player)
    fleet = precon("test-fleet")
    assert 'data-clone="test-fleet"' in client.get(reverse("decks:precons")).content.decode()
    answer = client.post(reverse("decks:clone", args=[fleet.id]))
    copy = Deck.objects.get(owner=player)
    assert answer.url == reverse("decks:edit", args=[copy.id])
    assert not copy.is_preconstructed and copy.name == "Тестовый флот (копия)"
    assert deck_content(deck=copy) == deck_content(deck=fleet)
    assert copy.versions.get().is_valid


def test_a_commanders_card_page_offers_a_new_deck_and_lists_its_precons(loaded, client):
    admiral = Card.objects.get(key="admiral")
    url = reverse("cardbase:card-detail", args=["komandor", "admiral"])
    page = client.get(url).content.decode()
    assert 'id="commander-decks"' in page and "Тестовый флот" in page and "Второй флот" not in page
    assert 'id="new-deck-with-commander"' not in page  # signed out: a login link instead
    player = UserFactory(username="pilot")
    client.force_login(player)
    assert 'id="new-deck-with-commander"' in client.get(url).content.decode()
    answer = client.post(reverse("decks:new"), {"name": "Мой флот", "commander": admiral.id})
    deck = Deck.objects.get(owner=player)
    assert answer.url == reverse("decks:edit", args=[deck.id]) and deck.commander == admiral
    ship = reverse("cardbase:card-detail", args=["komandor", "ship-0"])
    assert 'id="commander-decks"' not in client.get(ship).content.decode()


def test_a_new_deck_refuses_a_commander_that_is_not_one(loaded, client):
    client.force_login(UserFactory(username="pilot"))
    ship = Card.objects.get(key="ship-0")
    client.post(reverse("decks:new"), {"name": "Мой флот", "commander": ship.id})
    assert not Deck.objects.filter(name="Мой флот").exists()


# --- the deck file ---------------------------------------------------------------------------


def test_the_exported_deck_file_is_what_the_engine_plays(loaded):
    fleet = precon("test-fleet")
    data = deck_export_json(deck=fleet)
    assert data["commander"] == {"kind": "commander", "name": "Адмирал Тест", "initiative": 3}
    (setup,) = data["setup_abilities"]
    assert setup["name"] == "Щиты" and setup["variants"] == ["первый", "второй"]
    deck = deck_from_dict(data)
    assert len(deck.cards) == 40 and deck.commander.name == "Адмирал Тест"
    assert deck.setup_abilities == ("щиты",)  # the engine plays it at setup (ABIL-5)
    other = deck_from_dict(deck_export_json(deck=precon("second-fleet")))
    result = run_match(
        decks=[deck, other],
        agents=[make_agent("heuristic", seed=1), make_agent("heuristic", seed=2)],
        seed=1,
    )
    assert result.summary["turns"] >= 1


def test_the_deck_file_imports_back_as_the_same_deck(loaded):
    player = UserFactory(username="pilot")
    fleet = precon("test-fleet")
    again = deck_import(owner=player, name="Импорт", source=deck_export_json(deck=fleet))
    assert deck_content(deck=again) == deck_content(deck=fleet)


def test_export_precons_writes_one_file_per_precon(loaded, tmp_path):
    out = tmp_path / "precons"
    out.mkdir()
    (out / "gone.json").write_text("{}", encoding="utf-8")
    call_command("export_precons", out=out, stdout=StringIO())
    assert sorted(p.name for p in out.iterdir()) == ["second-fleet.json", "test-fleet.json"]
    written = json.loads((out / "test-fleet.json").read_text(encoding="utf-8"))
    assert written == deck_export_json(deck=precon("test-fleet"))


def test_nobody_may_change_or_delete_a_precon(loaded, client):
    player = UserFactory(username="pilot")
    client.force_login(player)
    fleet = precon("test-fleet")
    assert client.get(reverse("decks:edit", args=[fleet.id])).status_code == 404
    assert client.post(reverse("decks:delete", args=[fleet.id])).status_code == 404
    answer = client.patch(
        f"/api/decks/{fleet.id}/", {"name": "Мой"}, content_type="application/json"
    )
    assert answer.status_code == 403
    assert client.delete(f"/api/decks/{fleet.id}/").status_code == 403
    assert precon("test-fleet").name == "Тестовый флот"


def test_any_player_may_enter_a_precon_in_a_tournament(loaded):
    player = UserFactory(username="pilot")
    versions = [precon(key).versions.get() for key in ("test-fleet", "second-fleet")]
    assert all(can_enter(user=player, version=version) for version in versions)
    assert entry_problems(user=player, versions=versions) == []
