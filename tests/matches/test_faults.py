"""Fault injection (issue 18): real workers, real brokers, faults injected mid-tournament.

Each case ends with exactly the planned games, none twice, the tournament finished, within
``DEADLINE`` seconds of the fault (a bound on the healing, not a speed measurement: with the
workers' fast-healing settings, ``faults.FAST_HEALING``, each heals in a few seconds). The
machine's shared Redis and PostgreSQL are never stopped: a case that takes a service away
brings its own (``tests/matches/faults.py``). Marker ``faults``; part of the README's test
command and of CI (PostgreSQL + Redis, ``REQUIRE_SERVICES=1``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from django.db import connection
from rest_framework.test import APIClient

from matches.models import Batch, Match, Pairing, Problem, Status, Tournament
from matches.tournaments.batches import batch_play
from matches.tournaments.services import TournamentRequest, pending_batches, tournament_create
from matches.tournaments.tasks import play_batch
from tests.matches.aggregates import assert_aggregates_match_games
from tests.matches.decks import four_decks, identical_decks
from tests.matches.faults import FAST_HEALING, PrivateRedis, RefusingProxy, producer_broker
from tests.matches.workers import (
    ROOT,
    Worker,
    own_queue,
    require_services,
    shared_database_url,
    worker_log_tails,
)

DEADLINE = 90  # seconds for a case to heal and finish after its fault
pytestmark = [pytest.mark.faults, pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def queue():
    require_services()
    with own_queue() as name:
        yield name


@pytest.fixture
def start_worker(queue):
    """``start(**env)``: a worker on this test's queue with the fast-healing settings."""
    started: list[Worker] = []

    def start(concurrency: int = 1, **env) -> Worker:
        worker = Worker(queue, concurrency, extra_env=FAST_HEALING | env)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()


def _create(owner, *, games: int = 40, fmt: str = "round_robin", dispatch: bool = True, **kw):
    request = TournamentRequest(
        name="сбой",
        format=fmt,
        versions=[deck.versions.get() for deck in four_decks(owner)],
        games_per_pairing=games,
        agents="random",
        seed=3,
        **kw,
    )
    return tournament_create(owner=owner, request=request, dispatch=dispatch)


def _wait(tournament: Tournament, until, deadline: float = DEADLINE) -> Tournament:
    start = time.monotonic()
    while time.monotonic() - start < deadline:
        tournament.refresh_from_db()
        if until(tournament):
            return tournament
        time.sleep(0.05)
    pending = list(
        Batch.objects.filter(tournament=tournament, done=False).values_list(
            "number", "lease_owner", "lease_expires", "sent_at", "sends", "failures", "error"
        )
    )
    pytest.fail(
        f"not healed in {deadline} s: {tournament.done}/{tournament.total} {tournament.status},"
        f" problem {tournament.problem!r}; pending batches {pending}\n" + worker_log_tails()
    )


def _assert_finished_exactly(tournament: Tournament, expected: int) -> None:
    tournament = _wait(tournament, lambda t: t.status != Status.RUNNING)
    assert (tournament.status, tournament.done, tournament.total) == (
        Status.FINISHED,
        expected,
        expected,
    )
    keys = list(Match.objects.filter(tournament=tournament).values_list("pairing_id", "game"))
    assert len(keys) == len(set(keys)) == expected
    assert not Batch.objects.filter(tournament=tournament, done=False).exists()
    assert_aggregates_match_games(tournament)  # the stored sums and counters: none twice


def _assert_sent_again(tournament: Tournament, batches=None) -> None:
    """The healing was the sweep's: the batches named (or some batch) went out again."""
    again = Batch.objects.filter(tournament=tournament, sends__gt=1)
    if batches is None:
        assert again.exists()
    else:
        assert set(again.filter(pk__in=batches).values_list("pk", flat=True)) == set(batches)


def _kill_mid_batch(worker: Worker, tournament: Tournament) -> list[int]:
    """Kill the worker while it holds a batch's lease (checked just before the kill);
    returns the batches it held, left leased and not done."""
    leased = Batch.objects.filter(tournament=tournament, done=False).exclude(lease_owner="")
    _wait(tournament, lambda t: t.done > 0 and leased.exists())
    worker.kill()
    held = list(leased.values_list("pk", flat=True))
    assert held, "the batch was recorded in the instant before the kill"
    return held


def _mid_tournament(tournament: Tournament) -> Tournament:
    tournament = _wait(tournament, lambda t: t.done > 0)
    assert tournament.done < tournament.total, "finished before the fault could be injected"
    return tournament


def test_the_whole_worker_killed_mid_tournament_heals_by_its_lease(owner, start_worker):
    """Parent and pool child SIGKILLed with a batch leased: Redis would redeliver it only after
    its hour; the lease runs out in 3 s and the next worker's sweep sends it again."""
    tournament = _create(owner)
    held = _kill_mid_batch(start_worker(), tournament)
    start_worker()
    _assert_finished_exactly(tournament, 240)
    _assert_sent_again(tournament, held)


def test_redis_restarted_mid_tournament_without_persistence_loses_nothing(owner, start_worker):
    """Every queued message is lost with the restart; the sweep sends the untaken batches
    again once no worker has taken one for 3 s."""
    redis = PrivateRedis()
    redis.start()
    try:
        with producer_broker(redis.url):
            tournament = _create(owner)
        start_worker(REDIS_URL=redis.url, CELERY_BROKER_URL=redis.url)
        _mid_tournament(tournament)
        redis.kill()
        time.sleep(3)
        redis.start()
        _assert_finished_exactly(tournament, 240)
        _assert_sent_again(tournament)
    finally:
        redis.kill()


def test_postgresql_refusing_connections_longer_than_the_retries(owner, start_worker):
    """The worker reaches PostgreSQL through a proxy that refuses connections for 10 s, far
    longer than its two retries (about 3 s): the batches give up, their leases run out, and
    the sweep sends them again once the database answers."""
    settings = connection.settings_dict
    proxy = RefusingProxy(settings["HOST"] or "127.0.0.1", int(settings["PORT"] or 5432))
    try:
        through_proxy = shared_database_url().replace(
            f":{settings['PORT'] or 5432}/", f":{proxy.port}/"
        )
        if f":{proxy.port}/" not in through_proxy:  # no port in the URL: the default one
            host = settings["HOST"] or "127.0.0.1"
            through_proxy = shared_database_url().replace(f"@{host}/", f"@{host}:{proxy.port}/")
        tournament = _create(owner, games=60)
        start_worker(DATABASE_URL=through_proxy)
        _mid_tournament(tournament)
        proxy.refuse()
        time.sleep(10)
        proxy.accept()
        _assert_finished_exactly(tournament, 360)
        _assert_sent_again(tournament)
    finally:
        proxy.close()


def test_a_tournament_created_while_the_broker_is_down_is_picked_up_when_it_returns(
    owner, start_worker
):
    """The API answers 201 (never a 500) and the tournament says why it waits; once the
    broker is back, the sweep sends its batches."""
    redis = PrivateRedis()  # not started: nothing listens on its port
    four_decks(owner)
    client = APIClient()
    client.force_authenticate(owner)
    decks = list(owner.decks.order_by("id").values_list("pk", flat=True))
    body = {"name": "без брокера", "format": "round_robin", "decks": decks}
    with producer_broker(redis.url):
        answer = client.post(
            "/api/tournaments/",
            {**body, "games_per_pairing": 4, "agents": "random"},
            format="json",
        )
    assert answer.status_code == 201, answer.content
    assert answer.json()["progress"]["problem"]["code"] == Problem.BROKER_UNREACHABLE
    tournament = Tournament.objects.get(pk=answer.json()["id"])
    try:
        redis.start()
        start_worker(REDIS_URL=redis.url, CELERY_BROKER_URL=redis.url)
        _assert_finished_exactly(tournament, 24)
    finally:
        redis.kill()


def test_a_redelivered_round_completing_batch_opens_the_next_round(owner, start_worker):
    """Round 1 of a two-round Swiss is recorded by a worker that stopped before advancing;
    the round-completing batch's message delivered again finds it done, plays nothing, and
    its advance opens round 2 (the sweep is off: the redelivery alone heals it)."""
    tournament = _create(owner, games=2, fmt="swiss", options={"rounds": 2}, dispatch=False)
    batches = pending_batches(tournament=tournament)
    for batch_id in batches:
        assert batch_play(batch_id=batch_id, owner="a worker that stopped before advancing")
    tournament.refresh_from_db()
    assert (tournament.done, tournament.round, tournament.status) == (4, 1, Status.RUNNING)
    start_worker(TOURNAMENT_SWEEP_SECONDS="0")
    play_batch.delay(batches[-1])
    _assert_finished_exactly(tournament, 8)
    assert Tournament.objects.get(pk=tournament.pk).round == 2


CREATE = """
from django.contrib.auth import get_user_model
from decks.models import Deck
from matches.tournaments.services import TournamentRequest, tournament_create
owner = get_user_model().objects.get(username="organiser")
versions = [deck.versions.get() for deck in Deck.objects.filter(owner=owner).order_by("id")]
tournament_create(owner=owner, request=TournamentRequest(
    name="без брокера", format="round_robin", versions=versions, games_per_pairing=40,
    agents="random", seed=2))
"""


def test_the_embedded_filesystem_broker_with_a_killed_worker(owner, tmp_path):
    """The README's embedded default (kombu's filesystem transport) has no redelivery at all:
    a message taken is gone. The killed worker's batch comes back by its lease."""
    require_services()  # a database both processes share
    four_decks(owner)
    broker = {
        "CELERY_BROKER_URL": "filesystem://",
        "CELERY_FILESYSTEM_DIR": str(tmp_path),
        "DATABASE_URL": shared_database_url(),
    }
    env = {**os.environ, **broker}
    for name in ("REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"):
        env.pop(name, None)
    workers = [Worker("celery", extra_env={**FAST_HEALING, **broker, "REDIS_URL": ""})]
    try:
        subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", CREATE], cwd=ROOT, env=env, check=True
        )
        held = _kill_mid_batch(workers[0], Tournament.objects.get())
        workers.append(Worker("celery", extra_env={**FAST_HEALING, **broker, "REDIS_URL": ""}))
        tournament = Tournament.objects.get()
        _assert_finished_exactly(tournament, 240)
        _assert_sent_again(tournament, held)
    finally:
        for worker in workers:
            worker.stop()


# Seconds: the bound this case is held to in CI (measured 35 s at load 3.5, 95 s at load 12).
WEDGE_DEADLINE = 240


def test_the_wedge_30_identical_decks_swiss_29_rounds_finishes(owner, start_worker):
    """Issue 18's wedge: 30 copies of one deck, Swiss over 29 rounds (a round robin in all but
    name). Every score ties, so the old backtracking froze at round 14 under the row lock;
    now each round is paired in bounded time outside it, and the tournament finishes with
    every pair met once."""
    versions = [deck.versions.get() for deck in identical_decks(owner, 30)]
    request = TournamentRequest(
        name="клин",
        format="swiss",
        versions=versions,
        games_per_pairing=2,
        agents="random",
        seed=14,
        options={"rounds": 29},
    )
    tournament = tournament_create(owner=owner, request=request)
    start_worker(concurrency=2)
    tournament = _wait(tournament, lambda t: t.status != Status.RUNNING, WEDGE_DEADLINE)
    _assert_finished_exactly(tournament, 29 * 15 * 2)
    meetings = [
        frozenset(pair)
        for pair in Pairing.objects.filter(tournament=tournament).values_list("a", "b")
    ]
    assert len(meetings) == len(set(meetings)) == 29 * 15


def test_the_documented_redis_keeps_queued_batches_across_a_kill(tmp_path):
    """``deploy/redis.conf`` (the deployment the docs describe) writes an append-only file:
    a batch queued before Redis is SIGKILLed is still queued after it starts again."""
    import redis

    server = PrivateRedis(config=ROOT / "deploy" / "redis.conf", folder=tmp_path)
    server.start()
    try:
        client = redis.Redis.from_url(server.url)
        assert client.config_get("appendonly") == {"appendonly": "yes"}
        client.lpush("celery", b'{"task": "matches.tasks.play_batch"}')
        # Written to the file before Redis answers (fsync each second guards the machine's
        # crash; a killed process loses nothing written).
        server.kill()
        server.start()
        assert redis.Redis.from_url(server.url).lrange("celery", 0, -1) == [
            b'{"task": "matches.tasks.play_batch"}'
        ]
    finally:
        server.kill()
