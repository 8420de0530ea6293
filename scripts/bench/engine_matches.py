"""Full Komandor matches per second on one core: 40-card decks, heuristic vs heuristic.

    .venv/bin/python scripts/bench/engine_matches.py [--seeds 200] [--agents heuristic random]
        [--profile 20]

Prints the median and spread of the time per match (log disabled, as bulk matches run), the
turns per match and the time per turn; ``--profile N`` adds the N functions with the most own
time (cProfile, which slows the run down: its times are for ranking, not for the table).

Times are the process's CPU time (``time.process_time``), so other jobs on a shared machine
inflate them far less than wall-clock time; the wall-clock rate and the load average are
printed alongside.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from matches.engine.agents import AGENTS, make_agent
from matches.engine.decks import deck_from_dict
from matches.engine.match import ENGINE_VERSION, run_match
from tests.engine.deck_data import standard_deck


def play(seeds: int, agent_names: list[str]) -> tuple[list[float], list[int], float]:
    decks = [
        deck_from_dict(standard_deck("a", initiative=5)),
        deck_from_dict(standard_deck("b", initiative=4)),
    ]
    times, turns = [], []
    wall = time.perf_counter()
    for seed in range(seeds):
        agents = [make_agent(name, seed=seed + i) for i, name in enumerate(agent_names)]
        start = time.process_time()
        result = run_match(decks=decks, agents=agents, seed=seed, log=False)
        times.append(time.process_time() - start)
        turns.append(result.summary["turns"])
    return times, turns, time.perf_counter() - wall


def report(
    seeds: int, agent_names: list[str], times: list[float], turns: list[int], wall: float
) -> None:
    ms = sorted(t * 1000 for t in times)
    p25, _, p75 = statistics.quantiles(ms, n=4)
    print(
        f"engine {ENGINE_VERSION}, {seeds} matches, 40-card decks, "
        f"{' vs '.join(agent_names)}, log off, Python {sys.version.split()[0]}, "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    print(
        f"CPU median {statistics.median(ms):.1f} ms/match; p25 {p25:.1f}, p75 {p75:.1f}, "
        f"min {ms[0]:.1f}, max {ms[-1]:.1f}"
    )
    print(
        f"{len(ms) / sum(times):.1f} matches/s of CPU ({len(ms) / wall:.1f} wall); "
        f"turns/match mean {statistics.mean(turns):.1f}, "
        f"median {statistics.median(turns):g}; {sum(ms) / sum(turns):.2f} ms/turn"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument(
        "--agents", nargs=2, default=["heuristic", "heuristic"], choices=sorted(AGENTS)
    )
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    args = parser.parse_args()
    report(args.seeds, args.agents, *play(args.seeds, args.agents))
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(play, args.seeds, args.agents)
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(args.profile)
        print(out.getvalue().split("\n\n", 1)[-1].replace(str(Path.cwd()) + "/", ""))


if __name__ == "__main__":
    main()
