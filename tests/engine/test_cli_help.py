"""Both engine command lines print their usage with ``--help`` (and exit 0)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("module", "usage"),
    [
        ("matches.engine.scenario", "usage: python -m matches.engine.scenario [-h] file"),
        ("matches.engine.play", "usage: python -m matches.engine.play [-h]"),
    ],
)
def test_help_prints_the_usage_and_exits_0(module, usage):
    completed = subprocess.run(
        [sys.executable, "-m", module, "--help"], capture_output=True, text=True, cwd=ROOT
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.startswith(usage)
    assert f"\n    python -m {module} " in completed.stdout  # the docstring's example, as written
    assert completed.stderr == ""


def test_scenario_without_a_file_prints_the_usage_and_exits_2(capsys):
    from matches.engine.scenario import main

    assert main([]) == 2
    assert "usage: python -m matches.engine.scenario" in capsys.readouterr().err
