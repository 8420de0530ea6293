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
    events: Sequence[Mapping[str, Any]],
    *,
    viewer: int | None,
    names: Sequence[str],
    cards: Mapping[str, str],
    start: int = 0,
) -> list[LogTurn]:
    """The events from ``start`` on told for ``viewer``, grouped by turn (turn 0: the
    setup; the first group is the turn ``start`` falls in)."""
    words = Words(lambda index: seat_named(index, names), cards)
    turns = [LogTurn(turn_at(events, start))]
    for event in events[start:]:
        kind = str(event.get("type"))
        if kind == "choice":
            continue
        if kind == "turn":
            turns.append(LogTurn(int(event["turn"])))
        text = event_words(event, words, viewer=viewer)
        if text:
            turns[-1].entries.append(LogEntry(text, CATEGORIES.get(kind, "game")))
    return [turn for turn in turns if turn.entries]


def turn_at(events: Sequence[Mapping[str, Any]], index: int) -> int:
    """The turn the event at ``index`` belongs to (0 before the first ``turn`` event)."""
    for event in reversed(events[:index]):
        if event.get("type") == "turn":
            return int(event["turn"])
    return 0


def recent_turns_start(events: Sequence[Mapping[str, Any]], turns: int) -> int:
    """Where the last ``turns`` turns begin in the log (0: the whole game is that short)."""
    seen = 0
    for index in range(len(events) - 1, -1, -1):
        if events[index].get("type") == "turn":
            seen += 1
            if seen == turns:
                return index
    return 0
