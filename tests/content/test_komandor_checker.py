"""The Komandor card checker: the engine's schema errors as Django errors keyed by field."""

import pytest
from django.core.exceptions import ValidationError

from cardbase.services.card_rules import card_attributes_clean

CHIMERA = {
    "card_type": "ship",
    "name_ru": "Линкор класса “Химера”",
    "cost": 10,
    "rarity": "",
    "attributes": {
        "size": "ТК",
        "strength": "12(8)",
        "shield": "В4",
        "armor": 6,
        "speed": 3,
        "weapons": {"plasma": 10, "maser": 10, "lasers": "2/4", "missiles": {"long": "4-4"}},
    },
}


def clean(fields: dict) -> dict:
    return card_attributes_clean(game_slug="komandor", fields=fields)


def errors_of(fields: dict) -> dict[str, list[tuple[str | None, str, str]]]:
    """{row field: [(schema path, code, message)]} of the checker's rejection."""
    with pytest.raises(ValidationError) as caught:
        clean(fields)
    return {
        name: [((e.params or {}).get("path"), e.code, next(iter(e))) for e in errors]
        for name, errors in caught.value.error_dict.items()
    }


def with_stats(**stats) -> dict:
    return {**CHIMERA, "attributes": {**CHIMERA["attributes"], **stats}}


def test_a_good_card_comes_back_in_canonical_form_with_the_columns_merged_in():
    attributes = clean(CHIMERA)
    assert attributes["kind"] == "ship"
    assert attributes["name"] == "Линкор класса “Химера”"
    assert attributes["cost"] == 10
    assert attributes["size"] == "TK"
    assert (attributes["strength"], attributes["critical"]) == (12, 8)
    assert attributes["weapons"]["missiles"] == {"long": {"count": 4, "power": 4}}
    assert clean({**CHIMERA, "attributes": attributes}) == attributes


def test_critical_not_below_strength_is_named_on_strength():
    errors = errors_of(with_stats(strength="8(9)"))
    [(path, code, message)] = errors["attributes"]
    assert (path, code) == ("strength", "critical_not_below_strength")
    assert "critical damage 9 must be less than strength 8" in message


def test_a_letter_in_speed_is_named_on_speed():
    errors = errors_of(with_stats(speed="6a"))
    [(path, code, message)] = errors["attributes"]
    assert (path, code) == ("speed", "not_a_number")
    assert message.startswith("speed:")


def test_every_problem_is_reported_at_once_with_its_dotted_path():
    errors = errors_of(with_stats(armor=-1, weapons={"plasma": 0, "lasers": "x/4"}))
    paths = {path for path, _code, _message in errors["attributes"]}
    assert {"armor", "weapons.plasma", "weapons.lasers"} <= paths


def test_column_facts_are_checked_on_their_columns():
    errors = errors_of({**CHIMERA, "cost": -3, "card_type": "starship"})
    assert [code for _path, code, _message in errors["card_type"]] == ["bad_choice"]
    errors = errors_of({**CHIMERA, "cost": None})
    assert [(path, code) for path, code, _m in errors["cost"]] == [("cost", "required")]


def test_attributes_may_not_contradict_a_column():
    errors = errors_of(with_stats(cost=9))
    [(path, code, message)] = errors["cost"]
    assert (path, code) == ("cost", "column_mismatch")
    assert "9" in message and "10" in message


def test_a_ship_may_leave_out_the_size_the_book_does_not_print_but_not_give_a_wrong_one():
    unprinted = {**CHIMERA["attributes"]}
    del unprinted["size"]
    attributes = clean({**CHIMERA, "attributes": unprinted})
    assert "size" not in attributes
    assert attributes["speed"] == 3
    errors = errors_of(with_stats(size="huge"))
    assert [(path, code) for path, code, _m in errors["attributes"]] == [("size", "bad_choice")]


def test_a_commander_may_leave_out_initiative_but_a_given_one_is_checked():
    commander = {"card_type": "commander", "name_ru": "Пират", "attributes": {"victory": "pirate"}}
    assert clean(commander) == {"kind": "commander", "name": "Пират", "victory": "pirate"}
    bad = {**commander, "attributes": {"victory": "pirate", "initiative": "high"}}
    assert [(p, c) for p, c, _m in errors_of(bad)["attributes"]] == [("initiative", "not_a_number")]


def test_other_games_are_not_held_to_the_komandor_schema():
    attributes = {"colour": "red"}
    assert card_attributes_clean(
        game_slug="master-of-orion", fields={"attributes": attributes}
    ) == {"colour": "red"}
