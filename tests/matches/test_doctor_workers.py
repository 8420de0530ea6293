"""The deck doctor on real workers (REDIS_URL, PostgreSQL, real ``celery worker`` processes):
a run whose worker is killed mid-run and replaced ends with the same games, the same
screening and the same confirmed suggestions as the same run played undisturbed, because its
games are batches of the tournament machinery (leases, healing, exact counting)."""

from __future__ import annotations

import time

import pytest

from matches.lab.doctor import doctor_create, doctor_report
from matches.models import Match, Status, Tournament
from matches.tournaments.services import tournament_play_inline
from tests.decks.factories import UserFactory
from tests.matches.aggregates import assert_aggregates_match_games
from tests.matches.doctor_decks import ballast_deck, precons
from tests.matches.faults import FAST_HEALING
from tests.matches.workers import worker_log_tails

DEADLINE = 600  # seconds: a guard against hanging, not a timing assertion
BUDGET = 120
pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _wait(tournament: Tournament, until) -> Tournament:
    start = time.monotonic()
    while time.monotonic() - start < DEADLINE:
        tournament.refresh_from_db()
        if until(tournament):
            return tournament
        time.sleep(0.05)
    pytest.fail(
        f"gave up waiting: {tournament.done}/{tournament.total}, {tournament.status}\n"
        + worker_log_tails()
    )


def _games(tournament: Tournament) -> list[tuple]:
    return list(
        Match.objects.filter(tournament=tournament)
        .order_by("pairing__round", "pairing__slot", "game")
        .values_list(
            "pairing__round", "pairing__slot", "game", "seed", "a_seat", "winner_seat", "turns"
        )
    )


def _same_parts(report: dict) -> dict:
    """The report without what names the run (its candidate decks' ids are its own)."""
    return {key: value for key, value in report.items() if key != "running"}


def test_a_doctor_run_with_a_worker_killed_ends_as_the_undisturbed_one(owner, workers):
    precons(UserFactory(username="maker"))
    deck = ballast_deck(owner)
    calm = doctor_create(owner=owner, deck=deck, budget_games=BUDGET, dispatch=False)
    calm = tournament_play_inline(tournament=calm)
    assert calm.status == Status.FINISHED

    disturbed = doctor_create(owner=owner, deck=deck, budget_games=BUDGET)  # sent on commit
    worker = workers(extra_env=FAST_HEALING)
    _wait(disturbed, lambda t: t.done > 0)
    worker.kill()
    disturbed.refresh_from_db()
    assert disturbed.status == Status.RUNNING, "the run ended before its worker was killed"
    workers(extra_env=FAST_HEALING)
    disturbed = _wait(disturbed, lambda t: t.status != Status.RUNNING)

    assert disturbed.status == Status.FINISHED
    assert disturbed.done == calm.done == Match.objects.filter(tournament=disturbed).count()
    keys = list(Match.objects.filter(tournament=disturbed).values_list("pairing_id", "game"))
    assert len(keys) == len(set(keys))
    assert_aggregates_match_games(disturbed)
    assert _games(disturbed) == _games(calm)
    assert disturbed.decision == calm.decision
    assert _same_parts(doctor_report(tournament=disturbed)) == _same_parts(
        doctor_report(tournament=calm)
    )
