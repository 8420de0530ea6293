"""The builder's catalogue across a pool of 100+ cards: paging, the query language, kind,
cost and faction filters, on the page (no JavaScript) and in ``/api/decks/catalogue/``; a
Commander is offered only as the Commander."""

import pytest
from django.urls import reverse

from decks.models import Deck
from decks.selectors import CATALOGUE_PAGE_SIZE
from decks.services import PreconNames, deck_create
from decks.values import DeckContent, EntryContent
from tests.decks.factories import komandor_card

pytestmark = pytest.mark.django_db


@pytest.fixture
def pool():
    commander = komandor_card("commander", name_ru="Адмирал", cost=None)
    ships = [komandor_card("ship", name_ru=f"Корабль {n:03d}", cost=n % 10) for n in range(60)]
    planets = [komandor_card("space_object", name_ru=f"Планета {n:03d}", cost=4) for n in range(45)]
    deck_create(
        owner=None,
        name="Прекон",
        content=DeckContent(
            commander_id=commander.id,
            entries=tuple(EntryContent(card_id=card.id, count=4) for card in ships[:10]),
        ),
        visibility="public",
        precon=PreconNames("precon"),
    )
    return commander, ships, planets


@pytest.fixture
def builder(client, owner):
    client.force_login(owner)
    deck = Deck.objects.create(owner=owner, name="Колода")
    return lambda **params: client.get(reverse("decks:edit", args=[deck.id]), params)


def names(page) -> list[str]:
    return [card.name_ru for card in page.context["catalogue"]]


def test_the_catalogue_pages_through_the_whole_pool(pool, builder):
    first = builder()
    assert len(names(first)) == CATALOGUE_PAGE_SIZE
    assert first.context["catalogue"].paginator.count == 106
    assert 'rel="next"' in first.content.decode()
    seen = []
    for number in range(1, 4):
        seen += names(builder(page=number))
    assert len(seen) == len(set(seen)) == 106


def test_kind_cost_and_query_narrow_it(pool, builder):
    assert len(names(builder(kind="space_object"))) == CATALOGUE_PAGE_SIZE
    assert builder(kind="space_object").context["catalogue"].paginator.count == 45
    cheap_ships = names(builder(kind="ship", cost_min=2, cost_max=3))
    assert len(cheap_ships) == 12 and all(n.startswith("Корабль") for n in cheap_ships)
    assert names(builder(q="Планета 00", cost_max=4)) == [f"Планета 00{n}" for n in range(10)]


def test_a_faction_is_the_cards_its_commanders_precons_use(pool, builder):
    commander, ships, _ = pool
    found = names(builder(faction=commander.id))
    assert found == ["Адмирал", *[ship.name_ru for ship in ships[:10]]]
    page = builder().content.decode()
    assert f'<option value="{commander.id}">Адмирал</option>' in page


def test_bad_filters_are_reported_not_a_500(pool, builder, client):
    answer = builder(cost_min="x", faction=999999)
    assert answer.status_code == 200 and answer.context["search_error"]
    api = client.get("/api/decks/catalogue/", {"cost_max": -1})
    assert api.status_code == 400 and "cost_max" in api.json()["fields"]


def test_the_api_pages_and_filters_the_same_way(pool, client):
    commander, *_ = pool
    first = client.get("/api/decks/catalogue/").json()
    assert first["count"] == 106 and len(first["results"]) == CATALOGUE_PAGE_SIZE
    assert first["next"].endswith("page=2")
    last = client.get("/api/decks/catalogue/", {"page": 3}).json()
    assert len(last["results"]) == 106 - 2 * CATALOGUE_PAGE_SIZE and last["next"] is None
    ships_only = client.get("/api/decks/catalogue/", {"kind": "ship", "cost_min": 9}).json()
    assert ships_only["count"] == 6
    faction = client.get("/api/decks/catalogue/", {"faction": commander.id}).json()
    assert faction["count"] == 11


def test_a_commander_is_offered_as_the_commander_never_as_a_card(pool, builder):
    commander, *_ = pool
    page = builder(kind="commander").content.decode()
    assert f'data-pick-commander="{commander.id}"' in page
    assert f'data-add="{commander.id}"' not in page
