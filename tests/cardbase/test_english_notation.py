"""Issue 36: in English the card notation uses English abbreviations — LS/MS/HS sizes, A/B/C
shield and maser types, N/V/E crews, (L)/(M)/(S) missile ranges — with the same explanations;
Russian keeps the rule book's letters. A commercial run's reward reads with its noun in the
interface's language and plural."""

import re

import pytest
from django.utils import translation

from cardbase.card_faces import face_from_spec, notation_legend, size_label
from komandor.rules.cards import card_from_dict
from tests.factories import CardFactory, GameFactory

CYRILLIC = re.compile("[А-Яа-яЁё]")
SHIP = {
    "kind": "ship",
    "name": "Крейсер «Звезда»",
    "cost": 5,
    "size": "SK",
    "strength": 8,
    "critical": 5,
    "shield": {"type": "B", "power": 4},
    "armor": 2,
    "speed": 6,
    "weapons": {
        "maser": {"type": "C", "power": 8},
        "missiles": {"long": {"count": 4, "power": 4}, "short": {"count": 2, "power": 3}},
    },
    "crew": {"level": "N", "size": 3},
    "properties": {"commercial_run": {"reward": 2}},
}


def _face(language: str):
    with translation.override(language):
        face = face_from_spec(card_from_dict(SHIP))
        return face, {stat.path: stat for stat in face.stats}


def test_english_faces_write_english_letters_with_explanations_in_english():
    face, stats = _face("en")
    assert face.size == "MS" and face.notation_lang == "en"
    assert stats["shield"].value == "B4"
    assert stats["weapons.maser"].value == "C8"
    assert stats["weapons.missiles.long"].value == "4-4 (L)"
    assert stats["weapons.missiles.short"].value == "2-3 (S)"
    assert stats["crew"].value == "N3"
    assert stats["properties.commercial_run"].value == "2 resources"
    for stat in face.stats:
        assert not CYRILLIC.search(stat.value + stat.explanation + stat.label), stat
    assert "long range (L)" in stats["weapons.missiles.long"].explanation
    assert "novices (N)" in stats["crew"].explanation
    assert "type B" in stats["shield"].explanation
    with translation.override("en"):
        assert size_label("SK") == "medium ship (MS)"


def test_russian_faces_keep_the_rule_books_letters():
    face, stats = _face("ru")
    assert face.size == "СК" and face.notation_lang == "ru"
    assert stats["shield"].value == "В4"
    assert stats["weapons.maser"].value == "С8"
    assert stats["weapons.missiles.long"].value == "4-4 (Д)"
    assert stats["crew"].value == "Н3"
    assert stats["properties.commercial_run"].value == "2 ресурса"
    assert "дальняя дистанция (Д)" in stats["weapons.missiles.long"].explanation
    assert "неопытный (Н)" in stats["crew"].explanation
    with translation.override("ru"):
        assert size_label("SK") == "средний корабль (СК)"


def test_the_notation_legend_matches_the_faces_in_each_language():
    with translation.override("en"):
        english = notation_legend()
    with translation.override("ru"):
        russian = notation_legend()
    for row in english:
        assert not CYRILLIC.search(row.notation + row.meaning), row
    assert {"A3 · B4 · C3", "4-4 (L)", "LS · MS · HS", "N3 · V3 · E3"} <= {
        row.notation for row in english
    }
    assert {"А3 · В4 · С3", "4-4 (Д)", "ЛК · СК · ТК", "Н3 · В3 · Э3"} <= {
        row.notation for row in russian
    }


@pytest.mark.django_db
def test_the_card_page_and_its_filters_in_english_have_no_russian_letters(client):
    card = CardFactory(
        game=GameFactory(slug="komandor"),
        card_type="ship",
        key="star",
        name_ru=SHIP["name"],
        name_en="Cruiser Star",
        attributes=SHIP,
    )
    page = client.get(f"/games/komandor/cards/{card.key}/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    stats = page.content.decode().split('class="card-face__stats"', 1)[1].split("</dl>", 1)[0]
    assert not CYRILLIC.search(stats), stats
    assert 'lang="en">N3<' in stats
    catalogue = client.get("/games/komandor/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "medium ship (MS)" in catalogue  # the size filter's choices
    notation = client.get("/notation/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<td lang="en">' in notation and "LS · MS · HS" in notation
