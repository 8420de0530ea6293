r"""How matches end: the turn of the end, the termination kinds, the Commander lost on turn 1.

    .venv/bin/python scripts/match_endings.py [--agents heuristic heuristic] [--seeds 10] \
        [--jobs 2] [--against COMMIT]

A report, not a test. Plays every ordered pairing of the shipped precons
(``content/precons/*.json``: 8 decks, 56 ordered pairings) × ``--seeds`` seeds (0 … N − 1)
with the two agents given (any name ``make_agent`` reads: ``random``, ``heuristic``,
``search:N`` where the engine has it), log off, and prints markdown for
``docs/starter-set.md``: the distribution of the turn of the end (per turn, and in the
buckets 1, 2–3, 4–7, 8–15, 16+), the termination kinds (``matches/engine/victory.py``), the
share of matches where a Commander was lost on turn 1 and the share ending by running out of
cards, the mean and median turn; with the command and the load average before and after.

``--against COMMIT`` plays on that commit's engine instead, with that commit's precons: its
``matches/engine/`` extracted as a package (``scripts/bench/engine_matches.py``'s
``load_engine_copy``) — the "before" of a change to the rules or to the agents.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.bench.engine_matches import load, load_engine_copy  # noqa: E402
from scripts.bench.precon_files import precon_files  # noqa: E402

AGAINST_PACKAGE = "engine_endings"
BUCKETS: tuple[tuple[str, int, int], ...] = (
    ("1", 1, 1),
    ("2–3", 2, 3),
    ("4–7", 4, 7),
    ("8–15", 8, 15),
    ("16+", 16, 10**9),
)
MAX_JOBS = 2


@dataclass(frozen=True, slots=True)
class Ending:
    turn: int
    termination: str
    winner: int | None


# Set in each process by ``_start``: the engine package's modules and the decks, read once.
_ENGINE: dict[str, ModuleType] = {}
_DECKS: list[Any] = []


def _start(package: str, directory: str | None, commit: str | None) -> None:
    """Load the engine (``matches.engine``: today's by its flat module names, or a copy already
    written into ``directory``) and
    the precons of its time."""
    if directory is not None and directory not in sys.path:
        sys.path.insert(0, directory)
    for name in ("agents", "decks", "match"):
        _ENGINE[name] = importlib.import_module(f"{package}.{name}")
    _DECKS[:] = [_ENGINE["decks"].deck_from_dict(data) for data in precon_files(commit)]


def _play(job: tuple[int, int, int, Sequence[str]]) -> Ending:
    first, second, seed, agent_names = job
    make = _ENGINE["agents"].make_agent
    agents = [make(name, seed=seed + i) for i, name in enumerate(agent_names)]
    result = _ENGINE["match"].run_match(
        decks=[_DECKS[first], _DECKS[second]], agents=agents, seed=seed, log=False
    )
    outcome = result.outcome
    return Ending(outcome.turn, str(outcome.termination.value), outcome.winner)


def play_all(
    agent_names: Sequence[str], seeds: int, jobs: int, commit: str | None, directory: str | None
) -> list[Ending]:
    package = AGAINST_PACKAGE if commit else "matches.engine"
    count = len(precon_files(commit))
    work = [
        (a, b, seed, tuple(agent_names))
        for seed in range(seeds)
        for a in range(count)
        for b in range(count)
        if a != b
    ]
    if jobs <= 1:
        _start(package, directory, commit)
        return [_play(job) for job in work]
    with Pool(jobs, initializer=_start, initargs=(package, directory, commit)) as pool:
        return pool.map(_play, work, chunksize=8)


def share(count: int, total: int) -> str:
    return f"{100 * count / total:.1f} %"


def report(endings: Sequence[Ending]) -> list[str]:
    """Markdown: buckets, turns, termination kinds, the headline shares."""
    total = len(endings)
    turns = [e.turn for e in endings]
    lines = ["| turn of the end | matches | share |", "|---|---:|---:|"]
    for label, low, high in BUCKETS:
        count = sum(1 for t in turns if low <= t <= high)
        lines.append(f"| {label} | {count} | {share(count, total)} |")
    by_turn = Counter(turns)
    lines += [
        "",
        "By turn: " + ", ".join(f"{t}: {by_turn[t]}" for t in sorted(by_turn)) + ".",
        "",
        "| termination | matches | share | mean turn |",
        "|---|---:|---:|---:|",
    ]
    kinds = Counter(e.termination for e in endings)
    for kind, count in kinds.most_common():
        mean = statistics.mean(e.turn for e in endings if e.termination == kind)
        lines.append(f"| {kind} | {count} | {share(count, total)} | {mean:.1f} |")
    turn1 = sum(1 for e in endings if e.termination == "commander_lost" and e.turn == 1)
    deck_out = kinds.get("deck_out", 0)
    draws = sum(1 for e in endings if e.winner is None)
    first_seat = sum(1 for e in endings if e.winner == 0)
    lines += [
        "",
        f"{total} matches; a Commander lost on turn 1: {share(turn1, total)}; ended by running "
        f"out of cards: {share(deck_out, total)}; mean turn {statistics.mean(turns):.2f}, "
        f"median {statistics.median(turns):g}; draws {draws}; the first seat won "
        f"{share(first_seat, total)}.",
    ]
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", nargs=2, default=["heuristic", "heuristic"])
    parser.add_argument("--seeds", type=int, default=10, help="seeds per ordered pairing")
    parser.add_argument("--jobs", type=int, default=MAX_JOBS, choices=range(1, MAX_JOBS + 1))
    parser.add_argument(
        "--against", metavar="COMMIT", help="play on this commit's engine and precons instead"
    )
    args = parser.parse_args(argv)
    command = "scripts/match_endings.py " + " ".join(sys.argv[1:] if argv is None else list(argv))
    started, before = time.monotonic(), load()
    with tempfile.TemporaryDirectory(prefix="endings-") as directory:
        if args.against:
            load_engine_copy(Path(directory), AGAINST_PACKAGE, args.against)
        endings = play_all(
            args.agents, args.seeds, args.jobs, args.against, directory if args.against else None
        )
        version = importlib.import_module(
            f"{AGAINST_PACKAGE if args.against else 'matches.engine'}.agents"
        ).AGENTS_VERSION
    engine = f"engine of {args.against}" if args.against else "this tree's engine"
    print(
        f"`.venv/bin/python {command.strip()}` — {' vs '.join(args.agents)} (agents "
        f"{version}, {engine}), every ordered precon pairing × {args.seeds} seeds, "
        f"{time.monotonic() - started:.0f} s, load average before {before}, after {load()}."
    )
    print()
    print("\n".join(report(endings)))


if __name__ == "__main__":
    main()
