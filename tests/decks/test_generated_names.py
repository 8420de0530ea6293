"""Issue 36: a name the site makes — a copy's «… (копия)» — reads in the viewer's language:
stored in both, the English shown to English readers until the owner renames the deck."""

import pytest
from django.urls import reverse

from decks import services
from decks.models import Deck
from decks.values import DeckContent
from tests.decks.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def precon(db):
    return services.deck_create(
        owner=None,
        name="Кольцо контрабандистов",
        content=DeckContent(commander_id=None),
        visibility="public",
        precon=services.PreconNames(key="ring", name_en="Smugglers' Ring"),
    )


def test_a_copy_is_named_in_both_languages(precon, owner):
    copy = services.deck_clone(deck=precon, owner=owner)
    assert copy.localised_name("ru") == "Кольцо контрабандистов (копия)"
    assert copy.localised_name("en") == "Smugglers' Ring (copy)"


def test_the_pages_show_each_reader_his_language(client, precon, owner):
    client.force_login(owner)
    answer = client.post(reverse("decks:clone", args=[precon.id]), HTTP_ACCEPT_LANGUAGE="en")
    copy = Deck.objects.get(owner=owner)
    assert answer.status_code == 302
    english = client.get(reverse("decks:list"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Smugglers&#x27; Ring (copy)" in english and "копия" not in english
    russian = client.get(reverse("decks:list"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Кольцо контрабандистов (копия)" in russian
    builder = client.get(reverse("decks:edit", args=[copy.id]), HTTP_ACCEPT_LANGUAGE="en")
    assert builder.context["form"]["name"].value() == "Smugglers' Ring (copy)"


def test_saving_the_shown_name_keeps_both_and_a_rename_drops_the_made_english(precon, owner):
    copy = services.deck_clone(deck=precon, owner=owner)
    services.deck_update(deck=copy, name="Smugglers' Ring (copy)")  # the builder, unchanged
    copy.refresh_from_db()
    assert copy.localised_name("ru") == "Кольцо контрабандистов (копия)"
    services.deck_update(deck=copy, name="Мой флот")
    copy.refresh_from_db()
    assert copy.localised_name("en") == copy.localised_name("ru") == "Мой флот"


def test_another_players_copy_of_a_copy_is_named_so_too(precon):
    first = services.deck_clone(deck=precon, owner=UserFactory(username="a"))
    second = services.deck_clone(deck=first, owner=UserFactory(username="b"))
    assert second.localised_name("en") == "Smugglers' Ring (copy) (copy)"
    assert second.localised_name("ru") == "Кольцо контрабандистов (копия) (копия)"
