"""Eclipse: Rise of the Ancients content: what the expansion's rule book states, as loaded by
``manage.py load_content`` from the shipped data files."""

from io import StringIO

import pytest
from django.core.management import call_command

from cardbase.models import Component, Game, Race, Sector, StatedCount, Tech
from cardbase.stated_counts import StatedCountSpecError, stated_counts_progress
from content.loader import MODELS
from tests.content.book_checks import RULES_DIR, book_problems, stated_and_entered, words

SLUG = "eclipse"
BOOK = "eclipse-rise-of-the-ancients.ru.txt"


@pytest.fixture
def game(db) -> Game:
    call_command("load_content", stdout=StringIO())
    return Game.objects.get(slug=SLUG)


def game_rows(game: Game) -> list[dict]:
    return [
        row
        for model in MODELS.values()
        for row in model.objects.filter(game=game).order_by("pk").values()
    ]


def test_loading_again_leaves_every_row_as_it_was(game):
    before = game_rows(game)
    call_command("load_content", stdout=StringIO())
    assert game_rows(game) == before


def test_every_row_cites_a_heading_of_the_book_and_quotes_its_own_words(game):
    assert book_problems(game, BOOK) == []


def test_ability_lines_are_the_books_own_words(game):
    # The abilities are stored as printed on the player boards, not paraphrased.
    body = words((RULES_DIR / BOOK).read_text(encoding="utf-8"))
    abilities = [
        line
        for race in Race.objects.filter(game=game)
        for line in race.attributes.get("abilities", [])
    ]
    assert len(abilities) == 5 + 3 + 7 + 4
    assert [line for line in abilities if words(line) not in body] == []


def test_the_four_new_races_with_their_first_sectors_technologies_and_trade_rates(game):
    new = {
        race.key: race
        for race in Race.objects.filter(game=game)
        if race.attributes["new_in_expansion"]
    }
    assert set(new) == {"magellans", "exiles", "sindikat", "enlightened"}
    assert new["exiles"].name_en == "Exiles" and new["enlightened"].name_en == "Enlightened"
    # "234 Номер Первого Сектора." / "236 …" / "238 …"; the Magellans' numbers are not printed.
    assert new["exiles"].attributes["starting_sectors"] == [234]
    assert new["sindikat"].attributes["starting_sectors"] == [236]
    assert new["enlightened"].attributes["starting_sectors"] == [238]
    assert "starting_sectors" not in new["magellans"].attributes
    assert new["magellans"].attributes["starting_technologies"] == ["fusion-source"]
    assert new["exiles"].attributes["starting_technologies"] == ["cloaking-device", "orbital"]
    assert new["sindikat"].attributes["starting_technologies"] == ["starbase", "gauss-shield"]
    assert new["enlightened"].attributes["starting_technologies"] == ["distortion-shield"]
    # "Курс обмена Денег: 3:2. Курс обмена остального: 3:1."
    assert new["sindikat"].attributes["trade_rates"] == {"money": "3:2", "other": "3:1"}
    assert {
        new[k].attributes["trade_rates"]["all"] for k in ("magellans", "exiles", "enlightened")
    } == {"3:1"}
    # "В действие Перемещения у вас 4 активации." / "Нельзя строить Дредноуты."
    assert new["sindikat"].attributes["move_activations"] == 4
    assert new["sindikat"].attributes["cannot_build"] == ["dreadnought"]
    assert new["exiles"].attributes["cannot_build"] == ["starbase"]
    assert new["magellans"].attributes["variants_en"] == [
        "Wardens",
        "Sentinels",
        "Keepers of Magellan",
    ]


def test_every_starting_technology_is_a_technology_row(game):
    keys = set(Tech.objects.filter(game=game).values_list("key", flat=True))
    starting = {
        tech
        for race in Race.objects.filter(game=game)
        for tech in race.attributes.get("starting_technologies", [])
    }
    assert starting and starting <= keys


def test_the_ten_rare_technologies_of_the_appendix(game):
    rare = Tech.objects.filter(game=game, attributes__category="rare")
    assert set(rare.values_list("name_en", flat=True)) == {
        "Antimatter Splitter",
        "Neutron Absorber",
        "Distortion Shield",
        "Cloaking Device",
        "Point Defence",
        "Conifold Field",
        "Sentient Hull",
        "Interceptor Bay",
        "Flux Missile",
        "Zero-Point Source",
    }
    assert Tech.objects.get(game=game, key="distortion-shield").text == (
        "Ракеты врагов получают модификатор «-2» к урону."
    )
    # The five that unlock a ship part point at that part's row.
    parts = {t.attributes["ship_part"] for t in rare if "ship_part" in t.attributes}
    assert len(parts) == 5
    assert parts <= set(
        Component.objects.filter(game=game, kind="ship_part").values_list("key", flat=True)
    )


def test_the_eight_developments_are_components_with_their_effects(game):
    developments = {c.key: c for c in Component.objects.filter(game=game, kind="development")}
    assert len(developments) == 8
    assert not Tech.objects.filter(game=game, key__in=developments).exists()
    assert developments["mining-colony"].attributes["gain"] == {"materials": 12}
    assert developments["trade-fleet"].attributes["gain"] == {"money": 12}
    # "за приобретение «Исследовательской станции» … игрок отдаст 5 Денег и 5 Материалов"
    assert developments["research-station"].attributes["cost"] == {"money": 5, "materials": 5}
    assert developments["shellworld"].attributes["victory_points"] == 5
    assert developments["warp-portal"].name_en == "Warp Portal"
    assert developments["warp-portal"].attributes["cost"] == {"materials": 8}
    tile = Component.objects.get(game=game, kind="token", key="development-tile")
    assert tile.attributes["setup_by_players"] == {"2": 3, "3": 4, "4": 5, "5": 6, "6": 7, "7+": 8}


def test_the_eighteen_sector_hexes_by_number_and_kind(game):
    sectors = Sector.objects.filter(game=game)
    by_number = {s.attributes["number"]: s.attributes["kind"] for s in sectors}
    assert by_number == {
        234: "starting",
        236: "starting",
        238: "starting",
        271: "ancient_world",
        272: "ancient_world",
        273: "ancient_world",
        274: "ancient_world",
        291: "wormhole",
        393: "wormhole",
        394: "wormhole",
        212: "ancient_hive",
        319: "ancient_hive",
        213: "regular",
        320: "regular",
        321: "regular",
        322: "regular",
        323: "regular",
        324: "regular",
    }
    assert {s.key for s in sectors} == {f"sector-{n}" for n in by_number}
    for sector in sectors.filter(attributes__kind="starting"):
        race = Race.objects.get(game=game, key=sector.attributes["race"])
        assert race.attributes["starting_sectors"] == [sector.attributes["number"]]


def test_discoveries_ancients_and_components_with_the_books_numbers(game):
    discoveries = Component.objects.filter(game=game, kind="discovery")
    assert set(discoveries.values_list("name_ru", flat=True)) >= {
        "Червоточина Древних",
        "Орбитальная Станция Древних",
        "Гиперускоритель",
    }
    for discovery in discoveries.filter(attributes__has_key="ship_part"):
        assert Component.objects.filter(
            game=game, kind="ship_part", key=discovery.attributes["ship_part"]
        ).exists()
    quantity = {
        c.key: c.attributes.get("quantity")
        for c in Component.objects.filter(game=game).exclude(kind="development")
    }
    assert quantity["ancient-cruiser"] == 8 and quantity["ancient-dreadnought"] == 1
    assert quantity["alliance-tile"] == 9 and quantity["shrine-tile"] == 9
    assert quantity["extra-technology-tile"] == 18 and quantity["module-tile"] == 72
    cruiser = Component.objects.get(game=game, kind="ancient_ship", key="ancient-cruiser")
    assert cruiser.attributes["reputation_tiles"] == 2
    costs = {
        c.name_ru: c.attributes["cost"]
        for c in Component.objects.filter(game=game, kind="building")
    }
    assert costs == {
        "Святилище Свободы": 2,
        "Святилище Процветания": 4,
        "Святилище Просветления": 6,
    }
    pieces = Component.objects.get(game=game, key="player-pieces").attributes
    assert pieces["colours"] == ["бежевый", "серый", "малиновый"]
    assert pieces["per_colour"]["population_cubes"] == 33


def test_stated_totals_against_what_is_entered(game):
    assert stated_and_entered(game) == {
        "sectors": (18, 18),
        "starting-sectors": (3, 3),
        "ancient-worlds": (4, 4),
        "wormhole-sectors": (3, 3),
        "ancient-hives": (2, 2),
        "regular-sectors": (6, 6),
        "new-races": (4, 4),
        "rare-technologies": (10, 10),
        "developments": (8, 8),
        # 9 tiles; the book describes 7 kinds and gives no number per kind.
        "discoveries": (9, 7),
    }
    progress = stated_counts_progress(StatedCount.objects.filter(game=game))
    assert not [p for p in progress.values() if isinstance(p, StatedCountSpecError)]
