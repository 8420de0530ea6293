"""Reads for the deck lab: the tournaments a deck played with its record, and a card's decks
and figures across public tournaments."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from decks.card_specs import card_spec_of
from decks.models import Deck, DeckEntry, Visibility
from matches.models import Match
from matches.tournaments.card_figures import CardFigures, figures_from_games, tournament_card_games
from matches.tournaments.selectors import tournaments_visible

DECK_TOURNAMENTS = 20
CARD_MATCHES = 2000  # a card page reads at most this many recent public games


def deck_tournaments(*, user, deck: Deck) -> list[dict[str, Any]]:
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


def card_decks(*, user, card) -> dict[str, list[Deck]]:
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


def card_public_figures(*, card) -> CardFigures | None:
    """The card's figures over the recent games of public tournaments, every deck that played
    it pooled (the same bias as in a tournament, and more: decks differ)."""
    name = card_spec_of(card).get("name")
    holding = DeckEntry.objects.filter(card=card).values("deck_id")
    recent = (
        Match.objects.filter(tournament__is_public=True)
        .filter(Q(seat0__deck__in=holding) | Q(seat1__deck__in=holding))
        .order_by("-id")[:CARD_MATCHES]
    )
    games = [
        (0, score, {name: tally[name]})
        for _, _, score, tally in tournament_card_games(tournaments=(), matches=recent)
        if name in tally
    ]
    figures = figures_from_games(games)
    return figures[0] if figures else None
