"""Precon match CPU of two engine trees, alternating process by process (issue 30, item 2).

    .venv/bin/python scripts/bench/engine_trees_speed.py --base DIR --head DIR [--rounds 10]

Each tree is a copy of a commit (``git archive C | tar -x -C DIR``) compiled in place
(``scripts/build_engine.py --root DIR``); both packages are called ``komandor``, so each round
runs one process per tree, in an order alternating from round to round, each playing the same
``--matches`` seeds (a round's own) of its tree's precons with the log off, heuristic-1.1 on both
sides, compiled (``KOMANDOR_ENGINE=compiled``), and timing the matches alone with
``time.process_time``. Printed: each round's CPU of both and their ratio, and the totals.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path


def worker(root: Path, first: int, count: int) -> None:
    from komandor.agents.registry import make_agent
    from komandor.rules.decks import deck_from_dict
    from komandor.rules.match import run_match

    precons = [
        deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
        for path in sorted((root / "content" / "precons").glob("*.json"))
    ]
    pairs = [(a, b) for a in precons for b in precons if a is not b]
    total = 0.0
    for seed in range(first, first + count):
        agents = [
            make_agent("heuristic-1.1", seed=seed),
            make_agent("heuristic-1.1", seed=seed + 1),
        ]
        start = time.process_time()
        run_match(decks=list(pairs[seed % len(pairs)]), agents=agents, seed=seed, log=False)
        total += time.process_time() - start
    print(f"{total:.6f}")


def run(root: Path, first: int, count: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(root), "KOMANDOR_ENGINE": "compiled"}
    out = subprocess.run(
        [sys.executable, "-W", "ignore", __file__, "--worker", str(root), str(first), str(count)],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path)
    parser.add_argument("--head", type=Path)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(Path(args.worker[0]), int(args.worker[1]), int(args.worker[2]))
        return
    totals = {"base": 0.0, "head": 0.0}
    for round_ in range(args.rounds):
        first = round_ * args.matches
        order = ("base", "head") if round_ % 2 == 0 else ("head", "base")
        cpu = {name: run(getattr(args, name).resolve(), first, args.matches) for name in order}
        for name in order:
            totals[name] += cpu[name]
        print(
            f"round {round_}: base {cpu['base']:.3f} s, head {cpu['head']:.3f} s, "
            f"head/base {cpu['head'] / cpu['base']:.3f}",
            flush=True,
        )
    print(
        f"total: base {totals['base']:.3f} s, head {totals['head']:.3f} s, "
        f"head/base {totals['head'] / totals['base']:.3f} "
        f"({args.rounds} rounds × {args.matches} matches)"
    )


if __name__ == "__main__":
    main()
