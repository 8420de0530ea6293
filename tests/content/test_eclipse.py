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
def game(shipped_content) -> Game:
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
    sectors = Sector.objects.filter(game=game, attributes__has_key="number")
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
    # "3 Первых Сектора (номера 233-238)": the range is searchable on each First Sector.
    assert all("233-238" in s.text for s in sectors.filter(attributes__kind="starting"))
    # The base game's centre hex is a sector row too, but not one of the box's 18.
    centre = Sector.objects.get(game=game, key="galactic-center")
    assert centre.name_ru == "Галактический Центр"
    assert centre.attributes == {
        "kind": "galactic_center",
        "base_game": True,
        "mentioned_only": True,
    }
    assert centre.source_section == "Захват Галактического Центра"


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


def test_base_game_pieces_the_book_names_agree_with_the_components_list(game):
    base = {c.key: c for c in Component.objects.filter(game=game, attributes__base_game=True)}
    assert all(c.attributes["mentioned_only"] for c in base.values())
    assert {key: c.name_ru for key, c in base.items() if c.kind == "other"} == {
        "interceptor": "Перехватчик",
        "cruiser": "Крейсер",
        "dreadnought": "Дредноут",
        "starbase": "Космическая База",
        "supply-board": "Поле Снабжения",
        "technology-bag": "Мешочек Технологий",
        "reputation-bag": "Мешочек с жетонами Репутации",
        "victory-points": "Победные Очки",
    }
    # "14 пластиковых фигурок … (8 Перехватчиков, 4 Крейсера, 2 Дредноута), 4 жетона
    # Космических Баз, 33 Кубика Населения, 16 дисков Влияния, 3 жетона Послов."
    per_colour = Component.objects.get(game=game, key="player-pieces").attributes["per_colour"]
    assert {
        key: base[key].attributes["per_colour"]
        for key in ("interceptor", "cruiser", "dreadnought", "starbase")
    } == {"interceptor": 8, "cruiser": 4, "dreadnought": 2, "starbase": 4}
    assert per_colour["ship_miniatures"] == 8 + 4 + 2
    assert (
        base["population-cube"].attributes["per_colour"],
        base["influence-disc"].attributes["per_colour"],
        base["ambassador-tile"].attributes["per_colour"],
    ) == (per_colour["population_cubes"], per_colour["influence_discs"], 3)
    # What a race "cannot build" is one of these ships.
    ships = {key for key, c in base.items() if c.attributes.get("ship")}
    forbidden = {
        ship
        for race in Race.objects.filter(game=game)
        for ship in race.attributes.get("cannot_build", [])
    }
    assert forbidden == {"starbase", "dreadnought"} and forbidden <= ships
    # The three rings of hexes; "используйте только 7 Внешних Секторов (III)".
    rings = {c.attributes["ring"]: c.name_ru for c in base.values() if c.kind == "deck"}
    assert rings == {
        "I": "Внутренние Секторы (I)",
        "II": "Центральные Секторы (II)",
        "III": "Внешние Секторы (III)",
    }
    assert base["outer-sectors"].attributes["small_galaxy_sectors"] == 7
    assert {c.name_ru for c in base.values() if c.kind == "phase"} == {
        "Фаза Действий",
        "Фаза Битвы",
        "Фаза Содержания",
        "Фаза Очистки",
    }
    assert {c.name_ru for c in base.values() if c.kind == "zone"} == {
        "Склад",
        "Дорожка Репутации",
        "Дорожка Влияния",
        "Дорожки Технологий",
        "Кладбище",
    }


def test_every_resource_a_gain_or_cost_names_is_a_resource_row(game):
    resources = {c.key: c.name_ru for c in Component.objects.filter(game=game, kind="resource")}
    assert resources == {"money": "Деньги", "science": "Знания", "materials": "Материалы"}
    named = {
        resource
        for c in Component.objects.filter(game=game, kind__in=["development", "discovery"])
        for field in ("gain", "cost")
        for resource in c.attributes.get(field, {})
    }
    assert named == set(resources)
    # "+3 к Деньгам, +2 к Знаниям, +2 к Материалам"
    tile = Component.objects.get(game=game, kind="discovery", key="money-3-science-2-materials-2")
    assert tile.attributes["gain"] == {"money": 3, "science": 2, "materials": 2}


def test_the_base_games_ancient_technology_discovery_is_not_one_of_the_nine(game):
    ancient = Component.objects.get(game=game, kind="discovery", key="ancient-technology")
    assert ancient.name_ru == "Технология Древних"
    assert ancient.attributes["new_in_expansion"] is False
    new = Component.objects.filter(game=game, kind="discovery", attributes__new_in_expansion=True)
    assert new.count() == 7 and not new.filter(key="ancient-technology").exists()


def test_development_and_race_details_from_the_appendix_and_the_race_stories(game):
    link = Component.objects.get(game=game, kind="development", key="artifact-link")
    # "В конце игры получите по 1 ПО за каждый контролируемый вами Артефакт."
    assert link.attributes["victory_points_per_artifact"] == 1
    shellworld = Component.objects.get(game=game, kind="development", key="shellworld")
    assert shellworld.attributes["population_square"] == "science"
    assert Race.objects.get(game=game, key="sindikat").attributes["controlled_sector"] == "Ро-Инди"
    assert Race.objects.get(game=game, key="enlightened").attributes["home_system"] == "Лира"
    tiles = {
        c.key: c.attributes["quantity"]
        for c in Component.objects.filter(
            game=game, key__in=["rare-technology-tile", "development-tile"]
        )
    }
    assert tiles == {"rare-technology-tile": 10, "development-tile": 8}


# Names as the book prints them (nominative), with the kinds of row catalogued under each name (a
# rare technology and the ship part it unlocks share a name, as do a discovery and its part).
NAMED_IN_THE_BOOK = {
    "Магелланяне": ("race",),
    "Изгнанники": ("race",),
    "Синдикат": ("race",),
    "Просветлённые": ("race",),
    "Потомки Дракона": ("race",),
    "Планта": ("race",),
    "Земляне": ("race",),
    "Разделитель антиматерии": ("tech",),
    "Поглотитель нейтронов": ("tech",),
    "Искажающий экран": ("tech",),
    "Маскирующее устройство": ("tech",),
    "Точечная оборона": ("tech",),
    "Нуль-пунктный источник": ("tech",),
    "Фузионный источник": ("tech",),
    "Щит Гаусса": ("tech",),
    "Гиперпространственный генератор": ("tech",),
    "Нейтронные бомбы": ("tech",),
    "Памятник Древних": ("development",),
    "Артифакты": ("development",),
    "Горнодобывающая колония": ("development",),
    "Исследовательская станция": ("development",),
    "Торговый флот": ("development",),
    "Искусственный спутник": ("development",),
    "Дипломатический флот": ("development",),
    "Червоточина Древних": ("discovery",),
    "Орбитальная Станция Древних": ("discovery",),
    "Технология Древних": ("discovery",),
    "Гиперускоритель": ("discovery", "ship_part"),
    "Мюонный источник": ("discovery", "ship_part"),
    "Трансформирующийся щит": ("discovery", "ship_part"),
    "Ионный разрушитель": ("discovery", "ship_part"),
    "Нульпунктный источник": ("ship_part",),
    "Конифольдовое поле": ("tech", "ship_part"),
    "Интеллектуальная обшивка": ("tech", "ship_part"),
    "Расплавляющие Ракеты": ("tech", "ship_part"),
    "Ангар Перехватчиков": ("tech", "ship_part"),
    "Фузионный Двигатель": ("ship_part",),
    "Ядерный двигатель": ("ship_part",),
    "Плазменная пушка": ("ship_part",),
    "Крейсер Древних": ("ancient_ship",),
    "Дредноут Древних": ("ancient_ship",),
    "Корабль Древних": ("ancient_ship",),
    "Регенерация": ("property",),
    "Галактический Центр": ("sector",),
    "Улей Древних 212": ("sector",),
    "Мир Древних 271": ("sector",),
    "Сектор Червоточины 291": ("sector",),
    "Центральные Секторы (II)": ("deck",),
    "Святилище Свободы": ("building",),
    "Святилище Процветания": ("building",),
    "Святилище Просветления": ("building",),
    "Карта Направления Хода": ("card_kind",),
    "Карта Предателя": ("card_kind",),
    "Карта Краткой Справки": ("card_kind",),
    "Карта Информации": ("card_kind",),
    "Компактное Поле Снабжения": ("other",),
    "Карточка Игрока": ("other",),
    "Поле Снабжения": ("other",),
    "Перехватчик": ("other",),
    "Жетон Альянса": ("token",),
    "Жетон Святилища": ("token",),
    "Жетон Бонуса Святилища": ("token",),
    "Жетон Червоточины": ("token",),
    "Жетон Искусственного Спутника": ("token",),
    "Жетон Корабля Колонистов": ("token",),
    "Дополнительный жетон Технологии": ("token",),
    "Дополнительный жетон Репутации": ("token",),
    "Маркер Склада": ("token",),
    "Диск Процветания": ("token",),
    "Первый Маркер Действия": ("token",),
    "Второй Маркер Действия": ("token",),
    "Маркер Первого Игрока": ("token",),
    "Жетон СЗГЦ": ("token",),
    "Кубик Повреждения": ("token",),
    "Жетон Модуля": ("token",),
    "Пустой жетон": ("token",),
    "Кладбище": ("zone",),
    "Дорожка Влияния": ("zone",),
    "Гиперпространственный Переход": ("symbol",),
    "Артефакт": ("symbol",),
    "Деньги": ("resource",),
    "Фаза Очистки": ("phase",),
}


def test_the_search_api_finds_each_named_component_with_its_source_and_page(client, game):
    # One test over every name: loading the content once per name would be slow.
    wrong = {}
    for name, kinds in NAMED_IN_THE_BOOK.items():
        body = client.get("/api/search/", {"q": f'"{name}"', "game": SLUG}).json()
        hits = [entry for entry in body["entries"] if entry["name_ru"] == name]
        if sorted(entry["kind"] for entry in hits) != sorted(kinds):
            wrong[name] = [entry["kind"] for entry in hits]
        for hit in hits:
            detail = client.get(hit["url"]).json()
            if (
                hit["source"]["book"] != BOOK
                or not hit["source"]["section"]
                or (detail["key"], detail["name_ru"]) != (hit["key"], name)
                or client.get(hit["page_url"]).status_code != 200
            ):
                wrong[name] = hit
    assert wrong == {}
