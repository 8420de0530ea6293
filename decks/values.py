"""A deck's contents as plain values, by card id: what the services write and read."""

from __future__ import annotations

from dataclasses import dataclass

# The largest id a BigAutoField holds: a larger one names no card, and must be refused as such
# before it reaches the database (which cannot even compare it).
MAX_ROW_ID = 2**63 - 1
OWN_NAME_MAX_LENGTH = 200  # DeckEntry.own_name


@dataclass(frozen=True, slots=True)
class EntryContent:
    card_id: int
    count: int
    own_name: str = ""


@dataclass(frozen=True, slots=True)
class DeckContent:
    commander_id: int | None
    entries: tuple[EntryContent, ...] = ()
    setup_abilities: tuple[tuple[int, int], ...] = ()  # (card id, copies pre-chosen)

    def card_ids(self) -> set[int]:
        ids = {entry.card_id for entry in self.entries}
        ids.update(card_id for card_id, _ in self.setup_abilities)
        if self.commander_id is not None:
            ids.add(self.commander_id)
        return ids


TAG_MAX_LENGTH = 40  # DeckTag.name
MAX_TAGS = 10  # tags per deck
