"""Master of Orion (card game) content: what the rule book states, loaded from the data files.

Only this game's folder is loaded (into a copy of the data tree), so another game's data cannot
break these checks. The helpers here are shared with the Master of the Galaxy tests.
"""

import re
import shutil
from pathlib import Path

import pytest

from cardbase.models import Advisor, Card, Component, Game, Race, Release, StatedCount
from content.loader import DATA_DIR, MODELS, content_load

RULES_DIR = Path(__file__).resolve().parents[3] / "shared" / "rules"
SLUG = "master-of-orion"
BOOK = "master-of-orion.ru.txt"


def load_game(tmp_path: Path, slug: str) -> Game:
    """Load one game's data files exactly as shipped and return the game."""
    shutil.copy(DATA_DIR / "games.yaml", tmp_path / "games.yaml")
    shutil.copytree(DATA_DIR / slug, tmp_path / slug)
    content_load(data_dir=tmp_path)
    return Game.objects.get(slug=slug)


def stated_and_entered(game: Game) -> dict[str, tuple[int, int]]:
    """For each stated total: the book's number and how many catalogue rows it selects."""
    result = {}
    for stated in StatedCount.objects.filter(game=game):
        model = MODELS[stated.counts["model"]]
        rows = model.objects.filter(game=game, **stated.counts.get("filter", {}))
        result[stated.key] = (stated.count, rows.count())
    return result


def words(text: str) -> str:
    """Letters and digits only, ё folded: layout (dashes, bullets, bold) does not matter."""
    return " ".join(re.findall(r"\w+", text.lower().replace("ё", "е")))


def book_problems(game: Game, book: str) -> list[str]:
    """Every row's section must be a heading line of the book and every quote (each part
    between '…') must be the book's own words; returns the rows that break this."""
    text = (RULES_DIR / book).read_text(encoding="utf-8")
    lines = {words(line) for line in text.splitlines()}
    body = f" {words(text)} "
    problems = []
    rows = [
        row
        for model in MODELS.values()
        if model is not Release
        for row in model.objects.filter(game=game)
    ]
    for row in rows:
        label = f"{type(row).__name__} {row.key}"
        if row.source_book != book:
            problems.append(f"{label}: source_book {row.source_book!r}")
        if words(row.source_section) not in lines:
            problems.append(f"{label}: section {row.source_section!r} is not a heading")
        quotes = [row.source_quote]
        quotes += [v for k, v in getattr(row, "attributes", {}).items() if k.endswith("_quote")]
        for quote in quotes:
            for part in quote.split("…"):
                if words(part) and f" {words(part)} " not in body:
                    problems.append(f"{label}: not the book's words: {part.strip()!r}")
    return problems


@pytest.fixture
def game(tmp_path):
    return load_game(tmp_path, SLUG)


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
