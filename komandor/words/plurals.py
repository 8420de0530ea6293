"""Plural forms for numbers in card text: Russian (one / few / many) and English (one / other).

The rules are CLDR's (``ru``: 1, 21, 101 → one; 2–4, 22–24 → few; 0, 5–20, 11–14, 25 → many),
three lines each, so no library: Babel knows the categories but not our nouns' forms, and a
morphology library (pymorphy3) brings ~15 MB of dictionaries to inflect a closed list of words
we can write out once.

>>> [count_ru(n, ("фишку действия", "фишки действия", "фишек действия")) for n in (1, 2, 5)]
['1 фишку действия', '2 фишки действия', '5 фишек действия']
>>> count_en(1, ("card", "cards")), count_en(3, ("card", "cards"))
('1 card', '3 cards')
"""

from __future__ import annotations

from typing import Literal

RuCategory = Literal["one", "few", "many"]
RuForms = tuple[str, str, str]  # the noun after 1, after 2, after 5 (in the case the text needs)
EnForms = tuple[str, str]  # singular, plural


def ru_category(number: int) -> RuCategory:
    """CLDR plural category of ``number`` in Russian."""
    tens, units = abs(number) % 100, abs(number) % 10
    if units == 1 and tens != 11:
        return "one"
    if 2 <= units <= 4 and not 12 <= tens <= 14:
        return "few"
    return "many"


def plural_ru(number: int, forms: RuForms) -> str:
    """The form of a noun that goes with ``number`` (``forms``: after 1, 2 and 5)."""
    one, few, many = forms
    return {"one": one, "few": few, "many": many}[ru_category(number)]


def count_ru(number: int, forms: RuForms) -> str:
    """``number`` and its noun: «1 ресурс», «2 ресурса», «5 ресурсов»."""
    return f"{number} {plural_ru(number, forms)}"


def plural_en(number: int, forms: EnForms) -> str:
    return forms[0] if abs(number) == 1 else forms[1]


def count_en(number: int, forms: EnForms) -> str:
    """``number`` and its noun: "1 resource", "2 resources"."""
    return f"{number} {plural_en(number, forms)}"
