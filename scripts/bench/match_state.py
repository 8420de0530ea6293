"""What stepping a match state costs: apply (one choice, and the rules run on to the next
decision) and clone, in µs of CPU, on the shipped precons.

    .venv/bin/python scripts/bench/match_state.py [--seeds 60]

For each seed a heuristic pair plays a precon pairing with ``run_match`` (log off) to get its
history; then, clock running (``time.process_time``):

* ``apply`` — a fresh match state applies the whole history (``apply_index``), log off: the
  time per choice, and per match against ``run_match`` of the same match (the agents' share);
* ``clone`` — at the first decision, at a quarter, half and three quarters of the history and
  at its last decision: the first ``clone()`` of the state (it may replay the history and start
  the state's checkpoints, docs/engine.md), then ``clone()`` and ``sample(player, rng)`` (a
  searched world: a clone dealt again) ``--repeat`` times each, their median;
  and, for the checkpoint those clones copy, its ``Game.copy`` (best of 3 × 300 calls) and the
  number of choices a clone replays after it;
* ``observation`` — ``observation(player).to_dict()`` at the half-way state.

Printed: medians and p25/p75 over the seeds, with the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import komandor  # noqa: E402
from komandor.agents.registry import make_agent  # noqa: E402
from komandor.rules.decks import deck_from_dict  # noqa: E402
from komandor.rules.match import MatchSetup, new_match, replay_match, run_match  # noqa: E402

PRECONS = [
    deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "content" / "precons").glob("*.json"))
]
SHARES = (0.0, 0.25, 0.5, 0.75, 1.0)  # 1.0: the last decision
PAIRINGS = [(a, b) for a in PRECONS for b in PRECONS if a is not b]


def cpu_us(thunk: Callable[[], object]) -> float:
    start = time.process_time()
    thunk()
    return (time.process_time() - start) * 1e6


def median_us(thunk: Callable[[], object], repeat: int) -> float:
    return statistics.median(cpu_us(thunk) for _ in range(repeat))


def best_us(thunk: Callable[[], object], number: int) -> float:
    """The best of three runs of ``number`` calls, per call: a figure that load inflates less
    than one call's."""
    runs = []
    for _ in range(3):
        start = time.process_time()
        for _ in range(number):
            thunk()
        runs.append((time.process_time() - start) / number * 1e6)
    return min(runs)


def describe(name: str, values: list[float]) -> str:
    p25, median, p75 = statistics.quantiles(values, n=4, method="inclusive")
    return f"  {name:40} median {median:9.1f} µs  p25 {p25:9.1f}  p75 {p75:9.1f}"


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5, help="clones and samples per point")
    args = parser.parse_args()
    engine = komandor.ENGINE
    print(
        f"{args.seeds} precon matches, heuristic pair, log off, {engine} engine; "
        f"load average before {load()}"
    )
    rows: dict[str, list[float]] = {}

    def add(name: str, value: float) -> None:
        rows.setdefault(name, []).append(value)

    for seed in range(args.seeds):
        decks = list(PAIRINGS[seed % len(PAIRINGS)])
        agents = [make_agent("heuristic", seed=seed + i) for i in (0, 1)]
        result = run_match(decks=decks, agents=agents, seed=seed, log=False)
        actions = result.actions
        setup = MatchSetup(decks=decks, seed=seed, agent_names=("heuristic", "heuristic"))
        agents = [make_agent("heuristic", seed=seed + i) for i in (0, 1)]
        whole = cpu_us(partial(run_match, decks=decks, agents=agents, seed=seed, log=False))
        applied = cpu_us(partial(replay_match, setup, actions, log=False))
        add("run_match (whole match)", whole)
        add("apply all (whole match)", applied)
        add("apply, per choice", applied / max(len(actions), 1))
        add("choices per match", float(len(actions)))
        for share in SHARES:
            match = new_match(setup, log=False)
            applied_here = min(int(len(actions) * share), len(actions) - 1)
            match.apply_all(actions[:applied_here])
            label = "the last decision" if share == 1.0 else f"{share:.0%} of the match"
            add(f"first clone at {label}", cpu_us(match.clone))
            add(f"clone at {label}", median_us(match.clone, args.repeat))
            checkpoint = match._checkpoint  # what every later clone copies (docs/engine.md)
            if checkpoint is not None:
                game = checkpoint.game
                add(f"  Game.copy, its checkpoint, {label}", best_us(partial(game.copy, ()), 300))
                add(f"  choices replayed, {label}", float(applied_here - checkpoint.choices))
            player = match.decision.player if match.decision is not None else 0
            rng = random.Random(seed)
            add(f"sample at {label}", median_us(partial(match.sample, player, rng), args.repeat))
            if share == 0.5:
                add("observation().to_dict()", cpu_us(match.observation(player).to_dict))
    for name, values in rows.items():
        if name == "choices per match" or "replayed" in name:
            print(f"  {name:40} median {statistics.median(values):9.0f}")
        else:
            print(describe(name, values))
    print(f"load average after {load()}")


if __name__ == "__main__":
    main()
