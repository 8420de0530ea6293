"""What an agent costs against a baseline's own cost, like for like: CPU per game and per
decision, in one run, alternating.

    .venv/bin/python scripts/bench/agent_cpu.py [--agent standard] [--baseline heuristic-1.1] \
        [--games 112] [--rounds 3]

Each round plays the same ``--games`` precon games (game ``k``: the ``k mod 56``-th ordered
pairing, match seed ``k // 2``, the agent in seat ``k mod 2``) twice in one process: once with
the agent against the baseline, once with the baseline in its seat (baseline × 2), so both see
the same decks, seeds and machine load. Prints, for each, the process time of a whole game (the
engine and both agents) and of the measured seat's decisions (mean µs, p95 µs), and the ratio
of the game CPU. Not a test: figures go to docs/engine.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from komandor.agents.registry import agent_spec_error, make_agent  # noqa: E402
from komandor.rules.match import run_match  # noqa: E402
from scripts.bench.search_strength import Timed, percentile, precon_pairings  # noqa: E402


def play(spec: str, baseline: str, games: int, pairings: list) -> tuple[list[float], list[float]]:
    """(CPU of each whole game, CPU of each decision of the measured seat), seconds."""
    per_game: list[float] = []
    decisions: list[float] = []
    for index in range(games):
        pair, seat = divmod(index, 2)
        names = [baseline, baseline]
        names[seat] = spec
        agents = [make_agent(name, seed=pair * 2 + i) for i, name in enumerate(names)]
        timed = Timed(agents[seat])
        agents[seat] = timed
        start = time.process_time()
        run_match(decks=list(pairings[pair % len(pairings)]), agents=agents, seed=pair, log=False)
        per_game.append(time.process_time() - start)
        decisions.extend(timed.times)
    return per_game, decisions


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--agent", default="standard")
    parser.add_argument("--baseline", default="heuristic-1.1")
    parser.add_argument("--games", type=int, default=112)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    for spec in (args.agent, args.baseline):
        error = agent_spec_error(spec)
        if error:
            parser.error(error)
    pairings = precon_pairings()
    print(f"load before {' '.join(f'{v:.2f}' for v in os.getloadavg())}", flush=True)
    totals: dict[str, tuple[list[float], list[float]]] = {
        args.agent: ([], []),
        args.baseline: ([], []),
    }
    for _ in range(args.rounds):
        for spec in (args.agent, args.baseline):
            games, decisions = play(spec, args.baseline, args.games, pairings)
            totals[spec][0].extend(games)
            totals[spec][1].extend(decisions)
    for spec, (games, decisions) in totals.items():
        print(
            f"{spec} (seat) vs {args.baseline}: {len(games)} games, CPU per game mean "
            f"{1000 * statistics.fmean(games):.1f} ms; per decision of the seat mean "
            f"{1e6 * statistics.fmean(decisions):.1f} µs, p95 "
            f"{1e6 * percentile(decisions, 0.95):.1f} µs ({len(decisions)} decisions)"
        )
    ratio = statistics.fmean(totals[args.agent][0]) / statistics.fmean(totals[args.baseline][0])
    print(f"game CPU ratio {args.agent} / {args.baseline}: {ratio:.2f}")
    print(f"load after {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
