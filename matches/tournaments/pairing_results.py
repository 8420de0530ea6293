"""Each pairing's results kept as counters (issue 36, hole 3).

``Pairing.a_wins``, ``b_wins`` and ``draws`` count the games of the pairing stored so far,
from deck A's side. ``batches.batch_record`` adds a batch's new games to them in the
transaction that stores the games, the same games it adds to ``Tournament.done`` and to the
card sums (``card_tallies.py``): a batch recorded twice, or by a worker whose lease was taken
over, adds nothing, since only the owner of a batch not yet done records it. The addition is
an ``UPDATE … SET a_wins = a_wins + n`` per pairing, so batches of one pairing recorded at
once never lose a game; pairings are updated in id order, so two such transactions wait for
each other rather than deadlock.

Standings, pairings, the formats' history and the list of games read these counters: a few
rows per pairing, however many games are stored.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from django.db.models import Count, F, Q

from matches.models import Match, Pairing, Tournament
from matches.tournaments import formats


class Results(NamedTuple):
    a_wins: int
    b_wins: int
    draws: int


def _counted(rows: Iterable[tuple[int, int | None, int]]) -> dict[int, Results]:
    """``(pairing id, winner seat, deck A's seat)`` per game → counts per pairing."""
    counts: dict[int, list[int]] = {}
    for pairing_id, winner_seat, a_seat in rows:
        found = counts.setdefault(pairing_id, [0, 0, 0])
        if winner_seat is None:
            found[2] += 1
        elif winner_seat == a_seat:
            found[0] += 1
        else:
            found[1] += 1
    return {pairing_id: Results(*found) for pairing_id, found in counts.items()}


def pairing_results_add(*, rows: Iterable[Match]) -> None:
    """Add the games ``rows`` (new to their pairings) to the pairings' counters; in the
    caller's transaction."""
    added = _counted(
        (row.pairing_id, row.winner_seat, row.a_seat) for row in rows if row.pairing_id
    )
    for pairing_id, (a_wins, b_wins, draws) in sorted(added.items()):
        Pairing.objects.filter(pk=pairing_id).update(
            a_wins=F("a_wins") + a_wins, b_wins=F("b_wins") + b_wins, draws=F("draws") + draws
        )


def results_stored(*, tournament_id: int) -> dict[int, Results]:
    """Per pairing of the tournament, its counters as kept."""
    return {
        pk: Results(a_wins, b_wins, draws)
        for pk, a_wins, b_wins, draws in Pairing.objects.filter(
            tournament_id=tournament_id
        ).values_list("pk", "a_wins", "b_wins", "draws")
    }


def results_of_games(*, tournament_id: int) -> dict[int, Results]:
    """Per pairing of the tournament, the counts of its stored games, counted afresh (what
    the counters must equal: the checks after faults, the migration)."""
    rows = (
        Match.objects.filter(tournament_id=tournament_id)
        .order_by()
        .values("pairing_id")
        .annotate(
            a_wins=Count("id", filter=Q(winner_seat=F("a_seat"))),
            draws=Count("id", filter=Q(winner_seat__isnull=True)),
            games=Count("id"),
        )
    )
    counted = {
        pk: Results(0, 0, 0)
        for pk in Pairing.objects.filter(tournament_id=tournament_id).values_list("pk", flat=True)
    }
    for row in rows:
        counted[row["pairing_id"]] = Results(
            row["a_wins"], row["games"] - row["a_wins"] - row["draws"], row["draws"]
        )
    return counted


def series_history(
    *, tournament: Tournament, before_round: int | None = None
) -> list[formats.SeriesResult]:
    """Every pairing's result so far (of the rounds before ``before_round``, when given), in
    entry ranks, for the formats: the pairings' counters, kept in the transactions that
    store the games."""
    pairings = Pairing.objects.filter(tournament=tournament)
    if before_round is not None:
        pairings = pairings.filter(round__lt=before_round)
    return [
        formats.SeriesResult(number, a, b, a_wins, b_wins, draws)
        for number, a, b, a_wins, b_wins, draws in pairings.values_list(
            "round", "a__rank", "b__rank", "a_wins", "b_wins", "draws"
        )
    ]
