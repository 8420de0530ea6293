"""How the pages name the players of a match: each by his deck, in the page's language, and
his Commander — «Тяжёлые линкоры (Гранд-адмирал Стальнова)», never «player 1» in one place
and «0» in another. The engine plays by the cards' printed Russian names; an English reader
sees the English names (or a book card's name with its transliteration,
``cardbase.display_names``) and the precons' English names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import get_language

from cardbase.display_names import card_names_shown


def player_names(*, versions: Sequence[Any], commanders: Sequence[str]) -> list[str]:
    """The seats' names: ``versions`` are the seats' deck versions, ``commanders`` their
    Commanders' printed names (``MatchState.state.players[i].commander.name``)."""
    language = get_language() or ""
    shown = card_names_shown(commanders)
    return [
        f"{version.deck.localised_name(language)} ({shown.get(commander, commander)})"
        for version, commander in zip(versions, commanders, strict=True)
    ]


def match_player_names(*, match: Any, commanders: Sequence[str]) -> list[str]:
    """``player_names`` of a tournament's match (its seats' deck versions)."""
    return player_names(versions=(match.seat0, match.seat1), commanders=commanders)
