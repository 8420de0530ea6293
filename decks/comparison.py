"""Two decks, or two versions of one, side by side (pure: snapshots in, differences out).

Both sides are version snapshots (``DeckVersion.snapshot``); the card lines compare as the
version history compares them (``decks.version_diff``), sorted into cards only the second
deck has, cards only the first has, and cards both have in different numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from decks.values import DeckContent, EntryContent
from decks.version_diff import CardChange, version_changes


@dataclass(frozen=True, slots=True)
class Comparison:
    commander_first: str | None
    commander_second: str | None
    added: tuple[CardChange, ...]  # only in the second
    removed: tuple[CardChange, ...]  # only in the first
    changed: tuple[CardChange, ...]  # in both, in other numbers

    @property
    def is_same(self) -> bool:
        return self.commander_first == self.commander_second and not (
            self.added or self.removed or self.changed
        )


def deck_comparison(first: Mapping[str, Any], second: Mapping[str, Any]) -> Comparison:
    changes = version_changes(first, second)
    cards = changes.cards
    return Comparison(
        commander_first=changes.commander_before,
        commander_second=changes.commander_after,
        added=tuple(change for change in cards if change.before == 0),
        removed=tuple(change for change in cards if change.after == 0),
        changed=tuple(change for change in cards if change.before and change.after),
    )


def snapshot_content(snapshot: Mapping[str, Any]) -> DeckContent:
    """The deck a version snapshot holds, by the card ids saved with it."""
    commander = snapshot.get("commander")
    return DeckContent(
        commander_id=commander["card_id"] if commander else None,
        entries=tuple(
            EntryContent(
                card_id=item["card_id"], count=item["count"], own_name=item.get("own_name", "")
            )
            for item in snapshot.get("entries", [])
        ),
        setup_abilities=tuple(
            (item["card_id"], item["count"]) for item in snapshot.get("setup_abilities", [])
        ),
    )
