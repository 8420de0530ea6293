"""A real site served by gunicorn on a free port, on a database of its own, for the runs that
need a live server process: the Schemathesis run (``scripts/schemathesis_run.py``) and the API
walk-through of docs/API.md (``tests/test_api_walkthrough.py``).

A fresh database (SQLite in a temporary folder; on PostgreSQL, when ``DATABASE_URL`` names
one, ``<name>_<suffix>``, dropped afterwards), migrated and loaded with the shipped content,
then ``setup`` (Python for ``manage.py shell``, e.g. a user and a token), then gunicorn with
``config.settings.conformance`` (no throttles, no lockout, a fast password hasher)::

    with served_site(suffix="schemathesis", setup=CODE) as site:
        ... site.base ... site.folder ...
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


@dataclass(frozen=True)
class Site:
    base: str  # http://127.0.0.1:<port>
    folder: Path  # the run's temporary folder (``SITE_FOLDER`` to ``setup``)
    env: Mapping[str, str]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _postgres(url: str, statement: str) -> None:
    import psycopg

    admin = urlunsplit(urlsplit(url)._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(statement)


def _database(folder: Path, suffix: str) -> tuple[str, str | None]:
    """The run's database URL, and the PostgreSQL database name to drop afterwards."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        return f"sqlite:///{folder / 'site.sqlite3'}", None
    name = urlsplit(url).path.lstrip("/") + f"_{suffix}"
    _postgres(url, f'DROP DATABASE IF EXISTS "{name}"')
    _postgres(url, f'CREATE DATABASE "{name}"')
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}")), name


def _wait(url: str, server: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server stopped (exit {server.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"no answer from {url} in {timeout:.0f} s")


@contextmanager
def served_site(
    *, suffix: str, setup: str = "", env: Mapping[str, str] | None = None
) -> Iterator[Site]:
    """``env`` adds to (or overrides) the server's environment: the default sends tasks to a
    filesystem broker no worker reads; ``{"CELERY_BROKER_URL": ""}`` runs them in the request
    instead (Celery's eager mode, as the README's first run does)."""
    with tempfile.TemporaryDirectory(prefix=f"{suffix}-") as tmp:
        folder = Path(tmp)
        database_url, postgres_name = _database(folder, suffix)
        server_env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.conformance",
            "DATABASE_URL": database_url,
            "REDIS_URL": "",  # the cache in the process: nothing left over from another run
            "CELERY_BROKER_URL": "filesystem://",
            "CELERY_FILESYSTEM_DIR": str(folder / "broker"),
            "SITE_FOLDER": str(folder),  # where ``setup`` may leave what the caller reads
            **(env or {}),
        }
        if not server_env["CELERY_BROKER_URL"]:
            server_env.pop("CELERY_BROKER_URL")
        server_env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        manage = [sys.executable, "manage.py"]
        server = None
        try:
            for command in (["migrate", "--no-input"], ["load_content"]):
                subprocess.run(
                    [*manage, *command],
                    cwd=ROOT,
                    env=server_env,
                    check=True,
                    stdout=subprocess.DEVNULL,
                )
            if setup:
                subprocess.run(
                    [*manage, "shell", "-c", setup], cwd=ROOT, env=server_env, check=True
                )
            port = _free_port()
            base = f"http://127.0.0.1:{port}"
            server = subprocess.Popen(
                [
                    str(BIN / "gunicorn"),
                    "config.wsgi",
                    "-b",
                    f"127.0.0.1:{port}",
                    "--workers",
                    "1",
                    "--threads",
                    "4",
                    "--timeout",
                    "120",
                    # gunicorn's own 414 (an HTML page) past this; the API answers its
                    # documented 414 from API_MAX_QUERY_BYTES (2,048) well before.
                    "--limit-request-line",
                    "8190",
                    "--log-level",
                    "warning",
                ],
                cwd=ROOT,
                env=server_env,
            )
            _wait(f"{base}/api/health/", server)
            yield Site(base=base, folder=folder, env=server_env)
        finally:
            if server is not None:
                server.terminate()
                server.wait(timeout=30)
            if postgres_name is not None:
                _postgres(os.environ["DATABASE_URL"], f'DROP DATABASE IF EXISTS "{postgres_name}"')
