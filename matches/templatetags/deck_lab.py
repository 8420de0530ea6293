"""Inclusion tags the deck and card pages include: a deck's tournaments and lab actions, a
card's decks and figures (kept here so those pages change by one line each)."""

from __future__ import annotations

from django import template

from matches.lab import selectors as lab_selectors

register = template.Library()


@register.inclusion_tag("matches/_deck_lab.html", takes_context=True)
def deck_lab(context, deck):
    user = context["request"].user
    return {
        "deck": deck,
        "user": user,
        "csrf_token": context.get("csrf_token"),
        "played": lab_selectors.deck_tournaments(user=user, deck=deck),
    }


@register.inclusion_tag("matches/_card_lab.html", takes_context=True)
def card_lab(context, card):
    user = context["request"].user
    return {
        "card": card,
        "decks": lab_selectors.card_decks(user=user, card=card),
        "figures": lab_selectors.card_public_figures(card=card),
    }
