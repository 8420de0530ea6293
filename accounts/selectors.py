"""What the account page shows at a glance: the user's decks, collection, games, tournaments
and tokens, counted, with the latest few of each."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Sum

from accounts.tokens import tokens_of
from decks.models import Deck, OwnedCard
from matches.models import HumanMatch, HumanMatchStatus, Status, Tournament

LATEST = 5


@dataclass(frozen=True, slots=True)
class AccountOverview:
    decks: int
    latest_decks: list
    cards_owned: int
    different_cards: int
    games: int
    games_in_progress: int
    latest_games: list
    tournaments: int
    tournaments_running: int
    latest_tournaments: list
    tokens: list


def account_overview(*, user) -> AccountOverview:
    decks = Deck.objects.filter(owner=user, lab_copy=False).order_by("-updated_at", "-id")
    owned = OwnedCard.objects.filter(owner=user)
    games = HumanMatch.objects.filter(owner=user).select_related("deck__deck", "opponent__deck")
    tournaments = Tournament.objects.filter(owner=user).order_by("-created_at", "-id")
    return AccountOverview(
        decks=decks.count(),
        latest_decks=list(decks[:LATEST]),
        cards_owned=owned.aggregate(total=Sum("count", default=0))["total"],
        different_cards=owned.count(),
        games=games.count(),
        games_in_progress=games.filter(status=HumanMatchStatus.IN_PROGRESS).count(),
        latest_games=list(games[:LATEST]),
        tournaments=tournaments.count(),
        tournaments_running=tournaments.filter(status=Status.RUNNING).count(),
        latest_tournaments=list(tournaments[:LATEST]),
        tokens=list(tokens_of(user)),
    )
