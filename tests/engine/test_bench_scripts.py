"""The engine benchmark scripts run and measure what they say (a few matches, no timing checked):
engine 0.3.0 loads from git under its own package name beside today's engine, and the log
digests are the same for the same seeds."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "scripts" / "bench"


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_engine_0_3_0_loads_beside_today_s_engine_and_plays(tmp_path):
    bench = _script("engine_matches")
    try:
        baseline = bench.load_baseline(tmp_path)
        turns = bench.baseline_workload(["heuristic", "heuristic"])(0)()
        assert baseline.__name__ == "engine_030"
        assert sys.modules["engine_030.match"].ENGINE_VERSION == "0.3.0"
        assert "komandor" not in (tmp_path / "engine_030" / "match.py").read_text()
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m.split(".")[0] == "engine_030"]:
            del sys.modules[name]
    today = bench.today_workload(["heuristic", "heuristic"], bench.plain_decks())(0)()
    assert turns >= 1 and today >= 1


def test_the_precons_play_against_another_commit_s_engine_in_the_same_run():
    out = subprocess.run(
        [
            sys.executable,
            str(BENCH / "engine_matches.py"),
            *("--seeds", "2", "--rounds", "1", "--precons", "--no-baseline"),
            *("--against", "f533bd2"),
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for name in ("precons", "against"):
        assert f"  {name} " in out
    assert "precons / against: median ×" in out


def test_the_match_state_bench_reports_apply_and_clone():
    out = subprocess.run(
        [sys.executable, str(BENCH / "match_state.py"), "--seeds", "2"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    rows = (
        "apply, per choice",
        "clone at 50 % of the match",
        "Game.copy, its checkpoint, 50 % of the match",
        "choices replayed, 50 % of the match",
        "observation().to_dict()",
    )
    for row in rows:
        assert row.replace(" %", "%") in out


def test_one_run_reports_every_workload_with_the_aims():
    out = subprocess.run(
        [sys.executable, str(BENCH / "engine_matches.py"), "--seeds", "2", "--rounds", "1"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for name in ("0.3.0", "plain", "effects"):
        assert f"  {name} " in out
    assert "plain / 0.3.0: median ×" in out and "(aim ≤ ×1.10)" in out
    assert "effects median" in out and "aim ≤ 6 ms" in out


def test_log_digests_repeat_for_the_same_seeds_and_differ_between_kinds():
    digest = _script("engine_log_digest")
    first = {
        kind: digest.digest(decks, agents, 2) for kind, (decks, agents) in digest.KINDS.items()
    }
    again = {
        kind: digest.digest(decks, agents, 2) for kind, (decks, agents) in digest.KINDS.items()
    }
    assert first == again
    assert len(set(first.values())) == len(first)


def test_the_card_figures_benchmark_compares_the_engine_before_them_with_today_s():
    out = subprocess.run(
        [sys.executable, str(BENCH / "card_tally.py"), "--seeds", "2", "--rounds", "1"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert "round 1: base" in out and "tally alone" in out
    assert "(aim ≤ 1.05)" in out and "load average after" in out
