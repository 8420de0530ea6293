"""Deck bits other pages show: a deck's name in the page's language, and on a Commander's
card page a "new deck with this Commander" form and the precons that Commander leads."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from decks.collection import owned_counts
from decks.forms import DeckNewForm
from decks.selectors import decks_precon
from komandor.rules.deck_rules import COMMANDER, KOMANDOR

register = template.Library()


@register.filter
def deck_name(deck) -> str:
    return deck.localised_name(get_language() or "")


@register.filter
def deck_description(deck) -> str:
    return deck.localised_description(get_language() or "")


@register.inclusion_tag("decks/_commander_decks.html", takes_context=True)
def commander_decks(context, card) -> dict:
    """Nothing for a card that is not a Komandor Commander."""
    if card.game.slug != KOMANDOR or card.card_type != COMMANDER:
        return {"show": False}
    name = card.name_en if get_language() == "en" and card.name_en else card.name_ru
    return {
        "show": True,
        "card": card,
        "user": context.get("user"),
        "request": context.get("request"),
        "csrf_token": context.get("csrf_token"),
        "precons": decks_precon(commander_id=card.id),
        "form": DeckNewForm(initial={"name": name, "commander": card.id}),
    }


@register.inclusion_tag("decks/_owned_copies.html", takes_context=True)
def owned_copies(context, card) -> dict:
    """On a Komandor card's page, a signed-in player's copies of it, to change in place."""
    user = context.get("user")
    if card.game.slug != KOMANDOR or user is None or not user.is_authenticated:
        return {"show": False}
    return {
        "show": True,
        "card": card,
        "count": owned_counts(user=user, card_ids=[card.id]).get(card.id, 0),
        "csrf_token": context.get("csrf_token"),
        "request": context.get("request"),
    }
