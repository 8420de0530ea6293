"""The shipped precon deck files, as of the working tree or of a commit.

A benchmark that plays an older commit's engine gives it that commit's precons: today's files
may use effect vocabulary the older engine cannot read (engine 0.5.0 added windows such as
``round_end``), so each engine plays the decks of its own time."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDER = "content/precons"


def precon_files(commit: str | None = None) -> list[dict]:
    """Every ``content/precons/*.json`` in name order: the working tree's, or ``commit``'s."""
    if commit is None:
        paths = sorted((ROOT / FOLDER).glob("*.json"))
        return [json.loads(p.read_text(encoding="utf-8")) for p in paths]
    names = subprocess.run(
        ["git", "ls-tree", "--name-only", commit, f"{FOLDER}/"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return [
        json.loads(
            subprocess.run(
                ["git", "show", f"{commit}:{name}"],
                cwd=ROOT,
                check=True,
                capture_output=True,
                text=True,
            ).stdout
        )
        for name in sorted(n for n in names if n.endswith(".json"))
    ]
