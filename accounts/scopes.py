"""What a personal access token may do: its scopes, and the scope each API request needs.

Every token reads what its user may read (``read``); the other scopes add writes. The scope a
write needs is the view's ``token_scope`` attribute (a scope, or a mapping by method) or else
:data:`WRITE_SCOPES` by URL name, so the API's apps need not know tokens exist. A write that
neither names is refused to every token (a session still may): a new endpoint is closed to
tokens until it is given a scope, and ``tests/accounts/test_scope_walk.py`` fails until it is.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import models
from django.utils.translation import gettext_lazy as _

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class Scope(models.TextChoices):
    READ = "read", _("read: everything you may see")
    DECKS = "decks", _("decks: decks, versions, tags, the collection and card proposals")
    PLAY = "play", _("play: games against the AI and with friends")
    TOURNAMENTS = "tournaments", _("tournaments: tournaments, matches, swap and field tests")


# Needed by the token pages of the API: no token holds it, so only a password or a session
# makes, lists or revokes tokens (a leaked token cannot mint another).
ACCOUNT = "account"
# No scope covers the write: refused to every token.
UNMAPPED = "unmapped"

# URL name → the scope of its writes (POST, PUT, PATCH, DELETE).
WRITE_SCOPES: Mapping[str, str] = {
    # decks
    "deck-list": Scope.DECKS,
    "deck-detail": Scope.DECKS,
    "deck-import": Scope.DECKS,
    "deck-clone": Scope.DECKS,
    "collection": Scope.DECKS,
    "collection-counts": Scope.DECKS,
    "collection-import": Scope.DECKS,
    # printed cards from the player's box (issue 35), and a publisher's decision on them
    "card-proposal-list": Scope.DECKS,
    "card-proposal-detail": Scope.DECKS,
    "card-proposal-publish": Scope.DECKS,
    "card-proposal-reject": Scope.DECKS,
    "card-proposal-request-changes": Scope.DECKS,
    # a check that saves nothing
    "deck-validate": Scope.READ,
    # games a person plays
    "ai-game-list": Scope.PLAY,
    "ai-game-detail": Scope.PLAY,
    "ai-game-actions": Scope.PLAY,
    # games with friends (issue 33, as its branch names them)
    "friend-game-list": Scope.PLAY,
    "friend-game-join": Scope.PLAY,
    "friend-game-detail": Scope.PLAY,
    "friend-game-action": Scope.PLAY,
    "friend-game-resign": Scope.PLAY,
    "friend-game-draw": Scope.PLAY,
    "friend-game-rematch": Scope.PLAY,
    # games the engine plays
    "tournament-list": Scope.TOURNAMENTS,
    "tournament-cancel": Scope.TOURNAMENTS,
    "swap-test-create": Scope.TOURNAMENTS,
    "field-test-create": Scope.TOURNAMENTS,
    "match-create": Scope.TOURNAMENTS,
    # the deck doctor (as its branch names it)
    "doctor-create": Scope.TOURNAMENTS,
    "doctor-detail": Scope.TOURNAMENTS,
}


def scopes_normalised(scopes: list[str]) -> list[str]:
    """A token's scopes in a stable order, ``read`` always among them."""
    wanted = {Scope.READ.value, *scopes}
    return [scope.value for scope in Scope if scope.value in wanted]


def required_scope(*, method: str, view: object, url_name: str | None) -> str | None:
    """The scope a request needs, or ``None`` when the view does not take the method (its
    405 is answered as to anyone)."""
    if view is not None and not hasattr(view, method.lower()):
        return None
    named = getattr(view, "token_scope", None)
    if isinstance(named, Mapping):
        named = named.get(method)
    if named is not None:
        return str(named)
    if method in SAFE_METHODS:
        return Scope.READ
    return WRITE_SCOPES.get(url_name or "", UNMAPPED)


def is_grantable(scope: str) -> bool:
    return scope in Scope.values
