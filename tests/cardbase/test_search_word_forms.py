"""Russian word forms are found on the embedded SQLite default as on PostgreSQL.

PostgreSQL stems through its ``russian`` text-search configuration; SQLite looks for the query
word's Snowball stem (``cardbase.search.text``). Both runs of the suite (SQLite by default,
PostgreSQL in CI) execute every test here against their own database.
"""

import pytest
from django.db import connection

from cardbase.models import Card
from cardbase.search.everything import catalogue_search
from cardbase.search.query import cards_matching
from cardbase.search.text import useful_stem, word_stem
from tests.factories import CardFactory, GameFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def arsenal():
    game = GameFactory(slug="komandor")
    CardFactory(game=game, key="guns", name_ru="Батарея", text="Плазменные орудия бьют в упор.")
    CardFactory(game=game, key="chimera", name_ru="Линкор класса «Химера»", text="")
    CardFactory(game=game, key="shields", name_ru="Щиты", text="Щит отражает ракеты.")
    CardFactory(game=game, key="hunters", name_en="Missile hunters", text="")


def found(text: str) -> set[str]:
    return set(cards_matching(text).values_list("key", flat=True))


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("плазма", {"guns"}),  # плазм → «плазменные орудия»
        ("плазменное", {"guns"}),
        ("орудие", {"guns"}),
        ("химеры", {"chimera"}),
        ("ракета", {"shields"}),
        ("щиты", {"shields"}),
        ("missiles", {"hunters"}),  # Latin words get the English stemmer, as on PostgreSQL
        ("плазма ракета", set()),  # every word must hold
        ('"плазма"', set()),  # a phrase is looked for as written
    ],
)
def test_word_forms_find_the_card(arsenal, query, expected):
    assert found(query) == expected, connection.vendor


def test_the_stem_is_the_snowball_stem_and_short_stems_are_not_used():
    assert word_stem("плазма") == "плазм" and word_stem("плазменные") == "плазмен"
    assert useful_stem("плазма") == "плазм"
    assert useful_stem("2/4") is None  # notation is matched as written
    assert useful_stem("по") is None  # "по" would match inside everything
    assert useful_stem("линкор") is None  # nothing to strip


def test_plasma_finds_the_shipped_plasma_cards_and_entries(shipped_content):
    results = catalogue_search("плазма")
    names = {card.name_ru for card in results.cards} | {
        found.row.name_ru for group in results.entry_groups for found in group.rows
    }
    assert any("Плазменн" in name for name in names), names
    with_plasma_text = Card.objects.filter(search_text__contains="плазменн")
    assert set(with_plasma_text) <= set(cards_matching("плазма"))


def test_plasma_finds_every_shipped_card_that_carries_plasma_guns(shipped_content):
    """«плазма» finds the plasma cards: a card's weapons are searched by the book's names for
    them («Плазменные орудия», "Plasma guns"), not only by the words typed in its text."""
    komandor = Card.objects.filter(game__slug="komandor")
    carriers = {card.key for card in komandor if "plasma" in (card.attributes.get("weapons") or {})}
    assert len(carriers) >= 10
    for query in ("плазма", "plasma"):
        found_keys = set(cards_matching(query, queryset=komandor).values_list("key", flat=True))
        assert carriers <= found_keys, (query, sorted(carriers - found_keys))


def test_a_card_is_found_by_words_of_its_rendered_rules_text(shipped_content):
    komandor = Card.objects.filter(game__slug="komandor")
    with_effects = [card for card in komandor if card.attributes.get("effects")]
    assert with_effects
    damage = {
        card.key
        for card in with_effects
        if any(
            action.get("do") == "damage"
            for effect in card.attributes["effects"]
            for action in effect.get("actions", ())
        )
    }
    assert damage
    found_keys = set(cards_matching("повреждения", queryset=komandor).values_list("key", flat=True))
    assert damage <= found_keys, sorted(damage - found_keys)
