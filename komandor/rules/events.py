"""The structured match log: one JSON object per event, in order, byte-identical on replay.

The log keeps the events as typed records (``event_records``); the JSON lines are written from
them."""

from __future__ import annotations

import json
from collections.abc import Iterator

from mypy_extensions import mypyc_attr

from komandor.rules.event_records import Event, EventKind, event_from_dict

__all__ = ["Event", "EventKind", "EventLog", "event_from_dict"]


# The web app's replay (``matches/replay.py``) stops a game by subclassing the log, so the
# compiled engine must accept a Python subclass of this class.
@mypyc_attr(allow_interpreted_subclasses=True)
class EventLog:
    """Append-only list of event records. Line ``n`` of the log is
    ``{"seq": n, "type": record.kind, **record.data()}``, keys written sorted so the same events
    always give the same bytes.
    """

    __slots__ = ("_lines", "_lines_of", "enabled", "records")

    def __init__(self, *, enabled: bool = True) -> None:
        self.records: list[Event] = []
        # The lines as JSON objects, written once each as they are first read (``events``): the
        # pages of a game read the whole log after every move.
        self._lines: list[dict[str, object]] = []
        self._lines_of: list[Event] = self.records
        # A disabled log records nothing and costs almost nothing: for fast bulk matches. The
        # rules build a record only when the log is enabled (``if log.enabled: log.emit(...)``).
        self.enabled = enabled

    def emit(self, record: Event) -> None:
        if self.enabled:
            self.records.append(record)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)

    @property
    def events(self) -> list[dict[str, object]]:
        """The log's lines as JSON objects (what a stored match keeps), in a new list."""
        records, lines = self.records, self._lines
        if self._lines_of is not records or len(lines) > len(records):
            lines = []  # the records were replaced (a copy's, a checkpoint's)
            self._lines, self._lines_of = lines, records
        for seq in range(len(lines), len(records)):
            lines.append(records[seq].to_dict(seq))
        return list(lines)

    def of_kind(self, kind: EventKind) -> list[Event]:
        """The records of one kind, in order."""
        return [record for record in self.records if record.kind is kind]

    def of_type(self, type_: str) -> list[dict[str, object]]:
        """The lines of one ``type``, as JSON objects (with their ``seq``)."""
        return [
            record.to_dict(seq) for seq, record in enumerate(self.records) if record.kind == type_
        ]

    def to_jsonl(self) -> str:
        return "".join(
            json.dumps(
                record.to_dict(seq), ensure_ascii=False, sort_keys=True, separators=(",", ":")
            )
            + "\n"
            for seq, record in enumerate(self.records)
        )
