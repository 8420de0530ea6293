"""The structured match log: one JSON object per event, in order, byte-identical on replay."""

from __future__ import annotations

import json
from collections.abc import Iterator
from enum import StrEnum
from typing import Any

from mypy_extensions import mypyc_attr


class EventKind(StrEnum):
    """The ``type`` of an event of the log. The values are a public contract: the JSON-lines
    logs, stored games, the replay and the narration read events by them."""

    ABILITY_DISCARDED = "ability_discarded"
    ABILITY_PRESELECTED = "ability_preselected"
    ABILITY_REPLACED = "ability_replaced"
    ABILITY_VARIANT = "ability_variant"
    ATTACK = "attack"
    BATTLE = "battle"
    BATTLE_END = "battle_end"
    BATTLE_START = "battle_start"
    BOARDING = "boarding"
    BUILT = "built"
    CANCELLED = "cancelled"
    CAPTURED = "captured"
    CHOICE = "choice"
    COMMANDER = "commander"
    COMMERCIAL_RUN = "commercial_run"
    DESTROYED = "destroyed"
    DRAW = "draw"
    ECHELON_ENTER = "echelon_enter"
    EFFECT = "effect"
    ESCORT = "escort"
    EVADE = "evade"
    EXCHANGE = "exchange"
    INCREASE_DISTANCE = "increase_distance"
    INITIATIVE = "initiative"
    LANDING = "landing"
    LEFT_BATTLE = "left_battle"
    LIGHT_DUEL = "light_duel"
    MATCH = "match"
    MOVED = "moved"
    NOVA = "nova"
    OTHER_INCOME = "other_income"
    PLACED = "placed"
    POSITION = "position"
    PRIORITY = "priority"
    PRODUCTION = "production"
    RAM = "ram"
    RAM_DODGE = "ram_dodge"
    REDEAL = "redeal"
    REROLL = "reroll"
    RESOURCES = "resources"
    RESUME_CLOSING = "resume_closing"
    RETREAT = "retreat"
    REVEALED = "revealed"
    ROUND_END = "round_end"
    ROUND_START = "round_start"
    SECOND_ECHELON = "second_echelon"
    SETUP = "setup"
    SHUFFLED = "shuffled"
    SITUATION_DISCARDED = "situation_discarded"
    SMUGGLING_FAILED = "smuggling_failed"
    STATIC = "static"
    STOP_CLOSING = "stop_closing"
    TACTICAL_SUPERIORITY = "tactical_superiority"
    TURN = "turn"
    UPGRADED = "upgraded"
    VICTORY = "victory"
    WITHDRAW = "withdraw"
    WITHDRAW_REFUSED = "withdraw_refused"


# The web app's replay (``matches/replay.py``) stops a game by subclassing the log, so the
# compiled engine must accept a Python subclass of this class.
@mypyc_attr(allow_interpreted_subclasses=True)
class EventLog:
    """Append-only list of events. Each event is ``{"seq": n, "type": ..., **data}``.

    Values must be JSON-compatible (str, int, bool, None, lists and dicts of them); keys are
    written sorted so the same events always give the same bytes.
    """

    __slots__ = ("enabled", "events")

    def __init__(self, *, enabled: bool = True) -> None:
        self.events: list[dict[str, Any]] = []
        # A disabled log records nothing and costs almost nothing: for fast bulk matches.
        self.enabled = enabled

    def emit(self, type_: EventKind, **data: Any) -> None:
        if self.enabled:
            self.events.append({"seq": len(self.events), "type": type_, **data})

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.events)

    def __len__(self) -> int:
        return len(self.events)

    def of_type(self, type_: str) -> list[dict[str, Any]]:
        return [event for event in self.events if event["type"] == type_]

    def to_jsonl(self) -> str:
        return "".join(
            json.dumps(event, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"
            for event in self.events
        )
