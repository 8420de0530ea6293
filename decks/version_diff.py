"""What changed between two saved versions of a deck (pure: snapshots in, changes out).

A version's ``snapshot`` is the deck's written form (``services._version_create``): the
Commander, the entries with their counts and own names, and the pre-chosen ability cards. Cards
compare by printed name, printing and own name, so a copy renamed counts as one out, one in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class CardChange:
    """One card line whose count differs: ``before`` and ``after`` copies (0 = absent)."""

    name: str
    card_id: int | None
    own_name: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class VersionChanges:
    commander_before: str | None
    commander_after: str | None
    cards: tuple[CardChange, ...]
    setup_abilities: tuple[CardChange, ...]

    @property
    def commander_changed(self) -> bool:
        return self.commander_before != self.commander_after

    @property
    def is_empty(self) -> bool:
        return not (self.commander_changed or self.cards or self.setup_abilities)


def _name(card: Mapping[str, Any] | None) -> str | None:
    return None if card is None else card["name"]


def _lines(items: list[Mapping[str, Any]]) -> tuple[Counter, dict]:
    counts: Counter = Counter()
    ids: dict = {}
    for item in items:
        key = (
            item["name"],
            item.get("release", ""),
            item.get("number", ""),
            item.get("own_name", ""),
        )
        counts[key] += item.get("count", 1)
        ids[key] = item.get("card_id")
    return counts, ids


def _changes(before: list, after: list) -> tuple[CardChange, ...]:
    old, old_ids = _lines(before)
    new, new_ids = _lines(after)
    changes = [
        CardChange(
            name=key[0],
            card_id=new_ids.get(key) or old_ids.get(key),
            own_name=key[3],
            before=old[key],
            after=new[key],
        )
        for key in sorted(old.keys() | new.keys())
        if old[key] != new[key]
    ]
    # Cards taken out first, then added ones, each by name: how a player reads a change list.
    return tuple(sorted(changes, key=lambda change: (change.delta > 0, change.name)))


def version_changes(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> VersionChanges:
    """The changes from snapshot ``before`` (None: an empty deck) to snapshot ``after``."""
    before = before or {"commander": None, "entries": [], "setup_abilities": []}
    return VersionChanges(
        commander_before=_name(before.get("commander")),
        commander_after=_name(after.get("commander")),
        cards=_changes(before.get("entries", []), after.get("entries", [])),
        setup_abilities=_changes(
            before.get("setup_abilities", []), after.get("setup_abilities", [])
        ),
    )


def changes_named(changes: VersionChanges, names: Mapping[str, str]) -> VersionChanges:
    """``changes`` with each printed name replaced by ``names[name]`` (the name to show)."""

    def named(name: str | None) -> str | None:
        return names.get(name, name) if name else name

    def cards(items: tuple[CardChange, ...]) -> tuple[CardChange, ...]:
        return tuple(replace(item, name=names.get(item.name, item.name)) for item in items)

    return VersionChanges(
        commander_before=named(changes.commander_before),
        commander_after=named(changes.commander_after),
        cards=cards(changes.cards),
        setup_abilities=cards(changes.setup_abilities),
    )
