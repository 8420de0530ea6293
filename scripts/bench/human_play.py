"""Server time per action of a game against the AI: the person's move posted to the API, the
agent's replies (the heuristic), the answer rendered (observation, decision, events) — and,
where the play pages exist, the game page rendered after it. Whole games, early vs late.

    .venv/bin/python scripts/bench/human_play.py [games] [--profile] [--wal]

Makes a throwaway SQLite database in a temporary folder, loads the shipped content and plays
``games`` whole games between shipped precons (each pair once, the person in seat 0), the
person choosing as the heuristic would (his choice is computed outside the timing). Each
request runs in this process (Django's test client): its wall time is the server's time, and
its CPU time (this process's, the engine thread's included) what it costs on a loaded machine.
``--profile``: the functions that took most of the actions' time (cProfile, cumulative).
``--page``: each move is posted as the game page's script posts it (``/play/{id}/act/``,
``Accept: application/json``, gzip accepted, the digests of the parts it has and the number of
log entries it shows), and the page is read again after it (gzip accepted): the bytes on the
wire per action and per page, and their time, early vs late (issue 32).
``--wal``: SQLite in write-ahead-log mode with ``synchronous=NORMAL`` (a commit without an
fsync), to see what the disk's flushes cost each action; the site's default is SQLite's own
(a rollback journal, flushed on every commit).
Run ``scripts/build_engine.py`` first: the engine runs compiled, as on the server.
"""

from __future__ import annotations

import cProfile
import gzip
import json
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scripts.bench.throwaway_site import throwaway_site  # noqa: E402


def _body(response) -> bytes:
    """The answer's bytes as the browser reads them (unzipped when it came compressed)."""
    content = response.content
    if response.get("Content-Encoding") == "gzip":
        return gzip.decompress(content)
    return content


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def describe(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    ms = [value * 1000 for value in values]
    return (
        f"{name}: n={len(ms)} p50 {percentile(ms, 0.5):.1f} ms, p95 {percentile(ms, 0.95):.1f} "
        f"ms, max {max(ms):.1f} ms, mean {statistics.fmean(ms):.1f} ms"
    )


def describe_bytes(name: str, values: list[int]) -> str:
    if not values:
        return f"{name}: none"
    kb = [value / 1024 for value in values]
    return (
        f"{name}: n={len(kb)} p50 {percentile(kb, 0.5):.1f} KB, p95 {percentile(kb, 0.95):.1f} "
        f"KB, max {max(kb):.1f} KB"
    )


def main(games: int = 6, profile: bool = False, wal: bool = False, as_page: bool = False) -> None:
    with throwaway_site("human-play-bench-"):
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.db.backends.signals import connection_created
        from django.test import Client
        from django.urls import NoReverseMatch, reverse

        from decks.models import Deck
        from komandor import ENGINE, ENGINE_REASON
        from komandor.agents.heuristic import HeuristicAgent
        from matches.models import HumanMatch
        from matches.play import services as human_play
        from matches.play.services import human_match_start, human_match_state

        settings.API_THROTTLE_RATES = {}
        if wal:
            from django.db import connection

            with connection.cursor() as cursor:
                cursor.execute("PRAGMA journal_mode=WAL")  # kept in the database file
            connection_created.connect(
                lambda connection, **kwargs: connection.cursor().execute(
                    "PRAGMA synchronous=NORMAL"
                )
            )
            connection.close()
        settings.ALLOWED_HOSTS = ["testserver"]
        print(f"engine: {ENGINE} ({ENGINE_REASON}); SQLite {'WAL' if wal else 'default'}")
        precons = list(Deck.objects.filter(is_preconstructed=True).order_by("precon_key"))
        player = get_user_model().objects.create_user("bench", password="bench-password-1")
        client = Client()
        client.force_login(player)
        chooser = HeuristicAgent()
        try:
            reverse("matches:play-game", args=[1])
            page = True
        except NoReverseMatch:
            page = False
        pairs = list(zip(precons, precons[1:] + precons[:1], strict=True))[:games]
        actions: list[tuple[float, float]] = []  # (position in the game 0..1, seconds)
        # (position, bytes on the wire, bytes uncompressed) of each page action and page GET
        wire: list[tuple[float, int, int]] = []
        page_wire: list[tuple[float, int, int]] = []
        pages: list[tuple[float, float]] = []
        cpu: list[float] = []  # CPU seconds of each action (and its page)
        page_cpu: list[tuple[float, float]] = []  # (position, CPU seconds of the page GET)
        profiler = cProfile.Profile() if profile else None
        starts: list[float] = []
        lengths: list[int] = []
        for seed, (mine, theirs) in enumerate(pairs):
            began = time.perf_counter()
            match = human_match_start(
                owner=player,
                deck=mine.versions.order_by("-number").first(),
                opponent=theirs.versions.order_by("-number").first(),
                seed=seed,
            )
            starts.append(time.perf_counter() - began)
            timings: list[float] = []
            page_timings: list[float] = []
            page_cpus: list[float] = []
            have, log_events = "", 0
            first_wire, first_page = len(wire), len(page_wire)
            while not match.is_finished:
                state = human_match_state(match)  # the cached state: the person's choice
                decision = state.decision
                assert decision is not None
                index = chooser.choose(decision, state.observation(decision.player))
                body = {"key": decision.options[index].key, "version": match.version}
                if profiler is not None:
                    profiler.enable()
                began, began_cpu = time.perf_counter(), time.process_time()
                if as_page:
                    body.update(have=have, log_events=log_events)
                    response = client.post(
                        reverse("matches:play-act", args=[match.pk]),
                        body,
                        HTTP_ACCEPT="application/json",
                        HTTP_ACCEPT_ENCODING="gzip",
                    )
                    raw = _body(response)
                    answer = json.loads(raw)
                    have = ",".join(f"{k}:{v}" for k, v in answer.get("digests", {}).items())
                    log_events = answer.get("log_events", 0)
                    wire.append((len(timings), len(response.content), len(raw)))
                else:
                    response = client.post(
                        f"/api/ai-games/{match.pk}/actions/", body, content_type="application/json"
                    )
                    response.json()
                timings.append(time.perf_counter() - began)
                assert response.status_code == 200, response.content[:300]
                if page:
                    began, began_page_cpu = time.perf_counter(), time.process_time()
                    shown = client.get(
                        reverse("matches:play-game", args=[match.pk]), HTTP_ACCEPT_ENCODING="gzip"
                    )
                    page_timings.append(time.perf_counter() - began)
                    page_cpus.append(time.process_time() - began_page_cpu)
                    assert shown.status_code == 200, shown.status_code
                    page_wire.append((len(page_timings), len(shown.content), len(_body(shown))))
                cpu.append(time.process_time() - began_cpu)
                if profiler is not None:
                    profiler.disable()
                match = HumanMatch.objects.get(pk=match.pk)
            lengths.append(match.version)
            count = len(timings)
            for store, start in ((wire, first_wire), (page_wire, first_page)):
                store[start:] = [(i / max(count - 1, 1), w, r) for i, w, r in store[start:]]
            actions += [(i / max(count - 1, 1), t) for i, t in enumerate(timings)]
            pages += [(i / max(count - 1, 1), t) for i, t in enumerate(page_timings)]
            page_cpu += [(i / max(count - 1, 1), t) for i, t in enumerate(page_cpus)]
            print(
                f"game {seed}: {mine.precon_key} vs {theirs.precon_key}: {count} moves of the "
                f"person, {match.version} actions in all, {match.turns} turns, "
                f"{match.termination}"
            )
        load = os.getloadavg()[0]
        if profiler is not None:
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(35)
        print(describe("start (agent's setup replies)", starts))
        print(describe("action (API POST: apply + agent + answer)", [t for _, t in actions]))
        print(describe("  first third", [t for at, t in actions if at < 1 / 3]))
        print(describe("  last third", [t for at, t in actions if at > 2 / 3]))
        if page:
            print(describe("game page (GET)", [t for _, t in pages]))
            print(describe("  first third", [t for at, t in pages if at < 1 / 3]))
            print(describe("  last third", [t for at, t in pages if at > 2 / 3]))
            print(describe("game page (GET), CPU", [t for _, t in page_cpu]))
            print(describe("  first third", [t for at, t in page_cpu if at < 1 / 3]))
            print(describe("  last third", [t for at, t in page_cpu if at > 2 / 3]))
            both = [a + p for (_, a), (_, p) in zip(actions, pages, strict=True)]
            print(describe("action + page", both))
        else:
            print("game page: not in this tree (the play pages are not merged)")
        if as_page:
            late = [w for at, w, _ in wire if at > 2 / 3]
            print(describe_bytes("page action on the wire", [w for _, w, _ in wire]))
            print(describe_bytes("  first third", [w for at, w, _ in wire if at < 1 / 3]))
            print(describe_bytes("  last third", late))
            print(describe_bytes("page action uncompressed", [r for _, _, r in wire]))
            print(describe_bytes("game page on the wire", [w for _, w, _ in page_wire]))
            print(describe_bytes("  last third", [w for at, w, _ in page_wire if at > 2 / 3]))
            print(describe_bytes("game page uncompressed", [r for _, _, r in page_wire]))
            print(describe_bytes("  first third", [r for at, _, r in page_wire if at < 1 / 3]))
            print(describe_bytes("  last third", [r for at, _, r in page_wire if at > 2 / 3]))
        print(describe("CPU per action" + (" + page" if page else ""), cpu))
        placed = [(at, c) for (at, _), c in zip(actions, cpu, strict=True)]
        print(describe("  first third", [c for at, c in placed if at < 1 / 3]))
        print(describe("  last third", [c for at, c in placed if at > 2 / 3]))
        print(
            f"cache hits {human_play.STATES.hits}, misses {human_play.STATES.misses}; "
            f"actions per game {min(lengths)}–{max(lengths)}; load average {load:.2f}"
        )


if __name__ == "__main__":
    numbers = [int(arg) for arg in sys.argv[1:] if arg.isdigit()]
    main(
        numbers[0] if numbers else 6,
        profile="--profile" in sys.argv,
        wal="--wal" in sys.argv,
        as_page="--page" in sys.argv,
    )
