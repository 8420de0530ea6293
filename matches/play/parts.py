"""The game page in parts: each part an element of the page rendered by its own template, so
an action sends only the parts that changed (the page sends the digests of those it has).

The board is split into its status line, each player's side and the space between: a move
in space leaves the players' sides alone, a card built leaves the other side alone. The same
templates draw the friend-play board: a part names a seat only through the context's
``seat``/``board``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

# Element id → template; the board's players come after these, top then bottom.
FIXED_PARTS = {
    "play-status": "matches/play/_status.html",
    "play-narration": "matches/play/_narration.html",
    "play-decision": "matches/play/_decision_part.html",
    "play-threats": "matches/board/_threats.html",
    "board-status": "matches/board/_status.html",
    "board-space": "matches/board/_space.html",
}
PLAYER_TEMPLATE = "matches/board/_player.html"


def render_parts(context: dict, request) -> dict[str, SafeString]:
    """Every part of the game page, by element id (the board's players in the order drawn:
    the opponent above, the viewer below)."""
    parts = {
        element: mark_safe(render_to_string(name, context, request))
        for element, name in FIXED_PARTS.items()
    }
    board = context["board"]
    for player in [*board.players_top, *board.players_bottom]:
        html = render_to_string(PLAYER_TEMPLATE, {**context, "player": player}, request)
        parts[f"board-player-{player.index}"] = mark_safe(html)
    return parts


def digest(html: str) -> str:
    return hashlib.blake2b(html.encode(), digest_size=8).hexdigest()


def changed_parts(
    rendered: dict[str, SafeString], have: Iterable[str]
) -> tuple[dict[str, str], dict[str, str]]:
    """The parts whose digest is not among ``have`` ("element:digest" items the page sent),
    and every part's digest."""
    known = set(have)
    digests = {element: digest(html) for element, html in rendered.items()}
    parts = {
        element: str(html)
        for element, html in rendered.items()
        if f"{element}:{digests[element]}" not in known
    }
    return parts, digests
