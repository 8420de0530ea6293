"""The card faces of a board: the catalogue's compact face (``cardbase/_card_face.html``),
rendered once per face and language in a process and kept; and the board's whole card
(``matches/board/_card.html``: the face with its marks), kept the same way (``board_card``).

A board draws 50–100 faces, and rendering each through the template cost most of a board's
time (33–50 ms CPU of 45–65). A face's HTML depends only on the face (a frozen value: its
``repr`` is the key), the language and the fixed flags; only its tooltip ids differ from card
to card, so they are written with a placeholder and the card's own id put in after."""

from __future__ import annotations

import dataclasses

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from matches.words.board import CardView
from matches.words.decision_text import dom_id

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


CARD_TEMPLATE = "matches/board/_card.html"
_STAND_IN = "zz-kept-card-zz"  # the uid a kept card is drawn with, its own put in after
_CARDS_KEPT_MOST = 2048  # about 3 KB of HTML each
_kept_cards: dict[tuple[object, ...], tuple[object, str]] = {}


@register.simple_tag
def board_card(card: CardView) -> SafeString:
    """``card`` as the board draws it (``matches/board/_card.html``), from the HTML kept for
    the same face, marks and language: a game's page is read after every move and draws the
    same cards again (issue 32: a page read's cost flat over a game). The face is keyed by its
    identity (faces are kept across requests, ``matches.words.board``) and kept beside the
    HTML, so its id cannot be reused while the entry lives. A card with upgrades under it is
    drawn afresh."""
    if card.upgrades:
        return mark_safe(render_to_string(CARD_TEMPLATE, {"card": card}))
    key = (
        id(card.face),
        card.name,
        card.player,
        card.damage,
        card.strength,
        card.tapped,
        card.commander,
        card.tokens,
        card.shown,
        card.shown_now,
        get_language() or "",
    )
    kept = _kept_cards.get(key)
    if kept is None or kept[0] is not card.face:
        if len(_kept_cards) >= _CARDS_KEPT_MOST:
            _kept_cards.clear()
        stand_in = dataclasses.replace(card, uid=_STAND_IN)
        kept = _kept_cards[key] = (card.face, render_to_string(CARD_TEMPLATE, {"card": stand_in}))
    return mark_safe(kept[1].replace(dom_id(_STAND_IN), card.dom_id))
