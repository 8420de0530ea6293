import pytest

from decks import selectors, services
from decks.models import DeckVersion
from decks.values import DeckContent, EntryContent
from komandor.rules.deck_rules import validate_deck
from tests.decks.factories import ReleaseFactory, komandor_card

pytestmark = pytest.mark.django_db


def test_create_saves_entries_and_a_first_version(owner, legal_content):
    deck = services.deck_create(owner=owner, name="Флот", content=legal_content)
    assert selectors.deck_content(deck=deck) == legal_content
    version = deck.versions.get()
    assert (version.number, version.is_valid, version.card_count) == (1, True, 40)
    assert version.snapshot["commander"]["card_id"] == legal_content.commander_id


def test_every_saved_change_adds_a_version_and_keeps_the_old_one(owner, legal_content):
    deck = services.deck_create(owner=owner, name="Флот", content=legal_content)
    shorter = DeckContent(
        commander_id=legal_content.commander_id, entries=legal_content.entries[:-1]
    )
    services.deck_update(deck=deck, content=shorter)
    services.deck_update(deck=deck, name="Новое имя")
    versions = list(deck.versions.order_by("number"))
    assert [(v.number, v.is_valid, v.card_count) for v in versions] == [
        (1, True, 40),
        (2, False, 36),
        (3, False, 36),
    ]
    assert len(versions[0].snapshot["entries"]) == 10


def test_versions_are_immutable(owner, legal_content):
    deck = services.deck_create(owner=owner, name="Флот", content=legal_content)
    version = deck.versions.get()
    version.is_valid = False
    with pytest.raises(ValueError, match="immutable"):
        version.save()
    assert DeckVersion.objects.get(pk=version.pk).is_valid is True


@pytest.mark.rules("DECK-4", "OWNNAME-3")
def test_a_ship_with_an_own_name_still_counts_under_its_printed_name(owner, legal_content):
    ship = komandor_card("ship", name_ru="Крейсер «Вега»", cost=4)
    content = DeckContent(
        commander_id=legal_content.commander_id,
        entries=(
            *legal_content.entries,
            EntryContent(card_id=ship.id, count=4),
            EntryContent(card_id=ship.id, count=1, own_name="Непобедимый"),
        ),
    )
    deck = services.deck_create(owner=owner, name="Флот", content=content)
    assert deck.entries.filter(card=ship).count() == 2
    report = validate_deck(selectors.deck_draft(content=selectors.deck_content(deck=deck)))
    assert report.codes() == ["too_many_copies"]
    assert report.errors[0].params["count"] == 5


def test_an_unknown_card_id_saves_nothing(owner):
    content = DeckContent(commander_id=None, entries=(EntryContent(card_id=999_999, count=1),))
    with pytest.raises(selectors.UnknownCards):
        services.deck_create(owner=owner, name="Флот", content=content)
    assert not owner.decks.exists()


def test_clone_copies_contents_for_the_new_owner(owner, stranger, legal_content):
    deck = services.deck_create(owner=owner, name="Флот", content=legal_content)
    copy = services.deck_clone(deck=deck, owner=stranger)
    assert copy.owner == stranger and copy.visibility == "private"
    assert selectors.deck_content(deck=copy) == legal_content


def test_two_releases_of_a_name_resolve_to_the_oldest_without_a_printing(owner):
    old = komandor_card("ship", name_ru="Фрегат", release=ReleaseFactory(code="r1", year=2001))
    new = komandor_card("ship", name_ru="Фрегат", release=ReleaseFactory(code="r2", year=2003))
    content = services.content_from_source(source="3 фрегат\n1 Фрегат [r2]")
    assert {(e.card_id, e.count) for e in content.entries} == {(old.id, 3), (new.id, 1)}
