"""Every deck rule, with the book's numbers (via komandor.rules.rules)."""

import pytest

from komandor.rules.deck_rules import CardFacts, DeckDraft, Severity, validate_deck
from komandor.rules.rules import (
    DECK_MAX_CARDS,
    DECK_MIN_CARDS,
    MAX_ABILITY_CARDS,
    MAX_COPIES_PER_NAME,
    SETUP_RESOURCES,
)

COMMANDER = CardFacts(id=1, name="Адмирал", kind="commander")
_ids = iter(range(100, 10_000))


def card(kind="ship", *, name=None, cost=3, game="komandor", special=False) -> CardFacts:
    card_id = next(_ids)
    return CardFacts(
        id=card_id,
        name=name or f"Карта {card_id}",
        kind=kind,
        game=game,
        cost=cost,
        special=special,
    )


def filler(total: int) -> list[tuple[CardFacts, int]]:
    """``total`` cards: ships and space objects, four of a name, all cheap enough for setup."""
    entries = []
    while total > 0:
        kind = "ship" if len(entries) % 2 == 0 else "space_object"
        count = min(MAX_COPIES_PER_NAME, total)
        entries.append((card(kind), count))
        total -= count
    return entries


def draft(entries, *, commander=COMMANDER, setup=()) -> DeckDraft:
    return DeckDraft(commander=commander, entries=tuple(entries), setup_abilities=tuple(setup))


def codes(report):
    return report.codes()


@pytest.mark.rules("DECK-1")
@pytest.mark.parametrize("size", [DECK_MIN_CARDS, DECK_MAX_CARDS])
def test_forty_and_a_hundred_cards_are_legal(size):
    report = validate_deck(draft(filler(size)))
    assert report.is_valid, codes(report)
    assert report.problems == ()


@pytest.mark.rules("DECK-1")
def test_thirty_nine_cards_is_too_few():
    report = validate_deck(draft(filler(DECK_MIN_CARDS - 1)))
    assert codes(report) == ["too_few_cards"]
    assert report.errors[0].params == {"count": 39, "minimum": 40}


@pytest.mark.rules("DECK-1")
def test_a_hundred_and_one_cards_is_too_many():
    report = validate_deck(draft(filler(DECK_MAX_CARDS + 1)))
    assert codes(report) == ["too_many_cards"]
    assert report.errors[0].params == {"count": 101, "maximum": 100}


@pytest.mark.rules("DECK-3")
def test_four_plus_one_copies_of_a_name_split_across_two_releases():
    first = card(name="Линкор класса «Химера»")
    reprint = card(name='линкор  класса "Химёра"'.replace("ё", "е"))
    report = validate_deck(draft([(first, 4), (reprint, 1), *filler(36)]))
    assert codes(report) == ["too_many_copies"]
    problem = report.errors[0]
    assert problem.params["count"] == 5
    assert problem.params["maximum"] == MAX_COPIES_PER_NAME
    assert {c.id for c in problem.cards} == {first.id, reprint.id}


@pytest.mark.rules("DECK-3")
def test_four_copies_across_two_releases_are_allowed():
    first, reprint = card(name="Фрегат «Оса»"), card(name="ФРЕГАТ “ОСА”")
    report = validate_deck(draft([(first, 2), (reprint, 2), *filler(36)]))
    assert report.is_valid, codes(report)


@pytest.mark.rules("DECK-3")
def test_yo_and_ye_spell_the_same_name():
    report = validate_deck(draft([(card(name="Ёж"), 3), (card(name="еж"), 2), *filler(36)]))
    assert codes(report) == ["too_many_copies"]


def test_no_commander_is_an_error():
    report = validate_deck(draft(filler(40), commander=None))
    assert codes(report) == ["commander_missing"]


def test_commander_slot_must_hold_a_commander_card():
    ship = card("ship")
    report = validate_deck(draft(filler(40), commander=ship))
    assert codes(report) == ["commander_not_commander"]
    assert report.errors[0].cards == (ship,)


@pytest.mark.rules("DECK-5", "CMDR-6")
def test_a_commander_card_inside_the_deck_is_an_error():
    second = card("commander", cost=None)
    report = validate_deck(draft([(second, 1), *filler(40)]))
    assert codes(report) == ["commander_in_deck"]
    assert report.errors[0].cards == (second,)


@pytest.mark.rules("DECK-5")
def test_the_commander_does_not_count_toward_forty():
    report = validate_deck(draft(filler(DECK_MIN_CARDS - 1)))
    assert report.errors[0].params["count"] == DECK_MIN_CARDS - 1


def test_a_card_of_another_game_is_refused():
    foreign = card("ship", game="eclipse")
    report = validate_deck(draft([(foreign, 1), *filler(40)]))
    assert codes(report) == ["not_komandor_card"]
    assert report.errors[0].cards == (foreign,)


def test_a_foreign_commander_is_refused():
    report = validate_deck(draft(filler(40), commander=card("commander", game="eclipse")))
    assert codes(report) == ["not_komandor_card"]


def test_a_copy_count_below_one_is_refused():
    bad = card("ship")
    report = validate_deck(draft([(bad, 0), *filler(40)]))
    assert codes(report) == ["count_not_positive"]


@pytest.mark.rules("ABIL-5", "DECK-6")
def test_three_pre_chosen_ability_cards_from_the_deck_are_legal():
    abilities = [card("ability", cost=None) for _ in range(3)]
    entries = [(a, 1) for a in abilities] + filler(37)
    report = validate_deck(draft(entries, setup=[(a, 1) for a in abilities]))
    assert report.is_valid, codes(report)


@pytest.mark.rules("ABIL-3")
def test_a_fourth_pre_chosen_ability_card_is_refused():
    abilities = [card("ability", cost=None) for _ in range(4)]
    entries = [(a, 1) for a in abilities] + filler(36)
    report = validate_deck(draft(entries, setup=[(a, 1) for a in abilities]))
    assert codes(report) == ["too_many_setup_abilities"]
    assert report.errors[0].params == {"count": 4, "maximum": MAX_ABILITY_CARDS}


@pytest.mark.rules("ABIL-5")
def test_a_pre_chosen_ability_card_must_be_in_the_deck():
    ability = card("ability", cost=None)
    report = validate_deck(draft(filler(40), setup=[(ability, 1)]))
    assert codes(report) == ["setup_ability_not_in_deck"]
    assert report.errors[0].params == {"name": ability.name, "chosen": 1, "count": 0}


@pytest.mark.rules("ABIL-5")
def test_more_pre_chosen_copies_than_in_the_deck_are_refused():
    ability = card("ability", cost=None)
    report = validate_deck(draft([(ability, 1), *filler(40)], setup=[(ability, 2)]))
    assert codes(report) == ["setup_ability_not_in_deck"]


def test_only_ability_cards_can_be_pre_chosen():
    ship = card("ship")
    report = validate_deck(draft([(ship, 1), *filler(40)], setup=[(ship, 1)]))
    assert codes(report) == ["setup_ability_not_ability"]


@pytest.mark.rules("ABIL-7")
def test_a_special_ability_card_cannot_be_pre_chosen():
    special = card("ability", cost=None, special=True)
    report = validate_deck(draft([(special, 1), *filler(40)], setup=[(special, 1)]))
    assert codes(report) == ["setup_ability_special"]


def test_every_problem_is_reported_at_once():
    foreign = card("ship", game="eclipse")
    report = validate_deck(draft([(foreign, 5)], commander=None))
    assert set(codes(report)) >= {
        "commander_missing",
        "not_komandor_card",
        "too_few_cards",
        "too_many_copies",
    }


def test_no_ships_and_no_space_objects_are_warnings():
    entries = [(card("tactical", cost=1), 4) for _ in range(10)]
    report = validate_deck(draft(entries))
    assert report.is_valid
    assert {"no_ships", "no_space_objects"} <= set(codes(report))
    assert all(p.severity is Severity.WARNING for p in report.warnings)


@pytest.mark.rules("SETUP-3", "SETUP-4")
def test_few_cards_buildable_from_setup_resources_is_a_warning():
    # Two cheap ships among 40 cards: 15 × 2 / 40 = 0.75 expected in the setup draw.
    cheap = card("ship", cost=SETUP_RESOURCES)
    dear = [(card("ship", cost=SETUP_RESOURCES + 1), 4) for _ in range(4)]
    objects = [(card("space_object", cost=SETUP_RESOURCES + 5), 4) for _ in range(5)]
    entries = [(cheap, 2), *dear, *objects, (card("tactical", cost=1), 2)]
    report = validate_deck(draft(entries))
    assert report.is_valid
    assert codes(report) == ["few_setup_buildable"]
    assert report.warnings[0].params["count"] == 2


def test_eight_buildable_cards_in_forty_are_enough():
    # 15 × 8 / 40 = 3 expected: exactly the threshold, no warning.
    entries = [(card("ship", cost=4), 4), (card("space_object", cost=4), 4)]
    entries += [(card("tactical", cost=1), 4) for _ in range(8)]
    assert validate_deck(draft(entries)).problems == ()


def test_problem_serialises_as_code_and_parameters_without_words():
    problem = validate_deck(draft(filler(39))).to_dict()["errors"][0]
    assert problem == {
        "code": "too_few_cards",
        "severity": "error",
        "params": {"count": 39, "minimum": 40},
        "cards": [],
    }
