"""The same tournament three ways, in one run: directly on the engine in one process, then
through Celery with 1 and with 2 worker processes (real workers, real Redis, real PostgreSQL).

    DATABASE_URL=postgres://…/bench_db REDIS_URL=redis://…/N \
        .venv/bin/python scripts/bench/tournament_celery.py [--games 40] [--agents heuristic] \
        [--decks precons|test] [--workers 2]

``--workers N`` runs it only once, through Celery with N worker processes, printing its
progress as it goes (games done, elapsed, ETA) and at the end its games' CPU, its batches and
the worker settings: the long run of costly agents (``--agents search``, issue 21).

Needs a migrated database of its own; with ``--decks precons`` (the default) the shipped content
is loaded into it when no precon is there yet, and the round robin is of the eight shipped
precons; ``--decks test`` uses four of the engine's test decks (tests/engine/deck_data.py)
under a throwaway user. Its tournaments are deleted afterwards. Prints wall-clock seconds and
games per second for each way, the Celery overhead against the direct run and the speed-up of
two workers over one.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from statistics import mean

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db.models import Count  # noqa: E402

from config.celery import app  # noqa: E402
from decks.models import Deck  # noqa: E402
from matches.games.decks import playable_deck_of  # noqa: E402
from matches.games.playing import play_game  # noqa: E402
from matches.models import Status, Tournament  # noqa: E402
from matches.tournaments import budget, services  # noqa: E402
from matches.tournaments.budget import game_cpu_limit  # noqa: E402
from matches.tournaments.services import TournamentRequest, tournament_create  # noqa: E402
from matches.tournaments.tasks import batch_time_limits  # noqa: E402
from tests.decks.factories import UserFactory  # noqa: E402
from tests.matches.decks import four_decks  # noqa: E402
from tests.matches.workers import Worker, own_queue  # noqa: E402

# The deployment's own broker settings (tests/matches/workers.py shortens them for kill tests).
WORKER_ENV = {
    "CELERY_VISIBILITY_TIMEOUT": "3600",
    "CELERY_RESTORE_INTERVAL": "10",
    "CELERY_RESTORE_THROTTLE": "10",
    "CELERY_RESTORE_LOCK_SECONDS": "300",
}


def run_celery(
    owner,
    versions,
    *,
    games: int,
    agents: str,
    workers: int,
    progress: Callable[[Tournament, float], None] | None = None,
    deadline: float | None = None,
) -> tuple[float, Tournament]:
    """Wall seconds from the create to the finish; ``progress`` is called about every 10 s.
    Past ``deadline`` seconds the tournament is cancelled: the figures are of the games done."""
    with own_queue() as queue:
        worker = Worker(queue, concurrency=workers, extra_env=WORKER_ENV)
        try:
            deadline = time.monotonic() + 60
            while not app.control.inspect(timeout=0.5).ping():
                if time.monotonic() > deadline:
                    raise SystemExit("the worker did not come up")
            start = time.perf_counter()
            tournament = tournament_create(
                owner=owner,
                request=TournamentRequest(
                    name="bench",
                    format="round_robin",
                    versions=versions,
                    games_per_pairing=games,
                    agents=agents,
                    seed=1,
                ),
            )
            shown = start
            while True:
                tournament.refresh_from_db()
                if tournament.status != Status.RUNNING:
                    break
                now = time.perf_counter()
                if deadline is not None and now - start > deadline:
                    services.tournament_cancel(tournament=tournament)
                    break
                if progress is not None and now - shown >= 10:
                    progress(tournament, now - start)
                    shown = now
                time.sleep(0.01 if progress is None else 0.5)
            return time.perf_counter() - start, tournament
        finally:
            worker.stop()


def run_direct(tournament: Tournament) -> float:
    """Every game of the stored tournament again, on the engine in this one process."""
    matches = list(tournament.matches.select_related("seat0__deck", "seat1__deck"))
    decks = {}
    start = time.perf_counter()
    for match in matches:
        for version in (match.seat0, match.seat1):
            if version.pk not in decks:
                decks[version.pk] = playable_deck_of(version=version)
        record, _ = play_game(
            seats=[decks[match.seat0.pk], decks[match.seat1.pk]],
            agents=match.agents,
            seed=match.seed,
            turn_cap=match.turn_cap,
            cpu_limit=game_cpu_limit(agents=match.agents, turn_cap=match.turn_cap),
        )
        assert record.winner_seat == match.winner_seat and record.turns == match.turns
    return time.perf_counter() - start


def _versions(owner, decks: str) -> list:
    if decks == "test":
        return [deck.versions.get() for deck in four_decks(owner)]
    if not Deck.objects.filter(is_preconstructed=True).exists():
        call_command("load_content", verbosity=0)
    precons = Deck.objects.filter(is_preconstructed=True).order_by("precon_key")
    return [deck.versions.order_by("-number").first() for deck in precons]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games per pairing (even)")
    parser.add_argument("--agents", default="heuristic")
    parser.add_argument("--decks", choices=("precons", "test"), default="precons")
    parser.add_argument("--workers", type=int, help="only through Celery, with N workers")
    parser.add_argument(
        "--deadline", type=float, help="with --workers: cancel after this many seconds"
    )
    args = parser.parse_args()
    owner = UserFactory(username=f"bench-{uuid.uuid4().hex[:6]}")
    versions = _versions(owner, args.decks)
    if args.workers:
        run_once(
            owner,
            versions,
            games=args.games,
            agents=args.agents,
            workers=args.workers,
            deadline=args.deadline,
        )
        return
    one, first = run_celery(owner, versions, games=args.games, agents=args.agents, workers=1)
    two, second = run_celery(owner, versions, games=args.games, agents=args.agents, workers=2)
    direct = run_direct(first)
    total = first.done
    pairings = len(versions) * (len(versions) - 1) // 2
    assert total == second.done == pairings * args.games
    print(
        f"round robin of {len(versions)} decks ({args.decks}), {args.games} games per pairing = "
        f"{total} games, "
        f"{args.agents} agents; load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs"
    )
    for label, seconds in (
        ("direct, 1 process", direct),
        ("Celery, 1 worker", one),
        ("Celery, 2 workers", two),
    ):
        print(f"{label:20} {seconds:7.2f} s  {total / seconds:7.1f} games/s")
    print(f"Celery overhead (1 worker vs direct): {100 * (one / direct - 1):+.1f} %")
    print(f"2 workers vs 1: {one / two:.2f}×")
    Tournament.objects.filter(owner=owner).delete()


def _progress(tournament: Tournament, elapsed: float) -> None:
    done, total = tournament.done, tournament.total
    eta = elapsed / done * (total - done) if done else float("nan")
    print(
        f"  {elapsed:7.0f} s  {done:5}/{total} games  ETA {eta:6.0f} s  "
        f"load {os.getloadavg()[0]:.2f}",
        flush=True,
    )


def run_once(
    owner, versions, *, games: int, agents: str, workers: int, deadline: float | None
) -> None:
    """One tournament through ``workers`` Celery processes, with its progress and figures."""
    settings_shown = {
        "worker_prefetch_multiplier": app.conf.worker_prefetch_multiplier,
        "task_acks_late": app.conf.task_acks_late,
        "task_reject_on_worker_lost": app.conf.task_reject_on_worker_lost,
        "visibility_timeout": WORKER_ENV["CELERY_VISIBILITY_TIMEOUT"],
        "BATCH_LEASE_SECONDS": settings.BATCH_LEASE_SECONDS,
        "BATCH_CPU_SECONDS": budget.BATCH_CPU_SECONDS,
        "BATCH_MAX_SECONDS": budget.batch_max_seconds(),
        "MATCH_EXPECTED_GAME_CPU_SECONDS": settings.MATCH_EXPECTED_GAME_CPU_SECONDS,
    }
    print(f"{agents} agents, {len(versions)} decks, {games} games per pairing, {workers} workers")
    print("settings: " + ", ".join(f"{k}={v}" for k, v in settings_shown.items()), flush=True)
    wall, tournament = run_celery(
        owner,
        versions,
        games=games,
        agents=agents,
        workers=workers,
        progress=_progress,
        deadline=deadline,
    )
    tournament.refresh_from_db()
    cpu_ms = list(tournament.matches.values_list("cpu_ms", flat=True))
    sizes = [len(items) for items in tournament.batches.values_list("items", flat=True)]
    limits = [
        batch_time_limits(budget.batch_time_limit(tournament=tournament, games=size))
        for size in sorted(set(sizes))
    ]
    ends = dict(
        tournament.matches.order_by()
        .values("termination")
        .annotate(n=Count("id"))
        .values_list("termination", "n")
    )
    turns = sorted(tournament.matches.values_list("turns", flat=True))
    print(
        f"status {tournament.status}: {tournament.done}/{tournament.total} games in {wall:.1f} s "
        f"wall ({tournament.done / wall * 60:.1f} games/min); load average "
        f"{os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs"
    )
    print(
        f"CPU of the games: {sum(cpu_ms) / 1000:.1f} s in all, mean {mean(cpu_ms) / 1000:.2f} s, "
        f"max {max(cpu_ms) / 1000:.2f} s per game; expected "
        f"{budget.expected_game_cpu(agents=tournament.agents):.2f} s; per-game limit "
        f"{budget.game_cpu_limit(agents=tournament.agents):.0f} s"
    )
    print(
        f"batches: {len(sizes)}, games per batch {min(sizes)}-{max(sizes)}; time limits "
        f"(soft, hard) sent: {sorted(set(limits))}"
    )
    print(f"terminations: {ends}; turns median {turns[len(turns) // 2]}")
    Tournament.objects.filter(owner=owner).delete()


if __name__ == "__main__":
    main()
