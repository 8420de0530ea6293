"""The report of how matches end and the SPRT of the heuristic against an older one run and
count what they say (a few matches, no timing checked)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _module(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(Path(path).stem, ROOT / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _run(*args: str) -> str:
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout


def test_the_endings_report_counts_buckets_kinds_and_the_turn_1_losses():
    endings = _module("scripts/match_endings.py")
    Ending = endings.Ending
    games = [
        Ending(1, "commander_lost", 1),
        Ending(3, "commander_lost", 0),
        Ending(17, "deck_out", 0),
        Ending(9, "procurator", 1),
    ]
    text = "\n".join(endings.report(games))
    assert "| 1 | 1 | 25.0 % |" in text
    assert "| 2–3 | 1 | 25.0 % |" in text
    assert "| 4–7 | 0 | 0.0 % |" in text
    assert "| 16+ | 1 | 25.0 % |" in text
    assert "| commander_lost | 2 | 50.0 % | 2.0 |" in text
    assert "a Commander lost on turn 1: 25.0 %" in text
    assert "ended by running out of cards: 25.0 %" in text
    assert "mean turn 7.50" in text


def test_the_endings_report_plays_every_ordered_pairing_on_this_tree_or_an_older_commit():
    today = _run("scripts/match_endings.py", "--seeds", "1", "--jobs", "1")
    assert "this tree's engine" in today and "56 matches" in today
    before = _run("scripts/match_endings.py", "--seeds", "1", "--jobs", "1", "--against", "ecce34d")
    assert "agents 1.0, engine of ecce34d" in before and "56 matches" in before


def test_the_gain_sprt_plays_seat_swapped_pairs_and_prints_its_trace():
    out = _run(
        "scripts/bench/heuristic_gain.py",
        *("--max-pairs", "2", "--jobs", "1", "--trace", "1"),
    )
    assert "pairs     1  games     2" in out and "pairs     2  games     4" in out
    assert "over 4 games" in out and "Wilson 95 %" in out
    assert "bounds -2.944 / 2.944" in out
