"""How much recording the history costs load_content: the shipped content loaded into a fresh
SQLite database twice (all rows new, then nothing changed), with the history recorded as
shipped and, for comparison, with recording switched off in this process only.

    .venv/bin/python scripts/bench/load_content_history.py [--no-history]
"""

import argparse
import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-history", action="store_true")
    args = parser.parse_args()
    database = Path(tempfile.mkdtemp()) / "bench.sqlite3"
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import transaction

    from content import loader

    if args.no_history:

        @contextlib.contextmanager
        def atomic_only(**kwargs):
            with transaction.atomic():
                yield

        loader.revision_record = atomic_only
    call_command("migrate", verbosity=0)
    for label in ("first load (every row new)", "second load (nothing changed)"):
        started = time.perf_counter()
        loader.content_load()
        print(f"{label}: {time.perf_counter() - started:.2f} s")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
