"""Full Komandor matches on one core: engine 0.3.0 against today's, with and without effects.

    .venv/bin/python scripts/bench/engine_matches.py [--seeds 200] [--rounds 3]
        [--agents heuristic heuristic] [--precons [--against COMMIT]]
        [--profile N --only effects]

One process measures, in the same run:

* ``0.3.0`` — engine 0.3.0 (commit ``fb3b12a``'s ``matches/engine/``, extracted with
  ``git archive`` into a temporary directory and imported as the package ``engine_030``) on
  two 40-card decks without effects (``tests/engine/deck_data.py``'s standard deck,
  initiative 5 and 4);
* ``plain`` — today's engine on the same two decks;
* ``effects`` — today's engine on two generated 40-card effect decks
  (``matches/engine/effect_decks.py``: the fleet plus 12 effect cards twice each; a new pair
  for every seed);
* with ``--precons``, also ``precons`` — today's engine on the shipped precon deck files
  (``content/precons/*.json``, 46–59 cards: not the 40-card aim's decks), a pairing per seed;
* with ``--against COMMIT`` too, ``against`` — the same precon matches on that commit's engine
  (extracted as ``0.3.0`` is, as the package ``engine_against``): the ratio precons / against
  is a change's cost on whole matches (the match-state loop of engine 0.5 against ``f533bd2``).
* with ``--interpreted``, also ``precons-i`` — the same precon matches on today's engine loaded
  from its ``.py`` files as the package ``engine_source``, so the compiled engine
  (``komandor`` after ``scripts/install.sh``) and the interpreted one alternate in one
  run; the ratio is printed against the aim (×2.5, median ≤ 3 ms).

Each seed plays every workload in turn, the order rotating from seed to seed, and each round
replays all seeds, so drift of the shared machine falls on every workload alike. Times are the
process's CPU time per match (``time.process_time``), log disabled as bulk matches run; decks
are built before the clock starts. Printed per workload: median, p25/p75, min/max, matches/s
of CPU, turns; then the ratio plain / 0.3.0 (aim ≤ 1.10) and the effects median against the
6 ms aim, per round and over all rounds, with the load average before and after.

``--profile N`` runs the chosen workload (``--only``) once more under cProfile and prints the
N functions with the most own time (for ranking, not for the table).
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import io
import json
import os
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import komandor  # noqa: E402
from komandor.agents.registry import AGENTS, make_agent  # noqa: E402
from komandor.rules.decks import deck_from_dict  # noqa: E402
from komandor.rules.effect_decks import effect_deck  # noqa: E402
from komandor.rules.match import ENGINE_VERSION, run_match  # noqa: E402
from scripts.bench.precon_files import precon_files  # noqa: E402
from tests.engine.deck_data import standard_deck  # noqa: E402

BASELINE_COMMIT = "fb3b12a"
BASELINE_PACKAGE = "engine_030"
SOURCE_PACKAGE = "engine_source"
PLAIN_AIM = 1.10
EFFECTS_AIM_MS = 6.0
COMPILED_AIM = 2.5  # precons: interpreted CPU per match / compiled (issue 25)
COMPILED_AIM_MS = 3.0  # precons, compiled: median CPU per match

# A workload: seed -> a thunk playing one match (decks and agents built, clock not started)
# that returns the match's turn count.
Match = Callable[[], int]
Workload = Callable[[int], Match]


def load_engine_copy(directory: Path, package: str, commit: str | None) -> ModuleType:
    """An engine's source files as the package ``package``, by the flat module names of engines
    up to 0.5.0 (``package.match``, ``package.agents`` …): those of ``commit`` (``git archive``),
    or with None today's ``.py`` files — interpreted even where ``komandor`` itself runs
    compiled. An engine of the ``komandor`` layout (0.6 on) is copied as ``<package>_src`` and
    its modules named flat through its ``FLAT_MODULES``."""
    if commit is None:
        source: Path | None = ROOT / "komandor"
        shutil.copytree(source, directory / "komandor", ignore=shutil.ignore_patterns("*.so"))
    else:
        source = None
        for path in ("komandor", "matches/engine"):
            archive = subprocess.run(
                ["git", "archive", commit, path], cwd=ROOT, capture_output=True
            )
            if archive.returncode == 0:
                subprocess.run(
                    ["tar", "-x", "-C", str(directory)], input=archive.stdout, check=True
                )
                source = directory / path
                break
        if source is None:
            raise SystemExit(f"{commit}: no engine found (komandor/ or matches/engine/)")
    layered = (directory / "komandor").exists()
    target = directory / (f"{package}_src" if layered else package)
    (directory / ("komandor" if layered else "matches/engine")).rename(target)
    old = "komandor" if layered else "matches.engine"
    for path in target.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        text = re.sub(
            rf"^(\s*)(from|import) {re.escape(old)}\b", rf"\1\2 {target.name}", text, flags=re.M
        )
        path.write_text(text, encoding="utf-8")
    if str(directory) not in sys.path:
        sys.path.insert(0, str(directory))
    # A copy is never compiled: its package must not obey KOMANDOR_ENGINE=compiled (test.sh).
    chosen = os.environ.get("KOMANDOR_ENGINE")
    os.environ["KOMANDOR_ENGINE"] = "interpreted"
    try:
        loaded = importlib.import_module(target.name)
        if not layered:
            return loaded
        flat = ModuleType(package)
        sys.modules[package] = flat
        for name, real in loaded.FLAT_MODULES.items():
            module = importlib.import_module(f"{target.name}.{real}")
            sys.modules[f"{package}.{name}"] = module
            setattr(flat, name, module)
        return flat
    finally:
        if chosen is None:
            del os.environ["KOMANDOR_ENGINE"]
        else:
            os.environ["KOMANDOR_ENGINE"] = chosen


def load_baseline(directory: Path) -> ModuleType:
    """Engine 0.3.0 as the package ``engine_030``."""
    return load_engine_copy(directory, BASELINE_PACKAGE, BASELINE_COMMIT)


def agents_for(make: Callable[..., Any], names: list[str], seed: int) -> list[Any]:
    return [make(name, seed=seed + i) for i, name in enumerate(names)]


def standard_decks() -> list[dict[str, Any]]:
    return [standard_deck("a", initiative=5), standard_deck("b", initiative=4)]


def baseline_workload(agent_names: list[str]) -> Workload:
    modules = {
        name: importlib.import_module(f"{BASELINE_PACKAGE}.{name}")
        for name in ("agents", "decks", "match")
    }
    version = modules["match"].ENGINE_VERSION
    assert version == "0.3.0", version
    decks = [modules["decks"].deck_from_dict(d) for d in standard_decks()]
    run = modules["match"].run_match
    make = modules["agents"].make_agent

    def workload(seed: int) -> Match:
        agents = agents_for(make, agent_names, seed)
        return lambda: run(decks=decks, agents=agents, seed=seed, log=False).summary["turns"]

    return workload


def against_workload(agent_names: list[str], commit: str) -> Workload:
    """The precons of ``commit`` on its engine (``--against``, package ``engine_against``)."""
    modules = {
        name: importlib.import_module(f"engine_against.{name}")
        for name in ("agents", "decks", "match")
    }
    decks = [modules["decks"].deck_from_dict(data) for data in precon_files(commit)]
    pairs = [(a, b) for a in range(len(decks)) for b in range(len(decks)) if a != b]
    run = modules["match"].run_match
    make = modules["agents"].make_agent

    def workload(seed: int) -> Match:
        agents = agents_for(make, agent_names, seed)
        pair = [decks[i] for i in pairs[seed % len(pairs)]]
        return lambda: run(decks=pair, agents=agents, seed=seed, log=False).summary["turns"]

    return workload


def today_workload(agent_names: list[str], decks_for: Callable[[int], list[Any]]) -> Workload:
    def workload(seed: int) -> Match:
        decks = decks_for(seed)
        agents = agents_for(make_agent, agent_names, seed)
        return lambda: run_match(decks=decks, agents=agents, seed=seed, log=False).summary["turns"]

    return workload


def source_workload(agent_names: list[str]) -> Workload:
    """Today's engine from its ``.py`` files (``load_engine_copy`` with no commit) on the
    precons, as ``today_workload(..., precon_decks())`` plays them."""
    modules = {
        name: importlib.import_module(f"{SOURCE_PACKAGE}.{name}")
        for name in ("agents", "decks", "match")
    }
    assert modules["match"].__file__.endswith(".py")
    pairs = precon_pairs(modules["decks"].deck_from_dict)
    run = modules["match"].run_match
    make = modules["agents"].make_agent

    def workload(seed: int) -> Match:
        decks = pairs(seed)
        agents = agents_for(make, agent_names, seed)
        return lambda: run(decks=decks, agents=agents, seed=seed, log=False).summary["turns"]

    return workload


def plain_decks() -> Callable[[int], list[Any]]:
    decks = [deck_from_dict(d) for d in standard_decks()]
    return lambda seed: decks


def effect_decks(seed: int) -> list[Any]:
    return [deck_from_dict(effect_deck(seed * 2 + side)) for side in (0, 1)]


def precon_pairs(read: Callable[[Any], Any]) -> Callable[[int], list[Any]]:
    """seed -> the shipped precons' ordered pairing for that seed, each deck read by ``read``."""
    paths = sorted((ROOT / "content" / "precons").glob("*.json"))
    decks = [read(json.loads(p.read_text(encoding="utf-8"))) for p in paths]
    pairs = [(a, b) for a in range(len(decks)) for b in range(len(decks)) if a != b]
    return lambda seed: [decks[i] for i in pairs[seed % len(pairs)]]


def precon_decks() -> Callable[[int], list[Any]]:
    return precon_pairs(deck_from_dict)


Results = dict[str, tuple[list[float], list[int]]]  # per workload: CPU s and turns per match


def run_round(workloads: dict[str, Workload], seeds: int) -> Results:
    names = list(workloads)
    results: Results = {name: ([], []) for name in names}
    for seed in range(seeds):
        shift = seed % len(names)
        for name in names[shift:] + names[:shift]:
            match = workloads[name](seed)
            start = time.process_time()
            turns = match()
            results[name][0].append(time.process_time() - start)
            results[name][1].append(turns)
    return results


def describe(name: str, times: list[float], turns: list[int]) -> str:
    ms = sorted(t * 1000 for t in times)
    p25, median, p75 = statistics.quantiles(ms, n=4, method="inclusive")
    return (
        f"  {name:8} median {median:6.2f} ms  p25 {p25:6.2f}  p75 {p75:6.2f}  "
        f"min {ms[0]:5.2f}  max {ms[-1]:6.1f}  {len(ms) / sum(times):6.1f} matches/s  "
        f"turns mean {statistics.mean(turns):4.1f} median {statistics.median(turns):g}  "
        f"{sum(ms) / sum(turns):.2f} ms/turn"
    )


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def summarise(label: str, results: Results) -> None:
    print(label)
    for name, (times, turns) in results.items():
        print(describe(name, times, turns))
    if "0.3.0" in results and "plain" in results:
        base, plain = median_ms(results["0.3.0"][0]), median_ms(results["plain"][0])
        rate = sum(results["plain"][0]) / sum(results["0.3.0"][0])
        print(
            f"  plain / 0.3.0: median ×{plain / base:.3f}, total CPU ×{rate:.3f} "
            f"(aim ≤ ×{PLAIN_AIM:.2f})"
        )
    if "against" in results and "precons" in results:
        base, today = median_ms(results["against"][0]), median_ms(results["precons"][0])
        rate = sum(results["precons"][0]) / sum(results["against"][0])
        print(
            f"  precons / against: median ×{today / base:.3f}, total CPU ×{rate:.3f} "
            f"(aim ≤ ×{PLAIN_AIM:.2f})"
        )
    if "effects" in results:
        effects = median_ms(results["effects"][0])
        verdict = "met" if effects <= EFFECTS_AIM_MS else "NOT met"
        print(f"  effects median {effects:.2f} ms (aim ≤ {EFFECTS_AIM_MS:g} ms: {verdict})")
    if "precons" in results and "precons-i" in results:
        fast, slow = median_ms(results["precons"][0]), median_ms(results["precons-i"][0])
        rate = sum(results["precons-i"][0]) / sum(results["precons"][0])
        verdict = "met" if slow / fast >= COMPILED_AIM and fast <= COMPILED_AIM_MS else "NOT met"
        print(
            f"  precons interpreted / {komandor.ENGINE}: median ×{slow / fast:.2f}, "
            f"total CPU ×{rate:.2f} (aim ≥ ×{COMPILED_AIM:g} and median ≤ "
            f"{COMPILED_AIM_MS:g} ms: {verdict})"
        )


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def profile(workload: Workload, seeds: int, top: int) -> None:
    def play_all() -> None:
        for seed in range(seeds):
            workload(seed)()

    profiler = cProfile.Profile()
    profiler.runcall(play_all)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    print(out.getvalue().split("\n\n", 1)[-1].replace(str(ROOT) + "/", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--agents", nargs=2, default=["heuristic", "heuristic"], choices=sorted(AGENTS)
    )
    parser.add_argument("--precons", action="store_true", help="also the shipped precons")
    parser.add_argument(
        "--interpreted",
        action="store_true",
        help="also the precons on today's engine from its .py files (precons-i), beside"
        " komandor as it runs (compiled when built): implies --precons",
    )
    parser.add_argument("--no-baseline", action="store_true", help="skip engine 0.3.0")
    parser.add_argument(
        "--against",
        metavar="COMMIT",
        help="with --precons, also the precons on this commit's engine (workload 'against'), "
        "and the ratio precons / against",
    )
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    parser.add_argument("--only", help="profile this workload (default: effects)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="engine030-") as directory:
        workloads: dict[str, Workload] = {}
        if not args.no_baseline:
            load_baseline(Path(directory))
            workloads["0.3.0"] = baseline_workload(args.agents)
        workloads["plain"] = today_workload(args.agents, plain_decks())
        workloads["effects"] = today_workload(args.agents, effect_decks)
        if args.precons or args.interpreted:
            workloads["precons"] = today_workload(args.agents, precon_decks())
            if args.against:
                load_engine_copy(Path(directory), "engine_against", args.against)
                workloads["against"] = against_workload(args.agents, args.against)
        if args.interpreted:
            load_engine_copy(Path(directory), SOURCE_PACKAGE, None)
            workloads["precons-i"] = source_workload(args.agents)

        print(
            f"engine {ENGINE_VERSION} ({komandor.ENGINE}) against 0.3.0"
            f" ({BASELINE_COMMIT}), {args.seeds} seeds × "
            f"{args.rounds} rounds, {' vs '.join(args.agents)}, log off, "
            f"Python {sys.version.split()[0]}, load average before {load()}"
        )
        if args.profile:
            profile(workloads[args.only or "effects"], args.seeds, args.profile)
            return
        rounds = []
        for number in range(1, args.rounds + 1):
            rounds.append(run_round(workloads, args.seeds))
            summarise(f"round {number} (load average after it {load()})", rounds[-1])
        merged: Results = {
            name: (
                [t for r in rounds for t in r[name][0]],
                [n for r in rounds for n in r[name][1]],
            )
            for name in workloads
        }
        summarise(f"all {args.rounds} rounds", merged)


if __name__ == "__main__":
    main()
