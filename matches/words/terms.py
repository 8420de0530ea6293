"""The words both the events and the decisions speak: weapons, ranges, phases (the engine's
tables, ``komandor.words.terms``), sectors, players, and ``Words`` (names of the players and
cards of one narration), through gettext (``matches/locale``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from cardbase.terms import term_of
from komandor.rules.weapons import Weapon
from komandor.words.terms import MISSILES_AT, PHASES, RANGES, WEAPONS


def weapon_label(key: str) -> str:
    """A battle's weapon (``plasma``; missiles by range, ``missiles.long``), from the engine's
    tables (``komandor.words.terms``)."""
    mount, _dot, range_ = key.partition(".")
    if mount == Weapon.MISSILES and range_:
        return term_of(MISSILES_AT, range_, _("weapon"))
    return term_of(WEAPONS, key, _("weapon"))


def range_label(key: str) -> str:
    return term_of(RANGES, key)


def phase_label(key: str) -> str:
    return term_of(PHASES, key)


def is_phase(key: str) -> bool:
    return key in {phase.value for phase in PHASES}


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
