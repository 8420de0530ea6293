"""Whole numbers read from text a client sent, bounded in length.

``int()`` of user text fails in ways a view does not expect: ``"²".isdigit()`` is true yet
``int("²")`` raises, and more than 4,300 digits raise too (Python's guard against quadratic
conversion), each a 500 where it was not caught. Every number a request carries as text is read
here instead: ASCII digits only, at most ``max_digits`` of them (18 fit a 64-bit column), so
anything else is simply "not a number" for the caller to refuse with its own 4xx.
"""

from __future__ import annotations

import re

ROW_ID_DIGITS = 18
_WHOLE = re.compile(r"[0-9]+")


def whole_number(text: str | None, *, max_digits: int = ROW_ID_DIGITS) -> int | None:
    """``text`` as a whole number ≥ 0 (ASCII digits, at most ``max_digits``), else None."""
    if text is None or len(text) > max_digits or not _WHOLE.fullmatch(text):
        return None
    return int(text)


def signed_whole_number(text: str, *, max_digits: int = ROW_ID_DIGITS) -> int | None:
    """Like :func:`whole_number`, with an optional leading minus sign."""
    if text.startswith("-"):
        value = whole_number(text[1:], max_digits=max_digits)
        return None if value is None else -value
    return whole_number(text, max_digits=max_digits)
