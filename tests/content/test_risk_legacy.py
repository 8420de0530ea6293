"""Risk Legacy content: what the rule book (a web-page copy) states, as loaded by
``manage.py load_content`` from the shipped data files."""

from io import StringIO

import pytest
from django.core.management import call_command

from cardbase.models import Component, Game, StatedCount
from cardbase.stated_counts import StatedCountSpecError, stated_counts_progress
from tests.content.book_checks import book_problems, stated_and_entered

SLUG = "risk-legacy"
BOOK = "risk-legacy.ru.txt"


@pytest.fixture
def game(db) -> Game:
    call_command("load_content", stdout=StringIO())
    return Game.objects.get(slug=SLUG)


def names(game: Game, kind: str) -> set[str]:
    return set(Component.objects.filter(game=game, kind=kind).values_list("name_ru", flat=True))


def test_every_row_cites_a_heading_of_the_book_and_quotes_its_own_words(game):
    assert book_problems(game, BOOK) == []


def test_continents_and_territories_only_as_far_as_the_book_names_them(game):
    # "Шесть континентов в начале игры безымянны"; the example names South America, worth 2.
    assert names(game, "continent") == {"Южная Америка"}
    south_america = Component.objects.get(game=game, kind="continent")
    assert south_america.attributes["bonus_units"] == 2
    assert names(game, "territory") == {"Восточная Африка", "Египет", "Сибирь"}
    egypt = Component.objects.get(game=game, kind="territory", key="egipet")
    assert egypt.attributes["neighbours"] == ["vostochnaya-afrika"]


def test_the_factions_the_examples_name_and_the_one_power_the_book_states(game):
    assert names(game, "faction") == {
        "Анклав Медведя",
        "Мёртвые Меканикеры",
        "Корпорация «Хан»",
        "Балканская Империя",
        "Республика Сааран",
    }
    with_powers = Component.objects.filter(game=game, kind="faction", attributes__has_key="powers")
    assert [f.key for f in with_powers] == ["respublika-saaran"]
    assert "даже если они не сопряжены" in with_powers.get().attributes["powers"][0]


def test_the_two_starting_scars(game):
    # "Игра начинается с двумя шрамами (Убежище и Нехватка патронов)"
    assert names(game, "scar") == {"Убежище", "Нехватка патронов"}


def test_card_kinds_with_the_english_names_the_book_prints(game):
    kinds = {c.key: c for c in Component.objects.filter(game=game, kind="card_kind")}
    assert set(kinds) == {
        "resource-cards",
        "territory-cards",
        "coin-cards",
        "scar-cards",
        "starting-power-cards",
        "faction-cards",
        "event-cards",
        "mission-cards",
    }
    assert kinds["coin-cards"].name_en == "Coin cards"
    assert kinds["starting-power-cards"].name_en == "Starting power cards"
    assert kinds["event-cards"].name_en == "" and kinds["mission-cards"].name_en == ""
    # "есть десять карт ресурсов, которые имеют только знак ресурса"
    assert kinds["coin-cards"].attributes["quantity"] == 10
    assert kinds["territory-cards"].attributes["max_value"] == 6
    assert kinds["resource-cards"].attributes["cards_per_red_star"] == 4
    assert kinds["starting-power-cards"].attributes["choices_per_faction"] == 2


def test_city_kinds_and_the_six_winner_rewards(game):
    population = {
        c.name_ru: c.attributes["population"]
        for c in Component.objects.filter(game=game, kind="city")
    }
    assert population == {"Городок": 1, "Большой город": 2, "Мировая столица": 5}
    assert names(game, "reward") == {
        "Назвать континент",
        "Воздвигнуть и назвать большой город",
        "Загладить шрам",
        "Изменить континентальный бонус",
        "Установить в городе фортификацию",
        "Уничтожить карту земли",
    }
    stickers = {
        c.key: c.attributes["quantity"]
        for c in Component.objects.filter(game=game, kind="token", attributes__has_key="quantity")
    }
    assert stickers == {"coin-stickers": 12, "fortification-sticker": 5, "white-sticker": 4}


def test_the_twice_printed_chapter_is_entered_once(game):
    assert Component.objects.filter(game=game, name_ru="Игровое поле").count() == 1
    assert StatedCount.objects.filter(game=game, count=42).count() == 1


def test_stated_totals_against_what_is_entered(game):
    assert stated_and_entered(game) == {
        "territories": (42, 3),
        "continents": (6, 1),
        "starting-scars": (2, 2),
    }
    progress = stated_counts_progress(StatedCount.objects.filter(game=game))
    assert not [p for p in progress.values() if isinstance(p, StatedCountSpecError)]
