"""A throwaway site for the benchmarks that need Django: a SQLite file in a temporary folder
(the README's first-run default, no Redis), migrated and loaded with the shipped content, then
``django.setup()``. Used as ``with throwaway_site("replay-bench-") as folder: ...``."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def throwaway_site(prefix: str, *, content: bool = True) -> Iterator[Path]:
    """``content=False``: migrated only, for a benchmark that needs no catalogue."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        os.environ.update(
            DJANGO_SETTINGS_MODULE="config.settings",
            DATABASE_URL=f"sqlite:///{tmp}/bench.sqlite3",
            REDIS_URL="",
        )
        os.environ.pop("CELERY_BROKER_URL", None)
        manage = [sys.executable, "manage.py"]
        for command in (["migrate", "--no-input"], ["load_content"])[: 2 if content else 1]:
            subprocess.run([*manage, *command], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        import django

        django.setup()
        yield Path(tmp)
