"""The starter set in English: every word it writes inside its cards has the project's English
(ship classes, built-in parts, the cards and precons their names), so an English reader meets
no Russian of the project's own; the rule book's rows keep their Russian names and show a
transliteration instead (``cardbase.display_names``)."""

import json
import re

import pytest
import yaml
from django.test import Client
from django.utils import translation

from cardbase.display_names import shown_name, transliteration
from cardbase.models import Card, Origin
from content.loader import content_load
from komandor.words.effect_text import card_text
from komandor.words.english_terms import built_in_name_en, ship_class_en
from tests.content.test_starter_set import ENTRIES, PRECONS_FILE, SPECS

CYRILLIC = re.compile(r"[\u0400-\u04ff]")


@pytest.fixture(autouse=True)
def _language_restored():
    """English requests leave English active in this thread; the tests after these (pytest-
    django runs the ones without a database last) expect the default language."""
    yield
    translation.deactivate()


def _values_under(value, keys: set[str]):
    if isinstance(value, dict):
        for key, item in value.items():
            if key in keys and isinstance(item, str):
                yield item
            yield from _values_under(item, keys)
    elif isinstance(value, list):
        for item in value:
            yield from _values_under(item, keys)


def test_every_ship_class_the_set_and_the_book_write_has_its_english():
    from content.loader import DATA_DIR

    classes = set()
    for path in (DATA_DIR / "komandor").rglob("*.yaml"):
        classes |= set(
            _values_under(yaml.safe_load(path.read_text(encoding="utf-8")), {"ship_class", "class"})
        )
    assert classes
    assert {name for name in classes if not ship_class_en(name)} == set()


def test_every_built_in_part_has_its_english_name():
    parts = [part for spec in SPECS.values() for part in spec.built_in or ()]
    assert parts
    assert {part.name for part in parts if not built_in_name_en(part.name or "")} == set()


def test_every_card_and_precon_has_its_english_name_and_text():
    assert all(entry.get("name_en") for entry in ENTRIES)
    assert all(not CYRILLIC.search(entry["name_en"]) for entry in ENTRIES)
    precons = yaml.safe_load(PRECONS_FILE.read_text(encoding="utf-8"))["entries"]
    for precon in precons:
        for field in ("name_en", "description_en"):
            assert precon.get(field) and not CYRILLIC.search(precon[field]), (precon["key"], field)
    # No card keeps a typed Russian text beside its effects; the English is rendered.
    for key, spec in SPECS.items():
        for line in card_text(spec, "en"):
            words = CYRILLIC.findall(re.sub(r"«[^«»]*»", "", line))
            assert not words, (key, line)


def test_a_book_name_shows_with_its_transliteration_in_english_only():
    assert transliteration("Линкор класса “Химера”") == "Linkor klassa “Khimera”"
    assert shown_name("Пират", english=True) == "Пират (Pirat)"
    assert shown_name("Пират", english=False) == "Пират"
    assert shown_name("Адмирал Ворон", "Admiral Voron", english=True) == "Admiral Voron"
    assert shown_name("Master of Orion", english=True) == "Master of Orion"


@pytest.fixture
def english(db) -> Client:
    content_load()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies["django_language"] = "en"
    return client


def test_pages_name_book_cards_with_their_transliteration_and_set_cards_in_english(english):
    pirate = english.get("/games/komandor/cards/pirate/").content.decode()
    assert "Пират (Pirat)" in pirate
    catalogue = english.get("/games/komandor/", {"type": "commander"}).content.decode()
    assert "Пират (Pirat)" in catalogue and "Admiral Voron" in catalogue
    assert "Адмирал Ворон" not in catalogue
    precons = english.get("/decks/precons/").content.decode()
    assert "Pirate Raid" in precons and "Admiral Voron" in precons
    assert "Пиратский налёт" not in precons and "Адмирал Ворон" not in precons
    assert "Прокуратор (Prokurator)" in precons  # a book Commander leads «Hold the Line»
    home = english.get("/").content.decode()
    assert "A collectible card game of space fleets." in home
    ship = english.get("/games/komandor/cards/kst-grappler/").content.decode()
    assert "boarding ship" in ship and "абордажный корабль" not in ship


def test_the_builder_catalogue_api_gives_the_name_to_show(english):
    answer = english.get("/api/decks/catalogue/", {"q": "Пират"}).json()
    pirate = next(row for row in answer["results"] if row["name"] == "Пират")
    assert pirate["shown_name"] == "Пират (Pirat)"
    answer = english.get("/api/decks/catalogue/", {"q": "Ворон"}).json()
    assert [row["shown_name"] for row in answer["results"]] == ["Admiral Voron"]


def test_every_set_card_page_reads_in_english(english):
    """All of them, not a sample: no Russian but the card's own name (marked ``lang="ru"``)
    and the book's notation (В4, ЛК)."""
    from tests.test_english_interface import Leaks, _VisibleText, data_strings, russian_names

    leaks = Leaks(data_strings(), russian_names())
    cards = Card.objects.filter(game__slug="komandor", origin=Origin.PROJECT)
    assert cards.count() >= 100
    for card in cards:
        page = english.get(f"/games/komandor/cards/{card.key}/")
        parser = _VisibleText()
        parser.feed(page.content.decode())
        leaks.check(card.key, parser.texts)
        leaks.check_marked(card.key, parser.marked_russian)
    assert leaks.found == {}, json.dumps({k: sorted(v) for k, v in leaks.found.items()})
