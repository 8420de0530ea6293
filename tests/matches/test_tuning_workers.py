"""A tuning run on real workers (REDIS_URL, PostgreSQL, real ``celery worker`` processes): the
tiny run (2 iterations × 2 pairings, heuristic) ends with θ and its record, as the same run
played in this process; killed mid-iteration and followed again with ``--resume``, it ends the
same, every game counted once and nothing left running — its games are batches of the
tournament machinery (leases, healing, exact counting)."""

from __future__ import annotations

import time
from io import StringIO

import pytest
from django.core.management import call_command

from matches.models import Batch, Match, Status, Tournament, TuningRun, TuningState
from matches.tuning.services import TuningRequest, precon_versions, tuning_create
from tests.decks.factories import UserFactory
from tests.matches.aggregates import assert_aggregates_match_games
from tests.matches.doctor_decks import precons
from tests.matches.faults import FAST_HEALING
from tests.matches.test_tuning import TINY
from tests.matches.workers import worker_log_tails

DEADLINE = 300  # seconds: a guard against hanging, not a timing assertion
pytestmark = [pytest.mark.services, pytest.mark.faults, pytest.mark.django_db(transaction=True)]


def _calm_record(owner, tmp_path) -> dict:
    """The same run played in this process, undisturbed."""
    call_command(
        "tune",
        "heuristic",
        owner=owner.username,
        seed=4,
        inline=True,
        record_dir=tmp_path / "calm",
        stdout=StringIO(),
        **TINY,
    )
    return TuningRun.objects.latest("pk").record


def _same_parts(record: dict) -> dict:
    return {k: v for k, v in record.items() if k not in ("run", "tournament", "finished_at")}


def _wait(tournament: Tournament, until) -> Tournament:
    start = time.monotonic()
    while time.monotonic() - start < DEADLINE:
        tournament.refresh_from_db()
        if until(tournament):
            return tournament
        time.sleep(0.01)
    pytest.fail(
        f"gave up waiting: {tournament.done}/{tournament.total}, {tournament.status}\n"
        + worker_log_tails()
    )


def _assert_counted_once(run: TuningRun) -> None:
    tournament = Tournament.objects.get(pk=run.tournament_id)
    keys = list(Match.objects.filter(tournament=tournament).values_list("pairing_id", "game"))
    assert len(keys) == len(set(keys)) == tournament.done == tournament.total == 12
    assert run.record["games"] == {"spsa": 8, "verification": 4, "stored": 12, "counted": 12}
    assert not Batch.objects.filter(tournament=tournament, done=False).exists()
    assert tournament.status == Status.FINISHED
    assert_aggregates_match_games(tournament)  # the pairings' counters: no game twice


def test_a_tiny_tuning_runs_on_a_real_worker_and_ends_with_theta_and_its_record(
    owner, workers, tmp_path
):
    precons(UserFactory(username="maker"))
    calm = _calm_record(owner, tmp_path)
    workers(extra_env=FAST_HEALING)
    out = StringIO()
    call_command(
        "tune",
        "heuristic",
        owner=owner.username,
        seed=4,
        record_dir=tmp_path / "worker",
        timeout=DEADLINE,
        stdout=out,
        **TINY,
    )
    run = TuningRun.objects.latest("pk")
    assert run.state == TuningState.FINISHED, out.getvalue() + worker_log_tails()
    _assert_counted_once(run)
    # Played by the worker (a batch keeps its last lease's owner: ``node@host/task``).
    owners = set(
        Batch.objects.filter(tournament=run.tournament).values_list("lease_owner", flat=True)
    )
    assert owners and all("@" in owner_name for owner_name in owners)
    assert _same_parts(run.record) == _same_parts(calm)
    assert run.theta == run.record["theta_after"] != run.record["theta_before"]
    assert (tmp_path / "worker" / f"run-{run.pk}.json").exists()


def test_a_tuning_whose_worker_is_killed_mid_iteration_resumes_with_no_game_counted_twice(
    owner, workers, tmp_path
):
    precons(UserFactory(username="maker"))
    calm = _calm_record(owner, tmp_path)
    run = tuning_create(
        owner=owner,
        request=TuningRequest(
            agent="heuristic",
            versions=precon_versions(),
            iterations=TINY["iterations"],
            pairs=TINY["pairs_per_iteration"],
            seed=4,
            constants={"verify_games": TINY["verify_games"], "verify_block": TINY["verify_block"]},
            r_end=TINY["r_end"],
        ),
    )  # sent on commit
    worker = workers(extra_env=FAST_HEALING)
    leased = Batch.objects.filter(tournament=run.tournament, done=False).exclude(lease_owner="")
    _wait(run.tournament, lambda t: t.done > 0 and leased.exists())
    worker.kill()
    held = list(leased.values_list("pk", flat=True))
    tournament = Tournament.objects.get(pk=run.tournament_id)
    assert held, "the batch was recorded in the instant before the kill"
    assert tournament.status == Status.RUNNING and 0 < tournament.done < 12
    workers(extra_env=FAST_HEALING)
    out = StringIO()
    call_command(
        "tune", resume=run.pk, record_dir=tmp_path / "resumed", timeout=DEADLINE, stdout=out
    )
    run.refresh_from_db()
    assert run.state == TuningState.FINISHED, out.getvalue() + worker_log_tails()
    _assert_counted_once(run)
    # The killed worker's batch was sent again and played once; the run is the calm one.
    assert set(Batch.objects.filter(pk__in=held, sends__gt=1).values_list("pk", flat=True)) == set(
        held
    )
    assert _same_parts(run.record) == _same_parts(calm)
