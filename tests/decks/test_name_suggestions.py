"""Issue 12: names offered for a card name not found — names containing what was typed come
before distant spellings, and the matcher is rapidfuzz (milliseconds at 50,000 names)."""

import random

from rapidfuzz import fuzz, process

from decks.importing import SUGGESTION_CUTOFF, SUGGESTIONS, CatalogueIndex, Printing
from komandor.rules.deck_rules import CardFacts
from komandor.rules.names import name_key


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


def test_closest_spellings_are_exactly_those_of_one_scan_down_to_the_cutoff():
    # Scanning for close spellings first changes nothing: same names, same order (ties in
    # catalogue order) as one rapidfuzz scan of every name down to the cutoff — for typos of
    # catalogue names (found by the first scan) and for strings like none (the second).
    rng = random.Random(5)
    letters = "абвгдежзиклмнопрстуфхц 12ab"  # digits and Latin share buckets with Cyrillic
    names = [
        "".join(rng.choice(letters) for _ in range(rng.randint(3, 30))).strip() or "я"
        for _ in range(3000)
    ]
    index = index_of(*names)
    keys = index._keys
    typos = []
    for name in rng.sample(names, 200):
        at = rng.randrange(len(name))
        typos.append(name[:at] + rng.choice(letters) + name[at + 1 :])
    strangers = ["".join(rng.choice(letters) for _ in range(rng.randint(2, 32))) for _ in typos]
    for typed in map(name_key, typos + strangers):
        if not typed:
            continue
        for limit in (1, 3, 6):
            scan = process.extract(
                typed, keys, scorer=fuzz.ratio, limit=limit, score_cutoff=SUGGESTION_CUTOFF
            )
            assert index._closest(typed, limit=limit) == [key for key, _s, _i in scan]


def test_a_misspelt_word_of_a_long_name_is_found_inside_it():
    """Issue 24: a search box's «Химира» is one word of a long name, which the whole-name match
    scores too low; ``suggest_within`` looks for a close spelling inside each name."""
    index = index_of("Линкор класса «Химера»", "Фрегат", "Корвет «Гидра»")
    assert index.suggest("Химира") == ()
    assert index.suggest_within("Химира") == ("Линкор класса «Химера»",)
    assert index.suggest_within("ыыыыы") == ()
    assert index_of("Ира").suggest_within("Химира") == ()  # a short name is not "inside" it
