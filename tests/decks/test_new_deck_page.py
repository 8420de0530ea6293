"""Issue 36: the README's "build at /decks/new/" is a page — GET shows the new-deck form, which
asks for the name and the Commander; its POST makes the deck and opens the builder."""

import pytest
from django.urls import reverse

from decks.models import Deck
from tests.decks.factories import komandor_card

pytestmark = pytest.mark.django_db


@pytest.fixture
def admiral(db):
    return komandor_card("commander", name_ru="Адмирал Вега", name_en="Admiral Vega", cost=None)


def test_a_visitor_is_asked_to_sign_in_first(client):
    answer = client.get("/decks/new/")
    assert answer.status_code == 302 and answer["Location"].startswith(reverse("login"))


def test_get_shows_the_form_with_the_commanders(client, owner, admiral):
    komandor_card("ship", name_ru="Крейсер Аргус")
    client.force_login(owner)
    answer = client.get("/decks/new/")
    assert answer.status_code == 200
    page = answer.content.decode()
    assert 'id="new-deck-form"' in page and 'name="name"' in page
    assert '<select name="commander"' in page
    assert "Адмирал Вега" in page and "Крейсер Аргус" not in page  # Commanders only
    english = client.get("/decks/new/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Admiral Vega" in english and "Адмирал" not in english


def test_a_commander_in_the_address_is_chosen(client, owner, admiral):
    client.force_login(owner)
    answer = client.get("/decks/new/", {"commander": admiral.id})
    assert answer.context["form"]["commander"].value() in (admiral.id, str(admiral.id))
    assert f'<option value="{admiral.id}" selected>' in answer.content.decode()


def test_post_makes_the_deck_with_its_commander_and_opens_the_builder(client, owner, admiral):
    client.force_login(owner)
    answer = client.post("/decks/new/", {"name": "Флот Веги", "commander": admiral.id})
    deck = Deck.objects.get(owner=owner)
    assert answer.status_code == 302 and answer["Location"] == reverse("decks:edit", args=[deck.id])
    assert deck.name == "Флот Веги" and deck.commander_id == admiral.id


def test_a_form_without_a_name_shows_the_field_error(client, owner, admiral):
    client.force_login(owner)
    answer = client.post("/decks/new/", {"name": "", "commander": admiral.id})
    assert answer.status_code == 400
    assert answer.context["form"].errors["name"]
    assert not Deck.objects.exists()
