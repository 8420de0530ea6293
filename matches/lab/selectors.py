"""Reads for the deck lab: the tournaments a deck played with its record, and a card's decks
and figures across public tournaments."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q

from cardbase.models import Card
from decks.card_specs import card_spec_of
from decks.models import Deck, DeckEntry, Visibility
from matches.models import Match
from matches.tournaments import card_tallies
from matches.tournaments.card_figures import CardFigures
from matches.tournaments.selectors import tournaments_visible

DECK_TOURNAMENTS = 20


def deck_tournaments(*, user: User | AnonymousUser, deck: Deck) -> list[dict[str, Any]]:
    """The visible tournaments any version of ``deck`` played in (newest first), each with
    the deck's wins, losses and draws there."""
    tournaments = list(
        tournaments_visible(user=user)
        .filter(entries__deck_version__deck=deck)
        .distinct()
        .order_by("-created_at", "-id")[:DECK_TOURNAMENTS]
    )
    records = {t.pk: [0, 0, 0] for t in tournaments}
    games = Match.objects.filter(tournament__in=tournaments).filter(
        Q(seat0__deck=deck) | Q(seat1__deck=deck)
    )
    for tournament_id, deck0, deck1, winner in games.values_list(
        "tournament_id", "seat0__deck_id", "seat1__deck_id", "winner_seat"
    ):
        for seat, seat_deck in ((0, deck0), (1, deck1)):
            if seat_deck != deck.pk:
                continue
            record = records[tournament_id]
            record[2 if winner is None else 0 if winner == seat else 1] += 1
    return [
        {"tournament": t, "wins": w, "losses": lo, "draws": d}
        for t in tournaments
        for w, lo, d in [records[t.pk]]
    ]


def card_decks(*, user: User | AnonymousUser, card: Card) -> dict[str, list[Deck]]:
    """Precons and public decks (and the user's own) whose list holds ``card``."""
    holding = DeckEntry.objects.filter(card=card).values("deck_id")
    visible = Q(owner__isnull=True) | Q(visibility=Visibility.PUBLIC)
    if getattr(user, "is_authenticated", False):
        visible |= Q(owner=user)
    decks = list(
        Deck.objects.filter(visible, pk__in=holding).select_related("owner").order_by("name")[:50]
    )
    return {
        "precons": [d for d in decks if d.owner_id is None],
        "decks": [d for d in decks if d.owner_id is not None],
    }


def card_public_figures(*, card: Card) -> CardFigures | None:
    """The card's figures over the games of public tournaments, every deck everyone may see
    that played it pooled (stored sums: ``matches.tournaments.card_tallies``)."""
    name = card_spec_of(card).get("name")
    return card_tallies.card_public_figures(name=name) if name else None
