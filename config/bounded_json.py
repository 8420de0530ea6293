"""JSON read with a bound on nesting, for every place a request's JSON is parsed.

Python's ``json`` recurses once per level (a body nested 1,000 deep is a ``RecursionError``, a
500), and so do serializers, validators and the engine's readers that walk what it returns. A
real request nests a few levels, so anything deeper than ``MAX_JSON_DEPTH`` is refused before
any of that code sees it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

MAX_JSON_DEPTH = 32


class JsonTooDeep(ValueError):
    """JSON nested deeper than the limit."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"JSON nested more than {limit} levels deep")
        self.limit = limit


def json_depth_exceeds(value: Any, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether ``value`` (parsed JSON) nests lists and objects deeper than ``limit``.
    Iterative, so it cannot itself run out of stack."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def loads_bounded(text: str | bytes, *, limit: int = MAX_JSON_DEPTH, **kwargs: Any) -> Any:
    """``json.loads`` that raises :class:`JsonTooDeep` (a ``ValueError``) instead of recursing
    without end or handing back something deeper than ``limit``."""
    try:
        value = json.loads(text, **kwargs)
    except RecursionError as error:
        raise JsonTooDeep(limit) from error
    if json_depth_exceeds(value, limit):
        raise JsonTooDeep(limit)
    return value
