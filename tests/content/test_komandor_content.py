"""The shipped Komandor content: the book's own figures, names and words, each with its source."""

import re
from dataclasses import fields

import pytest
from django.conf import settings

from cardbase.models import Card, Component, Game, Origin, StatedCount
from cardbase.stated_counts import stated_count_progress
from komandor.rules.cards import CardKind, Properties, Weapons, card_from_dict
from tests.content.book_checks import book_problems

BOOK_FILE = "komandor.ru.txt"


def _folded(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


BOOK = _folded((settings.RULES_DIR / BOOK_FILE).read_text(encoding="utf-8"))


@pytest.fixture
def komandor(shipped_content):
    # The book's own cards; the starter set (this project's design) is tested on its own.
    return Card.objects.filter(game__slug="komandor", origin=Origin.BOOK)


def ship(cards, key: str) -> Card:
    return cards.get(key=key, card_type="ship")


def test_chimera_has_the_books_figures_and_cost_10(komandor):
    chimera = ship(komandor, "chimera")
    assert chimera.name_ru == "Линкор класса “Химера”"
    assert chimera.cost == 10
    assert chimera.attributes == {
        "kind": "ship",
        "name": "Линкор класса “Химера”",
        "cost": 10,
        "ship_class": "линкор",
        "strength": 12,
        "critical": 8,
        "shield": {"type": "B", "power": 4},
        "armor": 6,
        "speed": 3,
        "weapons": {
            "plasma": {"power": 10},
            "maser": {"type": "B", "power": 10},
            "lasers": {"targets": 2, "power": 4},
            "missiles": {"long": {"count": 4, "power": 4}},
        },
    }


def test_exorcist_has_the_books_figures_and_cost_5(komandor):
    exorcist = ship(komandor, "exorcist")
    assert exorcist.name_ru == "Крейсер класса “Экзорцист”"
    assert exorcist.cost == 5
    stats = exorcist.attributes
    assert (stats["strength"], stats["critical"]) == (8, 5)
    assert stats["shield"] == {"type": "C", "power": 3}
    assert (stats["armor"], stats["speed"]) == (3, 6)
    # «У Крейсера мазер (щит) типа С»; «лазерные установки 4» is one target at power 4.
    assert stats["weapons"] == {
        "plasma": {"power": 5},
        "maser": {"type": "C", "power": 8},
        "lasers": {"targets": 1, "power": 4},
    }


def test_magnum_k_has_the_books_figures_cost_2_and_its_evasive_manoeuvre(komandor):
    magnum = ship(komandor, "magnum-k")
    assert magnum.name_ru == "Штурмовик A2/S-6 “Магнум-К”"
    assert magnum.cost == 2
    stats = magnum.attributes
    assert (stats["strength"], stats["critical"]) == (4, 2)
    assert stats["shield"] == {"type": "A", "power": 1}
    assert (stats["armor"], stats["speed"]) == (1, 10)
    assert stats["weapons"] == {"plasma": {"power": 6}}
    assert stats["properties"] == {"evasive_manoeuvre": {}}


def test_facts_the_book_does_not_print_are_absent_not_guessed(komandor):
    for key in ("chimera", "exorcist", "magnum-k"):
        card = ship(komandor, key)
        assert "size" not in card.attributes and "crew" not in card.attributes
        assert card.rarity == ""
    for commander in komandor.filter(card_type="commander"):
        assert "initiative" not in commander.attributes


SHIELD_LETTERS = {"A": "А", "B": "В", "C": "С"}  # the book prints Cyrillic letters


def test_the_example_ships_figures_read_back_as_the_books_own_sentence(komandor):
    # Each ship's stored stats, written in the book's notation, must be a phrase of the book.
    for card in komandor.filter(card_type="ship"):
        stats = card.attributes
        shield = stats["shield"]
        phrase = (
            f"{card.name_ru} - прочность {stats['strength']}({stats['critical']}), "
            f"щит {SHIELD_LETTERS[shield['type']]}{shield['power']}, броня {stats['armor']}, "
            f"скорость {stats['speed']}, плазменные орудия {stats['weapons']['plasma']['power']}"
        )
        assert phrase in BOOK, phrase
    # The costs are stated once, at the example's end.
    costs = {card.key: card.cost for card in komandor.filter(card_type="ship")}
    assert f"(стоимость Штурмовика {costs['magnum-k']}, а Крейсера {costs['exorcist']})" in BOOK
    assert f"(стоимость линкора {costs['chimera']})" in BOOK


def test_the_example_ships_cite_the_section_of_the_worked_example(komandor):
    for card in komandor.filter(card_type="ship"):
        assert card.source_section == "Особенности боя легких кораблей (маневрирование)"
        assert _folded(card.source_quote.split("…")[0]).startswith(
            ("Нападающий флот", "Штурмовик", "Обороняющийся флот")
        )


def test_ship_stats_are_stored_in_the_schemas_canonical_form(komandor):
    for card in komandor.filter(card_type="ship"):
        # With the unprinted size filled in, the stored dict is exactly what the schema writes.
        spec = card_from_dict({**card.attributes, "size": "SK"})
        assert spec.strength == card.attributes["strength"]


def test_the_commanders_the_book_names_with_their_victory_conditions(komandor):
    commanders = {card.key: card for card in komandor.filter(card_type="commander")}
    assert {key: card.name_ru for key, card in commanders.items()} == {
        "pirate": "Пират",
        "trader": "Торговец",
        "procurator": "Прокуратор",
    }
    assert {key: card.attributes["victory"] for key, card in commanders.items()} == {
        "pirate": "pirate",
        "trader": "trader",
        "procurator": "procurator",
    }
    assert "более 70 ресурсов" in commanders["pirate"].source_quote
    assert "7 или более фишек “коммерческого рейса”" in commanders["trader"].source_quote
    assert "5 или более незаблокированных космических объектов" in (
        commanders["procurator"].source_quote
    )
    assert all(card.cost is None for card in commanders.values())


def test_every_komandor_row_names_its_book_and_section(komandor):
    rows = [
        *komandor,
        *Component.objects.filter(game__slug="komandor"),
        *StatedCount.objects.filter(game__slug="komandor"),
    ]
    assert len(rows) > 70
    for row in rows:
        assert row.source_book == BOOK_FILE, row
        assert row.source_section.strip(), row
        assert row.content_file.startswith("komandor/"), row


def test_every_row_cites_a_heading_line_of_the_book(komandor):
    # Sections are exact heading lines, never "Parent — Child" paths; quotes are the book's words.
    assert book_problems(Game.objects.get(slug="komandor"), BOOK_FILE) == []


def test_every_quote_is_the_books_own_words(komandor):
    rows = [
        *komandor,
        *Component.objects.filter(game__slug="komandor"),
        *StatedCount.objects.filter(game__slug="komandor"),
    ]
    quoted = [row for row in rows if row.source_quote]
    assert len(quoted) == len(rows)
    for row in quoted:
        for piece in row.source_quote.split("…"):
            assert _folded(piece) in BOOK, (row, piece)


def test_every_reference_text_is_the_books_own_paragraphs(komandor):
    components = Component.objects.filter(game__slug="komandor").exclude(text="")
    assert components.count() > 50
    for component in components:
        for line in component.text.splitlines():
            assert _folded(line) in BOOK, (component, line)


def test_every_weapon_property_and_card_kind_of_the_schema_has_a_reference_entry(komandor):
    def card_fields(kind: str) -> set[str]:
        rows = Component.objects.filter(game__slug="komandor", kind=kind)
        return {row.attributes.get("card_field") for row in rows}

    assert {f.name for f in fields(Weapons)} <= card_fields("weapon")
    assert {f.name for f in fields(Properties)} <= card_fields("property")
    kinds = Component.objects.filter(game__slug="komandor", kind="card_kind")
    assert {row.attributes["card_type"] for row in kinds} == {kind.value for kind in CardKind}


def test_reference_entries_of_each_kind(komandor):
    components = Component.objects.filter(game__slug="komandor")
    counts = {
        kind: components.filter(kind=kind).count()
        for kind in ("weapon", "property", "card_kind", "zone", "token", "phase")
    }
    assert counts == {
        "weapon": 12,
        "property": 4,
        "card_kind": 10,
        "zone": 8,
        "token": 5,
        "phase": 15,
    }
    commercial_run = components.get(kind="property", key="commercial-run")
    assert "фишку “коммерческого рейса”" in commercial_run.text
    assert "ресурсы или фишки действия" in commercial_run.attributes["reward"]
    missiles = components.get(kind="weapon", key="missiles")
    assert missiles.attributes["hit_on"] == {"long": 5, "medium": 4, "short": 2}
    production = components.get(kind="phase", key="production")
    assert production.attributes == {"level": "turn", "order": 6}
    assert "приобретение фишек действия за ресурсы" in production.text


def test_the_books_totals_match_the_entered_rows(komandor):
    stated = StatedCount.objects.filter(game__slug="komandor")
    assert {row.key: row.count for row in stated} == {
        "rarity-levels": 4,
        "shield-types": 3,
        "turn-phases": 11,
    }
    for row in stated:
        progress = stated_count_progress(row)
        assert (progress.entered, progress.missing) == (row.count, 0), row.key


def test_the_deck_size_and_copies_limit(komandor):
    deck = Component.objects.get(game__slug="komandor", kind="zone", key="deck")
    facts = deck.attributes
    assert (facts["min_cards"], facts["max_cards"], facts["max_same_name"]) == (40, 100, 4)
    assert f"колода от {facts['min_cards']} до {facts['max_cards']} карт" in BOOK
    assert f"не может быть более {facts['max_same_name']} одинаковых карт" in BOOK


def test_the_setup_with_the_books_numbers_outside_the_eleven_turn_phases(komandor):
    setup = Component.objects.get(game__slug="komandor", kind="phase", key="setup")
    assert setup.name_ru == "Начальная расстановка"
    assert setup.source_section == "Начало игры – “Начальная расстановка”"
    facts = setup.attributes
    assert facts == {
        "level": "setup",
        "cards_drawn": 15,
        "resources": 25,
        "max_space_objects": 2,
        "hand_size": 7,
    }
    assert f"оба игрока берут по {facts['cards_drawn']} карт" in BOOK
    assert f"Каждый игрок получает {facts['resources']} ресурсов" in BOOK
    assert f"не более {facts['max_space_objects']} карт объектов" in BOOK
    assert f"должен оставить себе {facts['hand_size']} карт" in BOOK


def test_victory_conditions_tap_and_capture_as_reference_entries(komandor):
    other = {row.key: row for row in Component.objects.filter(game__slug="komandor", kind="other")}
    victory = other["victory-conditions"]
    assert victory.source_section == "Условия победы"
    assert "не может взять с колоды две карты" in victory.text
    additional = other["additional-victory-conditions"]
    assert "Приоритет в инициативе" in additional.text
    assert additional.attributes["commanders"] == ["pirate", "trader", "procurator"]
    assert set(additional.attributes["commanders"]) == set(
        komandor.filter(card_type="commander").values_list("key", flat=True)
    )
    assert "Карта не может быть повернута дважды." in other["tap-untap"].text
    assert "(ситуация “Блокады”)" in other["capture-of-space-objects"].text


def test_the_ship_types_the_book_names_and_its_two_card_sources(komandor):
    classes = Component.objects.filter(
        game__slug="komandor", kind="other", attributes__group="ship_class"
    )
    assert {row.name_ru: row.attributes["ship_class"] for row in classes} == {
        "Истребитель": "истребитель",
        "Крейсер": "крейсер",
        "Линкор": "линкор",
        "Штурмовик": "штурмовик",
    }
    # Every example ship's type has its entry, and every entry's example ship carries its type.
    for card in komandor.filter(card_type="ship"):
        row = classes.get(attributes__ship_class=card.attributes["ship_class"])
        assert row.attributes["example_ships"] == [card.key]
    products = Component.objects.filter(
        game__slug="komandor", kind="other", attributes__group="product"
    )
    assert set(products.values_list("name_ru", flat=True)) == {"Готовые колоды", "Бустеры"}
