"""A row's name as the interface shows it: in Russian its Russian name; in English its English
name, or — for the rule books' own rows, which have none (the project never invents one) — the
Russian name followed by its transliteration, «Пират (Pirat)».

Transliteration by ``iuliia`` with the Wikipedia schema («Химера» → Khimera, «Ёжик» →
Yozhik): the common reading of Russian names in English texts, kept by a maintained library
that implements the published schemas instead of a hand-made table of letters."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

import iuliia
from django.utils.translation import get_language

_CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def is_english() -> bool:
    return (get_language() or "").startswith("en")


@lru_cache(maxsize=4096)
def transliteration(text: str) -> str:
    return iuliia.WIKIPEDIA.translate(text)


def with_transliteration(name_ru: str) -> str:
    """``name_ru`` followed by its Latin spelling when it has Cyrillic letters."""
    if not _CYRILLIC.search(name_ru):
        return name_ru
    return f"{name_ru} ({transliteration(name_ru)})"


def shown_name(name_ru: str, name_en: str = "", *, english: bool | None = None) -> str:
    """The name to show in the interface's language (``english`` defaults to the active one)."""
    if not (is_english() if english is None else english):
        return name_ru
    return name_en or with_transliteration(name_ru)


def card_names_shown(names_ru: Iterable[str | None]) -> dict[str, str]:
    """Komandor cards' printed (Russian) names — as decks, versions and the engine hold them —
    mapped to the names to show; a name no card has any more is shown as it is."""
    from cardbase.models import Card  # the models import nothing of this module's callers

    wanted = {name for name in names_ru if name}
    english = is_english()
    shown = {name: shown_name(name, english=english) for name in wanted}
    if english and wanted:
        rows = Card.all_objects.filter(game__slug="komandor", name_ru__in=wanted)
        for name_ru, name_en in rows.values_list("name_ru", "name_en"):
            shown[name_ru] = shown_name(name_ru, name_en, english=True)
    return shown
