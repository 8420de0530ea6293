"""The shipped Komandor content: the book's own figures, names and words, each with its source."""

import re
from dataclasses import fields

import pytest
from django.conf import settings
from django.core.management import call_command

from cardbase.models import Card, Component, StatedCount
from cardbase.stated_counts import stated_count_progress
from matches.engine.cards import CardKind, Properties, Weapons, card_from_dict

BOOK_FILE = "komandor.ru.txt"


def _folded(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


BOOK = _folded((settings.RULES_DIR / BOOK_FILE).read_text(encoding="utf-8"))


@pytest.fixture
def komandor(db):
    call_command("load_content")
    return Card.objects.filter(game__slug="komandor")


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
        "phase": 14,
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
