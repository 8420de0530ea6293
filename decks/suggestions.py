""" "Did you mean": the Komandor names nearest a search that found nothing, in the interface's
language.

In Russian, the printed names of the deck import's matcher (``selectors.name_suggestions``).
In English, the cards' English names — those whose English name holds a close spelling of
what was typed first (an English player types English), then the Russian matches shown by
their English names — and the rule books' own cards, which have no English name, as their
Russian name with its transliteration («Пират (Pirat)»). Each suggestion carries the words
to search for (``query``: a name the search language finds; a transliteration is not one),
apart from the name shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import router
from rapidfuzz import fuzz, process

from cardbase.display_names import is_english, with_transliteration
from cardbase.models import Card
from cardbase.selectors import catalogue_version
from decks import selectors
from decks.importing import CLOSE_SPELLING, SUGGESTIONS
from komandor.rules.deck_rules import KOMANDOR
from komandor.rules.names import fold_text


@dataclass(frozen=True, slots=True)
class NameSuggestion:
    name: str  # as shown
    query: str  # what the search box gets when it is chosen
    lang: str  # of ``name``: "en", or "ru" for a Russian name (with its transliteration)

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "query": self.query, "lang": self.lang}


@dataclass(frozen=True, slots=True)
class _EnglishNames:
    version: str
    by_russian: dict[str, str]  # printed (Russian) name -> English name
    folded: dict[str, str]  # folded English name -> English name


# Per process, against the catalogue version, as the import's name index.
_english_cache: dict[str, _EnglishNames] = {}


def _english_names() -> _EnglishNames:
    using = router.db_for_read(Card)
    version = catalogue_version(using=using)
    kept = _english_cache.get(using)
    if kept is not None and version is not None and kept.version == version:
        return kept
    rows = (
        Card.objects.using(using)
        .filter(game__slug=KOMANDOR)
        .exclude(name_en="")
        .values_list("name_ru", "name_en")
    )
    by_russian = dict(rows)
    names = _EnglishNames(
        version or "",
        by_russian,
        {fold_text(name_en): name_en for name_en in by_russian.values()},
    )
    if version is not None:
        _english_cache[using] = names
    return names


def name_suggestions(*, text: str) -> tuple[NameSuggestion, ...]:
    if not selectors.is_plain_name_search(text):
        return ()
    russian = selectors.name_suggestions(text=text)
    if not is_english():
        return tuple(NameSuggestion(name, name, "ru") for name in russian)
    english = _english_names()
    typed = fold_text(" ".join(text.split()))
    close = process.extract(
        typed,
        list(english.folded),
        scorer=fuzz.partial_ratio,
        limit=SUGGESTIONS,
        score_cutoff=CLOSE_SPELLING,
    )
    found = {english.folded[key]: NameSuggestion(english.folded[key], english.folded[key], "en")
             for key, _score, _at in close}  # fmt: skip
    for name in russian:
        name_en = english.by_russian.get(name)
        if name_en:
            found.setdefault(name_en, NameSuggestion(name_en, name_en, "en"))
        else:
            found.setdefault(name, NameSuggestion(with_transliteration(name), name, "ru"))
    return tuple(found.values())[:SUGGESTIONS]
