"""Cells that a spreadsheet will not run as formulas (CSV injection, OWASP).

A cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is taken by Excel,
LibreOffice and Google Sheets as a formula (``=HYPERLINK(…)`` in a deck's name becomes a live
link in whoever opens the export). OWASP's remedy: start such a cell with a single quote, which
spreadsheets show as text; :func:`cell_unescaped` undoes it where a file comes back in (the
admin's card import), so an export imports back unchanged. Numbers are left as numbers.

Every CSV download is UTF-8 with ``charset=utf-8`` and a byte-order mark (:func:`csv_response`):
Excel ignores the header's charset and reads a CSV without a BOM in the system's code page, so
Cyrillic came out as garbage. Our own imports read the BOM as nothing (``utf-8-sig``).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
CSV_CONTENT_TYPE = "text/csv; charset=utf-8"
UTF8_BOM = "\ufeff"


def cell_safe(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def cell_unescaped(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("'") and value[1:].startswith(FORMULA_STARTS):
        return value[1:]
    return value


def csv_response(text: str, *, filename: str) -> HttpResponse:
    """``text`` (already formula-safe) as a CSV download named ``filename``."""
    response = HttpResponse(
        (UTF8_BOM + text.removeprefix(UTF8_BOM)).encode("utf-8"), content_type=CSV_CONTENT_TYPE
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
