"""Swiss pairing cost (not a test): CPU per round of ``formats.next_round`` when every score
ties (identical decks: every series level) and with decisive random results, for the wedge of
issue 18 (30 entries, 29 rounds) and for 64 entries.

    .venv/bin/python scripts/bench/swiss_pairing.py [--repeat 3]

Prints, per workload, the CPU of all rounds and of the worst round (``time.process_time``,
best of the repeats) and how many rematches were made.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from matches.tournaments import formats

WORKLOADS = [(30, 29, "tied"), (30, 29, "decisive"), (64, 63, "tied"), (64, 20, "decisive")]


def run(count: int, rounds: int, kind: str) -> tuple[float, float, int]:
    rng = random.Random(1)
    options = formats.normalized_options(
        format="swiss", count=count, games=2, options={"rounds": rounds}
    )
    history: list[formats.SeriesResult] = []
    total = worst = 0.0
    rematches = 0
    for number in range(1, rounds + 1):
        start = time.process_time()
        plans = formats.next_round(
            format="swiss", count=count, games=2, options=options, history=history
        )
        spent = time.process_time() - start
        total += spent
        worst = max(worst, spent)
        played = {frozenset((r.a, r.b)) for r in history}
        rematches += sum(frozenset((p.a, p.b)) in played for p in plans or [])
        for plan in plans or []:
            won = rng.random() < 0.5  # drawn for both kinds: the same sequence
            series = (1, 1, 0) if kind == "tied" else (2, 0, 0) if won else (0, 2, 0)
            history.append(formats.SeriesResult(number, plan.a, plan.b, *series))
    return total, worst, rematches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    print("entries rounds results | all rounds CPU s | worst round CPU s | rematches")
    for count, rounds, kind in WORKLOADS:
        runs = [run(count, rounds, kind) for _ in range(args.repeat)]
        total = min(r[0] for r in runs)
        worst = min(r[1] for r in runs)
        print(f"{count:7} {rounds:6} {kind:8}| {total:16.3f} | {worst:17.3f} | {runs[0][2]}")


if __name__ == "__main__":
    main()
