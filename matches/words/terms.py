"""The words both the events and the decisions speak: weapons, ranges, phases, sectors,
players, and ``Words`` (names of the players and cards of one narration). Russian first,
English through gettext (``matches/locale``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

WEAPONS = {
    "plasma": gettext_noop("plasma guns"),
    "turbolaser": gettext_noop("turbolaser"),
    "maser": gettext_noop("maser"),
    "lasers": gettext_noop("lasers"),
    "missiles.long": gettext_noop("long-range missiles"),
    "missiles.medium": gettext_noop("medium-range missiles"),
    "missiles.short": gettext_noop("short-range missiles"),
    "torpedoes": gettext_noop("torpedoes"),
    "nova": gettext_noop("Nova"),
    "bombs": gettext_noop("bombs"),
    "ram": gettext_noop("ram"),
    "boarding": gettext_noop("boarding"),
}

RANGES = {
    "long": gettext_noop("long"),
    "medium": gettext_noop("medium"),
    "short": gettext_noop("short"),
}

PHASES = {
    "setup": gettext_noop("setup"),
    "start": gettext_noop("start of the turn"),
    "draw": gettext_noop("drawing cards"),
    "untap": gettext_noop("untapping"),
    "initiative": gettext_noop("initiative"),
    "resources": gettext_noop("resources"),
    "production": gettext_noop("production"),
    "move_1": gettext_noop("first movement"),
    "battle_1": gettext_noop("first battle phase"),
    "move_2": gettext_noop("second movement"),
    "battle_2": gettext_noop("second battle phase"),
    "end": gettext_noop("end of the turn"),
}


def weapon_label(key: str) -> str:
    return _(WEAPONS[key]) if key in WEAPONS else _("weapon")


def range_label(key: str) -> str:
    return _(RANGES[key]) if key in RANGES else str(key)


def phase_label(key: str) -> str:
    return _(PHASES[key]) if key in PHASES else str(key)


def sector_label(where: Any) -> str:
    """An open-space sector ``s3`` as words; the engine's ``new`` as a new sector."""
    if isinstance(where, str) and where.startswith("s") and where[1:].isdigit():
        return _("sector %(number)s of open space") % {"number": where[1:]}
    if where == "new":
        return _("a new sector of open space")
    return "—"


def player_name(index: Any) -> str:
    """A seat by number, «player 1» or «player 2», where no deck names it."""
    if not isinstance(index, int):
        return "—"
    return _("player %(number)s") % {"number": index + 1}


def seat_named(index: Any, names: Sequence[str]) -> str:
    """A seat by the name the page gives it, else «player N»."""
    if isinstance(index, int) and 0 <= index < len(names):
        return names[index]
    return player_name(index)


class Words:
    """Names for one narration: players (deck and Commander) and cards (uid → name)."""

    def __init__(self, players: Callable[[Any], str], cards: Mapping[str, str]) -> None:
        self.player = players
        self._cards = cards

    def card(self, uid: Any) -> str:
        if isinstance(uid, str) and "+" in uid:
            return " + ".join(self.card(part) for part in uid.split("+"))
        if isinstance(uid, str) and uid in self._cards:
            return f"«{self._cards[uid]}»"
        if isinstance(uid, str) and (uid.startswith("s") or uid == "new"):
            return sector_label(uid)
        return _("a card")

    def knows(self, uid: Any) -> bool:
        return isinstance(uid, str) and uid in self._cards

    def place(self, where: Any) -> str:
        if isinstance(where, str) and where in self._cards:
            return _("the orbit of %(card)s") % {"card": self.card(where)}
        return sector_label(where)

    def cards(self, uids: Iterable[Any]) -> str:
        return ", ".join(self.card(uid) for uid in uids) or "—"
