"""Run a finished tournament again with more games: new deals added to its results.

Round robins and gauntlets get one more round holding every pairing they played, with new
seeds (a new round number gives new seeds); a head-to-head or swap test that stopped at its
cap undecided gets a higher cap and goes on where it stopped. Swiss and knockout brackets
cannot take more games without changing who met whom, so they are refused. A deck doctor
left undecided goes on confirming (its screening is fixed at the start).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext

from matches.models import Pairing, Status, Tournament
from matches.tournaments import formats
from matches.tournaments.batches import round_open
from matches.tournaments.budget import expected_game_cpu, limits_check
from matches.tournaments.errors import TournamentError
from matches.tournaments.services import MAX_GAMES_PER_PAIRING
from matches.tournaments.tasks import advance_and_send, batches_send

REPEATABLE = (formats.ROUND_ROBIN, formats.DOUBLE_ROUND_ROBIN, formats.GAUNTLET)
SEQUENTIAL = (formats.HEAD_TO_HEAD, formats.SWAP, formats.DOCTOR)


def can_extend(tournament: Tournament) -> bool:
    if tournament.status != Status.FINISHED:
        return False
    if tournament.format in REPEATABLE:
        return True
    return tournament.format in SEQUENTIAL and tournament.decision in (
        "undecided",
        "swap_undecided",
        "doctor_undecided",
    )


def tournament_more(*, tournament: Tournament, games: int, dispatch: bool = True) -> Tournament:
    """Add ``games`` games per pairing (a repeatable format) or to the cap (a sequential test);
    raises ``TournamentError`` or ``LimitExceeded``."""
    if not can_extend(tournament):
        raise TournamentError(
            "invalid",
            "games",
            {
                "games": [
                    gettext(
                        "Only a finished round robin or gauntlet, or a test stopped undecided, "
                        "takes more games."
                    )
                ]
            },
        )
    if not 2 <= games <= MAX_GAMES_PER_PAIRING or games % 2:
        raise TournamentError(
            "invalid",
            "games",
            {
                "games": [
                    gettext("An even number from 2 to %(most)s.") % {"most": MAX_GAMES_PER_PAIRING}
                ]
            },
        )
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.format in REPEATABLE:
            batches = _repeat_round(tournament=tournament, games=games)
        else:
            _limits(tournament=tournament, games=games)
            options = {**tournament.options, "max_games": tournament.options["max_games"] + games}
            Tournament.objects.filter(pk=tournament.pk).update(
                options=options,
                total=F("total") + games,
                status=Status.RUNNING,
                finished_at=None,
                decision="",
            )
            batches = []  # the advance step opens the next block (``matches.tournaments.progress``)
        if dispatch:
            transaction.on_commit(lambda: _go_on(tournament.pk, batches))
    tournament.refresh_from_db()
    return tournament


def _go_on(tournament_id: int, batches: list[int]) -> None:
    if batches:
        batches_send(tournament_id, batches)
    else:
        advance_and_send(tournament_id=tournament_id)


def _limits(*, tournament: Tournament, games: int) -> None:
    cpu = games * expected_game_cpu(agents=tournament.agents, turn_cap=tournament.turn_cap)
    limits_check(owner=tournament.owner, new_games=games, new_cpu=cpu)


def _repeat_round(*, tournament: Tournament, games: int) -> list[int]:
    """One more round holding every pairing played so far, ``games`` each (new seeds: a new
    round number); returns its batches, to send after the commit."""
    pairs = list(
        dict.fromkeys(
            Pairing.objects.filter(tournament=tournament)
            .order_by("round", "slot")
            .values_list("a__rank", "b__rank")
        )
    )
    added = games * len(pairs)
    _limits(tournament=tournament, games=added)
    Tournament.objects.filter(pk=tournament.pk).update(
        total=F("total") + added, status=Status.RUNNING, finished_at=None
    )
    tournament.refresh_from_db()
    plans = [formats.PairingPlan(a, b, games) for a, b in pairs]
    return round_open(tournament=tournament, number=tournament.round + 1, plans=plans)
