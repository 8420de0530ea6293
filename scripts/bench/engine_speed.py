"""A precon match's CPU against a fixed pure-Python workload, for today's engine and another
commit's, alternating in one process (issue 30, "Twice as fast").

    .venv/bin/python scripts/bench/engine_speed.py --against-root DIR [--seeds 60] [--rounds 2]
    .venv/bin/python scripts/bench/engine_speed.py --against COMMIT [--seeds 60]

Today's engine is ``komandor`` as it loads here (``KOMANDOR_ENGINE=compiled`` for the compiled
one). The other engine is either a checkout of an engine-0.5 tree at ``--against-root`` (its
``matches/engine`` imported from there: compiled if that tree was built with its own
``scripts/build_engine.py --root DIR``), or ``--against COMMIT``'s sources, interpreted
(``engine_matches.load_engine_copy``). Each engine plays the precons of its own tree.

For every seed, in an order rotating from seed to seed: the reference workload (a fixed
pure-Python loop: dict, list and string work, no engine), today's match and the other engine's
match, each timed with ``time.process_time``; heuristic pair, log off, one pairing per seed.
``--their-decks``: today's engine plays the other tree's (or commit's) precon files too, so both
engines play the same decks (like for like; the precons were rebalanced after 39ffb88).
Printed, per round and over all: each engine's total match CPU divided by the reference's
total CPU (so the machine's speed and load cancel), and today's ratio over the other's.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import komandor  # noqa: E402
from komandor.agents.registry import make_agent  # noqa: E402
from komandor.rules.decks import deck_from_dict  # noqa: E402
from komandor.rules.match import ENGINE_VERSION, run_match  # noqa: E402
from scripts.bench.engine_matches import load_engine_copy  # noqa: E402
from scripts.bench.precon_files import precon_files  # noqa: E402

Play = Callable[[int], object]


def reference() -> int:
    """The fixed pure-Python workload: the same work every call, no engine code."""
    total = 0
    table: dict[str, int] = {}
    for i in range(20_000):
        key = f"k{i % 997}"
        table[key] = table.get(key, 0) + i
        items = [i, i * 3 % 17, i * 7 % 13]
        items.sort()
        total += items[1] + len(key)
    return total + len(table)


def precon_player(
    decks_module: Any, match_module: Any, make: Callable[..., Any], files: list[Any]
) -> Play:
    decks = [decks_module.deck_from_dict(data) for data in files]
    pairs = [(a, b) for a in range(len(decks)) for b in range(len(decks)) if a != b]

    def play(seed: int) -> object:
        agents = [make("heuristic", seed=seed * 2 + side) for side in (0, 1)]
        pair = [decks[i] for i in pairs[seed % len(pairs)]]
        return match_module.run_match(decks=pair, agents=agents, seed=seed, log=False)

    return play


def root_precons(root: Path) -> list[Any]:
    paths = sorted((root / "content" / "precons").glob("*.json"))
    return [json.loads(path.read_text(encoding="utf-8")) for path in paths]


def against_root(root: Path) -> tuple[Play, str]:
    sys.path.insert(0, str(root))
    for name in [name for name in sys.modules if name == "matches" or name.startswith("matches.")]:
        del sys.modules[name]
    engine = importlib.import_module("matches.engine")
    modules = {
        name: importlib.import_module(f"matches.engine.{name}")
        for name in ("agents", "decks", "match")
    }
    sys.path.remove(str(root))
    files = root_precons(root)
    play = precon_player(modules["decks"], modules["match"], modules["agents"].make_agent, files)
    return play, f"{root} ({engine.ENGINE}, engine {modules['match'].ENGINE_VERSION})"


def against_commit(commit: str, directory: Path) -> tuple[Play, str]:
    load_engine_copy(directory, "engine_against", commit)
    decks, match, agents = (
        importlib.import_module(f"engine_against.{name}") for name in ("decks", "match", "agents")
    )
    play = precon_player(decks, match, agents.make_agent, precon_files(commit))
    return play, f"{commit} (interpreted, engine {match.ENGINE_VERSION})"


def cpu(thunk: Callable[[], object]) -> float:
    start = time.process_time()
    thunk()
    return time.process_time() - start


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=2)
    other = parser.add_mutually_exclusive_group(required=True)
    other.add_argument("--against-root", type=Path)
    other.add_argument("--against")
    parser.add_argument(
        "--their-decks",
        action="store_true",
        help="today's engine plays the other engine's precon files too (like for like)",
    )
    args = parser.parse_args()
    if args.their_decks and args.against_root is not None:
        files = root_precons(args.against_root.resolve())
    else:
        files = precon_files(args.against if args.their_decks else None)
    today = precon_player(
        importlib.import_module("komandor.rules.decks"),
        importlib.import_module("komandor.rules.match"),
        make_agent,
        files,
    )
    assert deck_from_dict and run_match  # today's engine imported before the other's
    with tempfile.TemporaryDirectory() as directory:
        if args.against_root is not None:
            theirs, described = against_root(args.against_root.resolve())
        else:
            theirs, described = against_commit(args.against, Path(directory))
        print(f"today: komandor ({komandor.ENGINE}, engine {ENGINE_VERSION})")
        print(f"against: {described}")
        print(f"{args.seeds} seeds × {args.rounds} rounds; load average before {load()}")
        workloads: dict[str, Callable[[int], Callable[[], object]]] = {
            "reference": lambda seed: reference,
            "today": lambda seed: lambda: today(seed),
            "against": lambda seed: lambda: theirs(seed),
        }
        alternate(range(args.seeds), workloads, args.rounds)


def alternate(
    seeds: Sequence[int], workloads: dict[str, Callable[[int], Callable[[], object]]], rounds: int
) -> None:
    """Every workload of every seed, ``rounds`` times, in an order rotating from seed to seed
    (the workloads' own order shifted by the seed), each timed with ``cpu``; prints each
    round's and all rounds' ratios (``report``: the workloads named ``reference``, ``today``
    and ``against``), the medians per match and the load average after."""
    names = list(workloads)
    totals: dict[str, float] = dict.fromkeys(names, 0.0)
    per_match: dict[str, list[float]] = {name: [] for name in names}
    for round_ in range(1, rounds + 1):
        rounded: dict[str, float] = dict.fromkeys(names, 0.0)
        for seed in seeds:
            shift = seed % len(names)
            for name in names[shift:] + names[:shift]:
                spent = cpu(workloads[name](seed))
                rounded[name] += spent
                per_match[name].append(spent)
        for name in names:
            totals[name] += rounded[name]
        report(f"round {round_}", rounded)
    report("all rounds", totals)
    for name in ("today", "against"):
        median = statistics.median(per_match[name]) * 1000
        print(f"  {name}: median {median:.2f} ms per match")
    print(f"load average after {load()}")


def report(label: str, totals: dict[str, float]) -> None:
    ratio_today = totals["today"] / totals["reference"]
    ratio_against = totals["against"] / totals["reference"]
    print(
        f"{label}: today / reference {ratio_today:.4f}, against / reference "
        f"{ratio_against:.4f}, today / against ×{ratio_today / ratio_against:.3f}"
    )


if __name__ == "__main__":
    main()
