"""Issue 36, hole 3: card figures are stored as sums, added to as each batch is recorded, so
the tournament page and the card page read a few rows instead of every game's tally. The
stored sums equal the figures recomputed from every stored game (after more games are added
too, and as the migration fills them from games stored before), and the pages' queries do not
grow with the games."""

import importlib

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.models import CardTally, Entry, Match
from matches.tournaments.card_figures import figures_from_games, game_points
from matches.tournaments.card_tallies import card_figures
from matches.tournaments.extend import tournament_more
from matches.tournaments.services import (
    TournamentRequest,
    tournament_create,
    tournament_play_inline,
)
from tests.matches.decks import four_decks

pytestmark = pytest.mark.django_db


def _played(owner, decks, games: int, *, public: bool = True):
    tournament = tournament_create(
        owner=owner,
        request=TournamentRequest(
            name=f"Суммы {games}",
            format="round_robin",
            versions=[deck.versions.get() for deck in decks],
            games_per_pairing=games,
            agents="random",
            seed=5,
            is_public=public,
        ),
        dispatch=False,
    )
    return tournament_play_inline(tournament=tournament)


def _recomputed(tournament):
    """The figures from every stored game's tally: what the page computed on each view."""
    ranks = dict(Entry.objects.filter(tournament=tournament).values_list("deck_version", "rank"))
    games = []
    for match in Match.objects.filter(tournament=tournament):
        tallies = match.summary.get("cards")
        for seat, version in ((0, match.seat0_id), (1, match.seat1_id)):
            if tallies:
                games.append(
                    (ranks[version], game_points(match.winner_seat, seat) / 2, tallies[seat])
                )
    return figures_from_games(games)


def test_the_stored_sums_are_the_figures_of_every_stored_game(owner):
    decks = four_decks(owner)[:3]
    tournament = _played(owner, decks, 4)
    with CaptureQueriesContext(connection) as captured:
        stored = card_figures(tournament=tournament)
    assert not [q for q in captured if '"matches_match"' in q["sql"]]
    assert stored and stored == _recomputed(tournament)
    tournament_more(tournament=tournament, games=2, dispatch=False)  # run again: more games
    tournament = tournament_play_inline(tournament=tournament)
    assert Match.objects.filter(tournament=tournament).count() == 3 * 6
    assert card_figures(tournament=tournament) == _recomputed(tournament)


def test_the_migration_fills_the_sums_from_the_games_stored_before(owner):
    tournament = _played(owner, four_decks(owner)[:2], 4)
    expected = card_figures(tournament=tournament)
    CardTally.objects.all().delete()  # as before the migration
    assert card_figures(tournament=tournament) == []
    migration = importlib.import_module("matches.migrations.0007_card_tallies")
    migration.sums_from_stored_games(apps, None)
    assert card_figures(tournament=tournament) == expected


def _queries(client, url: str, *, games_read: bool = True) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    if not games_read:  # the figures come from the sums, never from the games
        assert not [q for q in captured if '"matches_match"' in q["sql"]]
    return len(captured)


def test_the_pages_queries_do_not_grow_with_the_games(owner, client):
    from cardbase.models import Card

    decks = four_decks(owner)[:2]
    card = Card.objects.get(name_ru="Тестовый бомбардировщик")
    card_page = f"/games/komandor/cards/{card.key}/"
    small = _played(owner, decks, 2)
    with_small = _queries(client, card_page, games_read=False)
    big = _played(owner, decks, 8)
    assert big.done == 4 * small.done
    # The card page reads the sums of public tournaments: no more queries for 5 × the games.
    assert _queries(client, card_page, games_read=False) == with_small
    # The tournament page: the same queries for four times the games.
    assert _queries(client, f"/tournaments/{small.pk}/") == _queries(
        client, f"/tournaments/{big.pk}/"
    )
