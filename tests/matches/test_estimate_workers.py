"""Issue 36: the tournament form's estimate divides by the worker processes actually running
— those the workers' sweeps reported lately — not by a setting (it said about 1 s for a
6.6 s run: it assumed two workers, ``scripts/run.sh`` starts one)."""

from datetime import timedelta

import pytest

from matches.models import WorkerSeen
from matches.tournaments.estimates import tournament_estimate, worker_seen, workers

pytestmark = pytest.mark.django_db


@pytest.fixture
def broker(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.TOURNAMENT_WORKERS = 2
    settings.TOURNAMENT_SWEEP_SECONDS = 30


def test_the_workers_seen_lately_are_counted_with_their_processes(broker):
    assert workers() == 2  # none has reported yet: the setting
    worker_seen(name="celery@one", processes=1)
    assert workers() == 1  # run.sh's one worker
    worker_seen(name="celery@two", processes=3)
    assert workers() == 4
    worker_seen(name="celery@two", processes=3)  # the next sweep: one row per worker
    assert WorkerSeen.objects.count() == 2 and workers() == 4
    stale = WorkerSeen.objects.get(name="celery@two")
    stale.seen_at -= timedelta(seconds=91)  # three sweeps missed: it is gone
    stale.save()
    assert workers() == 1
    estimate = tournament_estimate(
        format="round_robin",
        count=3,
        games_per_pairing=4,
        options={},
        agents=["heuristic", "heuristic"],
    )
    assert estimate.workers == 1 and estimate.wall == pytest.approx(estimate.cpu)


def test_without_a_broker_the_web_process_is_the_one_worker(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    worker_seen(name="celery@elsewhere", processes=8)
    assert workers() == 1
