"""Cells that a spreadsheet will not run as formulas (CSV injection, OWASP).

A cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is taken by Excel,
LibreOffice and Google Sheets as a formula (``=HYPERLINK(…)`` in a deck's name becomes a live
link in whoever opens the export). OWASP's remedy: start such a cell with a single quote, which
spreadsheets show as text; :func:`cell_unescaped` undoes it where a file comes back in (the
admin's card import), so an export imports back unchanged. Numbers are left as numbers.
"""

from __future__ import annotations

from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
CSV_CONTENT_TYPE = "text/csv; charset=utf-8"


def cell_safe(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def cell_unescaped(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("'") and value[1:].startswith(FORMULA_STARTS):
        return value[1:]
    return value
