"""Full Komandor matches per second on one core: 40-card decks, heuristic vs heuristic.

    .venv/bin/python scripts/bench/engine_matches.py [--seeds 200]

Prints the median and spread of the time per match (log disabled, as bulk matches run).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from matches.engine.agents import HeuristicAgent
from matches.engine.decks import deck_from_dict
from matches.engine.match import ENGINE_VERSION, run_match
from tests.engine.deck_data import standard_deck


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=200)
    args = parser.parse_args()
    decks = [
        deck_from_dict(standard_deck("a", initiative=5)),
        deck_from_dict(standard_deck("b", initiative=4)),
    ]
    times, turns = [], []
    for seed in range(args.seeds):
        start = time.perf_counter()
        result = run_match(
            decks=decks, agents=[HeuristicAgent(), HeuristicAgent()], seed=seed, log=False
        )
        times.append(time.perf_counter() - start)
        turns.append(result.summary["turns"])
    ms = sorted(t * 1000 for t in times)
    quartiles = statistics.quantiles(ms, n=4)
    print(f"engine {ENGINE_VERSION}, {args.seeds} matches, 40-card decks, heuristic vs heuristic")
    print(
        f"median {statistics.median(ms):.1f} ms/match; p25 {quartiles[0]:.1f}, "
        f"p75 {quartiles[2]:.1f}, min {ms[0]:.1f}, max {ms[-1]:.1f}"
    )
    print(f"{len(ms) / sum(times):.1f} matches/s; mean {statistics.mean(turns):.1f} turns/match")


if __name__ == "__main__":
    main()
