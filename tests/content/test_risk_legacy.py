"""Risk Legacy content: what the rule book (a web-page copy) states, as loaded by
``manage.py load_content`` from the shipped data files."""

import pytest

from cardbase.models import Component, Game, StatedCount
from cardbase.stated_counts import StatedCountSpecError, stated_counts_progress
from tests.content.book_checks import RULES_DIR, book_problems, stated_and_entered

SLUG = "risk-legacy"
BOOK = "risk-legacy.ru.txt"


@pytest.fixture
def game(shipped_content) -> Game:
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
    rewards = Component.objects.filter(game=game, kind="reward")
    assert set(
        rewards.filter(source_section="Если Вы выиграли").values_list("name_ru", flat=True)
    ) == {
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
    assert stickers == {
        "coin-stickers": 12,
        "fortification-sticker": 5,
        "white-sticker": 4,
        "major-city-sticker": 5,
    }
    # "Возьмите одну из пяти меток большого города"; the city kind agrees with its sticker.
    major_city = Component.objects.get(game=game, kind="city", key="major-city")
    assert major_city.attributes["stickers"] == stickers["major-city-sticker"]


def test_naming_the_world_after_the_fifteenth_game(game):
    # "Подводя итог 15-ой партии … получает право дать имя всей планете!"
    world = Component.objects.get(game=game, kind="reward", key="name-the-world")
    assert world.name_ru == "Дать имя всей планете"
    assert world.source_section == "Мир завершён"
    assert world.attributes == {"after_game": 15}
    annals = Component.objects.get(game=game, key="annals-of-triumphators")
    assert annals.attributes["games"] == world.attributes["after_game"]


def test_the_plastic_figures_and_what_each_is_worth(game):
    # "пехотинец представляет собой одну боевую единицу; транспорт/кавалерия представляет
    # собой три боевых единицы"; "Каждая HQ оценивается в одну Красную Звезду"
    figures = {
        c.name_ru: c.attributes
        for c in Component.objects.filter(game=game, source_section="Пластиковые фигурки")
        if c.key != "plastic-figures"
    }
    assert figures == {
        "Пехотинец": {"units": 1},
        "Транспорт/кавалерия": {"units": 3},
        "HQ фракции": {"red_stars": 1},
    }
    summary = Component.objects.get(game=game, key="plastic-figures").attributes
    assert summary["infantry_units"] == figures["Пехотинец"]["units"]
    assert summary["cavalry_units"] == figures["Транспорт/кавалерия"]["units"]
    assert summary["hq_red_stars"] == figures["HQ фракции"]["red_stars"]


def test_the_twice_printed_chapter_is_entered_once(game):
    assert Component.objects.filter(game=game, name_ru="Игровое поле").count() == 1
    assert StatedCount.objects.filter(game=game, count=42).count() == 1


def test_stated_totals_against_what_is_entered(game):
    assert stated_and_entered(game) == {
        "territories": (42, 3),
        "continents": (6, 1),
        "starting-scars": (2, 2),
        "turn-phases": (5, 5),
    }
    # Each phase is a line of the book's numbered list under «СОСТАВ ХОДА».
    lines = (RULES_DIR / BOOK).read_text(encoding="utf-8").splitlines()
    listed = {line.strip() for line in lines}
    phases = Component.objects.filter(game=game, kind="phase")
    assert sorted(p.attributes["number"] for p in phases) == [1, 2, 3, 4, 5]
    for phase in phases:
        assert f"{phase.attributes['number']}. {phase.name_ru}" in listed, phase.name_ru
    progress = stated_counts_progress(StatedCount.objects.filter(game=game))
    assert not [p for p in progress.values() if isinstance(p, StatedCountSpecError)]
