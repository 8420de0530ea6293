"""The structured match log: one JSON object per event, in order, byte-identical on replay."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from mypy_extensions import mypyc_attr


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

    def emit(self, type_: str, **data: Any) -> None:
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
