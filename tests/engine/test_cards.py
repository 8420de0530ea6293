"""The card schema: the book's three example ships, notation, bad input, forms and display."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from komandor.rules.cards import (
    CardKind,
    CardSpecError,
    CrewLevel,
    Lasers,
    Maser,
    Range,
    Salvo,
    ShieldType,
    SizeClass,
    card_from_dict,
    card_to_dict,
    flatten_card,
    unflatten_card,
)
from komandor.words.card_fields import card_stat_lines, field_specs
from tests.engine.book_cards import (
    CHIMERA_CANONICAL,
    CHIMERA_NOTATION,
    EXORCIST_NOTATION,
    MAGNUM_NOTATION,
)


def errors_of(data):
    with pytest.raises(CardSpecError) as raised:
        card_from_dict(data)
    return {(error.field, error.code): error.message for error in raised.value.errors}


def stat_texts(spec):
    return {line.path: line.text for line in card_stat_lines(spec)}


# --- the book's example ships ----------------------------------------------------------------


@pytest.mark.rules("SHIP-9", "SHIP-14", "WPN-SHIELD-3", "WPN-LASER-3", "WPN-MISSILE-5")
def test_chimera_from_the_books_notation():
    spec = card_from_dict(CHIMERA_NOTATION)
    assert (spec.strength, spec.critical, spec.armor, spec.speed) == (12, 8, 6, 3)
    assert spec.shield.type is ShieldType.B and spec.shield.power == 4
    assert spec.weapons.plasma.power == 10
    assert spec.weapons.lasers == Lasers(targets=2, power=4)
    assert spec.weapons.missiles.at(Range.LONG) == Salvo(count=4, power=4)
    assert spec.weapons.missiles.at(Range.SHORT) is None
    assert card_to_dict(spec) == CHIMERA_CANONICAL


@pytest.mark.rules("WPN-MASER-2", "WPN-MASER-8")
def test_maser_takes_the_ships_shield_type():
    # «У Крейсера мазер (щит) типа С, а у Линкора типа В»
    assert card_from_dict(EXORCIST_NOTATION).weapons.maser == Maser(ShieldType.C, 8)
    assert card_from_dict(CHIMERA_NOTATION).weapons.maser == Maser(ShieldType.B, 10)


@pytest.mark.rules("SHIP-6", "SHIP-9", "SHIP-10", "PROP-EVADE-1")
def test_magnum_k():
    spec = card_from_dict(MAGNUM_NOTATION)
    assert spec.size is SizeClass.LK and spec.is_light
    assert (spec.strength, spec.critical, spec.shield.power, spec.armor, spec.speed) == (
        4,
        2,
        1,
        1,
        10,
    )
    assert spec.weapons.names() == ("plasma",)
    assert spec.properties.names() == ("evasive_manoeuvre",)


@pytest.mark.rules("WPN-LASER-3")
def test_lasers_without_a_slash_are_one_target():
    # The Exorcist prints «лазерные установки 4»: one target at power 4 (docs/rules-decisions.md).
    spec = card_from_dict(EXORCIST_NOTATION)
    assert spec.weapons.lasers == Lasers(targets=1, power=4)
    assert stat_texts(spec)["weapons.lasers"] == "4"


@pytest.mark.rules("SHIP-9", "WPN-SHIELD-3", "WPN-LASER-3", "WPN-MISSILE-1")
def test_stat_lines_use_the_books_notation():
    texts = stat_texts(card_from_dict(CHIMERA_NOTATION))
    assert texts["strength"] == "12(8)"
    assert texts["shield"] == "В4"
    assert texts["size"] == "ТК"
    assert texts["weapons.maser"] == "10"
    assert texts["weapons.lasers"] == "2/4"
    assert texts["weapons.missiles.long"] == "4-4 (Д)"
    line = next(line for line in card_stat_lines(card_from_dict(CHIMERA_NOTATION)))
    assert (line.label_ru, line.label_en) == ("Вид карты", "Card kind")


@pytest.mark.rules("SHIP-12")
@pytest.mark.parametrize(
    ("notation", "level", "size"),
    [
        ("В3", CrewLevel.V, 3),
        ("Э2", CrewLevel.E, 2),
        ("Н0", CrewLevel.N, 0),
        ("v4", CrewLevel.V, 4),
    ],
)
def test_crew_notation(notation, level, size):
    spec = card_from_dict({**EXORCIST_NOTATION, "crew": notation})
    assert (spec.crew.level, spec.crew.size) == (level, size)
    assert stat_texts(spec)["crew"][1:] == str(size)


@pytest.mark.rules("WPN-SHIELD-3")
@pytest.mark.parametrize("notation", ["С3", "C3", "c 3", {"type": "С", "power": "3"}])
def test_shield_letters_cyrillic_or_latin(notation):
    assert card_from_dict({**EXORCIST_NOTATION, "shield": notation}).shield.type is ShieldType.C


@pytest.mark.rules("WPN-MISSILE-1", "WPN-MISSILE-5", "WPN-TORP-5")
def test_missiles_and_torpedoes_notation():
    spec = card_from_dict(
        {
            **CHIMERA_NOTATION,
            "weapons": {"missiles": "6-4 (Д), 2-3 (М)", "torpedoes": "4–8"},
        }
    )
    assert spec.weapons.missiles.long == Salvo(6, 4)
    assert spec.weapons.missiles.short == Salvo(2, 3)
    assert spec.weapons.torpedoes == Salvo(4, 8)
    texts = stat_texts(spec)
    assert texts["weapons.missiles.short"] == "2-3 (М)"
    assert texts["weapons.torpedoes"] == "4-8"


# --- every kind round-trips --------------------------------------------------------------------

OTHER_KINDS = [
    {
        "kind": "space_object",
        "name": "Станция «Орбита»",
        "cost": 6,
        "object_type": "station",
        "strength": 10,
        "shield": {"type": "A", "power": 2},
        "armor": 1,
        "weapons": {"lasers": {"targets": 2, "power": 3}},
        "crew": {"level": "E", "size": 2},
        "income": {"resources": 1},
        "built_in": [{"kind": "military_building", "strength": 5, "armor": 0}],
    },
    {
        "kind": "space_object",
        "name": "Планета",
        "cost": 4,
        "object_type": "planet",
        "income": {"resources": 2, "action_tokens": 1},
        "built_in": [{"kind": "ground_unit", "name": "Ополчение", "strength": 3}],
    },
    {"kind": "ground_unit", "name": "Отряд", "cost": 2, "strength": 4},
    {"kind": "military_building", "name": "Батарея", "cost": 3, "strength": 6, "armor": 2},
    {"kind": "civil_building", "name": "Порт", "cost": 2, "income": {"action_tokens": 1}},
    {"kind": "tactical", "name": "Залп", "action_tokens": 2, "dice": 4, "text": "…"},
    {"kind": "situation", "name": "Буря", "resources": 3},
    {"kind": "upgrade", "name": "Броня+", "cost": 2, "target": "ship"},
    {"kind": "commander", "name": "Командор", "initiative": 5, "victory": "pirate"},
    {"kind": "ability", "name": "Дар", "variants": ["первый", "второй"], "special": True},
]


@pytest.mark.rules("OBJ-8", "STN-1", "GB-5", "TACT-4", "SIT-2", "UPG-2", "CMDR-7", "ABIL-4")
@pytest.mark.parametrize("data", OTHER_KINDS, ids=lambda data: data["kind"])
def test_every_kind_round_trips(data):
    canonical = card_to_dict(card_from_dict(data))
    assert card_to_dict(card_from_dict(canonical)) == canonical
    assert unflatten_card(flatten_card(canonical)) == canonical
    assert canonical["kind"] == data["kind"]


def test_ability_special_defaults_to_false():
    spec = card_from_dict({"kind": "ability", "name": "Дар", "variants": ["a", "b"]})
    assert spec.special is False


# --- bad input: every error at once, with the field and the rule -----------------------------


@pytest.mark.rules("SHIP-9")
def test_critical_must_be_below_strength():
    errors = errors_of({**CHIMERA_NOTATION, "strength": "8(9)"})
    assert errors[("strength", "critical_not_below_strength")] == (
        "strength: critical damage 9 must be less than strength 8 "
        "(the book writes strength(critical), e.g. 8(5))"
    )


def test_all_errors_are_collected():
    errors = errors_of(
        {
            "kind": "ship",
            "size": "XL",
            "strength": "8(",
            "shield": "Q3",
            "speed": "fast",
            "armor": -1,
            "weapons": {"laser": 4, "lasers": "2/", "torpedoes": "4", "missiles": "4-4"},
            "crew": "Z2",
            "wings": 2,
        }
    )
    assert set(errors) == {
        ("name", "required"),
        ("cost", "required"),
        ("size", "bad_choice"),
        ("strength", "bad_notation"),
        ("shield", "bad_notation"),
        ("speed", "not_a_number"),
        ("armor", "out_of_range"),
        ("weapons.laser", "unknown_field"),
        ("weapons.lasers", "bad_notation"),
        ("weapons.torpedoes", "bad_notation"),
        ("weapons.missiles", "bad_notation"),
        ("crew", "bad_notation"),
        ("wings", "unknown_field"),
    }
    assert "a ship card takes" in errors[("wings", "unknown_field")]
    assert "WPN-LASER-3" in errors[("weapons.lasers", "bad_notation")]


@pytest.mark.rules("WPN-MASER-2", "GEN-3")
def test_maser_type_printed_apart_from_the_shield():
    # The type defaults to the shield's; a card that prints another type keeps it (GEN-3).
    spec = card_from_dict({**CHIMERA_NOTATION, "weapons": {"maser": {"type": "А", "power": 5}}})
    assert spec.weapons.maser == Maser(ShieldType.A, 5)
    assert stat_texts(spec)["weapons.maser"] == "А5"
    no_shield = {key: value for key, value in CHIMERA_NOTATION.items() if key != "shield"}
    assert ("weapons.maser.type", "maser_type_unknown") in errors_of(
        {**no_shield, "weapons": {"maser": 5}}
    )


@pytest.mark.parametrize(
    ("patch", "expected"),
    [
        ({"strength": True}, ("strength", "not_a_number")),
        ({"strength": 0, "critical": 0}, ("strength", "out_of_range")),
        ({"weapons": {"plasma": {"power": 0}}}, ("weapons.plasma.power", "out_of_range")),
        ({"weapons": {"plasma": {}}}, ("weapons.plasma.power", "required")),
        ({"weapons": {"missiles": {"far": "4-4"}}}, ("weapons.missiles.far", "unknown_field")),
        ({"weapons": {"lasers": {"targets": 2}}}, ("weapons.lasers.power", "required")),
        ({"weapons": []}, ("weapons", "not_an_object")),
        ({"properties": {"escort": 3}}, ("properties.escort", "not_a_flag")),
        ({"properties": {"cloak": {}}}, ("properties.cloak", "unknown_field")),
        ({"critical": 2}, ("critical", "conflicting_notation")),
        ({"strength": 12}, ("critical", "required")),
        ({"rarity": "legendary"}, ("rarity", "bad_choice")),
    ],
)
def test_bad_ship_fields(patch, expected):
    assert expected in errors_of({**CHIMERA_NOTATION, **patch})


@pytest.mark.rules("STN-1", "STN-6", "SIT-2", "ABIL-4")
@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"kind": "space_object", "name": "П", "cost": 1, "object_type": "planet", "armor": 2},
         ("armor", "station_only")),
        ({"kind": "space_object", "name": "С", "cost": 1, "object_type": "station",
          "strength": 5, "built_in": [{"kind": "ground_unit", "strength": 2}]},
         ("built_in.0", "no_ground_units_on_stations")),
        ({"kind": "space_object", "name": "П", "cost": 1, "object_type": "planet",
          "built_in": [{"kind": "ship"}]}, ("built_in.0.kind", "bad_choice")),
        ({"kind": "situation", "name": "С", "resources": 1, "dice": 4}, ("", "one_play_cost")),
        ({"kind": "situation", "name": "С"}, ("", "one_play_cost")),
        ({"kind": "tactical", "name": "Т", "dice": 7}, ("dice", "out_of_range")),
        ({"kind": "ability", "name": "А", "variants": ["один"]}, ("variants", "two_variants")),
        ({"kind": "ability", "name": "А", "variants": ["один", ""]}, ("variants.1", "required")),
        ({"kind": "commander", "name": "К", "initiative": "x"}, ("initiative", "not_a_number")),
        ({"kind": "upgrade", "name": "У", "cost": 1, "target": "tactical"},
         ("target", "bad_choice")),
        ({"kind": "ground_unit", "name": "О", "cost": 1, "strength": 2, "speed": 3},
         ("speed", "unknown_field")),
        ({"kind": "dragon", "name": "Д"}, ("kind", "bad_choice")),
        ({"name": "Д"}, ("kind", "required")),
    ],
)  # fmt: skip
def test_bad_cards_of_other_kinds(data, expected):
    assert expected in errors_of(data)


def test_facts_the_book_leaves_unprinted_are_optional():
    """The book's example ships print no size class and its Commanders no initiative."""
    ship = card_from_dict(
        {"kind": "ship", "name": "Штурмовик", "cost": 2, "strength": "4(2)", "speed": 10}
    )
    commander = card_from_dict({"kind": "commander", "name": "Пират", "victory": "pirate"})
    assert "size" not in card_to_dict(ship)
    assert "initiative" not in card_to_dict(commander)


def test_not_a_mapping():
    assert ("", "not_an_object") in errors_of(["kind", "ship"])


# --- forms -------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(CardKind))
def test_field_specs_cover_the_canonical_paths(kind):
    specs = field_specs(kind)
    paths = {spec.path for spec in specs}
    assert len(paths) == len(specs), "duplicate paths"
    examples = [CHIMERA_CANONICAL, *OTHER_KINDS]
    for example in examples:
        if example["kind"] == kind.value:
            flat = flatten_card(card_to_dict(card_from_dict(example)))
            assert set(flat) - {"kind"} <= paths
    for spec in specs:
        assert spec.label_ru and spec.label_en and spec.label_ru != spec.path
        assert spec.type in {"int", "str", "choice", "bool", "text"}
        assert bool(spec.choices) == (spec.type == "choice")


def test_field_specs_required_flags():
    ship = {spec.path: spec for spec in field_specs(CardKind.SHIP)}
    assert ship["strength"].required and ship["critical"].required and ship["speed"].required
    assert ship["strength"].min_value == 1
    assert not ship["weapons.plasma.power"].required
    assert ("B", "В") in ship["shield.type"].choices
    assert "cost" not in {spec.path for spec in field_specs(CardKind.COMMANDER) if spec.required}


def test_unflatten_drops_empty_values_and_rebuilds_lists():
    flat = {
        "kind": "ability",
        "name": "Дар",
        "variants.1": "второй",
        "variants.0": "первый",
        "text": "",
        "cost": None,
    }
    assert unflatten_card(flat) == {
        "kind": "ability",
        "name": "Дар",
        "variants": ["первый", "второй"],
    }


def test_form_strings_are_accepted():
    flat = {
        "kind": "ship",
        "name": "Х",
        "cost": "10",
        "size": "TK",
        "strength": "12",
        "critical": "8",
        "speed": "3",
        "weapons.plasma.power": "10",
        "properties.escort": True,
        "properties.smuggling_run": False,
    }
    spec = card_from_dict(unflatten_card(flat))
    assert (spec.cost, spec.strength, spec.weapons.plasma.power) == (10, 12, 10)
    assert spec.properties.names() == ("escort",)


# --- hypothesis: canonical cards round-trip, junk never crashes --------------------------------

positive = st.integers(min_value=1, max_value=30)
natural = st.integers(min_value=0, max_value=30)
salvo = st.fixed_dictionaries({"count": positive, "power": positive})


@st.composite
def canonical_ships(draw):
    strength = draw(st.integers(min_value=1, max_value=40))
    critical = draw(st.integers(min_value=0, max_value=strength - 1))
    shield_type = draw(st.sampled_from(["A", "B", "C"]))
    card = {
        "kind": "ship",
        "name": draw(st.text(min_size=1, max_size=20).filter(str.strip).map(str.strip)),
        "cost": draw(natural),
        "size": draw(st.sampled_from(["LK", "SK", "TK"])),
        "strength": strength,
        "critical": critical,
        "armor": draw(natural),
        "speed": draw(natural),
    }
    if draw(st.booleans()):
        card["shield"] = {"type": shield_type, "power": draw(natural)}
    weapons = {}
    if draw(st.booleans()):
        weapons["plasma"] = {"power": draw(positive)}
    if draw(st.booleans()) and "shield" in card:
        weapons["maser"] = {"type": shield_type, "power": draw(positive)}
    if draw(st.booleans()):
        weapons["lasers"] = {"targets": draw(positive), "power": draw(positive)}
    ranges = draw(st.sets(st.sampled_from(["long", "medium", "short"])))
    if ranges:
        weapons["missiles"] = {range_: draw(salvo) for range_ in ranges}
    if draw(st.booleans()):
        weapons["torpedoes"] = draw(salvo)
    if draw(st.booleans()):
        weapons["boarding"] = {"strength": draw(positive)}
    if weapons:
        card["weapons"] = weapons
    if draw(st.booleans()):
        card["crew"] = {"level": draw(st.sampled_from(["N", "V", "E"])), "size": draw(natural)}
    if draw(st.booleans()):
        card["properties"] = {"escort": {}}
    return card


@settings(max_examples=200)
@given(canonical_ships())
def test_canonical_ships_round_trip(card):
    assert card_to_dict(card_from_dict(card)) == card
    assert unflatten_card(flatten_card(card)) == card


@settings(max_examples=200)
@given(canonical_ships())
def test_stat_line_notation_parses_back(card):
    """What card_stat_lines prints for strength/shield/lasers/crew is accepted as input."""
    spec = card_from_dict(card)
    texts = stat_texts(spec)
    rebuilt = dict(card, strength=texts["strength"])
    rebuilt.pop("critical")
    if "shield" in card:
        rebuilt["shield"] = texts["shield"]
    if "crew" in card:
        rebuilt["crew"] = texts["crew"]
    if "weapons" in card and "lasers" in card["weapons"]:
        rebuilt["weapons"] = dict(card["weapons"], lasers=texts["weapons.lasers"])
    assert card_to_dict(card_from_dict(rebuilt)) == card


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=6),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300)
@given(
    st.sampled_from(list(CardKind)),
    st.dictionaries(
        st.sampled_from(
            ["name", "cost", "strength", "critical", "shield", "weapons", "crew", "size",
             "speed", "variants", "income", "built_in", "object_type", "dice", "properties"]
        ),
        json_values,
    ),
)  # fmt: skip
def test_junk_gives_field_errors_never_a_crash(kind, junk):
    try:
        spec = card_from_dict({"kind": kind.value, **junk})
    except CardSpecError as error:
        assert error.errors and all(e.code and e.message for e in error.errors)
    else:
        assert card_to_dict(card_from_dict(card_to_dict(spec))) == card_to_dict(spec)
