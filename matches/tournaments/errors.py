"""Bad input and per-user limits of the tournament services."""

from __future__ import annotations

from django.utils.translation import gettext as _


def lab_copy_message() -> str:
    """Why a copy the deck lab made for a run (``Deck.lab_copy``) starts nothing new."""
    return _(
        "This deck is a copy the deck lab made for a run. Test the deck it was made from, "
        "or make it a deck of yours first with “Copy to my decks” on its page."
    )


class TournamentError(ValueError):
    """Bad input: ``code`` for clients, ``fields`` naming each bad field."""

    def __init__(self, code: str, message: str, fields: dict[str, list[str]] | None = None):
        self.code = code
        self.message = message
        self.fields = fields or {}
        super().__init__(message)


class LimitExceeded(Exception):
    """A per-user limit (HTTP 429)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(message)
