"""Deck problems and import line errors in words: made by gettext where they are shown, with
the Russian plural that agrees with the number («1 карта», «2 карты», «5 карт», «21 карта»)."""

import pytest
from django.utils import translation

from decks.messages import JSON_PROBLEMS, MESSAGES, localised, localised_report, message
from decks.text_format import DeckTextError, line_error, parse_deck_text
from komandor.rules.deck_rules import SEVERITIES, CardFacts, DeckDraft, validate_deck

RUSSIAN_CARDS = {1: "1 карта", 2: "2 карты", 5: "5 карт", 21: "21 карта", 42: "42 карты"}
ENGLISH_CARDS = {1: "1 card;", 2: "2 cards;", 5: "5 cards;", 21: "21 cards;", 42: "42 cards;"}


def russian(code: str, **params) -> str:
    with translation.override("ru"):
        return message(code, params)


def english(code: str, **params) -> str:
    with translation.override("en"):
        return message(code, params)


@pytest.mark.parametrize("count", sorted(RUSSIAN_CARDS))
def test_deck_size_messages_agree_with_the_number(count):
    assert russian("too_few_cards", count=count, minimum=40) == (
        f"В колоде {RUSSIAN_CARDS[count]}, а нужно не меньше 40."
    )
    assert english("too_few_cards", count=count, minimum=40).startswith(
        f"The deck has {ENGLISH_CARDS[count]}"
    )
    assert f"В колоде {RUSSIAN_CARDS[count]}," in russian(
        "too_many_cards", count=count, maximum=100
    )


@pytest.mark.parametrize(
    ("count", "words"),
    [
        (1, "Заранее выбрана 1 карта способностей"),
        (2, "Заранее выбраны 2 карты способностей"),
        (5, "Заранее выбрано 5 карт способностей"),
        (21, "Заранее выбрана 21 карта способностей"),
        (42, "Заранее выбраны 42 карты способностей"),
    ],
)
def test_pre_chosen_ability_messages_agree_with_the_number(count, words):
    assert russian("too_many_setup_abilities", count=count, maximum=3).startswith(words)


@pytest.mark.parametrize(
    ("count", "words"),
    [
        (1, "1 карта с названием"),
        (2, "2 карты с"),
        (5, "5 карт с"),
        (21, "21 карта с"),
        (42, "42 карты с"),
    ],
)
def test_copy_limit_and_setup_messages_agree_with_the_number(count, words):
    assert f"В колоде {words}" in russian("too_many_copies", count=count, name="Оса", maximum=4)
    setup = russian("few_setup_buildable", count=count, resources=10, minimum=3, draw=15)
    assert setup.startswith(f"В колоде {words.split(' с')[0]} кораблей")


def test_a_real_report_reads_in_the_active_language(db):
    commander = CardFacts(id=1, name="Адмирал", kind="commander")
    filler = CardFacts(id=2, name="Щит", kind="tactical")
    report = validate_deck(DeckDraft(commander=commander, entries=((filler, 21),))).to_dict()
    with translation.override("ru"):
        assert localised_report(report)["errors"][0]["message"].startswith("В колоде 21 карта,")
    with translation.override("en"):
        assert localised_report(report)["errors"][0]["message"].startswith(
            "The deck has 21 cards; it needs at least 40."
        )


def test_every_problem_and_line_code_has_words_in_both_languages():
    line_codes = {
        "missing_count",
        "bad_count",
        "missing_name",
        "duplicate_commander",
        "unknown_card",
        "unknown_printing",
        "not_an_object",
        "bad_json_entry",
        "too_many_lines",
        "line_too_long",
        "ambiguous_name",
    }
    assert set(MESSAGES) == set(SEVERITIES) | line_codes
    params = {
        "count": 5,
        "minimum": 40,
        "maximum": 4,
        "name": "Оса",
        "chosen": 2,
        "own_name": "Жало",
        "resources": 10,
        "draw": 15,
        "line": 3,
        "printing": "R1",
        "field": "count",
        "problem": "count_not_whole",
        "limit": 400,
    }
    for code in MESSAGES:
        assert russian(code, **params) != english(code, **params), code
        assert "%(" not in russian(code, **params) + english(code, **params)
    for problem in JSON_PROBLEMS:
        assert russian("bad_json_entry", **{**params, "problem": problem}).startswith("Запись 3")


def test_import_line_errors_carry_codes_and_read_in_the_active_language():
    with pytest.raises(DeckTextError) as raised:
        parse_deck_text("Линкор\n1000 Оса\nКомандор: А\nКомандор: Б")
    lines = [error.to_dict() for error in raised.value.errors]
    assert [line["code"] for line in lines] == ["missing_count", "bad_count", "duplicate_commander"]
    assert lines[1]["params"] == {"line": 2, "count": 1000}
    with translation.override("ru"):
        assert localised(lines[1])["message"] == (
            "Строка 2: число карт 1000 должно быть от 1 до 999."
        )
    with translation.override("en"):
        assert localised(lines[0])["message"].startswith("Line 1: the line must start")
    unknown = line_error(4, "unknown_card", "4 Химра", name="Химра").to_dict()
    with translation.override("ru"):
        assert localised(unknown)["message"] == (
            "Строка 4: карты «Химра» нет в каталоге «Пути Командора»."
        )


@pytest.mark.parametrize("count", sorted(RUSSIAN_CARDS))
def test_the_import_page_says_how_many_cards_came_in(client, db, count):
    from django.urls import reverse

    from tests.decks.factories import UserFactory, komandor_card

    komandor_card("ship", name_ru="Оса")
    client.force_login(UserFactory(username="importer"))
    response = client.post(
        reverse("decks:import"), {"name": "Рой", "text": f"{count} Оса"}, follow=True
    )
    shown = [str(message) for message in response.context["messages"]]
    assert shown == [f"Колода импортирована: {RUSSIAN_CARDS[count]}."]


def test_an_english_report_quotes_cards_by_their_english_name(db):
    from tests.decks.factories import komandor_card

    commander = komandor_card("commander", name_ru="Пират", name_en="", cost=None)
    wasp = komandor_card("ship", name_ru="Оса", name_en="Wasp")
    facts = CardFacts(id=wasp.id, name="Оса", kind="ship", cost=3)
    boss = CardFacts(id=commander.id, name="Пират", kind="commander")
    report = validate_deck(DeckDraft(commander=boss, entries=((facts, 5), (boss, 1)))).to_dict()
    with translation.override("en"):
        english = [p["message"] for p in localised_report(report)["errors"]]
    with translation.override("ru"):
        russian = [p["message"] for p in localised_report(report)["errors"]]
    assert any("named “Wasp”" in text for text in english)
    # No English name: the printed one with its transliteration.
    assert any("“Пират (Pirat)”" in text for text in english)
    assert any("«Оса»" in text for text in russian)
