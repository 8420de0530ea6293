"""The check that a tournament's stored aggregates — its pairings' results
(``pairing_results.py``), its card sums (``card_tallies.py``) and ``done`` — equal the same
aggregates computed afresh from its stored games: after every path that heals or retries a
batch (a worker killed, a batch redelivered, a lease taken over), no game counted twice and
none left out."""

from __future__ import annotations

from matches.models import CardTally, Match, Tournament
from matches.tournaments.card_figures import TALLY_FIELDS, TallySums, sums_from_games
from matches.tournaments.card_tallies import games_tallied
from matches.tournaments.pairing_results import results_of_games, results_stored


def card_sums_stored(tournament: Tournament) -> dict:
    return {
        (row["deck_version"], row["name"]): TallySums(**{f: row[f] for f in TALLY_FIELDS})
        for row in CardTally.objects.filter(tournament=tournament).values(
            "deck_version", "name", *TALLY_FIELDS
        )
    }


def card_sums_of_games(tournament: Tournament) -> dict:
    return sums_from_games(games_tallied(Match.objects.filter(tournament=tournament)))


def assert_aggregates_match_games(tournament: Tournament) -> None:
    tournament.refresh_from_db()
    stored_games = Match.objects.filter(tournament=tournament).count()
    assert tournament.done == stored_games
    pairings = results_stored(tournament_id=tournament.pk)
    assert pairings == results_of_games(tournament_id=tournament.pk)
    assert sum(sum(found) for found in pairings.values()) == stored_games
    assert card_sums_stored(tournament) == card_sums_of_games(tournament)
