"""Issue 12: names offered for a card name not found — names containing what was typed come
before distant spellings, and the matcher is rapidfuzz (milliseconds at 50,000 names)."""

from decks.importing import SUGGESTIONS, CatalogueIndex, Printing
from decks.validation import CardFacts


def index_of(*names: str) -> CatalogueIndex:
    return CatalogueIndex(
        Printing(card=CardFacts(id=n, name=name, kind="ship")) for n, name in enumerate(names, 1)
    )


def test_a_partial_name_offers_the_names_containing_it_first():
    index = index_of("Химена", "Линкор класса «Химера»", "Крейсер «Химера-2»", "Фрегат")
    assert index.suggest("Химера")[:2] == ("Крейсер «Химера-2»", "Линкор класса «Химера»")
    assert index.suggest("Химера")[2] == "Химена"


def test_a_typo_offers_the_closest_spelling():
    assert index_of("Фрегат", "Корвет", "Линкор").suggest("Фрегаь") == ("Фрегат",)


def test_case_and_yo_do_not_matter():
    assert index_of("Линкор класса «Ёж»", "Фрегат").suggest("ЕЖ") == ("Линкор класса «Ёж»",)


def test_nonsense_and_empty_names_offer_nothing():
    index = index_of("Фрегат", "Корвет")
    assert index.suggest("ыыыыыыыыыы") == ()
    assert index.suggest("  ") == ()


def test_at_most_a_few_names_are_offered():
    index = index_of(*(f"Фрегат {n}" for n in range(20)))
    assert len(index.suggest("Фрегат")) == SUGGESTIONS
