"""The deck name index follows catalogue writes without a rebuild (issue 12: rebuilding it
took seconds at 50,000 cards). ``CatalogueIndex.updated`` must give exactly the index a fresh
build gives; on PostgreSQL the selector reads only the rows written since the index was read
(their ``xmin``) and updates it, and rebuilds only when that cannot be known."""

import random

import pytest

from cardbase.models import Card, CatalogueVersion, Game, Release
from decks import selectors, services
from decks.importing import CatalogueIndex, Printing
from decks.text_format import DeckTextError
from komandor.rules.deck_rules import CardFacts
from tests.decks.factories import komandor_card
from tests.factories import GameFactory, ReleaseFactory

NAMES = ("Фрегат", "Корвет", "Линкор «Химера»", "Крейсер", "Эсминец «Ёж»", "Химера")


def _printing(card_id: int, name: str, year: int) -> Printing:
    return Printing(
        card=CardFacts(id=card_id, name=name, kind="ship"),
        release=f"r{year}",
        order=(False, False, year, f"r{year}"),
    )


def _state(index: CatalogueIndex) -> tuple:
    return (
        index._keys,
        index._blob,
        index._starts,
        index._names,
        {key: [p.card.id for p in group] for key, group in index._by_name.items()},
        {card_id: printing for card_id, printing in index._by_id.items()},
    )


def test_an_updated_index_is_the_index_built_afresh():
    rng = random.Random(3)
    cards = {n: _printing(n, rng.choice(NAMES), rng.randint(1, 4)) for n in range(1, 40)}
    index = CatalogueIndex(cards.values())
    for _ in range(60):
        removed = set(rng.sample(sorted(cards), rng.randint(0, 3)))
        added = [
            _printing(card_id, rng.choice(NAMES) + rng.choice(["", " 2"]), rng.randint(1, 4))
            for card_id in rng.sample(range(1, 60), rng.randint(0, 4))
        ]
        for card_id in removed:
            cards.pop(card_id)
        cards.update((printing.card.id, printing) for printing in added)
        index = index.updated(removed=removed, added=added)
        assert _state(index) == _state(CatalogueIndex(cards.values()))


def test_an_update_leaves_the_old_index_as_it_was():
    index = CatalogueIndex([_printing(1, "Фрегат", 1)])
    newer = index.updated(removed=[1], added=[_printing(2, "Корвет", 1)])
    assert list(index._names.values()) == ["Фрегат"]
    assert list(newer._names.values()) == ["Корвет"]
    assert newer.printing_of(2).card.name == "Корвет" and index.printing_of(2) is None


def _resolved_id(text: str) -> int:
    return services.content_from_source(source=text).entries[0].card_id


@pytest.fixture
def no_rebuild(monkeypatch):
    """After the first build, building an index from all rows fails the test."""
    CatalogueVersion.objects.get_or_create(id=1, defaults={"token": "flushed"})
    GameFactory(slug="eclipse")  # a game written later would make the index rebuild
    komandor_card("ship", name_ru="Фрегат")
    _resolved_id("1 Фрегат")

    def no_rebuild(rows):
        raise AssertionError("the index was rebuilt from every card")

    monkeypatch.setattr(selectors, "_index_of_every_card", no_rebuild)


postgresql_only = pytest.mark.postgresql(reason="rows written since are known by their xmin")


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_postgresql_follows_new_renamed_retired_and_moved_cards_without_a_rebuild(no_rebuild):
    added = komandor_card("ship", name_ru="Эсминец")
    assert _resolved_id("1 Эсминец") == added.id
    Card.objects.filter(pk=added.pk).update(name_ru="Корвет")
    assert _resolved_id("1 Корвет") == added.id
    Card.objects.filter(pk=added.pk).update(retired=True)
    with pytest.raises(DeckTextError):
        _resolved_id("1 Корвет")
    Card.objects.filter(name_ru="Фрегат").update(game=Game.objects.get(slug="eclipse"))
    with pytest.raises(DeckTextError):
        _resolved_id("1 Фрегат")


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_postgresql_rebuilds_after_a_deletion_or_when_komandor_is_another_game(monkeypatch):
    CatalogueVersion.objects.get_or_create(id=1, defaults={"token": "flushed"})
    gone = komandor_card("ship", name_ru="Эсминец")
    komandor_card("ship", name_ru="Фрегат")
    assert _resolved_id("1 Эсминец") == gone.id
    builds = []
    build = selectors._index_of_every_card

    def counted(rows):
        builds.append(1)
        return build(rows)

    monkeypatch.setattr(selectors, "_index_of_every_card", counted)
    gone.delete()
    with pytest.raises(DeckTextError):
        _resolved_id("1 Эсминец")
    assert len(builds) == 1
    Game.objects.filter(slug="komandor").update(name_ru="Путь Командора")  # not a new game
    assert _resolved_id("1 Фрегат")
    assert len(builds) == 1
    Game.objects.filter(slug="komandor").update(slug="komandor-old")
    GameFactory(slug="komandor")
    with pytest.raises(DeckTextError):
        _resolved_id("1 Фрегат")
    assert len(builds) == 2


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_postgresql_follows_a_changed_release_without_a_rebuild(no_rebuild):
    old = komandor_card("ship", name_ru="Корвет", release=ReleaseFactory(code="a", year=2001))
    new = komandor_card("ship", name_ru="Корвет", release=ReleaseFactory(code="b", year=2005))
    assert _resolved_id("1 Корвет") == old.id  # without a printing: the oldest release
    # The cards' rows stay as they were; only their release's row changes.
    Release.objects.filter(pk=new.release_id).update(year=1990)
    assert _resolved_id("1 Корвет") == new.id
