"""English for the Russian words the starter set writes inside its card data, which have no
catalogue column of their own: ship classes (``ship_class``, also a selector's ``class``) and
the names of built-in buildings and units (``built_in[].name``). The cards' own English names
are catalogue data (``name_en``). The starter set is this project's design, so these are the
project's own English (docs/starter-set.md); the rule book's three ship classes (крейсер,
штурмовик, линкор) are common nouns, translated like any interface word.

A closed list, written out once like the renderer's nouns (``effect_text``);
``tests/content/test_starter_english.py`` fails on a shipped word missing here.
"""

from __future__ import annotations

from komandor.rules.names import fold_text

SHIP_CLASSES_EN: dict[str, str] = {
    "абордажный катер": "boarding cutter",
    "абордажный корабль": "boarding ship",
    "бомбардировщик": "bomber",
    "десантный бот": "landing boat",
    "десантный транспорт": "landing transport",
    "истребитель": "fighter",
    "канонерка": "gunboat",
    "корвет": "corvette",
    "крейсер": "cruiser",
    "линейный крейсер": "battlecruiser",
    "линкор": "battleship",
    "перехватчик": "interceptor",
    "разведчик": "scout",
    "ракетный катер": "missile boat",
    "ракетный крейсер": "missile cruiser",
    "рейдер": "raider",
    "торпедный катер": "torpedo boat",
    "транспорт": "transport",
    "флагман": "flagship",
    "фрегат": "frigate",
    "штурмовик": "assault ship",
    "эсминец": "destroyer",
}

BUILT_IN_NAMES_EN: dict[str, str] = {
    "Орбитальные батареи": "Orbital Batteries",
    "Ополчение Тау": "Tau Militia",
    "Скрытые батареи": "Hidden Batteries",
    "Абордажная братва": "Boarding Gang",
    "Ракетная башня": "Missile Tower",
}

_SHIP_CLASSES = {fold_text(russian): english for russian, english in SHIP_CLASSES_EN.items()}
_BUILT_IN_NAMES = {fold_text(russian): english for russian, english in BUILT_IN_NAMES_EN.items()}


def ship_class_en(ship_class: str) -> str | None:
    """The English ship class, or None for a class this list lacks."""
    return _SHIP_CLASSES.get(fold_text(ship_class))


def built_in_name_en(name: str) -> str | None:
    return _BUILT_IN_NAMES.get(fold_text(name))
