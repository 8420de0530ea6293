"""The deck text format: read and write, pure Python.

One line per entry, ``#`` starts a comment line, blank lines are ignored::

    # Флот «Химера»
    Командор: Адмирал Ким
    4 Линкор класса «Химера» [R1 #12]
    2 Линкор класса «Химера» {Беспощадный}
    3 Усиленные щиты
    Способность: 1 Усиленные щиты

* ``<count> <printed name>`` — ``count`` copies; ``4x`` and ``4 x`` are read as ``4``.
* ``[<release code> #<collector number>]`` or ``[<release code>]`` after the name picks one
  printing; without it the earliest release of that name is taken.
* ``{<own name>}`` at the end is the player's own name for those copies (never the card name).
* ``Командор: <name>`` (or ``Commander:``) — the Commander, beside the deck.
* ``Способность: [<count>] <name>`` (or ``Ability:``) — an ability card of the deck picked
  before the game for setup; the card must also be listed in the deck.

Names match whatever the case, ё/е, quote marks or runs of spaces (``name_key``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

MAX_LINE_COUNT = 999
# A deck holds at most 100 cards (DECK-1), so its text is a few dozen lines; a text far past
# that is refused whole before any name is looked up (each unknown name costs a fuzzy search
# and a line of the answer: 40,000 lines cost seconds of CPU and a 12 MB answer).
MAX_TEXT_LINES = 400
MAX_LINE_LENGTH = 300
COMMANDER_KEYWORDS = ("командор", "commander")
ABILITY_KEYWORDS = ("способность", "ability")
COMMANDER_LABEL = "Командор"
ABILITY_LABEL = "Способность"
# The same format written for an English reader (the reader takes either spelling).
ENGLISH_LABELS = ("Commander", "Ability")

_KEYWORD = re.compile(r"^(?P<keyword>[^\W\d_]+)\s*:\s*(?P<rest>.*)$")
_COUNT = re.compile(r"^(?P<count>\d+)\s*(?:[xх×]\s+|[xх×]$|\s+)(?P<rest>.*)$", re.IGNORECASE)
_OWN_NAME = re.compile(r"\{(?P<own>[^{}]*)\}\s*$")
_PRINTING = re.compile(r"\[(?P<release>[^\]#]*?)\s*(?:#\s*(?P<number>[^\]]*?))?\s*\]\s*$")


@dataclass(frozen=True, slots=True)
class CardLine:
    """One card named in the text, as written (resolved to a catalogue card later)."""

    line: int
    name: str
    count: int = 1
    release: str = ""
    number: str = ""
    own_name: str = ""


@dataclass(frozen=True, slots=True)
class LineError:
    line: int
    code: str
    params: dict = field(default_factory=dict)  # what the message quotes (``decks.messages``)
    text: str = ""
    suggestions: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {
            "line": self.line,
            "code": self.code,
            "params": {"line": self.line, **self.params},
            "text": self.text,
            "suggestions": list(self.suggestions),
        }


class DeckTextError(ValueError):
    """The text (or JSON) could not be read; ``errors`` lists every bad line."""

    def __init__(self, errors: Iterable[LineError]):
        self.errors = list(errors)
        super().__init__(" ".join(f"line {error.line}: {error.code}" for error in self.errors))


@dataclass(slots=True)
class ParsedDeck:
    commander: CardLine | None = None
    entries: list[CardLine] = field(default_factory=list)
    setup_abilities: list[CardLine] = field(default_factory=list)


def parse_deck_text(text: str) -> ParsedDeck:
    """Read the text format; raise :class:`DeckTextError` naming every line it cannot read."""
    parsed, errors = read_deck_text(text)
    if errors:
        raise DeckTextError(errors)
    return parsed


def read_deck_text(text: str) -> tuple[ParsedDeck, list[LineError]]:
    """The lines of the text format that read, and an error for each that does not (a text
    past ``MAX_TEXT_LINES`` is still refused whole, :class:`DeckTextError`)."""
    parsed = ParsedDeck()
    errors: list[LineError] = []
    lines = text.splitlines()
    if len(lines) > MAX_TEXT_LINES:
        raise DeckTextError(
            [
                LineError(
                    line=MAX_TEXT_LINES + 1,
                    code="too_many_lines",
                    params={"count": len(lines), "limit": MAX_TEXT_LINES},
                )
            ]
        )
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if len(line) > MAX_LINE_LENGTH:
            errors.append(
                line_error(number, "line_too_long", line[:40] + "…", limit=MAX_LINE_LENGTH)
            )
            continue
        keyword = _KEYWORD.match(line)
        if keyword and keyword["keyword"].lower() in COMMANDER_KEYWORDS:
            if parsed.commander is not None:
                errors.append(line_error(number, "duplicate_commander", line))
                continue
            card = _card_line(number, keyword["rest"], count=1, errors=errors, raw=line)
            parsed.commander = card
        elif keyword and keyword["keyword"].lower() in ABILITY_KEYWORDS:
            card = _counted_line(number, keyword["rest"], errors, raw=line, count_optional=True)
            if card is not None:
                parsed.setup_abilities.append(card)
        else:
            card = _counted_line(number, line, errors, raw=line, count_optional=False)
            if card is not None:
                parsed.entries.append(card)
    return parsed, errors


def _counted_line(
    number: int, text: str, errors: list[LineError], *, raw: str, count_optional: bool
) -> CardLine | None:
    match = _COUNT.match(text)
    if match is None:
        if count_optional:
            return _card_line(number, text, count=1, errors=errors, raw=raw)
        errors.append(line_error(number, "missing_count", raw))
        return None
    digits = match["count"]
    # Thousands of digits are not a count (and int() refuses more than 4,300 of them).
    count = int(digits) if len(digits) <= len(str(MAX_LINE_COUNT)) + 3 else None
    if count is None or not 1 <= count <= MAX_LINE_COUNT:
        shown = count if count is not None else f"{digits[:12]}…"
        errors.append(line_error(number, "bad_count", raw[:200], count=shown))
        return None
    return _card_line(number, match["rest"], count=count, errors=errors, raw=raw)


def _card_line(
    number: int, text: str, *, count: int, errors: list[LineError], raw: str
) -> CardLine | None:
    own_name = ""
    own = _OWN_NAME.search(text)
    if own:
        own_name = " ".join(own["own"].split())
        text = text[: own.start()]
    release = printed_number = ""
    printing = _PRINTING.search(text.rstrip())
    if printing:
        release = printing["release"].strip()
        printed_number = (printing["number"] or "").strip()
        text = text.rstrip()[: printing.start()]
    name = " ".join(text.split())
    if not name:
        errors.append(line_error(number, "missing_name", raw))
        return None
    return CardLine(
        line=number,
        name=name,
        count=count,
        release=release,
        number=printed_number,
        own_name=own_name,
    )


def line_error(
    line: int, code: str, text: str, *, suggestions: tuple[str, ...] = (), **params
) -> LineError:
    return LineError(
        line=line,
        code=code,
        params=params,
        text=text,
        suggestions=suggestions,
    )


def card_line_text(card: CardLine) -> str:
    """The name part of a line: name, printing and own name in the format's notation."""
    text = card.name
    if card.release:
        text += f" [{card.release} #{card.number}]" if card.number else f" [{card.release}]"
    if card.own_name:
        text += f" {{{card.own_name}}}"
    return text


def render_deck_text(parsed: ParsedDeck, *, title: str = "", english: bool = False) -> str:
    commander_label, ability_label = ENGLISH_LABELS if english else (COMMANDER_LABEL, ABILITY_LABEL)
    lines: list[str] = []
    if title:
        lines.append(f"# {title}")
    if parsed.commander is not None:
        lines.append(f"{commander_label}: {card_line_text(parsed.commander)}")
    lines.extend(f"{card.count} {card_line_text(card)}" for card in parsed.entries)
    lines.extend(
        f"{ability_label}: {card.count} {card_line_text(card)}" for card in parsed.setup_abilities
    )
    return "\n".join(lines) + "\n"
