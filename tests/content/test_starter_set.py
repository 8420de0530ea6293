"""The Komandor Starter Set (KST): this project's own cards, checked from the data files, the
catalogue, the API and the pages — what it must cover (docs/starter-set.md) and that it is
marked everywhere as the project's design, not the rule book's."""

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from cardbase.models import Card, Origin, Release
from content.loader import DATA_DIR
from decks.precons import precon_content, precon_list_from_dict
from decks.selectors import card_facts, deck_draft
from komandor.rules.cards import (
    CardKind,
    CardSpec,
    ObjectType,
    Range,
    RewardKind,
    ShieldType,
    SizeClass,
    Weapons,
    card_from_dict,
)
from komandor.rules.deck_rules import validate_deck
from komandor.rules.effect_schema import (
    ACTIONS,
    CONDITION_KEYS,
    PROPERTIES,
    SELECTOR_KEYS,
    WHEN_VALUES,
    EffectSpec,
    effect_to_dict,
)
from komandor.rules.effect_vocabulary import items_of
from komandor.words.effect_text import card_text

STARTER_DIR = DATA_DIR / "komandor" / "starter"
PRECONS_FILE = DATA_DIR / "komandor" / "precons.yaml"
RELEASE = "KST"
COST_KINDS = ("action_tokens", "resources", "roll")


def _documents() -> Iterator[tuple[Path, dict]]:
    for path in sorted(STARTER_DIR.glob("*.yaml")):
        yield path, yaml.safe_load(path.read_text(encoding="utf-8"))


def _entries() -> list[dict]:
    entries = []
    for path, document in _documents():
        if document["model"] != "card":
            continue
        for raw in document["entries"]:
            entries.append({**document.get("defaults", {}), **raw, "file": path.name})
    return entries


ENTRIES = _entries()


def _spec(entry: dict) -> CardSpec:
    """The card as the loader checks it: attributes plus the columns the schema reads."""
    data = dict(entry.get("attributes") or {})
    data.update(kind=entry["card_type"], name=entry["name_ru"], rarity=entry["rarity"])
    if entry.get("cost") is not None:
        data["cost"] = entry["cost"]
    return card_from_dict(data)


SPECS = {entry["key"]: _spec(entry) for entry in ENTRIES}


def _of_kind(kind: CardKind) -> list[CardSpec]:
    return [spec for spec in SPECS.values() if spec.kind is kind]


def _ships() -> list[CardSpec]:
    return _of_kind(CardKind.SHIP)


# --- the set as data ------------------------------------------------------------------------


def test_at_least_100_distinct_cards_with_both_names_rarity_and_collector_numbers():
    assert len(ENTRIES) >= 100
    for field in ("key", "name_ru", "name_en", "collector_number"):
        values = [entry[field] for entry in ENTRIES]
        assert all(values), field
        assert len(set(values)) == len(values), f"{field} given twice"
    assert all(entry["release"] == RELEASE for entry in ENTRIES)
    assert {entry["rarity"] for entry in ENTRIES} == {"common", "rare", "very_rare", "unique"}


def test_every_card_and_the_release_say_in_the_data_they_are_the_projects_own():
    for path, document in _documents():
        assert document["defaults"]["origin"] == Origin.PROJECT, path.name
        for raw in document["entries"]:
            assert raw.get("origin", Origin.PROJECT) == Origin.PROJECT, raw
            assert "source_section" not in raw and "source_quote" not in raw, raw


@pytest.mark.parametrize("key", sorted(SPECS))
def test_every_card_renders_its_text_from_its_effects_in_russian_and_english(key):
    spec = SPECS[key]
    russian, english = card_text(spec, "ru"), card_text(spec, "en")
    assert len(russian) == len(english)
    assert all(line.strip() for line in (*russian, *english))
    has_effects = bool(spec.effects) or bool(spec.variants)
    assert bool(russian) == has_effects
    assert spec.text is None, "a card with effects carries no typed text"


def test_ships_of_every_size_class_and_many_classes():
    ships = _ships()
    assert {ship.size for ship in ships} == set(SizeClass)
    assert len({ship.ship_class for ship in ships}) >= 10
    for size in SizeClass:
        costs = sorted(ship.cost for ship in ships if ship.size is size)
        assert len(costs) >= 8, size
    # The cost curve: light ships are cheap, heavy ones dear, and the classes do not overlap.
    top = {size: max(s.cost for s in ships if s.size is size) for size in SizeClass}
    low = {size: min(s.cost for s in ships if s.size is size) for size in SizeClass}
    assert top[SizeClass.LK] < low[SizeClass.TK] and top[SizeClass.SK] < low[SizeClass.TK]


def _weapon_carriers() -> Counter:
    carried: Counter = Counter()
    for ship in _ships():
        weapons = ship.weapons or Weapons()
        for name in weapons.names():
            carried[name] += 1
        if weapons.maser is not None:
            carried[f"maser {weapons.maser.type.value}"] += 1
        if weapons.missiles is not None:
            for range_ in Range:
                if weapons.missiles.at(range_) is not None:
                    carried[f"missiles {range_.value}"] += 1
    return carried


def test_every_weapon_system_of_the_book_is_on_at_least_two_ships():
    carried = _weapon_carriers()
    wanted = [
        *Weapons.__dataclass_fields__,
        *(f"maser {shield.value}" for shield in ShieldType),
        *(f"missiles {range_.value}" for range_ in Range),
    ]
    assert {name: carried[name] for name in wanted if carried[name] < 2} == {}


def test_every_ship_property_is_on_at_least_two_ships_and_runs_pay_in_both_kinds():
    have: Counter = Counter()
    rewards = set()
    for ship in _ships():
        for name in ship.properties.names() if ship.properties else ():
            have[name] += 1
        if ship.properties and ship.properties.commercial_run:
            rewards.add(ship.properties.commercial_run.reward_kind)
    assert {name: have[name] for name in PROPERTIES if have[name] < 2} == {}
    assert rewards == set(RewardKind)


def test_space_objects_of_every_kind_stations_with_figures_and_built_in_parts():
    objects = _of_kind(CardKind.SPACE_OBJECT)
    assert {spec.object_type for spec in objects} == set(ObjectType)
    stations = [spec for spec in objects if spec.is_station]
    assert stations and all(s.strength and s.armor and s.shield for s in stations)
    built_in = {part.kind for spec in objects for part in spec.built_in or ()}
    assert built_in == {CardKind.MILITARY_BUILDING, CardKind.GROUND_UNIT}
    assert all(spec.income for spec in objects if not spec.is_station or spec.income)


def test_ground_units_and_both_kinds_of_building():
    assert len(_of_kind(CardKind.GROUND_UNIT)) >= 3
    military = _of_kind(CardKind.MILITARY_BUILDING)
    assert len(military) >= 3 and all(spec.weapons for spec in military)
    civil = _of_kind(CardKind.CIVIL_BUILDING)
    assert len(civil) >= 3


def test_enough_tactical_situation_upgrade_and_ability_cards():
    assert len(_of_kind(CardKind.TACTICAL)) >= 20
    assert len(_of_kind(CardKind.SITUATION)) >= 10
    upgrades = _of_kind(CardKind.UPGRADE)
    assert len(upgrades) >= 10
    # One for each kind of card an upgrade can go under (UPG-2).
    assert {spec.target for spec in upgrades} == {
        CardKind.SHIP,
        CardKind.SPACE_OBJECT,
        CardKind.GROUND_UNIT,
        CardKind.MILITARY_BUILDING,
        CardKind.CIVIL_BUILDING,
    }
    abilities = _of_kind(CardKind.ABILITY)
    assert len(abilities) >= 10
    assert all(len(spec.variants) == 2 and all(spec.variants) for spec in abilities)
    assert 0 < sum(bool(spec.special) for spec in abilities) < len(abilities)


def test_at_least_six_commanders_with_initiative_and_abilities():
    commanders = _of_kind(CardKind.COMMANDER)
    assert len(commanders) >= 6
    assert all(spec.initiative is not None and spec.effects for spec in commanders)
    assert len({spec.initiative for spec in commanders}) >= 4


def _effect_specs(spec: CardSpec) -> list[EffectSpec]:
    found = list(spec.effects or ())
    for variant in spec.variants or ():
        assert not isinstance(variant, str), spec.name  # the set writes every variant as data
        found += variant
    return found


def _used_vocabulary() -> set[str]:
    """The language items the set's effects use, counted as the reachability report counts
    them (``effect_vocabulary.items_of``), plus each effect's windows and cost kinds."""
    used: set[str] = set()
    for spec in SPECS.values():
        for effect in _effect_specs(spec):
            data = effect_to_dict(effect)
            when = data["when"]
            used |= {f"window:{w}" for w in (when if isinstance(when, list) else [when])}
            used |= {f"cost:{kind}" for kind in data.get("cost", {})}
            used |= set(items_of(effect))
    return used


def test_the_set_uses_every_item_of_the_effect_language():
    used = _used_vocabulary()
    wanted = {
        *(f"window:{when}" for when in WHEN_VALUES),
        *(f"action:{do}" for do in ACTIONS),
        *(f"selector:{key}" for key in SELECTOR_KEYS),
        *(f"condition:{key}" for key in CONDITION_KEYS),
        *(f"cost:{kind}" for kind in COST_KINDS),
    }
    assert wanted - used == set()


# --- the precon lists -----------------------------------------------------------------------


def _precons() -> list:
    document = yaml.safe_load(PRECONS_FILE.read_text(encoding="utf-8"))
    return [precon_list_from_dict(raw) for raw in document["entries"]]


def test_the_precons_between_them_use_every_card_of_the_set_each_with_its_own_plan():
    precons = _precons()
    assert len(precons) >= 6
    used = set().union(*(precon.card_keys() for precon in precons))
    assert set(SPECS) - used == set()
    assert len({precon.commander for precon in precons}) == len(precons)
    for precon in precons:
        assert 40 <= sum(count for _, count in precon.cards) <= 60, precon.key
        assert precon.description_ru and precon.description_en, precon.key


# --- in the catalogue, the API and the pages ------------------------------------------------


@pytest.fixture
def loaded(shipped_content):
    return Card.objects.filter(release__code=RELEASE)


def test_every_precon_is_legal_under_the_deck_validator(loaded):
    cards_by_key = dict(Card.objects.filter(game__slug="komandor").values_list("key", "id"))
    for precon in _precons():
        content = precon_content(precon, cards_by_key=cards_by_key)
        report = validate_deck(
            deck_draft(content=content, facts=card_facts(card_ids=content.card_ids()))
        )
        assert report.is_valid, (precon.key, report.codes())
        assert report.warnings == (), (precon.key, report.codes())


def test_every_card_loads_into_the_catalogue_marked_as_the_projects_own(loaded):
    assert loaded.count() == len(ENTRIES)
    release = Release.objects.get(code=RELEASE)
    assert (release.name_ru, release.name_en, release.year) == (
        "Стартовый набор Командора",
        "Komandor Starter Set",
        2026,
    )
    assert release.origin == Origin.PROJECT
    for card in loaded:
        assert card.origin == Origin.PROJECT and card.is_project_design
        assert (card.source_book, card.source_section, card.source_quote) == ("", "", "")
    # The book's own cards keep their citations.
    book_cards = Card.objects.filter(game__slug="komandor").exclude(release__code=RELEASE)
    assert book_cards.exists()
    assert all(c.origin == Origin.BOOK and c.source_section for c in book_cards)


def test_the_api_says_each_card_is_the_projects_design(client, loaded):
    for card in loaded:
        source = client.get(f"/api/cards/komandor/{card.key}/").json()["source"]
        assert source["origin"] == Origin.PROJECT, card.key
    book = client.get("/api/cards/komandor/chimera/").json()["source"]
    assert book["origin"] == Origin.BOOK and book["section"]


def test_the_card_page_and_face_say_it_plainly(client, loaded):
    page = client.get("/games/komandor/cards/kst-bastion/", HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert page.status_code == 200
    assert html.count("design, not from the rule book") == 2  # the page's source and the face
    assert 'data-origin="project"' in html
    book = client.get("/games/komandor/cards/chimera/").content.decode()
    assert 'data-origin="project"' not in book


def _found_keys(client, query: str) -> set[str]:
    body = client.get("/api/cards/", {"game": "komandor", "q": query, "page_size": 100}).json()
    return {row["key"] for row in body["results"]}


def test_the_search_finds_each_card_by_its_russian_and_english_name(client, loaded):
    for card in loaded:
        for name in (card.name_ru, card.name_en):
            assert card.key in _found_keys(client, f'"{name}"'), name


def test_a_book_commander_page_says_how_he_is_played_and_a_set_commander_page_does_not(
    client, loaded
):
    pirate = client.get("/games/komandor/cards/pirate/", HTTP_ACCEPT_LANGUAGE="en")
    assert 'data-note="initiative"' in pirate.content.decode()
    assert "plays at initiative 0" in pirate.content.decode()
    voron = client.get("/games/komandor/cards/kst-admiral-voron/", HTTP_ACCEPT_LANGUAGE="en")
    assert 'data-note="initiative"' not in voron.content.decode()
