"""The bounded Schemathesis run (issue 12): every check against the live API, 0 failures.

Makes a database of its own (SQLite in a temporary folder; on PostgreSQL, when DATABASE_URL
names one, ``<name>_schemathesis``, dropped afterwards), migrates it, loads the shipped content,
adds a user and serves the site with gunicorn on a free port (``config.settings.conformance``:
no throttles, no lockout, a fast password hasher; tasks go to a filesystem broker no worker
reads). Then Schemathesis runs every check on every operation of ``/api/schema/``, with the
settings of ``scripts/schemathesis.toml`` (which turns every check on and names the few
operations where one cannot apply; ``--checks all`` on the command line would override those),
in deterministic mode with a fixed number of examples, so a run is repeatable and bounded
(about 4,900 requests): the coverage and fuzzing phases, then the stateful phase (chains of
calls through the links Schemathesis infers, a fixed number of short scenarios:
``[phases.stateful]`` in the toml). Exits with Schemathesis's status: non-zero on any server
error or conformance failure. ``scripts/test.sh`` runs it before pytest.

    .venv/bin/python scripts/schemathesis_run.py [--examples N] [--seed N]
        [--phases coverage,fuzzing,stateful] [--report events.ndjson]
        [--include-name 'POST /api/tournaments/' ...]

``--seed N`` draws other examples, reproducibly, instead of the deterministic set: a check that
passes only on the deterministic examples is found by a few seeds.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
USER, PASSWORD = "schemathesis", "conformance-run-password"
CREATE_USER = f"""
from django.contrib.auth import get_user_model
user = get_user_model().objects.create_user({USER!r}, password={PASSWORD!r})
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _postgres(url: str, statement: str) -> None:
    import psycopg

    admin = urlunsplit(urlsplit(url)._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(statement)


def _database(folder: Path) -> tuple[str, str | None]:
    """The run's database URL, and the PostgreSQL database name to drop afterwards."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        return f"sqlite:///{folder / 'schemathesis.sqlite3'}", None
    name = urlsplit(url).path.lstrip("/") + "_schemathesis"
    _postgres(url, f'DROP DATABASE IF EXISTS "{name}"')
    _postgres(url, f'CREATE DATABASE "{name}"')
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}")), name


def _wait(url: str, server: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server stopped (exit {server.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"no answer from {url} in {timeout:.0f} s")


def _summary(report: Path) -> str:
    cases = failures = 0
    if not report.exists():
        return "no report"
    for line in report.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        finished = event.get("ScenarioFinished")
        if finished:
            cases += len(finished["recorder"].get("cases", ()))
            failures += sum(
                check["status"] == "failure"
                for checks in finished["recorder"].get("checks", {}).values()
                for check in checks
            )
    return f"{cases} cases, {failures} failed checks"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=5, help="fuzzed cases per operation")
    parser.add_argument("--phases", default="coverage,fuzzing,stateful")
    parser.add_argument(
        "--seed", type=int, help="random examples from this seed instead of the deterministic set"
    )
    parser.add_argument("--report", type=Path, help="keep Schemathesis's NDJSON events here")
    parser.add_argument(
        "--include-name",
        action="append",
        default=[],
        metavar="'METHOD /path'",
        help="only these operations (repeatable): a quick run of the ones a change touched",
    )
    args = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="schemathesis-") as tmp:
        folder = Path(tmp)
        database_url, postgres_name = _database(folder)
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.conformance",
            "DATABASE_URL": database_url,
            "REDIS_URL": "",  # the cache in the process: nothing left over from another run
            "CELERY_BROKER_URL": "filesystem://",
            "CELERY_FILESYSTEM_DIR": str(folder / "broker"),
        }
        env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        manage = [sys.executable, "manage.py"]
        server = None
        try:
            for command in (["migrate", "--no-input"], ["load_content"]):
                subprocess.run(
                    [*manage, *command], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL
                )
            subprocess.run([*manage, "shell", "-c", CREATE_USER], cwd=ROOT, env=env, check=True)
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
                env=env,
            )
            _wait(f"{base}/api/health/", server)
            prepared = time.monotonic()
            report = args.report or folder / "events.ndjson"
            result = subprocess.run(
                [
                    str(BIN / "schemathesis"),
                    "--config-file",
                    str(ROOT / "scripts" / "schemathesis.toml"),
                    "run",
                    f"{base}/api/schema/?format=json",
                    "--url",
                    base,
                    "--phases",
                    args.phases,
                    "--max-examples",
                    str(args.examples),
                    *(
                        ("--generation-deterministic",)
                        if args.seed is None
                        else ("--seed", str(args.seed))
                    ),
                    "--workers",
                    "1",
                    "--auth",
                    f"{USER}:{PASSWORD}",
                    "--report",
                    "ndjson",
                    "--report-ndjson-path",
                    str(report),
                    "--no-color",
                    *(f"--include-name={name}" for name in args.include_name),
                ],
                cwd=ROOT,
            )
            finished = time.monotonic()
            print(
                f"schemathesis: {_summary(report)}; setup {prepared - started:.0f} s, "
                f"run {finished - prepared:.0f} s (exit {result.returncode})"
            )
            return result.returncode
        finally:
            if server is not None:
                server.terminate()
                server.wait(timeout=30)
            if postgres_name is not None:
                _postgres(os.environ["DATABASE_URL"], f'DROP DATABASE IF EXISTS "{postgres_name}"')


if __name__ == "__main__":
    sys.exit(main())
