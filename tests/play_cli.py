"""``python -m komandor.play`` run as a user runs it: a separate process, the summary it
prints read back."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def play_cli(*args: object) -> dict[str, Any]:
    """Play a match with the command line; fails the test unless it exits 0."""
    done = subprocess.run(
        [sys.executable, "-m", "komandor.play", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
