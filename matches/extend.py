"""Run a finished tournament again with more games: new deals added to its results.

Round robins and gauntlets get one more round holding every pairing they played, with new
seeds (a new round number gives new seeds); a head-to-head or swap test that stopped at its
cap undecided gets a higher cap and goes on where it stopped. Swiss and knockout brackets
cannot take more games without changing who met whom, so they are refused.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from matches import formats
from matches.models import Pairing, Status, Tournament
from matches.services import (
    MAX_GAMES_PER_PAIRING,
    TournamentError,
    _check_limits,
    _round_schedule,
    batches_of,
    dispatch_batches,
    series_history,
)

REPEATABLE = (formats.ROUND_ROBIN, formats.DOUBLE_ROUND_ROBIN, formats.GAUNTLET)
SEQUENTIAL = (formats.HEAD_TO_HEAD, formats.SWAP)


def can_extend(tournament: Tournament) -> bool:
    if tournament.status != Status.FINISHED:
        return False
    if tournament.format in REPEATABLE:
        return True
    return tournament.format in SEQUENTIAL and tournament.decision in (
        "undecided",
        "swap_undecided",
    )


def tournament_more(*, tournament: Tournament, games: int, dispatch: bool = True) -> Tournament:
    """Add ``games`` games per pairing (a repeatable format) or to the cap (a sequential test);
    raises ``TournamentError`` or ``LimitExceeded``."""
    if not can_extend(tournament):
        raise TournamentError(
            "invalid",
            "games",
            {"games": ["only a finished round robin or gauntlet, or a test stopped undecided"]},
        )
    if not 2 <= games <= MAX_GAMES_PER_PAIRING or games % 2:
        raise TournamentError(
            "invalid", "games", {"games": [f"an even number from 2 to {MAX_GAMES_PER_PAIRING}"]}
        )
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.format in REPEATABLE:
            batches = _repeat_round(tournament=tournament, games=games)
        else:
            _check_limits(owner=tournament.owner, new_games=games)
            options = {**tournament.options, "max_games": tournament.options["max_games"] + games}
            Tournament.objects.filter(pk=tournament.pk).update(
                options=options,
                total=F("total") + games,
                status=Status.RUNNING,
                finished_at=None,
                decision="",
            )
            tournament.refresh_from_db()
            batches = _round_schedule(
                tournament=tournament, history=series_history(tournament=tournament)
            )
        if dispatch:
            transaction.on_commit(lambda: dispatch_batches(tournament.pk, batches))
    tournament.refresh_from_db()
    return tournament


def _repeat_round(*, tournament: Tournament, games: int) -> list:
    pairs = list(
        dict.fromkeys(
            Pairing.objects.filter(tournament=tournament)
            .order_by("round", "slot")
            .values_list("a_id", "b_id")
        )
    )
    added = games * len(pairs)
    _check_limits(owner=tournament.owner, new_games=added)
    number = tournament.round + 1
    Pairing.objects.bulk_create(
        Pairing(tournament=tournament, round=number, slot=slot, a_id=a, b_id=b, games=games)
        for slot, (a, b) in enumerate(pairs)
    )
    Tournament.objects.filter(pk=tournament.pk).update(
        round=number,
        round_target=F("done") + added,
        total=F("total") + added,
        status=Status.RUNNING,
        finished_at=None,
    )
    items = [
        (pairing.pk, game)
        for pairing in Pairing.objects.filter(tournament=tournament, round=number)
        for game in range(pairing.games)
    ]
    return batches_of(items)
