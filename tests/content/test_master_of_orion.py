"""Master of Orion (card game) content: what the rule book states, loaded from the data files.

Only this game's folder is loaded (into a copy of the data tree), so another game's data cannot
break these checks."""

import re

import pytest
from django.db import connection

from cardbase.models import Advisor, Card, Component, Race, StatedCount
from cardbase.search.text import words_q
from tests.content.book_checks import RULES_DIR, book_problems, load_game, stated_and_entered, words

SLUG = "master-of-orion"
BOOK = "master-of-orion.ru.txt"


@pytest.fixture
def game(tmp_path):
    return load_game(tmp_path, SLUG)


def book_clarifications() -> dict[str, str]:
    """The book's notes section as {name: note}: each note is a line "Name. Note…" (a name of at
    most four words; the lore lines of the section are longer sentences)."""
    text = (RULES_DIR / BOOK).read_text(encoding="utf-8")
    section = text[text.index("Пояснения по расам") : text.index("Авторы игры")]
    lines = [line.strip() for line in section.splitlines() if line.strip()]
    notes = {}
    for index, line in enumerate(lines):
        match = re.match(r"([А-ЯЁ][\w -]*?)\.(?:\s+(.*))?$", line)
        if match and len(match[1].split()) <= 4:
            notes[match[1]] = match[2] or lines[index + 1]  # "База истребителей." stands alone
    return notes


@pytest.mark.django_db
def test_every_row_cites_a_heading_of_the_book_and_quotes_its_own_words(game):
    assert book_problems(game, BOOK) == []


@pytest.mark.django_db
def test_the_seven_races_six_on_the_other_side_of_the_human_boards(game):
    names = set(Race.objects.filter(game=game).values_list("name_ru", flat=True))
    assert names == {"Люди", "Алкари", "Меклары", "Псилоны", "Дарлоки", "Булрати", "Мрршаны"}
    # "6 двусторонних планшетов цивилизаций (с одной стороны люди, с другой — прочие расы)"
    assert Race.objects.filter(game=game, attributes__board_side="other").count() == 6
    alkari = Race.objects.get(game=game, key="alkari")
    assert alkari.attributes["motto"] == "Один род под сенью богов"
    assert "0 победных очков" in alkari.attributes["clarification"]
    bulrati = Race.objects.get(game=game, key="bulrati")
    assert "уровня мобилизации" in bulrati.attributes["clarification"]


@pytest.mark.django_db
def test_the_five_named_advisors_with_the_books_effects(game):
    advisors = {a.name_ru: a for a in Advisor.objects.filter(game=game)}
    assert set(advisors) == {"Аллювия", "Вейл Шепчущая", "Харрава", "Виктория", "Молдред"}
    assert advisors["Аллювия"].attributes["build_discount"] == 1
    assert "пять систем" in advisors["Аллювия"].text
    assert advisors["Вейл Шепчущая"].attributes["fictitious_fleets_on_attack"] == 2
    assert advisors["Виктория"].attributes["activation_gain_one_of"] == {
        "food": 2,
        "fleets": 2,
        "production": 2,
    }


@pytest.mark.django_db
def test_named_buildings_with_the_costs_and_effects_the_book_gives(game):
    buildings = Card.objects.filter(game=game, card_type="building")
    assert buildings.count() == 25
    assert not Card.objects.filter(game=game).exclude(card_type="building").exists()
    by_key = {card.key: card for card in buildings}
    # "«Планетарную фондовую биржу», которая стоит 4 продовольствия и 1 производство"
    assert by_key["planetarnaya-fondovaya-birzha"].attributes["cost"] == {
        "food": 4,
        "production": 1,
    }
    # "чтобы применить эффект «Службы поддержки населения», вы должны сначала заплатить 2 ..."
    assert by_key["sluzhba-podderzhki-naseleniya"].attributes["extra_cost"] == {"food": 2}
    # "«Космопорт» ... поменять 3 продовольствия и 3 флота на 2 производства или наоборот"
    assert by_key["kosmoport"].attributes["exchange"] == {
        "give": {"food": 3, "fleets": 3},
        "get": {"production": 2},
        "both_ways": True,
    }
    assert by_key["kolonizatorskiy-korabl"].attributes["build_discount"] == 2
    assert "в сумме 4 флота" in by_key["nazemnye-batarei"].text
    # The book never states a named building's colour.
    assert not buildings.filter(attributes__has_key="colour").exists()


@pytest.mark.django_db
def test_stated_totals_against_what_is_entered(game):
    assert stated_and_entered(game) == {
        "building-cards": (90, 25),
        "blue-building-cards": (26, 0),
        "red-building-cards": (22, 0),
        "yellow-building-cards": (22, 0),
        "grey-building-cards": (20, 0),
        "advisor-cards": (8, 5),
        "other-race-boards": (6, 6),
        "round-phases": (3, 3),
        "resource-tracks": (3, 3),
    }
    colours = StatedCount.objects.filter(game=game, key__endswith="-building-cards")
    assert sum(colours.values_list("count", flat=True)) == 90


@pytest.mark.django_db
def test_box_contents_and_the_colour_of_a_card_decides_its_exploitation(game):
    quantities = {
        c.key: c.attributes.get("quantity")
        for c in Component.objects.filter(game=game)
        if "quantity" in c.attributes
    }
    assert quantities == {
        "score-board": 1,
        "first-player-token": 1,
        "loyalty-tokens": 10,
        "score-tokens": 4,
        "wooden-cubes": 60,
        "civilisation-boards": 6,
        "building-cards": 90,
        "advisor-cards": 8,
    }
    colours = {
        c.attributes["colour"]: c.attributes
        for c in Component.objects.filter(game=game, kind="card_kind", attributes__group="colour")
    }
    assert colours["blue"]["exploit_gain"] == {"food": 3}
    assert colours["red"]["exploit_gain"] == {"fleets": 2}
    assert colours["yellow"]["exploit_gain"] == {"production": 1}
    assert (colours["grey"]["exploit_draw"], colours["grey"]["exploit_keep"]) == (4, 3)
    assert sum(c["in_deck"] for c in colours.values()) == 90
    actions = Component.objects.filter(game=game, kind="other", attributes__category="action")
    assert actions.count() == 8


@pytest.mark.django_db
def test_every_note_of_the_clarifications_section_is_on_its_entry(game):
    notes = book_clarifications()
    # 4 races, 3 advisors and 23 buildings have a note; the book spells the race "Мршаны" there.
    assert len(notes) == 30
    assert {"Алкари", "Мршаны", "Аллювия", "Харрава", "База истребителей", "Эсминец"} <= set(notes)
    entries = {}
    for model in (Race, Advisor, Card):
        for row in model.objects.filter(game=game):
            entries[words(row.name_ru)] = row
            spelling = row.attributes.get("spelling_in_clarifications")
            if spelling:
                entries[words(spelling)] = row
    for name, note in notes.items():
        assert words(name) in entries, f"{name} is named in the book but not in the catalogue"
        assert words(note) in words(entries[words(name)].text), f"{name}: note not in its text"


@pytest.mark.django_db
def test_race_notes_are_found_by_search_in_the_books_spelling(game):
    vendor = connection.vendor
    found = Race.objects.filter(words_q("Мршаны дополнительный флот", vendor=vendor), game=game)
    assert list(found.values_list("key", flat=True)) == ["mrrshany"]
    found = Race.objects.filter(words_q("0 победных очков", vendor=vendor), game=game)
    assert list(found.values_list("key", flat=True)) == ["alkari"]


@pytest.mark.django_db
def test_deck_hand_and_tracks_with_the_books_numbers(game):
    deck = Component.objects.get(game=game, kind="deck")
    # "Перемешайте колоду сооружений" — the deck holds the "90 карт сооружений".
    assert (deck.name_ru, deck.attributes["cards"], deck.attributes["card_type"]) == (
        "Колода сооружений",
        90,
        "building",
    )
    hand = Component.objects.get(game=game, kind="zone", key="hand")
    # "берёт на руку 5 карт из колоды"; "сбрасывают карты с рук до пяти"
    assert (hand.attributes["start_cards"], hand.attributes["round_end_limit"]) == (5, 5)
    tracks = {
        c.name_ru: c.attributes
        for c in Component.objects.filter(game=game, kind="zone", key__endswith="-track")
    }
    assert set(tracks) == {"Счётчик лояльности", "Счётчик победных очков", "Счётчик раундов"}
    assert tracks["Счётчик лояльности"]["max"] == 10  # "Лояльность не может превышать 10"
    assert tracks["Счётчик раундов"]["max_rounds"] == 8  # "максимум 8 раундов"
    working = Component.objects.get(game=game, key="working-card")
    assert "Верхняя карта в каждой системе считается рабочей" in working.text
