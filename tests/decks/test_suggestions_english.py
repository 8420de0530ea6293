"""Issue 36: "Did you mean" in English offers the cards' English names — for an English typo
and for a Russian one — and a rule book's card, which has none, as its Russian name with the
transliteration; the link searches for words the search language finds."""

import pytest
from django.urls import reverse
from django.utils import translation

from decks.suggestions import NameSuggestion, name_suggestions
from tests.decks.factories import komandor_card

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards(db):
    komandor_card("ship", name_ru="Линкор класса «Химера»", name_en="Chimera-class Battleship")
    komandor_card("commander", name_ru="Генерал Громов", name_en="", cost=None)


def test_english_typo_offers_the_english_name(cards):
    with translation.override("en"):
        assert name_suggestions(text="Chimara") == (
            NameSuggestion("Chimera-class Battleship", "Chimera-class Battleship", "en"),
        )


def test_a_russian_typo_in_english_offers_the_english_name(cards):
    with translation.override("en"):
        assert name_suggestions(text="Химира")[0].name == "Chimera-class Battleship"


def test_a_book_card_is_offered_with_its_transliteration_and_searched_in_russian(cards):
    with translation.override("en"):
        (suggestion,) = name_suggestions(text="Громав")
    assert suggestion == NameSuggestion("Генерал Громов (General Gromov)", "Генерал Громов", "ru")


def test_russian_offers_the_printed_names(cards):
    with translation.override("ru"):
        assert name_suggestions(text="Химира") == (
            NameSuggestion("Линкор класса «Химера»", "Линкор класса «Химера»", "ru"),
        )
        assert name_suggestions(text="type:ship") == ()


def test_pages_and_the_builders_api_offer_them_in_english(client, owner, cards):
    search = client.get(reverse("cardbase:search"), {"q": "Chimara"}, HTTP_ACCEPT_LANGUAGE="en")
    text = search.content.decode()
    link = 'data-suggestion="Chimera-class Battleship" lang="en">Chimera-class Battleship</a>'
    assert link in text
    client.force_login(owner)
    answer = client.get(reverse("deck-catalogue"), {"q": "Громав"}, HTTP_ACCEPT_LANGUAGE="en")
    assert answer.data["suggestions"] == [
        {"name": "Генерал Громов (General Gromov)", "query": "Генерал Громов", "lang": "ru"}
    ]
    # What a suggestion searches for finds the card.
    found = client.get(
        reverse("deck-catalogue"), {"q": "Chimera-class Battleship"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert found.data["count"] == 1
