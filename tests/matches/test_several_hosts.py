"""Issue 36: "more workers on more machines", run. The web host (this test, PostgreSQL behind a
proxy of its own, a Redis of its own) and two worker hosts, each a network namespace of its
own reached over a veth link (``tests/matches/hosts.py``), play one tournament:

* one worker host's link is cut while it holds a batch, and restored later: the tournament
  says it waits for the lost batch, the other host plays it when its lease runs out, and the
  cut-off worker, back, records nothing twice;
* one worker host's clock runs a minute ahead (libfaketime): the leases, stamped and judged by
  the database's clock, are never taken for run out, so no batch is sent twice.

Each ends with exactly the planned games, none twice, the tournament finished, and the stored
card sums equal to the games'. Marker ``faults``; needs root (``ip netns``), PostgreSQL and
Redis, as CI has.
"""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import libfaketime
import pytest

from matches.models import Batch, Entry, Match, Problem, Status, Tournament, WorkerSeen
from matches.tournaments.card_figures import figures_from_games, game_points
from matches.tournaments.card_tallies import card_figures
from matches.tournaments.services import TournamentRequest, tournament_create
from tests.matches.aggregates import assert_aggregates_match_games
from tests.matches.decks import four_decks
from tests.matches.faults import FAST_HEALING, PrivateRedis, RefusingProxy, producer_broker
from tests.matches.hosts import worker_hosts
from tests.matches.workers import (
    Worker,
    own_queue,
    require_services,
    shared_database_url,
    worker_log_tails,
)

DEADLINE = 120  # seconds for a case to heal and finish
GAMES = 240  # four decks, round robin, 40 games a pairing: eight batches of 30
pytestmark = [pytest.mark.faults, pytest.mark.services, pytest.mark.django_db(transaction=True)]
FAKETIME = Path(libfaketime.__file__).parent / "vendor" / "libfaketime" / "src" / "libfaketime.so.1"


@pytest.fixture
def site():
    """The web host's services on a test network's bridge, and a way to start a worker on
    one of its worker hosts."""
    require_services()
    with worker_hosts(2) as network, own_queue() as queue:
        redis = PrivateRedis(host=network.bridge_address)
        redis.start()
        database = urlsplit(shared_database_url())
        proxy = RefusingProxy(
            database.hostname or "127.0.0.1", database.port or 5432, listen=network.bridge_address
        )
        netloc = database.netloc.rsplit("@", 1)[0] + f"@{network.bridge_address}:{proxy.port}"
        environment = FAST_HEALING | {
            "DATABASE_URL": urlunsplit(database._replace(netloc=netloc)),
            "REDIS_URL": f"redis://{network.bridge_address}:{redis.port}/0",
            "CELERY_BROKER_URL": f"redis://{network.bridge_address}:{redis.port}/0",
            # A cut link drops packets: give up on a connection within seconds, not minutes.
            "DB_CONNECT_TIMEOUT_SECONDS": "3",
        }
        started: list[Worker] = []

        def start(host, **env) -> Worker:
            worker = Worker(
                queue, 1, extra_env=environment | env, prefix=host.prefix, name=host.namespace
            )
            started.append(worker)
            return worker

        try:
            with producer_broker(redis.url):
                yield network, start
        finally:
            for worker in started:
                worker.stop()
            proxy.close()
            redis.kill()


def _create(owner) -> Tournament:
    request = TournamentRequest(
        name="много машин",
        format="round_robin",
        versions=[deck.versions.get() for deck in four_decks(owner)],
        games_per_pairing=GAMES // 6,
        agents="random",
        seed=4,
    )
    return tournament_create(owner=owner, request=request)


def _wait(tournament: Tournament, until, what: str) -> Tournament:
    start = time.monotonic()
    while time.monotonic() - start < DEADLINE:
        tournament.refresh_from_db()
        if until(tournament):
            return tournament
        time.sleep(0.05)
    pending = list(
        Batch.objects.filter(tournament=tournament, done=False).values_list(
            "number", "lease_owner", "lease_expires", "sends"
        )
    )
    pytest.fail(
        f"{what} not within {DEADLINE} s: {tournament.done}/{tournament.total} "
        f"{tournament.status}, problem {tournament.problem!r}; pending {pending}\n"
        + worker_log_tails()
    )


def _assert_finished_exactly(tournament: Tournament) -> None:
    tournament = _wait(tournament, lambda t: t.status != Status.RUNNING, "finished")
    assert (tournament.status, tournament.done, tournament.total) == (
        Status.FINISHED,
        GAMES,
        GAMES,
    )
    keys = list(Match.objects.filter(tournament=tournament).values_list("pairing_id", "game"))
    assert len(keys) == len(set(keys)) == GAMES  # none twice
    assert_aggregates_match_games(tournament)  # the pairings' counters and card sums too
    # The stored card sums count every game once (a batch recorded twice would add twice).
    ranks = dict(Entry.objects.filter(tournament=tournament).values_list("deck_version", "rank"))
    games = [
        (ranks[version], game_points(winner, seat) / 2, summary["cards"][seat])
        for seat0, seat1, winner, summary in Match.objects.filter(
            tournament=tournament
        ).values_list("seat0_id", "seat1_id", "winner_seat", "summary")
        for seat, version in ((0, seat0), (1, seat1))
        if summary.get("cards")
    ]
    assert card_figures(tournament=tournament) == figures_from_games(games)


def test_a_worker_hosts_link_cut_mid_batch_then_restored(owner, site):
    network, start = site
    cut_off, other = network.hosts
    start(cut_off)
    tournament = _create(owner)
    held = Batch.objects.filter(
        tournament=tournament, done=False, lease_owner__startswith=f"{cut_off.namespace}@"
    )
    tournament = _wait(tournament, lambda t: held.exists(), "a batch leased by the first host")
    cut_off.cut()
    lost = list(held.values_list("pk", flat=True))
    assert lost, "the batch was recorded in the instant before the cut"
    start(other)  # the second host: its sweep notices the silent lease, then sends it again
    _wait(
        tournament,
        lambda t: t.problem in (Problem.WAITING_FOR_LOST_BATCH, Problem.WORKER_LOST),
        "the stall said",
    )
    _wait(
        tournament,
        lambda t: not Batch.objects.filter(pk__in=lost, done=False).exists(),
        "the lost batch played elsewhere",
    )
    cut_off.restore()  # back: its old lease is gone, it records nothing of that batch
    _assert_finished_exactly(tournament)
    assert Batch.objects.filter(pk__in=lost, sends__gt=1).count() == len(lost)
    # Each host's sweep reports its worker (the cut-off one again once its link is back), as
    # the tournament form's estimate counts them.
    hosts = {cut_off.namespace, other.namespace}
    _wait(
        tournament,
        lambda t: (
            {n.split("@")[0] for n in WorkerSeen.objects.values_list("name", flat=True)} >= hosts
        ),
        "both hosts' workers reported",
    )


def test_a_worker_host_whose_clock_runs_a_minute_ahead(owner, site):
    network, start = site
    right, ahead = network.hosts
    assert FAKETIME.exists()
    start(right)
    start(
        ahead,
        LD_PRELOAD=str(FAKETIME),
        FAKETIME="+60s",
        DONT_FAKE_MONOTONIC="1",  # timeouts and the lease keeper's pace stay true
    )
    tournament = _create(owner)
    _assert_finished_exactly(tournament)
    # No lease was taken for run out: every batch went out once, and both hosts played.
    assert list(Batch.objects.filter(tournament=tournament, sends__gt=1)) == []
    players = set(Batch.objects.filter(tournament=tournament).values_list("lease_owner", flat=True))
    assert {owner.split("@")[0] for owner in players} == {right.namespace, ahead.namespace}
