"""``manage.py`` run as a user runs it: a separate process in the project folder."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def manage(*args: str, unset: tuple[str, ...] = (), **env: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, **env}
    for name in unset:
        environment.pop(name, None)
    # The browser tests relax Django's async guard for their own process; a real run never does.
    environment.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
    )
