"""The admin as a superuser: every model lists and adds, searches and filters work, and
Komandor cards are edited through their stats form with errors on the stat they are about."""

import pytest

from cardbase.models import (
    Advisor,
    Card,
    Component,
    Game,
    Race,
    Release,
    Sector,
    StatedCount,
    Tech,
)
from tests.cardbase.admin_data import SOURCE, add_ship_url, admin_catalogue, admin_url, ship_post

MODELS = [Game, Release, Card, Race, Tech, Sector, Advisor, Component, StatedCount]


@pytest.fixture
def catalogue(db):
    return admin_catalogue()


def listed(response) -> list[str]:
    return [str(row) for row in response.context["cl"].result_list]


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_every_model_lists_and_adds(admin_client, catalogue, model):
    assert admin_client.get(admin_url(model, "changelist")).status_code == 200
    assert admin_client.get(admin_url(model, "add")).status_code == 200
    row = model.objects.first()
    assert admin_client.get(admin_url(model, "change", row.pk)).status_code == 200


def test_search_folds_case_and_yo(admin_client, catalogue):
    url = admin_url(Card, "changelist")
    assert listed(admin_client.get(url, {"q": "ХИМЕРА"})) == ["Линкор класса «Химера»"]
    assert listed(admin_client.get(url, {"q": "ежик"})) == ["Ёжик"]
    assert listed(admin_client.get(url, {"q": "chimera"})) == ["Линкор класса «Химера»"]
    components = admin_url(Component, "changelist")
    assert listed(admin_client.get(components, {"q": "колода"})) == ["Колода"]


def test_filters_by_game_type_rarity_and_kind(admin_client, catalogue):
    url = admin_url(Card, "changelist")
    orion = catalogue["orion"]
    assert listed(admin_client.get(url, {"game__id__exact": orion.pk})) == ["Ёжик"]
    assert listed(admin_client.get(url, {"card_type": "ship"})) == ["Линкор класса «Химера»"]
    assert listed(admin_client.get(url, {"rarity": "rare"})) == ["Линкор класса «Химера»"]
    components = admin_url(Component, "changelist")
    assert listed(admin_client.get(components, {"kind__exact": "zone"})) == ["Колода"]


def test_stated_counts_list_how_many_rows_are_entered(admin_client, catalogue):
    response = admin_client.get(admin_url(StatedCount, "changelist"))
    counts = response.context["cl"]
    assert counts.model_admin.entered(counts.result_list[0]) == "1"


def test_source_of_a_loaded_row_is_read_only(admin_client, catalogue):
    response = admin_client.get(admin_url(Card, "change", catalogue["chimera"].pk))
    form = response.context["adminform"].form
    assert "source_section" not in form.fields
    assert "Пример" in response.content.decode()


def test_a_komandor_card_opens_its_stats_form_filled_from_attributes(admin_client, catalogue):
    response = admin_client.get(admin_url(Card, "change", catalogue["chimera"].pk))
    form = response.context["adminform"].form
    assert "attributes" not in form.fields
    assert form.fields["stat__strength"].label == "Прочность"
    assert form.initial["stat__strength"] == 12
    assert form.initial["stat__shield__type"] == "B"
    assert form.initial["stat__weapons__plasma__power"] == 10
    assert 'name="stat__weapons__plasma__power"' in response.content.decode()


def test_saving_a_ship_through_the_stats_form_stores_canonical_attributes(admin_client, catalogue):
    game = catalogue["komandor"]
    response = admin_client.post(add_ship_url(game), ship_post(game))
    assert response.status_code == 302, response.context["adminform"].form.errors
    card = Card.objects.get(key="exorcist")
    assert (card.game, card.card_type, card.cost) == (game, "ship", 5)
    assert card.attributes == {
        "kind": "ship",
        "name": "Крейсер класса «Экзорцист»",
        "cost": 5,
        "size": "SK",
        "ship_class": "крейсер",
        "strength": 8,
        "critical": 5,
        "shield": {"type": "C", "power": 3},
        "armor": 3,
        "speed": 6,
        "weapons": {
            "plasma": {"power": 5},
            "maser": {"type": "C", "power": 8},
            "lasers": {"targets": 1, "power": 4},
        },
        "properties": {"escort": {}},
    }


@pytest.mark.parametrize(
    ("stats", "field", "words"),
    [
        ({"stat__critical": "9"}, "stat__strength", "must be less than strength 8"),
        ({"stat__speed": "6a"}, "stat__speed", ""),
        ({"stat__armor": "-1"}, "stat__armor", ""),
        ({"stat__weapons__lasers__power": ""}, "stat__weapons__lasers__power", "required"),
        ({"cost": ""}, "cost", "required"),
    ],
)
def test_a_bad_stat_is_shown_on_its_field_and_nothing_is_saved(
    admin_client, catalogue, stats, field, words
):
    game = catalogue["komandor"]
    response = admin_client.post(add_ship_url(game), ship_post(game, **stats))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert list(errors) == [field]
    assert words in " ".join(errors[field])
    assert not Card.objects.filter(key="exorcist").exists()


def test_editing_keeps_the_card_and_a_rejected_edit_changes_nothing(admin_client, catalogue):
    chimera = catalogue["chimera"]
    url = admin_url(Card, "change", chimera.pk)
    form = admin_client.get(url).context["adminform"].form
    data = {name: value for name, value in form.initial.items() if value not in (None, "")}
    data.update({"key": "chimera", "name_ru": chimera.name_ru, "cost": "10", "rarity": "rare"})
    data["release"] = catalogue["release"].pk
    data["stat__speed"] = "letters"
    assert admin_client.post(url, data).status_code == 200
    chimera.refresh_from_db()
    assert chimera.attributes["speed"] == 3
    data["stat__speed"] = "4"
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    chimera.refresh_from_db()
    assert chimera.attributes["speed"] == 4
    assert chimera.attributes["weapons"] == {"plasma": {"power": 10}}


def test_other_games_keep_a_json_attributes_editor(admin_client, catalogue):
    orion = catalogue["orion"]
    url = admin_url(Card, "add")
    data = {
        "game": orion.pk,
        "key": "port",
        "name_ru": "Космопорт",
        "card_type": "building",
        "attributes": '{"colour": "blue"}',
        **SOURCE,
    }
    response = admin_client.post(url, data)
    assert response.status_code == 302
    assert Card.objects.get(key="port").attributes == {"colour": "blue"}
    page = admin_client.get(url).content.decode()
    assert f"?game={catalogue['komandor'].pk}&amp;card_type=ship" in page


def test_a_komandor_card_in_the_json_editor_is_still_checked(admin_client, catalogue):
    data = {
        "game": catalogue["komandor"].pk,
        "key": "broken",
        "name_ru": "Сломанный",
        "card_type": "ship",
        "cost": "3",
        "attributes": '{"size": "LK", "strength": "2(5)", "speed": 4}',
        **SOURCE,
    }
    response = admin_client.post(admin_url(Card, "add"), data)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "must be less than strength 2" in " ".join(errors["attributes"])
    assert not Card.objects.filter(key="broken").exists()


def test_a_stated_count_with_a_bad_spec_is_refused_on_counts(admin_client, catalogue):
    data = {
        "game": catalogue["komandor"].pk,
        "key": "bad",
        "label_ru": "Плохой счёт",
        "count": "3",
        "counts": '{"model": "card", "filter": {"colour": "red"}}',
        **SOURCE,
    }
    response = admin_client.post(admin_url(StatedCount, "add"), data)
    assert response.status_code == 200
    assert "counts" in response.context["adminform"].form.errors
    assert not StatedCount.objects.filter(key="bad").exists()
