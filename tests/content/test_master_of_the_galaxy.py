"""Master of the Galaxy content: the seven decks, resources and symbols the rule book states."""

import pytest

from cardbase.models import Card, Component, Race
from cardbase.selectors import card_type_names
from tests.content.book_checks import book_problems, load_game, stated_and_entered

SLUG = "master-of-the-galaxy"
BOOK = "master-of-the-galaxy.ru.txt"


@pytest.fixture
def game(tmp_path):
    return load_game(tmp_path, SLUG)


@pytest.mark.django_db
def test_every_row_cites_a_heading_of_the_book_and_quotes_its_own_words(game):
    assert book_problems(game, BOOK) == []


@pytest.mark.django_db
def test_the_seven_decks_and_their_cards(game):
    decks = {
        d.name_ru: (d.attributes["group"], d.attributes["cards"])
        for d in Component.objects.filter(game=game, kind="deck")
    }
    assert decks == {
        "Колода лидеров": ("politics", 18),
        "Колода конфликтов": ("politics", 9),
        "Колода правительств": ("politics", 9),
        "Колода экспансии": ("development", 9),
        "Колода коммерции": ("development", 9),
        "Колода прогресса": ("development", 9),
        "Колода рас": ("races", 9),
    }
    # "36 карт политики", "27 карт развития"
    assert sum(n for group, n in decks.values() if group == "politics") == 36
    assert sum(n for group, n in decks.values() if group == "development") == 27


@pytest.mark.django_db
def test_five_resources_by_cube_colour_and_the_200_cubes(game):
    resources = {
        r.name_ru: (r.attributes["cube_colour"], r.attributes["cubes"])
        for r in Component.objects.filter(game=game, kind="resource")
    }
    assert resources == {
        "Научные ресурсы": ("blue", 45),
        "Экономические ресурсы": ("yellow", 45),
        "Производственные ресурсы": ("green", 45),
        "Военные ресурсы": ("red", 45),
        "Бюрократические ресурсы": ("black", 20),
    }
    cubes = Component.objects.get(game=game, kind="token", key="resource-cubes")
    assert cubes.attributes["quantity"] == sum(n for _, n in resources.values()) == 200
    discs = Component.objects.get(game=game, kind="token", key="base-discs")
    assert sum(discs.attributes["per_colour"].values()) == discs.attributes["quantity"] == 36


@pytest.mark.django_db
def test_the_five_supremacy_symbols(game):
    symbols = Component.objects.filter(game=game, kind="symbol", attributes__group="supremacy")
    assert set(symbols.values_list("name_ru", flat=True)) == {
        "Культурное превосходство",
        "Экономическое превосходство",
        "Дипломатическое превосходство",
        "Научное превосходство",
        "Военное превосходство",
    }


@pytest.mark.django_db
def test_the_only_named_card_and_no_invented_races(game):
    card = Card.objects.get(game=game)
    assert (card.name_ru, card.card_type) == ("Космобиржа", "development")
    # The book counts nine race cards but names none.
    assert not Race.objects.filter(game=game).exists()


@pytest.mark.django_db
def test_stated_totals_against_what_is_entered(game):
    assert stated_and_entered(game) == {
        "politics-cards": (36, 0),
        "leader-cards": (18, 0),
        "conflict-cards": (9, 0),
        "government-cards": (9, 0),
        "development-cards": (27, 1),
        "expansion-cards": (9, 0),
        "commerce-cards": (9, 0),
        "progress-cards": (9, 0),
        "race-cards": (9, 0),
        "decks": (7, 7),
        "politics-decks": (3, 3),
        "development-decks": (3, 3),
        "race-decks": (1, 1),
        "resource-kinds": (5, 5),
        "supremacy-symbols": (5, 5),
        "turn-phases": (3, 3),
        "ways-to-win": (3, 3),
    }


@pytest.mark.django_db
def test_seven_decks_are_three_of_politics_three_of_development_and_one_of_races(game):
    # "три колоды политики (лидеров, конфликтов, правительств); три колоды развития
    # (экспансии, коммерции, прогресса); одна колода рас"
    groups = {}
    for deck in Component.objects.filter(game=game, kind="deck"):
        groups.setdefault(deck.attributes["group"], set()).add(deck.key)
    assert groups == {
        "politics": {"leaders", "conflicts", "governments"},
        "development": {"expansion", "commerce", "progress"},
        "races": {"races"},
    }


@pytest.mark.django_db
def test_the_named_card_has_its_type_named_by_the_book(game):
    card = Card.objects.get(game=game, name_ru="Космобиржа")
    assert card_type_names(game=game)[card.card_type].name_ru == "Карты развития"


@pytest.mark.django_db
def test_project_cells_base_cell_conflict_sides_and_neutral_systems(game):
    symbols = {c.key: c for c in Component.objects.filter(game=game, kind="symbol")}
    assert "квадратными ячейками" in symbols["project-cells"].source_quote
    # "в круглой ячейке может находиться только один диск"
    assert symbols["base-cell"].attributes["discs"] == 1
    sides = symbols["conflict-card-sides"]
    assert sides.attributes["sides"] == 2  # "(красной или синей)"
    assert "красной стороной" in sides.attributes["red_side_quote"]
    neutral = Component.objects.get(game=game, kind="zone", key="neutral-system")
    assert "проложить маршрут" in neutral.text
