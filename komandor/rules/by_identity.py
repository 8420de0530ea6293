"""Values computed once per object, found by the object's identity: ``IdentityCache``.

``functools.lru_cache`` finds a card spec by its hash, and a frozen dataclass's hash is computed
afresh on every call from every field, nested ones too (a spec's weapons and effects): the
engine asked it for every card of every game and every fighter of every battle round. The
specs a match plays are the same objects from game to game (a deck's, cached per deck version),
so finding them by identity costs a dict lookup; an object seen for the first time is computed
by the function given (which may itself cache by value, for equal objects built apart).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class IdentityCache(Generic[K, V]):
    """``compute(key)``, once per key object while it is cached. Each entry holds its key,
    so no object's identity is reused while its value is here; at ``maxsize`` entries the
    cache starts afresh."""

    __slots__ = ("_compute", "_entries", "_maxsize")

    def __init__(self, compute: Callable[[K], V], maxsize: int = 4096) -> None:
        self._compute = compute
        self._entries: dict[int, tuple[K, V]] = {}
        self._maxsize = maxsize

    def __call__(self, key: K) -> V:
        entry = self._entries.get(id(key))
        if entry is not None and entry[0] is key:
            return entry[1]
        value = self._compute(key)
        if len(self._entries) >= self._maxsize:
            self._entries.clear()
        self._entries[id(key)] = (key, value)
        return value
