"""The whole path with real parts: tournaments sent through the real Redis broker (REDIS_URL)
to a real ``celery worker`` process writing to this test's PostgreSQL database.

Required in CI (REQUIRE_SERVICES=1: a missing Redis or PostgreSQL fails these tests); skipped in
the README's service-free run. Each test run uses its own queue, so stray messages of other
runs on the same Redis database are never consumed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from config.celery import app
from matches.models import Match, Status, Tournament
from matches.services import TournamentRequest, tournament_create
from tests.matches.decks import four_decks

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 120  # seconds: a guard against hanging, not a timing assertion
pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _missing_services() -> str | None:
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        return "REDIS_URL is not set"
    try:
        import redis

        redis.Redis.from_url(redis_url, socket_connect_timeout=2).ping()
    except Exception as error:  # any failure to reach it
        return f"Redis at {redis_url} does not answer: {error}"
    if connection.vendor != "postgresql":
        return "the worker needs a database it can share: set DATABASE_URL to PostgreSQL"
    return None


@pytest.fixture
def services():
    problem = _missing_services()
    if problem:
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail(f"REQUIRE_SERVICES=1 but {problem}")
        pytest.skip(problem)


@pytest.fixture
def queue(services):
    name = f"test-tournaments-{uuid.uuid4().hex[:8]}"
    previous = app.conf.task_default_queue, app.conf.task_always_eager
    app.conf.task_default_queue = name
    app.conf.task_always_eager = False
    yield name
    app.conf.task_default_queue, app.conf.task_always_eager = previous


def _test_database_url() -> str:
    """The database pytest-django created for this run, for the worker process."""
    s = connection.settings_dict
    user = quote(s["USER"] or "")
    password = f":{quote(s['PASSWORD'])}" if s.get("PASSWORD") else ""
    host = s["HOST"] or "127.0.0.1"
    port = f":{s['PORT']}" if s.get("PORT") else ""
    return f"postgres://{user}{password}@{host}{port}/{s['NAME']}"


class Worker:
    def __init__(self, queue: str, concurrency: int = 1) -> None:
        env = {
            **os.environ,
            "DATABASE_URL": _test_database_url(),
            "DJANGO_SETTINGS_MODULE": "config.settings",
            # Redeliver an unacknowledged batch of a killed worker after 3 s, not an hour.
            "CELERY_VISIBILITY_TIMEOUT": "3",
            "CELERY_RESTORE_INTERVAL": "1",
            "CELERY_RESTORE_THROTTLE": "1",
        }
        env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        self.log = open(  # noqa: SIM115 (closed in stop)
            ROOT / f".pytest-worker-{queue}.log", "ab"
        )
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "-Q",
                queue,
                "--concurrency",
                str(concurrency),
                "--pool",
                "prefork",
                "--loglevel",
                "INFO",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "-n",
                f"{uuid.uuid4().hex[:6]}@%h",
            ],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: SIGKILL takes the pool too
        )

    def kill(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()
        Path(self.log.name).unlink(missing_ok=True)


@pytest.fixture
def workers(queue):
    started: list[Worker] = []

    def start(concurrency: int = 1) -> Worker:
        worker = Worker(queue, concurrency)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()


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
    pytest.fail(f"gave up waiting: {tournament.done}/{tournament.total}, {tournament.status}")


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
    worker = workers()
    _wait(tournament, lambda t: t.done > 0)
    worker.kill()
    tournament.refresh_from_db()
    assert 0 < tournament.done < expected, "the worker finished before it could be killed"
    workers()
    _assert_exactly(_wait(tournament, lambda t: t.status != Status.RUNNING), expected)
