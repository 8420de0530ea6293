"""The collection: owned copies read from text or CSV, written back, edited, and the decks it
can build."""

import pytest
from django.urls import reverse

from decks import collection, services
from decks.models import OwnedCard
from decks.selectors import UnknownCards, decks_precon
from decks.values import DeckContent, EntryContent
from tests.decks.factories import UserFactory, komandor_card

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards(db):
    return [komandor_card("ship", name_ru=f"Крейсер {name}", cost=3) for name in ("Аргус", "Бора")]


def _owned(user) -> dict[int, int]:
    return collection.owned_counts(user=user)


def test_text_import_adds_and_replace_replaces(owner, cards):
    read = collection.collection_import(user=owner, source="3 Крейсер Аргус\n1 крейсер бора")
    assert (read.copies, read.cards, read.problems) == (4, 2, ())
    assert collection.collection_import(user=owner, source="2 Крейсер Аргус").copies == 2
    assert _owned(owner) == {cards[0].id: 5, cards[1].id: 1}
    collection.collection_import(user=owner, source="1 Крейсер Бора", replace=True)
    assert _owned(owner) == {cards[1].id: 1}


def test_csv_import_with_or_without_a_header(owner, cards):
    collection.collection_import(
        user=owner, source="count,name,release,number\n2,Крейсер Аргус,,\n"
    )
    collection.collection_import(user=owner, source="1,Крейсер Бора\n")
    assert _owned(owner) == {cards[0].id: 2, cards[1].id: 1}


def test_the_good_lines_import_and_each_bad_one_comes_back_with_suggestions(owner, cards):
    """Issue 36's friction: one bad line refused the whole import."""
    read = collection.collection_import(user=owner, source="2 Крейсер Аргус\n1 Крейсер Боро")
    [problem] = read.problems
    assert (problem.line, problem.code) == (2, "unknown_card")
    assert "Крейсер Бора" in problem.suggestions
    assert read.copies == 2 and _owned(owner) == {cards[0].id: 2}
    read = collection.collection_import(
        user=owner, source="1,Крейсер Аргус\nx,Крейсер Аргус\n0,Крейсер Бора\n1,\n"
    )
    assert [(e.line, e.code) for e in read.problems] == [
        (2, "missing_count"),
        (3, "bad_count"),
        (4, "missing_name"),
    ]
    assert _owned(owner) == {cards[0].id: 3}


def test_nothing_is_written_when_no_line_reads_even_to_replace(owner, cards):
    collection.collection_set_counts(user=owner, counts={cards[0].id: 4})
    read = collection.collection_import(user=owner, source="1 Крейсер Боро", replace=True)
    assert read.copies == 0 and len(read.problems) == 1
    assert _owned(owner) == {cards[0].id: 4}


def test_the_builders_short_names_import(client, owner, cards):
    """«Химера», as the builder's quick-add takes it: whole words of one card's name."""
    chimera = komandor_card("ship", name_ru="Линкор класса «Химера»", cost=6)
    # The quick-add takes a name whose catalogue search finds exactly one card.
    found = client.get(reverse("deck-catalogue"), {"q": "Химера"}).json()["results"]
    assert [card["id"] for card in found] == [chimera.id]
    read = collection.collection_import(user=owner, source="2 Химера\n1 аргус")
    assert read.problems == ()
    assert _owned(owner) == {chimera.id: 2, cards[0].id: 1}
    collection.collection_import(user=owner, source="count,name\n1,Химера\n")  # and in CSV
    assert _owned(owner)[chimera.id] == 3


def test_a_short_name_of_several_cards_lists_them(owner, cards):
    read = collection.collection_import(user=owner, source="1 Крейсер\n1 Арг")
    ambiguous, unknown = read.problems
    assert (ambiguous.code, set(ambiguous.suggestions)) == (
        "ambiguous_name",
        {"Крейсер Аргус", "Крейсер Бора"},
    )
    assert unknown.code == "unknown_card"  # a word's piece is not a short name
    assert "Крейсер Аргус" in unknown.suggestions
    assert _owned(owner) == {}


def test_export_reads_back_as_the_same_collection(owner, cards):
    collection.collection_set_counts(user=owner, counts={cards[0].id: 4, cards[1].id: 2})
    text = collection.collection_export_text(user=owner)
    table = collection.collection_export_csv(user=owner)
    assert "4 Крейсер Аргус" in text and table.startswith("count,name,release,number\n")
    for source in (text, table):
        other = UserFactory(username=f"reader{len(source)}")
        collection.collection_import(user=other, source=source)
        assert _owned(other) == _owned(owner)


def test_set_counts_keeps_others_removes_zero_and_refuses_unknown_cards(owner, cards):
    collection.collection_set_counts(user=owner, counts={cards[0].id: 4, cards[1].id: 2})
    collection.collection_set_counts(user=owner, counts={cards[0].id: 0})
    assert _owned(owner) == {cards[1].id: 2}
    with pytest.raises(UnknownCards):
        collection.collection_set_counts(user=owner, counts={cards[1].id: 3, 10**9: 1})
    assert _owned(owner) == {cards[1].id: 2}


def test_decks_i_can_build_count_every_entry_of_a_card_and_the_commander(owner):
    commander = komandor_card("commander", cost=None)
    ship = komandor_card("ship", cost=3)
    # Two entries of the same card under own names: the deck needs their sum, 4.
    content = DeckContent(
        commander_id=commander.id,
        entries=(
            EntryContent(card_id=ship.id, count=2, own_name="Первый"),
            EntryContent(card_id=ship.id, count=2, own_name="Второй"),
        ),
    )
    services.deck_create(owner=None, name="П", content=content, precon=services.PreconNames("p"))
    buildable = lambda: list(collection.decks_buildable(user=owner, decks=decks_precon()))  # noqa: E731
    collection.collection_set_counts(user=owner, counts={ship.id: 3, commander.id: 1})
    assert buildable() == []
    collection.collection_set_counts(user=owner, counts={ship.id: 4, commander.id: 0})
    assert buildable() == []
    collection.collection_set_counts(user=owner, counts={commander.id: 1})
    assert [deck.precon_key for deck in buildable()] == ["p"]
    assert collection.missing_counts(needed={ship.id: 4}, owned={ship.id: 1}) == {ship.id: 3}


def test_collection_page_imports_edits_and_exports(client, owner, cards):
    assert client.get(reverse("decks:collection")).status_code == 302  # sign in first
    client.force_login(owner)
    answer = client.post(reverse("decks:collection"), {"text": "3 Крейсер Аргус"}, follow=True)
    assert "Коллекция загружена: 3 карты." in answer.content.decode()
    bad = client.post(reverse("decks:collection"), {"text": "1 Крейсер Бора\n3 Крейсер Аргас"})
    page = bad.content.decode()
    assert bad.status_code == 200 and "Крейсер Аргус" in page  # the suggestion
    assert "Коллекция загружена: 1 карта." in page  # the good line
    # The bad line is left in the box to correct, the good one is not.
    assert bad.context["form"].initial["text"] == "3 Крейсер Аргас"
    assert _owned(owner) == {cards[0].id: 3, cards[1].id: 1}
    client.post(
        reverse("decks:collection"),
        {"counts": "1", f"owned_{cards[0].id}": "2", f"owned_{cards[1].id}": "1", "owned_x": "9"},
    )
    assert _owned(owner) == {cards[0].id: 2, cards[1].id: 1}
    answer = client.get(reverse("decks:collection-csv"))
    assert answer["Content-Type"].startswith("text/csv")
    assert "2,Крейсер Аргус,," in answer.content.decode()
    assert "2 Крейсер Аргус" in client.get(reverse("decks:collection-txt")).content.decode()


def test_the_owned_filter_narrows_the_builder_catalogue(client, owner, cards):
    OwnedCard.objects.create(owner=owner, card=cards[1], count=2)
    url = reverse("deck-catalogue")
    assert client.get(url, {"owned": "true"}).data["count"] == 0  # a visitor owns nothing
    client.force_login(owner)
    answer = client.get(url, {"owned": "true"}).data
    assert [card["id"] for card in answer["results"]] == [cards[1].id]


def test_the_owned_filter_refuses_what_is_not_a_yes_or_no(client):
    answer = client.get(reverse("deck-catalogue"), {"owned": "null"})
    assert answer.status_code == 400 and "owned" in answer.json()["fields"]


def test_a_card_page_edits_its_copies_in_place(client, owner, cards):
    card_url = reverse("cardbase:card-detail", args=["komandor", cards[0].key])
    assert 'id="owned-copies"' not in client.get(card_url).content.decode()  # a visitor
    client.force_login(owner)
    assert 'id="owned-copies"' in client.get(card_url).content.decode()
    form = {"counts": "1", f"owned_{cards[0].id}": "3", "next": card_url}
    answer = client.post(reverse("decks:collection"), form)
    assert answer.status_code == 302 and answer.url == card_url
    assert _owned(owner) == {cards[0].id: 3}
    away = client.post(reverse("decks:collection"), {**form, "next": "https://elsewhere.example/"})
    assert away.url == reverse("decks:collection")  # never off the site


def test_a_misspelt_short_name_is_offered_the_long_name_it_is_part_of(owner, cards):
    komandor_card("ship", name_ru="Линкор класса «Химера»", cost=6)
    [problem] = collection.collection_import(user=owner, source="2 Химира").problems
    assert problem.code == "unknown_card"
    assert problem.suggestions[0] == "Линкор класса «Химера»"
