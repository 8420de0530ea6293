"""The engine's tables of words (``komandor.words.terms``: card kinds, rarities, phases, ranges,
weapons) in the interface's language: each table's English through gettext under the table's
context. Their Russian is the table's, written into the cardbase catalogue by
``scripts/catalogues.py``; no page keeps a table of its own."""

from __future__ import annotations

from enum import StrEnum
from typing import cast

from django.utils.functional import Promise, lazy
from django.utils.translation import pgettext

from komandor.words.terms import Terms


def term(table: Terms, key: StrEnum) -> str:
    """The word for ``key`` in the active language."""
    return pgettext(table.context, table.en(key))


def term_of(table: Terms, value: str, default: str | None = None) -> str:
    """The word for a stored value, or ``default`` (the value itself) where the table lacks it."""
    for key in table:
        if key.value == value:
            return term(table, key)
    return value if default is None else default


_lazy_term = lazy(term, str)


def term_lazy(table: Terms, key: StrEnum) -> Promise:
    """The word, translated when shown (model choices, form labels)."""
    return cast(Promise, _lazy_term(table, key))
