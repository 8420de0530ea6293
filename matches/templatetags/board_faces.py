"""The card faces of a board: the catalogue's compact face (``cardbase/_card_face.html``),
rendered once per face and language in a process and kept.

A board draws 50–100 faces, and rendering each through the template cost most of a board's
time (33–50 ms CPU of 45–65). A face's HTML depends only on the face (a frozen value: its
``repr`` is the key), the language and the fixed flags; only its tooltip ids differ from card
to card, so they are written with a placeholder and the card's own id put in after."""

from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from matches.words.board import CardView

register = template.Library()

_PREFIX = "\x00face\x00"
_KEPT_MOST = 4096
_kept: dict[tuple[str, str], str] = {}


@register.simple_tag
def board_face(card: CardView) -> SafeString:
    """``card``'s face, its tooltip ids prefixed with the card's page id."""
    face = card.face
    if face is None:
        return mark_safe("")
    key = (repr(face), get_language() or "")
    html = _kept.get(key)
    if html is None:
        if len(_kept) >= _KEPT_MOST:
            _kept.clear()
        html = _kept[key] = render_to_string(
            "cardbase/_card_face.html",
            # A card with an image (a printed card's photo) shows its thumbnail (issue 35).
            {"face": face, "compact": True, "link": False, "photo": True, "prefix": _PREFIX},
        )
    return mark_safe(html.replace(_PREFIX, f"{card.dom_id}-"))
