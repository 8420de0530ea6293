"""Games, releases, races…, components with their per-kind lists, stated counts, the schema
and the docs page."""

import pytest

from cardbase.api.urls import COMPONENT_KIND_PREFIXES
from cardbase.models import Advisor, Component, ComponentKind, Race, Sector, StatedCount, Tech
from tests.factories import CardFactory, GameFactory, ReleaseFactory

pytestmark = pytest.mark.django_db


def _entry(model, game, key, **fields):
    fields.setdefault("name_ru", key)
    return model.objects.create(
        game=game,
        key=key,
        source_book=f"{game.slug}.ru.txt",
        source_section="Состав игры",
        source_quote="«…»",
        **fields,
    )


@pytest.fixture
def games():
    return GameFactory(slug="komandor", sort_order=1), GameFactory(slug="risk-legacy", sort_order=5)


def test_games_list_and_detail_by_id_or_slug(client, games):
    _komandor, risk = games
    rows = client.get("/api/games/").json()["results"]
    assert [row["slug"] for row in rows] == ["komandor", "risk-legacy"]
    assert client.get(f"/api/games/{risk.pk}/").json()["slug"] == "risk-legacy"
    assert client.get("/api/games/risk-legacy/").json()["id"] == risk.pk
    assert client.get("/api/games/monopoly/").json()["code"] == "not_found"


def test_releases(client, games):
    release = ReleaseFactory(game=games[0], code="base", year=2001, source_section="Выпуски")
    rows = client.get("/api/releases/", {"game": "komandor"}).json()["results"]
    assert rows == [
        {
            "id": release.pk,
            "game": "komandor",
            "code": "base",
            "name_ru": release.name_ru,
            "name_en": "",
            "year": 2001,
            "source": {"origin": "book", "book": "test", "section": "Выпуски", "quote": ""},
        }
    ]
    assert client.get("/api/releases/komandor/base/").json()["id"] == release.pk


@pytest.mark.parametrize(
    ("model", "prefix"),
    [(Race, "races"), (Tech, "techs"), (Sector, "sectors"), (Advisor, "advisors")],
)
def test_catalogue_kinds_list_detail_and_filters(client, games, model, prefix):
    _komandor, risk = games
    row = _entry(model, risk, "north", name_ru="Северный", text="Лёд и снег")
    _entry(model, games[0], "south", name_ru="Южный")
    listed = client.get(f"/api/{prefix}/", {"game": "risk-legacy"}).json()["results"]
    assert listed == [
        {
            "id": row.pk,
            "game": "risk-legacy",
            "key": "north",
            "name_ru": "Северный",
            "name_en": "",
            "text": "Лёд и снег",
            "attributes": {},
            "source": {
                "origin": "book",
                "book": "risk-legacy.ru.txt",
                "section": "Состав игры",
                "quote": "«…»",
            },
        }
    ]
    assert client.get(f"/api/{prefix}/{row.pk}/").json()["key"] == "north"
    assert client.get(f"/api/{prefix}/risk-legacy/north/").json()["id"] == row.pk
    assert [r["key"] for r in client.get(f"/api/{prefix}/", {"q": "лед"}).json()["results"]] == [
        "north"
    ]


def test_components_by_kind_and_through_every_alias(client, games):
    risk = games[1]
    for kind in ComponentKind:
        _entry(Component, risk, f"a-{kind.value.replace('_', '-')}", kind=kind.value)
    everything = client.get("/api/components/", {"page_size": 200}).json()
    assert everything["count"] == len(ComponentKind)
    scars = client.get("/api/components/", {"kind": "scar"}).json()["results"]
    assert [(row["key"], row["kind"]) for row in scars] == [("a-scar", "scar")]
    for kind in ComponentKind:
        rows = client.get(f"/api/{COMPONENT_KIND_PREFIXES[kind]}/").json()["results"]
        assert [row["kind"] for row in rows] == [kind.value], kind


def test_component_aliases_named_in_the_issue(client, games):
    faction = _entry(Component, games[1], "mechaniker", kind="faction")
    _entry(Component, games[1], "scar-one", kind="scar")
    assert [r["key"] for r in client.get("/api/factions/").json()["results"]] == ["mechaniker"]
    assert client.get(f"/api/factions/{faction.pk}/").json()["key"] == "mechaniker"
    assert client.get("/api/factions/risk-legacy/mechaniker/").json()["id"] == faction.pk
    # A scar is not a faction, even by id.
    scar = Component.objects.get(key="scar-one")
    assert client.get(f"/api/factions/{scar.pk}/").status_code == 404
    for prefix in ("scars", "continents", "discoveries", "ship-parts", "ancient-ships"):
        assert client.get(f"/api/{prefix}/").status_code == 200


def test_component_natural_key_includes_the_kind(client, games):
    token = _entry(Component, games[1], "missile", kind="token")
    _entry(Component, games[1], "missile", kind="weapon")
    assert client.get("/api/components/risk-legacy/token/missile/").json()["id"] == token.pk


def test_bad_component_kind_is_a_400(client, games):
    response = client.get("/api/components/", {"kind": "spaceship"})
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["kind"]


def test_stated_counts_show_stated_entered_missing_and_source(client, games):
    komandor = games[0]
    CardFactory.create_batch(3, game=komandor, card_type="tactical")
    stated = StatedCount.objects.create(
        game=komandor,
        key="tactical-cards",
        label_ru="Тактические карты",
        count=10,
        counts={"model": "card", "filter": {"card_type": "tactical"}},
        source_book="komandor.ru.txt",
        source_section="Состав",
        source_quote="«10 тактических карт»",
    )
    StatedCount.objects.create(
        game=komandor,
        key="zz-broken",
        label_ru="Сломанная запись",
        count=1,
        counts={"model": "spaceship"},
        source_book="komandor.ru.txt",
        source_section="Состав",
    )
    rows = client.get("/api/stated-counts/", {"game": "komandor"}).json()["results"]
    assert rows[0] == {
        "id": stated.pk,
        "game": "komandor",
        "key": "tactical-cards",
        "label_ru": "Тактические карты",
        "label_en": "",
        "counts": {"model": "card", "filter": {"card_type": "tactical"}},
        "stated": 10,
        "entered": 3,
        "missing": 7,
        "problem": None,
        "source": {
            "origin": "book",
            "book": "komandor.ru.txt",
            "section": "Состав",
            "quote": "«10 тактических карт»",
        },
    }
    assert (rows[1]["entered"], rows[1]["missing"]) == (None, None)
    assert "counts.model" in rows[1]["problem"]
    detail = client.get("/api/stated-counts/komandor/tactical-cards/").json()
    assert (detail["entered"], detail["missing"]) == (3, 7)
    assert client.get(f"/api/stated-counts/{stated.pk}/").json()["missing"] == 7


def test_stated_counts_list_queries_do_not_grow_with_rows(
    client, games, django_assert_num_queries, settings
):
    settings.CATALOGUE_API_CACHE_SECONDS = 0  # count the view's own queries
    for n in range(20):
        StatedCount.objects.create(
            game=games[0],
            key=f"count-{n}",
            label_ru="x",
            count=n,
            counts={"model": "card", "filter": {"cost": n}},
            source_book="b",
            source_section="s",
        )
    # COUNT, page SELECT (game joined), one aggregate over cards.
    with django_assert_num_queries(3):
        assert len(client.get("/api/stated-counts/").json()["results"]) == 20


@pytest.mark.parametrize("prefix", ["races", "components", "factions", "releases", "games"])
def test_other_lists_are_two_queries(client, games, prefix, django_assert_num_queries, settings):
    settings.CATALOGUE_API_CACHE_SECONDS = 0  # count the view's own queries
    _entry(Race, games[0], "r1")
    _entry(Component, games[0], "f1", kind="faction")
    ReleaseFactory(game=games[0], code="base")
    with django_assert_num_queries(2):
        assert client.get(f"/api/{prefix}/").status_code == 200


def test_schema_is_openapi_3_and_lists_the_endpoints(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    for path in (
        "/api/cards/",
        "/api/cards/{id}/",
        "/api/cards/{game}/{key}/",
        "/api/games/",
        "/api/stated-counts/",
        "/api/components/",
        "/api/factions/",
        "/api/ship-parts/",
    ):
        assert path in schema["paths"], path
    card_params = {p["name"] for p in schema["paths"]["/api/cards/"]["get"]["parameters"]}
    assert {"q", "game", "card_type", "speed_min", "weapon", "page_size", "ordering"} <= card_params
    card_fields = set(schema["components"]["schemas"]["Card"]["properties"])
    assert card_fields == {
        "id", "game", "key", "name_ru", "name_en", "text", "attributes", "source",
        "release", "collector_number", "card_type", "rarity", "cost", "copies", "rules_text",
        "image",
    }  # fmt: skip


def test_serialized_rows_have_exactly_the_schema_fields(client, games):
    """to_representation is written by hand for speed; it must not drift from the schema."""
    ReleaseFactory(game=games[0], code="base")
    CardFactory(game=games[0], key="c1")
    _entry(Race, games[0], "r1")
    _entry(Component, games[0], "f1", kind="faction")
    StatedCount.objects.create(
        game=games[0], key="s", label_ru="s", count=1, counts={"model": "race"}
    )
    schemas = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()[
        "components"
    ]["schemas"]
    for path, name in [
        ("/api/cards/", "Card"),
        ("/api/races/", "CatalogueEntry"),
        ("/api/components/", "Component"),
        ("/api/releases/", "Release"),
        ("/api/games/", "Game"),
        ("/api/stated-counts/", "StatedCount"),
    ]:
        row = client.get(path).json()["results"][0]
        assert set(row) == set(schemas[name]["properties"]), path
        if "source" in row:
            source = schemas[name]["properties"]["source"]["$ref"].rsplit("/", 1)[1]
            assert set(row["source"]) == set(schemas[source]["properties"]), path


def test_swagger_ui_uses_local_static_files(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in page
    assert "cdn." not in page and "unpkg" not in page
    assert "/api/schema/" in page


@pytest.mark.parametrize("path", ["/api/cards/", "/api/cards/komandor/c1/", "/api/stated-counts/"])
def test_browsable_api_pages_render(client, games, path):
    CardFactory(game=games[0], key="c1")
    response = client.get(path, HTTP_ACCEPT="text/html")
    assert response.status_code == 200
    assert b"c1" in response.content or path.endswith("stated-counts/")
