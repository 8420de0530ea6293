"""Issue 12 in the admin: stat numbers are bounded and JSON inputs refuse deep nesting with a
field error, never a 500."""

import json

import pytest
from django.core.exceptions import ValidationError

from cardbase.forms import MAX_STAT_VALUE, PrettyJSONField
from cardbase.models import Card, StatedCount
from config.bounded_json import MAX_JSON_DEPTH
from tests.cardbase.admin_data import add_ship_url, admin_catalogue, admin_url, ship_post

HUGE = "99999999999999999999999"


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.fixture
def catalogue(db):
    return admin_catalogue()


@pytest.mark.parametrize("field", ["stat__speed", "stat__strength", "stat__weapons__plasma__power"])
def test_a_huge_stat_is_an_error_on_its_field(admin_client, catalogue, field):
    game = catalogue["komandor"]
    response = admin_client.post(add_ship_url(game), ship_post(game, **{field: HUGE}))
    assert response.status_code == 200
    assert field in response.context["adminform"].form.errors
    assert not Card.objects.filter(key="exorcist").exists()


def test_the_largest_stat_allowed_is_stated(admin_client, catalogue):
    game = catalogue["komandor"]
    post = ship_post(game, stat__speed=str(MAX_STAT_VALUE + 1))
    errors = admin_client.post(add_ship_url(game), post).context["adminform"].form.errors
    assert str(MAX_STAT_VALUE) in " ".join(errors["stat__speed"])


def test_a_huge_cost_is_an_error_on_its_field(admin_client, catalogue):
    game = catalogue["komandor"]
    response = admin_client.post(add_ship_url(game), ship_post(game, cost=HUGE))
    assert response.status_code == 200
    assert "cost" in response.context["adminform"].form.errors


def test_deep_effects_json_is_an_error_on_its_field(admin_client, catalogue):
    game = catalogue["komandor"]
    response = admin_client.post(add_ship_url(game), ship_post(game, effects=nested(1000)))
    assert response.status_code == 200
    assert "effects" in response.context["adminform"].form.errors


def test_deep_attributes_json_of_another_game_is_a_field_error(admin_client, catalogue):
    card = Card.objects.get(key="ёжик")
    url = admin_url(Card, "change", card.pk)
    form = admin_client.get(url).context["adminform"].form
    data = {name: value for name, value in form.initial.items() if value is not None}
    data.update(game=card.game_id, release="", attributes=nested(1000))
    response = admin_client.post(url, data)
    assert response.status_code == 200
    assert "attributes" in response.context["adminform"].form.errors


def test_deep_stated_count_json_is_a_field_error(admin_client, catalogue):
    count = StatedCount.objects.get(key="ships")
    url = admin_url(StatedCount, "change", count.pk)
    response = admin_client.post(url, {"counts": nested(1000)})
    assert response.status_code == 200
    assert "counts" in response.context["adminform"].form.errors


def test_the_field_reads_json_up_to_the_limit():
    field = PrettyJSONField(required=False)
    assert field.clean(nested(MAX_JSON_DEPTH)) == json.loads(nested(MAX_JSON_DEPTH))
    assert field.clean('{"a": [1, 2]}') == {"a": [1, 2]}
    with pytest.raises(ValidationError) as deep:
        field.clean(nested(MAX_JSON_DEPTH + 1))
    assert deep.value.code == "json_too_deep"  # worded in the admin's language
