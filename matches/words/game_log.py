"""The whole game's log in words, turn by turn, as one seat may know it: ``game_log``.

Each event is told by ``event_text.event_words`` with the seat as viewer (the opponent's
hidden picks without their cards; the players' choices are left to the events that follow,
as on the game page), and gets a category the page's filter uses. The setup (before the first
``turn`` event) is turn 0. A spectator (viewer None) sees everything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _

from komandor.rules import event_records as ev
from komandor.rules.event_records import Event
from matches.words.event_text import event_words
from matches.words.terms import Words, seat_named

# Event kind → the filter's category (anything else: "game").
CATEGORIES: dict[str, str] = {
    **dict.fromkeys(
        (
            "battle",
            "battle_start",
            "round_start",
            "round_end",
            "battle_end",
            "attack",
            "nova",
            "ram",
            "ram_dodge",
            "boarding",
            "light_duel",
            "evade",
            "destroyed",
            "captured",
            "withdraw",
            "withdraw_refused",
            "left_battle",
            "retreat",
            "stop_closing",
            "resume_closing",
            "increase_distance",
            "second_echelon",
            "echelon_enter",
            "tactical_superiority",
            "landing",
        ),
        "battle",
    ),
    **dict.fromkeys(("moved", "commander", "commercial_run", "escort"), "movement"),
    **dict.fromkeys(
        (
            "built",
            "production",
            "placed",
            "upgraded",
            "effect",
            "cancelled",
            "static",
            "ability_preselected",
            "ability_discarded",
            "ability_replaced",
            "situation_discarded",
            "ability_variant",
            "revealed",
            "exchange",
            "smuggling_failed",
        ),
        "cards",
    ),
    **dict.fromkeys(("resources", "other_income", "draw", "redeal", "shuffled"), "economy"),
}
CATEGORY_LABELS = {
    "battle": _("Battles"),
    "movement": _("Movement"),
    "cards": _("Cards and effects"),
    "economy": _("Draws and income"),
    "game": _("Turns and initiative"),
}


@dataclass(frozen=True, slots=True)
class LogEntry:
    text: str
    category: str


@dataclass(slots=True)
class LogTurn:
    turn: int
    entries: list[LogEntry] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "entries": [{"text": e.text, "category": e.category} for e in self.entries],
        }


def game_log(
    events: Sequence[Event],
    *,
    viewer: int | None,
    names: Sequence[str],
    cards: Mapping[str, str],
    start: int = 0,
) -> list[LogTurn]:
    """The events (a match's log records) from ``start`` on told for ``viewer``, grouped by
    turn (turn 0: the setup; the first group is the turn ``start`` falls in)."""
    words = Words(lambda index: seat_named(index, names), cards)
    turns = [LogTurn(turn_at(events, start))]
    for event in events[start:]:
        if isinstance(event, ev.Choice):
            continue
        if isinstance(event, ev.Turn):
            turns.append(LogTurn(event.turn))
        text = event_words(event, words, viewer=viewer)
        if text:
            turns[-1].entries.append(LogEntry(text, CATEGORIES.get(event.kind, "game")))
    return [turn for turn in turns if turn.entries]


def turn_at(events: Sequence[Event], index: int) -> int:
    """The turn the event at ``index`` belongs to (0 before the first ``turn`` event)."""
    for event in reversed(events[:index]):
        if isinstance(event, ev.Turn):
            return event.turn
    return 0


def recent_turns_start(events: Sequence[Event], turns: int) -> int:
    """Where the last ``turns`` turns begin in the log (0: the whole game is that short)."""
    seen = 0
    for index in range(len(events) - 1, -1, -1):
        if isinstance(events[index], ev.Turn):
            seen += 1
            if seen == turns:
                return index
    return 0
