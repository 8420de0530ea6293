"""The seed of a game with hidden information: drawn by the server, never chosen by a player.

Since the engine and the precon files are public, a player who picks the seed can compute the
opponent's hand, both deck orders and every die; so such a game's seed is secret until its end
(games between two people, ``matches/friends``; games against the AI may use the same)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

SEED_LIMIT = 2**31
SEED_REFUSED = _(
    "The seed of a game with hidden cards is drawn by the server and shown when the game is "
    "over; a player cannot choose it."
)


def secret_seed() -> int:
    """A seed nobody can predict (the operating system's random source)."""
    return secrets.randbelow(SEED_LIMIT)


def seed_given(data: Mapping[str, Any]) -> bool:
    """The request names a seed (any value, even null or empty): it must be refused."""
    return "seed" in data
