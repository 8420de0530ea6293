"""The whole path with real parts: tournaments sent through the real Redis broker (REDIS_URL)
to a real ``celery worker`` process writing to this test's PostgreSQL database.

Required in CI (REQUIRE_SERVICES=1: a missing Redis or PostgreSQL fails these tests); skipped in
the README's service-free run. Each test run uses its own queue, so stray messages of other
runs on the same Redis database are never consumed.
"""

from __future__ import annotations

import time

import pytest

from matches.models import Match, Status, Tournament
from matches.tournaments.services import TournamentRequest, tournament_create
from tests.matches.aggregates import assert_aggregates_match_games
from tests.matches.decks import four_decks
from tests.matches.faults import FAST_HEALING
from tests.matches.workers import worker_log_tails

DEADLINE = 120  # seconds: a guard against hanging, not a timing assertion
pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _tournament(owner, decks, *, games: int, seed: int) -> Tournament:
    request = TournamentRequest(
        name="worker test",
        format="round_robin",
        versions=[deck.versions.get() for deck in decks],
        games_per_pairing=games,
        agents="random",
        seed=seed,
    )
    return tournament_create(owner=owner, request=request)  # sent on commit


def _wait(tournament: Tournament, until) -> Tournament:
    start = time.monotonic()
    while time.monotonic() - start < DEADLINE:
        tournament.refresh_from_db()
        if until(tournament):
            return tournament
        time.sleep(0.02)
    pytest.fail(
        f"gave up waiting: {tournament.done}/{tournament.total}, {tournament.status}\n"
        + worker_log_tails()
    )


def _results(tournament: Tournament) -> list[tuple]:
    return list(
        Match.objects.filter(tournament=tournament)
        .order_by("pairing__slot", "game")
        .values_list(
            "pairing__slot", "game", "seed", "a_seat", "winner_seat", "termination", "turns"
        )
    )


def _assert_exactly(tournament: Tournament, expected: int) -> None:
    assert (tournament.status, tournament.done, tournament.total) == (
        Status.FINISHED,
        expected,
        expected,
    )
    keys = list(Match.objects.filter(tournament=tournament).values_list("pairing_id", "game"))
    assert len(keys) == len(set(keys)) == expected
    assert_aggregates_match_games(tournament)


def test_tournaments_complete_on_a_real_worker_with_exactly_their_games_and_repeat(owner, workers):
    decks = four_decks(owner)
    workers(concurrency=2)
    first = _tournament(owner, decks, games=4, seed=21)
    second = _tournament(owner, decks, games=4, seed=21)
    for tournament in (first, second):
        _assert_exactly(_wait(tournament, lambda t: t.status != Status.RUNNING), 24)
    assert _results(first) == _results(second)


def test_a_worker_killed_mid_tournament_then_replaced_loses_and_duplicates_nothing(owner, workers):
    decks = four_decks(owner)
    expected = 6 * 24
    tournament = _tournament(owner, decks, games=24, seed=3)
    # The killed worker's batch comes back when its lease runs out and a sweep sees it
    # (docs/ARCHITECTURE.md): with the defaults (60 s, 30 s) that is up to 90 s after the kill,
    # too near the deadline, so these workers heal within seconds, as the fault suite's do.
    worker = workers(extra_env=FAST_HEALING)
    _wait(tournament, lambda t: t.done > 0)
    worker.kill()
    tournament.refresh_from_db()
    assert 0 < tournament.done < expected, "the worker finished before it could be killed"
    workers(extra_env=FAST_HEALING)
    _assert_exactly(_wait(tournament, lambda t: t.status != Status.RUNNING), expected)
