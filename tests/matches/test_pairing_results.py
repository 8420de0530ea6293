"""Issue 36, hole 3: each pairing's results are kept as counters, added to in the transaction
that stores a batch's games, so standings, pairings, the formats' history and the list of
games read one row per pairing instead of every game. The counters equal the results counted
afresh from the stored games — after more games, after a batch recorded twice or by a worker
whose lease was taken over, and as the migration fills them — and the tournament page and its
API answers read the same rows for 10 as for 200 stored games."""

import importlib
import json

import pytest
from django.apps import apps
from django.core.paginator import Paginator
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardbase.api.pagination import PageNumbers
from matches.models import Batch, Match, Pairing, Status, Tournament
from matches.tournaments import views
from matches.tournaments.batches import batch_claim, batch_play, batch_record
from matches.tournaments.extend import tournament_more
from matches.tournaments.pairing_results import results_of_games, results_stored, series_history
from matches.tournaments.selectors import TournamentGames
from matches.tournaments.services import (
    TournamentRequest,
    pending_batches,
    tournament_create,
    tournament_play_inline,
)
from tests.matches.aggregates import assert_aggregates_match_games
from tests.matches.decks import four_decks

pytestmark = pytest.mark.django_db


def _create(owner, decks, games: int, **fields):
    return tournament_create(
        owner=owner,
        request=TournamentRequest(
            name="Счёт",
            format=fields.pop("format", "round_robin"),
            versions=[deck.versions.get() for deck in decks],
            games_per_pairing=games,
            agents="random",
            seed=fields.pop("seed", 7),
            is_public=True,
            **fields,
        ),
        dispatch=False,
    )


def _planned_order(tournament) -> list[int]:
    """The games as the list showed them before the counters: by round, slot and game."""
    return list(
        Match.objects.filter(tournament=tournament)
        .order_by("pairing__round", "pairing__slot", "game")
        .values_list("pk", flat=True)
    )


def _paged(tournament, per_page: int) -> list[int]:
    pages = Paginator(TournamentGames(tournament=tournament, light=True), per_page)
    return [game.pk for number in pages.page_range for game in pages.page(number)]


def _copy(match: Match) -> Match:
    """An unsaved row with ``match``'s fields: the same game as a worker would record it."""
    return Match(
        **{
            f.attname: getattr(match, f.attname)
            for f in Match._meta.concrete_fields
            if f.attname != "id"
        }
    )


def test_the_counters_are_the_results_of_every_stored_game(owner):
    tournament = tournament_play_inline(tournament=_create(owner, four_decks(owner)[:3], 4))
    assert_aggregates_match_games(tournament)
    assert sum(sum(found) for found in results_stored(tournament_id=tournament.pk).values()) == 12
    tournament_more(tournament=tournament, games=2, dispatch=False)  # a second round
    tournament = tournament_play_inline(tournament=tournament)
    assert tournament.done == 3 * 6
    assert_aggregates_match_games(tournament)


def test_swiss_rounds_are_paired_from_the_counters_as_from_the_games(owner):
    tournament = _create(owner, four_decks(owner), 2, format="swiss", options={"rounds": 3})
    tournament = tournament_play_inline(tournament=tournament)
    assert tournament.status == Status.FINISHED and tournament.round == 3
    assert_aggregates_match_games(tournament)
    counted = results_of_games(tournament_id=tournament.pk)
    pairings = Pairing.objects.filter(tournament=tournament)
    assert [
        (r.round, r.a_wins, r.b_wins, r.draws) for r in series_history(tournament=tournament)
    ] == [(p.round, *counted[p.pk]) for p in pairings]


def test_a_batch_recorded_again_or_by_a_worker_that_lost_its_lease_counts_nothing(owner):
    tournament = _create(owner, four_decks(owner)[:2], 4)
    first, second = pending_batches(tournament=tournament)
    # A worker takes the batch and is cut off; its lease runs out and another plays it.
    assert batch_claim(batch_id=first, owner="cut off")
    Batch.objects.filter(pk=first).update(lease_expires="2000-01-01T00:00:00Z")
    assert batch_play(batch_id=first, owner="the next worker")
    assert_aggregates_match_games(tournament)
    recorded = list(Match.objects.filter(tournament=tournament))

    def again() -> list[Match]:
        return [_copy(match) for match in recorded]

    # The cut-off worker comes back with the same games: its lease is gone, nothing is written.
    assert batch_record(batch_id=first, owner="cut off", rows=again()) is False
    # The batch's message delivered again: the batch is done, nothing is played.
    assert batch_play(batch_id=first, owner="the next worker") is False
    assert_aggregates_match_games(tournament)
    # A second batch row holding the same games (a row written twice): they are stored
    # already, so recording them again overwrites them and counts nothing.
    duplicate = Batch.objects.create(
        tournament=tournament, round=1, number=99, items=Batch.objects.get(pk=first).items
    )
    assert batch_claim(batch_id=duplicate.pk, owner="third")
    assert batch_record(batch_id=duplicate.pk, owner="third", rows=again()) is True
    assert_aggregates_match_games(tournament)
    assert tournament.done == 2
    assert batch_play(batch_id=second, owner="third")
    tournament.refresh_from_db()
    assert tournament.done == 4
    assert_aggregates_match_games(tournament)


def test_the_migration_fills_the_counters_from_the_games_stored_before(owner):
    tournament = tournament_play_inline(tournament=_create(owner, four_decks(owner)[:3], 4))
    expected = results_stored(tournament_id=tournament.pk)
    Pairing.objects.update(a_wins=0, b_wins=0, draws=0)  # as before the migration
    assert set(results_stored(tournament_id=tournament.pk).values()) == {(0, 0, 0)}
    migration = importlib.import_module("matches.migrations.0011_pairing_results")
    migration.results_from_stored_games(apps, None)
    assert results_stored(tournament_id=tournament.pk) == expected
    assert_aggregates_match_games(tournament)


def test_the_list_of_games_keeps_the_round_slot_game_order_on_every_page(owner):
    decks = four_decks(owner)
    swiss = tournament_play_inline(
        tournament=_create(owner, decks, 4, format="swiss", options={"rounds": 2})
    )
    assert len(_planned_order(swiss)) == 16
    for per_page in (1, 3, 5, 16, 50):
        assert _paged(swiss, per_page) == _planned_order(swiss)
    # While it is played: pairings with some of their games stored, in any order.
    running = _create(owner, decks[:2], 8, seed=11)
    batches = pending_batches(tournament=running)
    assert len(batches) > 1
    assert batch_play(batch_id=batches[-1], owner="w")
    for per_page in (1, 3, 50):
        assert _paged(running, per_page) == _planned_order(running)
    games = TournamentGames(tournament=running)
    assert games.count() == len(_planned_order(running)) and games[100:150] == []


def test_the_page_shows_the_games_of_the_page_asked_for(owner, client, monkeypatch):
    monkeypatch.setattr(views, "MATCHES_PER_PAGE", 3)
    tournament = tournament_play_inline(tournament=_create(owner, four_decks(owner)[:3], 2))
    order = _planned_order(tournament)
    page = client.get(f"/tournaments/{tournament.pk}/?page=2").content.decode()
    shown = [pk for pk in order if f'href="/matches/{pk}/"' in page]
    assert shown == order[3:6]
    assert "2 / 2" in page
    answer = client.get(f"/api/tournaments/{tournament.pk}/matches/").json()
    assert [m["id"] for m in answer["results"]] == order and answer["count"] == 6


def _rows_read(sql: str) -> int:
    """Rows a PostgreSQL plan reads (every scan's rows, those its filter removed included)."""
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}")
        plan = cursor.fetchone()[0]
    plan = plan if isinstance(plan, list) else json.loads(plan)

    def walk(node: dict) -> int:
        own = 0
        if "Scan" in node["Node Type"]:
            own = (node["Actual Rows"] + node.get("Rows Removed by Filter", 0)) * node[
                "Actual Loops"
            ]
        return own + sum(walk(child) for child in node.get("Plans", []))

    return walk(plan[0]["Plan"])


def _reads(client, urls: list[str]) -> list[tuple[int, int]]:
    """Per URL: its queries, and on PostgreSQL the rows they read (with sequential scans off,
    so the planner's choice on a test's tiny tables does not stand in for the indexes)."""
    found = []
    for url in urls:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200, url
        rows = 0
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL enable_seqscan = off")
            rows = sum(_rows_read(q["sql"]) for q in captured if q["sql"].startswith("SELECT"))
        found.append((len(captured), rows))
    return found


def test_the_page_and_its_api_answers_read_the_same_rows_for_10_as_for_200_games(
    owner, client, monkeypatch
):
    """Ten games played, then 190 more of the same pairing recorded by the path a batch takes
    (``batch_record``): the page (first and last page of its games, pages of 5), the live part,
    the API's answer and its list of games read the same rows; none reads every game."""
    monkeypatch.setattr(views, "MATCHES_PER_PAGE", 5)
    monkeypatch.setattr(PageNumbers, "page_size", 5)  # the API's pages full at 10 games too
    tournament = tournament_play_inline(tournament=_create(owner, four_decks(owner)[:2], 10))
    base = f"/tournaments/{tournament.pk}/"
    api = f"/api/tournaments/{tournament.pk}/"

    def urls(games: int) -> list[str]:
        return [base, f"{base}?page={games // 5}", f"{base}live/", api, f"{api}matches/"]

    small = _reads(client, urls(10))
    pairing = Pairing.objects.get(tournament=tournament)
    played = list(Match.objects.filter(tournament=tournament).order_by("game"))
    Pairing.objects.filter(pk=pairing.pk).update(games=200)
    Tournament.objects.filter(pk=tournament.pk).update(status=Status.RUNNING, total=200)
    more = Batch.objects.create(
        tournament=tournament, round=1, number=50, items=[[pairing.pk, g] for g in range(10, 200)]
    )
    assert batch_claim(batch_id=more.pk, owner="w")
    copies = []
    for game in range(10, 200):
        copy = _copy(played[game % 10])
        copy.game = game
        copies.append(copy)
    assert batch_record(batch_id=more.pk, owner="w", rows=copies)
    Tournament.objects.filter(pk=tournament.pk).update(status=Status.FINISHED)
    assert_aggregates_match_games(tournament)
    assert Match.objects.filter(tournament=tournament).count() == 200
    assert _reads(client, urls(200)) == small
