"""The search across every kind of catalogue row: the selector, the search and catalogue pages
and ``/api/search/``. Runs on SQLite and on PostgreSQL (``DATABASE_URL``)."""

from types import SimpleNamespace

import pytest
from django.urls import reverse

from cardbase.models import Advisor, Component, ComponentKind, Race, Sector, Tech
from cardbase.search import everything
from cardbase.search.everything import catalogue_search, entry_kinds_named
from cardbase.search.query import QuerySyntaxError, parse_query
from tests.cardbase.pages_data import make_catalogue
from tests.factories import CardFactory, GameFactory

pytestmark = pytest.mark.django_db


def _entry(model, game, key, name_ru, **fields):
    fields.setdefault("source_book", f"{game.slug}.ru.txt")
    fields.setdefault("source_section", "Компоненты игры")
    return model.objects.create(game=game, key=key, name_ru=name_ru, **fields)


@pytest.fixture
def world():
    """The page catalogue (Komandor and Master of Orion cards, the race «Люди», the weapon
    «Плазменные орудия») plus rows of every other kind in Eclipse and Risk Legacy."""
    catalogue = make_catalogue()
    eclipse = GameFactory(slug="eclipse", name_ru="Эклипс", sort_order=4)
    risk = GameFactory(slug="risk-legacy", name_ru="Риск: Наследие", sort_order=5)
    return SimpleNamespace(
        catalogue=catalogue,
        eclipse=eclipse,
        risk=risk,
        humans=catalogue.race,
        plasma=catalogue.weapon,
        terrans=_entry(Race, eclipse, "terrans", "Земляне", text="Люди Земли."),
        planta=_entry(Race, eclipse, "planta", "Планта", name_en="Planta"),
        cannon=_entry(Tech, eclipse, "plasma-cannon", "Плазменная пушка"),
        sector=_entry(Sector, eclipse, "galactic-center", "Центр галактики"),
        advisor=_entry(Advisor, catalogue.orion, "scientist", "Учёный", text="Даёт знания."),
        faction=_entry(Component, risk, "enclave", "Анклав Медведя", kind=ComponentKind.FACTION),
        scar=_entry(Component, risk, "bunker", "Бункер", kind=ComponentKind.SCAR),
    )


def found(text, **kwargs) -> set[str]:
    """``model:key`` of every entry the search finds (cards are ``card:key``)."""
    results = catalogue_search(text, **kwargs)
    cards = {f"card:{key}" for key in results.cards.values_list("key", flat=True)}
    entries = {
        f"{group.kind.name}:{entry.row.key}"
        for group in results.entry_groups
        for entry in group.rows
    }
    return cards | entries


# ---- the selector --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("земляне", {"race:terrans"}),
        ("ЗЕМЛЯН", {"race:terrans"}),
        ("ученый", {"advisor:scientist"}),  # ё/е folded: the name is «Учёный»
        ("planta", {"race:planta"}),
        ('"центр галактики"', {"sector:galactic-center"}),
        ('"галактики центр"', set()),
        ("плазмен", {"tech:plasma-cannon", "weapon:plasma", "card:chimera"}),  # its plasma guns
        ("плазмен -пушка", {"weapon:plasma", "card:chimera"}),
        ("плазмен game:komandor", {"weapon:plasma", "card:chimera"}),
        ("плазмен -game:komandor", {"tech:plasma-cannon"}),
        ("анклав OR бункер", {"faction:enclave", "scar:bunker"}),
        ("люди", {"race:humans", "race:terrans"}),
        ("люди kind:race game:eclipse", {"race:terrans"}),
        ("kind:раса", {"race:humans", "race:terrans", "race:planta"}),
        ("kind:races game:eclipse", {"race:terrans", "race:planta"}),
        ("kind:фракция", {"faction:enclave"}),
        ("type:scar", {"scar:bunker"}),
        ("kind:components game:risk-legacy", {"faction:enclave", "scar:bunker"}),
        ("game:eclipse -kind:race", {"tech:plasma-cannon", "sector:galactic-center"}),
        ("game:eclipse kind!=race kind!=sector", {"tech:plasma-cannon"}),
        (
            "(kind:tech OR kind:sector) game:eclipse",
            {"tech:plasma-cannon", "sector:galactic-center"},
        ),
        ("химера", {"card:chimera"}),
        ("type:ship", {"card:chimera", "card:scout"}),
    ],
)
def test_entries_are_found_by_words_game_and_kind(world, query, expected):
    assert found(query) == expected


@pytest.mark.parametrize(
    "query",
    ["плазмен speed>=0", "плазмен -weapon:plasma", "плазмен OR cost>=4", "люди rarity:rare"],
)
def test_a_card_only_keyword_restricts_the_search_to_cards(world, query):
    results = catalogue_search(query)
    assert results.entry_groups == []


def test_card_only_keywords_still_find_cards(world):
    assert found("cost>=4") == {"card:chimera", "card:space-port"}


def test_the_game_argument_narrows_cards_and_entries(world):
    assert found("плазмен", game=world.eclipse) == {"tech:plasma-cannon"}
    assert found("cost>=4", game=world.catalogue.orion) == {"card:space-port"}


def test_an_empty_query_finds_every_card_of_the_scope_and_no_entries(world):
    results = catalogue_search("", game=world.catalogue.komandor)
    assert results.entry_groups == []
    assert results.cards.count() == 3


def test_a_phrase_with_quotes_in_it_reads_back_from_its_canonical_form(world):
    query = parse_query('"Линкор класса «Химера»" OR class:"линкор «Химера»"')
    assert str(query) == '«линкор класса "химера"» OR class:«линкор "химера"»'
    assert parse_query(str(query)) == query
    assert found(str(query)) == {"card:chimera"}


def test_a_malformed_query_raises_the_language_error(world):
    with pytest.raises(QuerySyntaxError) as raised:
        catalogue_search('"Анклав')
    assert (raised.value.position, raised.value.code) == (0, "unclosed_quote")


def test_entry_groups_follow_catalogue_order_and_count_each_kind(world):
    results = catalogue_search("game:eclipse")
    names = [group.kind.name for group in results.entry_groups]
    assert names == ["race", "tech", "sector"]
    assert [group.count for group in results.entry_groups] == [2, 1, 1]
    assert results.entry_count == 4


def test_beyond_the_limit_the_named_row_comes_first_and_the_count_is_exact(world, monkeypatch):
    monkeypatch.setattr(everything, "ENTRY_LIMIT", 2)
    for number in range(3):
        _entry(Race, world.eclipse, f"r{number}", f"Азуры {number}", text="Союзники расы Планта.")
    (group,) = catalogue_search("планта kind:race").entry_groups
    assert group.count == 4
    assert group.is_truncated
    assert group.rows[0].row.key == "planta"
    assert len(group.rows) == 2


def test_kind_spellings_cover_every_kind_in_both_languages():
    assert entry_kinds_named("race") == entry_kinds_named("Расы") == {"race"}
    assert entry_kinds_named("ship-part") == entry_kinds_named("ship_part") == {"ship_part"}
    assert entry_kinds_named("ship") == frozenset()  # a card type, not an entry kind
    assert entry_kinds_named("компоненты") == {kind.value for kind in ComponentKind}
    for kind in everything.ENTRY_KINDS:
        assert kind.name in entry_kinds_named(kind.name)


# ---- the search page -----------------------------------------------------------------------


def test_search_page_lists_entries_by_kind_with_game_kind_and_source(client, world):
    response = client.get(reverse("cardbase:search"), {"q": "плазмен"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Найдена 1 карта" in html  # the Chimera, by its plasma guns
    assert "Найдены 2 записи" in html
    tech_url = reverse("cardbase:entry-detail", args=["eclipse", "techs", "plasma-cannon"])
    weapon_url = reverse("cardbase:component-detail", args=["komandor", "weapon", "plasma"])
    assert f'<a href="{tech_url}">Плазменная пушка</a>' in html
    assert f'<a href="{weapon_url}">Плазменные орудия</a>' in html
    assert "<h3>Технологии <span" in html
    assert "<td>Эклипс</td>" in html
    assert "Вооружение" in html
    assert "Компоненты игры" in html and "eclipse.ru.txt" in html


def test_search_page_in_english(client, world):
    client.cookies["django_language"] = "en"
    html = client.get(reverse("cardbase:search"), {"q": "плазмен"}).content.decode()
    assert "Other catalogue entries" in html
    assert "2 entries found" in html
    assert "<h3>Technologies <span" in html


def test_search_page_shows_cards_and_entries_together(client, world):
    response = client.get(reverse("cardbase:search"), {"q": "люди OR космопорт"})
    assert [card.key for card in response.context["page"].object_list] == ["space-port"]
    (races,) = response.context["results"].entry_groups
    assert {entry.row.key for entry in races.rows} == {"humans", "terrans"}


def test_search_page_with_a_card_only_term_shows_no_entries(client, world):
    response = client.get(reverse("cardbase:search"), {"q": "плазмен cost>=100"})
    assert response.status_code == 200
    assert "Другие записи каталога" not in response.content.decode()


def test_search_page_says_when_a_kind_is_cut_short(client, world, monkeypatch):
    monkeypatch.setattr(everything, "ENTRY_LIMIT", 1)
    html = client.get(reverse("cardbase:search"), {"q": "kind:race"}).content.decode()
    assert "Показаны первые 1 из 3" in html


@pytest.mark.parametrize(
    ("query", "marked"), [('"Анклав', "<mark>&quot;Анклав</mark>"), ("kind:", "<mark>kind:</mark>")]
)
def test_search_page_malformed_query_is_a_400(client, world, query, marked):
    response = client.get(reverse("cardbase:search"), {"q": query})
    assert response.status_code == 400
    assert marked in response.content.decode()
    assert response.context["results"].entry_groups == []


def test_catalogue_search_box_also_shows_that_games_entries(client, world):
    url = reverse("cardbase:catalogue", args=["eclipse"])
    response = client.get(url, {"q": "плазмен"})
    assert response.status_code == 200
    groups = response.context["results"].entry_groups
    assert [(group.kind.name, [e.row.key for e in group.rows]) for group in groups] == [
        ("tech", ["plasma-cannon"])
    ]
    assert "Плазменные орудия" not in response.content.decode()


def test_catalogue_without_a_query_shows_no_entries(client, world):
    # An empty search box (a game without cards and no parameters opens on its entries).
    response = client.get(reverse("cardbase:catalogue", args=["eclipse"]), {"q": ""})
    assert response.context["results"].entry_groups == []


def test_catalogue_malformed_query_is_still_a_400(client, world):
    response = client.get(reverse("cardbase:catalogue", args=["eclipse"]), {"q": "-"})
    assert response.status_code == 400


# ---- the API -------------------------------------------------------------------------------


def test_api_search_returns_cards_and_entries_with_their_source(client, world):
    body = client.get("/api/search/", {"q": "плазмен OR Химера"}).json()
    assert body["query"] == "плазмен OR химера"
    assert body["cards"]["count"] == 1
    assert [card["key"] for card in body["cards"]["results"]] == ["chimera"]
    assert body["entry_count"] == 2
    assert body["entry_counts"] == {"tech": 1, "weapon": 1}
    weapon = next(entry for entry in body["entries"] if entry["kind"] == "weapon")
    assert weapon == {
        "model": "component",
        "kind": "weapon",
        "game": "komandor",
        "key": "plasma",
        "name_ru": "Плазменные орудия",
        "name_en": "",
        # With its origin, as every other source block (the schema's Source requires it).
        "source": {
            "origin": "book",
            "book": "komandor.ru.txt",
            "section": "Вооружение",
            "quote": "ПО",
        },
        "url": "http://testserver/api/components/komandor/weapon/plasma/",
        "page_url": "http://testserver/games/komandor/components/weapon/plasma/",
    }


def test_api_search_urls_lead_to_the_rows(client, world):
    body = client.get("/api/search/", {"q": "game:eclipse OR ученый OR бункер"}).json()
    assert {entry["model"] for entry in body["entries"]} == {
        "race",
        "tech",
        "sector",
        "advisor",
        "component",
    }
    for entry in body["entries"]:
        detail = client.get(entry["url"]).json()
        assert (detail["key"], detail["name_ru"]) == (entry["key"], entry["name_ru"])
        assert client.get(entry["page_url"]).status_code == 200


def test_api_search_game_parameter_narrows(client, world):
    body = client.get("/api/search/", {"q": "плазмен", "game": "eclipse"}).json()
    assert [(entry["model"], entry["key"]) for entry in body["entries"]] == [
        ("tech", "plasma-cannon")
    ]
    assert body["cards"]["count"] == 0


def test_api_search_lists_at_most_fifty_cards_but_counts_all(client, world):
    CardFactory.create_batch(55, game=world.catalogue.orion, name_ru="Астероид", text="")
    body = client.get("/api/search/", {"q": "астероид"}).json()
    assert body["cards"]["count"] == 55
    assert len(body["cards"]["results"]) == 50


@pytest.mark.parametrize(
    ("query", "position", "term"), [("(земляне", 0, "("), ("speed>=быстро", 7, "быстро")]
)
def test_api_search_malformed_query_is_the_query_syntax_400(client, world, query, position, term):
    response = client.get("/api/search/", {"q": query})
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], body["position"], body["term"]) == ("query_syntax", position, term)


@pytest.mark.parametrize(
    ("params", "field"),
    [({}, "q"), ({"q": "  "}, "q"), ({"q": "люди", "game": "monopoly"}, "game")],
)
def test_api_search_bad_parameters_are_a_400_naming_them(client, world, params, field):
    response = client.get("/api/search/", params)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert list(body["fields"]) == [field]


def test_api_schema_describes_the_search(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    operation = schema["paths"]["/api/search/"]["get"]
    assert {parameter["name"] for parameter in operation["parameters"]} == {"q", "game"}


def test_words_kept_only_in_attributes_are_found_but_not_quotes(world):
    race = _entry(
        Race,
        world.catalogue.orion,
        "alkari",
        "Алкари",
        attributes={
            "homeworld": "Альтаир",
            "abilities": ["Быстрые корабли"],
            "notes": {"victory_points": 3, "note_quote": "Слова книги про Орион"},
        },
    )
    assert "race:alkari" in found("альтаир")
    assert "race:alkari" in found("быстрые")
    assert "race:alkari" not in found("орион")
    race.attributes = {"homeworld": "Меклон"}
    race.save()
    assert "race:alkari" not in found("альтаир")
    assert "race:alkari" in found("меклон")


def test_the_migration_recomputes_search_text_of_rows_saved_before_it(world):
    from importlib import import_module

    from django.apps import apps

    migration = import_module("cardbase.migrations.0004_search_text_with_attributes")
    race = _entry(
        Race, world.catalogue.orion, "mrrshan", "Мрршаны", attributes={"homeworld": "Фиеррон"}
    )
    Race.objects.filter(pk=race.pk).update(search_text="мрршаны")  # as written before 0004
    migration.recompute(apps, None)
    assert "фиеррон" in Race.objects.get(pk=race.pk).search_text


def test_a_nul_character_is_a_query_error_at_its_position(client, world):
    answer = client.get("/api/search/", {"q": "химера\x00"})
    assert answer.status_code == 400
    assert (answer.json()["code"], answer.json()["position"]) == ("query_syntax", 6)
