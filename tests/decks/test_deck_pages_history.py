"""Deck pages: the version history with what changed, delete only after confirming, the list
as text to copy, card names that link to their cards, and legality on the public list."""

import pytest
from django.urls import reverse

from decks import services
from decks.models import Deck, Visibility
from decks.values import DeckContent, EntryContent
from decks.version_diff import version_changes

pytestmark = pytest.mark.django_db


def snapshot(commander=None, entries=(), setup=()):
    return {
        "commander": None if commander is None else {"name": commander, "card_id": 1},
        "entries": [{"name": n, "count": c, "own_name": o, "card_id": i} for n, c, o, i in entries],
        "setup_abilities": [{"name": n, "count": c, "card_id": 9} for n, c in setup],
    }


def test_version_changes_lists_cards_out_then_in_with_their_counts():
    before = snapshot("Пират", [("Оса", 4, "", 2), ("Линкор", 2, "", 3), ("Щит", 1, "", 4)])
    after = snapshot("Торговец", [("Оса", 4, "", 2), ("Линкор", 3, "", 3), ("Бур", 2, "", 5)])
    changes = version_changes(before, after)
    assert (changes.commander_before, changes.commander_after) == ("Пират", "Торговец")
    assert [(c.name, c.before, c.after, c.delta) for c in changes.cards] == [
        ("Щит", 1, 0, -1),
        ("Бур", 0, 2, 2),
        ("Линкор", 2, 3, 1),
    ]
    assert not changes.is_empty


def test_a_renamed_copy_is_one_out_and_one_in_and_no_change_is_empty():
    before = snapshot(None, [("Линкор", 1, "Гром", 3)])
    after = snapshot(None, [("Линкор", 1, "Молния", 3)])
    changes = version_changes(before, after)
    assert [(c.own_name, c.delta) for c in changes.cards] == [("Гром", -1), ("Молния", 1)]
    assert version_changes(after, after).is_empty
    first = version_changes(None, after)
    assert [(c.name, c.before, c.after) for c in first.cards] == [("Линкор", 0, 1)]


@pytest.fixture
def deck(owner, legal_content):
    deck = services.deck_create(owner=owner, name="Флот", content=legal_content)
    first, *rest = legal_content.entries
    smaller = DeckContent(
        commander_id=legal_content.commander_id,
        entries=(EntryContent(card_id=first.card_id, count=2), *rest),
    )
    services.deck_update(deck=deck, content=smaller)
    return deck


def test_history_shows_each_version_with_its_changes(client, owner, deck):
    client.force_login(owner)
    response = client.get(reverse("decks:history", args=[deck.id]))
    assert response.status_code == 200
    rows = response.context["rows"]
    assert [row["version"].number for row in rows] == [2, 1]
    (change,) = rows[0]["changes"].cards
    assert (change.before, change.after) == (4, 2)
    html = response.content.decode()
    assert 'class="delta">-2</span>' in html
    assert reverse("cardbase:card-by-id", args=[change.card_id]) in html
    assert "38 карт" in html and "40 карт" in html
    assert "не по правилам" in html and "по правилам" in html
    # The first version is its whole list, not a column of "0 → 4" changes.
    assert rows[1]["is_first"] and not rows[0]["is_first"]
    assert "(0 → 4)" not in html and "Первая из показанных версий" in html


def test_others_see_no_history_of_a_private_deck_and_only_public_versions(client, stranger, deck):
    client.force_login(stranger)
    assert client.get(reverse("decks:history", args=[deck.id])).status_code == 404
    services.deck_update(deck=deck, visibility=Visibility.PUBLIC)
    response = client.get(reverse("decks:history", args=[deck.id]))
    assert [row["version"].number for row in response.context["rows"]] == [3]


def test_delete_asks_first_and_deletes_only_on_confirming(client, owner, stranger, deck):
    url = reverse("decks:delete", args=[deck.id])
    client.force_login(stranger)
    assert client.get(url).status_code == 404
    client.force_login(owner)
    asked = client.get(url)
    assert asked.status_code == 200 and "Удалить колоду «Флот»?" in asked.content.decode()
    assert Deck.objects.filter(pk=deck.pk).exists()
    assert client.post(url).status_code == 302
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_deck_page_links_cards_offers_the_text_and_the_history(client, owner, deck):
    client.force_login(owner)
    response = client.get(reverse("decks:detail", args=[deck.id]))
    html = response.content.decode()
    for entry in deck.entries.all():
        assert reverse("cardbase:card-by-id", args=[entry.card_id]) in html
    assert reverse("cardbase:card-by-id", args=[deck.commander_id]) in html
    assert services.deck_export_text(deck=deck) in html.replace("&quot;", '"')
    assert reverse("decks:history", args=[deck.id]) in html
    assert f'href="{reverse("decks:delete", args=[deck.id])}"' in html
    assert 'action="' + reverse("decks:delete", args=[deck.id]) not in html


def test_public_list_marks_legal_and_illegal_decks(client, owner, legal_content):
    legal = services.deck_create(owner=owner, name="Честная", content=legal_content)
    short = DeckContent(commander_id=legal_content.commander_id, entries=legal_content.entries[:2])
    illegal = services.deck_create(owner=owner, name="Короткая", content=short)
    for deck in (legal, illegal):
        services.deck_update(deck=deck, visibility=Visibility.PUBLIC)
    response = client.get(reverse("decks:public"))
    legality = {deck.name: deck.is_legal for deck in response.context["decks"]}
    assert legality == {"Честная": True, "Короткая": False}
    html = response.content.decode()
    assert 'class="legal-mark"' in html and 'class="illegal-mark"' in html
