"""Deck pages beyond building: compare, restore a version, tags, print, proxies, draw odds;
and the builder's buttons and empty searches without JavaScript."""

import pytest
from django.urls import reverse

from decks import services
from decks.comparison import deck_comparison, snapshot_content
from decks.models import Deck
from decks.selectors import deck_content
from decks.values import DeckContent, EntryContent
from tests.decks.factories import komandor_card

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(owner, legal_content):
    return services.deck_create(owner=owner, name="Флот", content=legal_content)


def _latest(deck):
    return deck.versions.order_by("-number").first()


def test_comparison_sorts_cards_into_added_removed_and_changed(deck, legal_content):
    first = legal_content.entries
    extra = komandor_card("tactical", name_ru="Новая", cost=1)
    second = (
        *first[1:9],
        EntryContent(card_id=first[9].card_id, count=1),
        EntryContent(card_id=extra.id, count=3),
    )
    before = _latest(deck).snapshot
    services.deck_update(deck=deck, content=DeckContent(legal_content.commander_id, second))
    result = deck_comparison(before, _latest(deck).snapshot)
    assert [(c.name, c.after) for c in result.added] == [("Новая", 3)]
    assert [c.card_id for c in result.removed] == [first[0].card_id]
    assert [(c.card_id, c.before, c.after) for c in result.changed] == [(first[9].card_id, 4, 1)]
    assert not result.is_same and deck_comparison(before, before).is_same


def test_snapshot_content_is_the_deck_saved(deck):
    assert snapshot_content(_latest(deck).snapshot) == deck_content(deck=deck)


def test_compare_page_shows_both_sides_and_refuses_bad_or_hidden_decks(
    client, owner, stranger, deck
):
    other = services.deck_clone(deck=deck, owner=owner)
    client.force_login(owner)
    url = reverse("decks:compare")
    answer = client.get(url, {"a": deck.id, "b": other.id})
    assert answer.status_code == 200 and "Списки одинаковы." in answer.content.decode()
    assert client.get(url, {"a": "x", "b": other.id}).status_code == 400
    assert client.get(url, {"a": deck.id, "av": 99, "b": other.id}).status_code == 404
    client.force_login(stranger)  # a private deck of another player
    assert client.get(url, {"a": deck.id, "b": other.id}).status_code == 404


def test_restore_makes_a_new_version_only_for_the_owner(
    client, owner, stranger, deck, legal_content
):
    services.deck_update(deck=deck, content=DeckContent(legal_content.commander_id))
    url = reverse("decks:restore", args=[deck.id, 1])
    client.force_login(stranger)
    assert client.post(url).status_code == 404
    client.force_login(owner)
    assert client.get(url).status_code == 405
    assert client.post(reverse("decks:restore", args=[deck.id, 9])).status_code == 404
    answer = client.post(url)
    assert answer.status_code == 302 and answer.url == reverse("decks:detail", args=[deck.id])
    assert deck_content(deck=deck) == legal_content
    assert list(deck.versions.order_by("number").values_list("number", "is_valid")) == [
        (1, True),
        (2, False),
        (3, True),
    ]


def test_tags_are_saved_from_the_builder_and_filter_the_lists(client, owner, deck, legal_content):
    assert services.tags_from_text(" Агро , турнир,агро,, ") == ["агро", "турнир"]
    client.force_login(owner)
    form = {
        "name": "Флот",
        "description": "",
        "visibility": "public",
        "commander": legal_content.commander_id,
        "tags": "Агро, турнир",
        "entry_card": [e.card_id for e in legal_content.entries],
        "entry_count": [e.count for e in legal_content.entries],
        "entry_own": ["" for _ in legal_content.entries],
        "entry_setup": ["0" for _ in legal_content.entries],
    }
    assert client.post(reverse("decks:edit", args=[deck.id]), form).status_code == 302
    assert sorted(deck.tags.values_list("name", flat=True)) == ["агро", "турнир"]
    untagged = services.deck_create(owner=owner, name="Другая", content=legal_content)
    for page in ("decks:list", "decks:public"):
        shown = client.get(reverse(page), {"tag": "Агро"}).context["decks"]
        assert [d.id for d in shown] == [deck.id], page
    assert untagged.id in [d.id for d in client.get(reverse("decks:list")).context["decks"]]


def test_catalogue_buttons_work_without_javascript(client, owner, deck, legal_content):
    client.force_login(owner)
    base = {
        "name": "Флот",
        "visibility": "private",
        "commander": legal_content.commander_id,
        "entry_card": [legal_content.entries[0].card_id],
        "entry_count": ["1"],
        "entry_own": [""],
        "entry_setup": ["0"],
    }
    card = legal_content.entries[0].card_id
    url = reverse("decks:edit", args=[deck.id])
    client.post(url, {**base, "four": card})
    assert deck_content(deck=deck).entries == (EntryContent(card_id=card, count=4),)
    client.post(url, {**base, "take": card})
    assert deck_content(deck=deck).entries == ()


def test_an_empty_catalogue_search_says_why_and_offers_the_nearest_names(client, owner, deck):
    komandor_card("ship", name_ru="Линкор класса «Химера»", cost=6)
    client.force_login(owner)
    page = client.get(reverse("decks:edit", args=[deck.id]), {"q": "Химира", "kind": "ship"})
    text = page.content.decode()
    assert "Ни одна карта не подходит под «Химира»." in text
    assert 'data-suggestion="Линкор класса «Химера»"' in text
    assert "сбросьте их" in text  # a filter was set: it says so
    answer = client.get(reverse("deck-catalogue"), {"q": "Химира"}).data
    assert answer["count"] == 0
    assert answer["suggestions"] == [
        {"name": "Линкор класса «Химера»", "query": "Линкор класса «Химера»", "lang": "ru"}
    ]
    assert client.get(reverse("deck-catalogue"), {"q": "type:ship"}).data["suggestions"] == []
    search = client.get(reverse("cardbase:search"), {"q": "Химира"}).content.decode()
    assert 'data-suggestion="Линкор класса «Химера»"' in search


def test_print_proxies_and_odds_pages(client, owner, deck, legal_content):
    client.force_login(owner)
    printed = client.get(reverse("decks:print", args=[deck.id]))
    assert printed.status_code == 200 and 'id="decklist"' in printed.content.decode()
    proxies = client.get(reverse("decks:proxies", args=[deck.id])).content.decode()
    assert proxies.count('class="proxy"') == 41 and proxies.count('class="proxy-page"') == 5
    ship = legal_content.entries[0].card_id
    detail = client.get(reverse("decks:detail", args=[deck.id]), {"group": f"card:{ship}"})
    odds = detail.context["odds"]
    assert odds["group"] == f"card:{ship}" and len(odds["rows"]) == 7
    bad = client.get(reverse("decks:detail", args=[deck.id]), {"group": "x", "at_least": "-3"})
    assert bad.status_code == 200 and bad.context["odds"]["group"] == "kind:ship"
    assert client.get(reverse("decks:print", args=[Deck.objects.count() + 99])).status_code == 404


def test_odds_choices_take_a_card_of_another_game_last(client, owner):
    from tests.factories import CardFactory, GameFactory

    other = CardFactory(game=GameFactory(slug="eclipse"), card_type="building", cost=2)
    ship = komandor_card("ship", cost=3)
    content = DeckContent(
        None, (EntryContent(card_id=other.id, count=1), EntryContent(card_id=ship.id, count=1))
    )
    deck = services.deck_create(owner=owner, name="Смесь", content=content)
    client.force_login(owner)
    choices = client.get(reverse("decks:detail", args=[deck.id])).context["odds"]["choices"]
    assert [value for value, _ in choices][:2] == ["kind:ship", "kind:building"]
