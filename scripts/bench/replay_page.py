"""CPU per request of the replay page, uncached (every request plays the match again, as
before issue 18) against a cached answer (matches/replays/page_limits.py), alternating A and B; then
the board alone (issue 22): ``board_for`` and its template, for a seat and for a spectator.

    .venv/bin/python scripts/bench/replay_page.py [rounds]

Makes a throwaway SQLite database in a temporary folder, loads the shipped content, plays one
match between two shipped precons, then asks for its replay page (as its owner) at several steps:
A with the cache off (``REPLAY_PAGE_CACHE_SECONDS=0``), B with it on and the page already kept.
CPU is this process's (``time.process_time``): the test client runs the whole request here.
"""

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scripts.bench.throwaway_site import throwaway_site  # noqa: E402


def main(rounds: int = 5) -> None:
    with throwaway_site("replay-bench-"):
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.core.cache import cache
        from django.test import Client

        from decks.models import Deck
        from matches.replays import services as replay_services

        settings.API_THROTTLE_RATES = {}
        settings.ALLOWED_HOSTS = ["testserver"]
        precons = list(Deck.objects.filter(is_preconstructed=True).order_by("precon_key"))
        player = get_user_model().objects.create_user("bench", password="bench-password-1")
        # The longest of a few games between shipped precons (a long game costs the most).
        played = [
            replay_services.match_create(
                owner=player,
                versions=[deck.versions.order_by("-number").first() for deck in pair],
                agents=["heuristic", "heuristic"],
                seed=seed,
                turn_cap=60,
            )
            for seed, pair in enumerate(zip(precons, precons[1:] + precons[:1], strict=True))
        ]
        match = max(played, key=lambda m: m.turns)
        steps = [0, 100, 400, 1000]
        client = Client()
        client.force_login(player)  # a single match is its owner's to see

        def cpu(step: int) -> float:
            start = time.process_time()
            response = client.get(f"/matches/{match.pk}/", {"step": step})
            assert response.status_code == 200, response.status_code
            return time.process_time() - start

        settings.REPLAY_PAGE_CACHE_SECONDS = 600
        cache.clear()
        for step in steps:
            cpu(step)  # fill the cache (B reads it)
        uncached, cached = [], []
        for _ in range(rounds):
            for step in steps:
                settings.REPLAY_PAGE_CACHE_SECONDS = 0
                uncached.append(cpu(step))
                settings.REPLAY_PAGE_CACHE_SECONDS = 600
                cached.append(cpu(step))
        load = os.getloadavg()[0]
        a, b = statistics.median(uncached), statistics.median(cached)
        print(
            f"replay page, match {match.pk} ({match.turns} turns), steps {steps}, {rounds} rounds"
        )
        print(f"A uncached: median {a * 1000:.1f} ms CPU, max {max(uncached) * 1000:.1f} ms")
        print(f"B cached:   median {b * 1000:.2f} ms CPU, max {max(cached) * 1000:.2f} ms")
        print(f"ratio A/B {a / b:.0f}×; load average {load:.2f}")
        board_figures(match, steps, rounds)


def board_figures(match, steps: list[int], rounds: int) -> None:
    """CPU of ``board_for`` and of rendering its template at each step (the faces' HTML kept
    after the first round, as in a running server)."""
    from django.template.loader import render_to_string

    from komandor.rules.match import new_match
    from matches.replays import services as replay_services
    from matches.words.board import board_for

    actions = replay_services.match_history(match=match)
    built, drawn = [], []
    for step in steps:
        state = new_match(replay_services._match_setup(match=match))
        state.apply_all(actions[: min(step, len(actions))])
        for _ in range(rounds):
            for viewer in (0, None):
                start = time.process_time()
                board = board_for(state, viewer=viewer, names=["A", "B"])
                middle = time.process_time()
                render_to_string("matches/board/_board.html", {"board": board})
                built.append(middle - start)
                drawn.append(time.process_time() - middle)
    print(
        f"board_for: median {statistics.median(built) * 1000:.1f} ms CPU, "
        f"max {max(built) * 1000:.1f} ms; its template: median "
        f"{statistics.median(drawn) * 1000:.1f} ms, max {max(drawn) * 1000:.1f} ms; "
        f"load average {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
