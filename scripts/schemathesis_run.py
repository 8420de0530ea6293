"""The bounded Schemathesis run (issue 12): every check against the live API, 0 failures.

Serves the site on a database of its own (``scripts/served_site.py``: SQLite in a temporary
folder, or ``<name>_schemathesis`` beside DATABASE_URL's, migrated, the shipped content loaded,
gunicorn on a free port with ``config.settings.conformance``: no throttles, no lockout, a fast
password hasher; tasks go to a filesystem broker no worker reads) with a user and an access
token of every scope: each operation gets the credentials its OpenAPI security names
(``[auth.openapi]`` in the toml: the token, or the password on the token pages). Then
Schemathesis runs every check on every operation of ``/api/schema/``, with the settings of
``scripts/schemathesis.toml`` (which turns every check on and names the few
operations where one cannot apply; ``--checks all`` on the command line would override those),
in deterministic mode with a fixed number of examples, so a run is repeatable and bounded
(about 5,800 requests on 133 operations): the coverage and fuzzing phases, then the stateful
phase (chains of calls through the links Schemathesis infers, a fixed number of short scenarios:
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
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts.served_site import BIN, ROOT, served_site

USER, PASSWORD = "schemathesis", "conformance-run-password"
# The user's token of every scope, which the run sends to the API, is another user's than the
# one whose password the token pages get: the run makes and revokes tokens there (any id), and
# must never revoke its own. The token is left in the run's folder for the run to send.
SETUP = f"""
import os
from pathlib import Path
from django.contrib.auth import get_user_model
from accounts.scopes import Scope
from accounts.tokens import token_create
users = get_user_model().objects
users.create_user({USER!r}, password={PASSWORD!r})
holder = users.create_user("schemathesis-token", password={PASSWORD!r})
secret = token_create(user=holder, name="schemathesis", scopes=list(Scope.values))[1]
Path(os.environ["SITE_FOLDER"], "token").write_text(secret)
"""


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
    with served_site(suffix="schemathesis", setup=SETUP) as site:
        token = (site.folder / "token").read_text()
        prepared = time.monotonic()
        report = args.report or site.folder / "events.ndjson"
        result = subprocess.run(
            [
                str(BIN / "schemathesis"),
                "--config-file",
                str(ROOT / "scripts" / "schemathesis.toml"),
                "run",
                f"{site.base}/api/schema/?format=json",
                "--url",
                site.base,
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
                "--report",
                "ndjson",
                "--report-ndjson-path",
                str(report),
                "--no-color",
                *(f"--include-name={name}" for name in args.include_name),
            ],
            cwd=ROOT,
            env={
                **os.environ,
                "SCHEMATHESIS_TOKEN": token,
                "SCHEMATHESIS_USER": USER,
                "SCHEMATHESIS_PASSWORD": PASSWORD,
            },
        )
        finished = time.monotonic()
        print(
            f"schemathesis: {_summary(report)}; setup {prepared - started:.0f} s, "
            f"run {finished - prepared:.0f} s (exit {result.returncode})"
        )
        return result.returncode


if __name__ == "__main__":
    sys.exit(main())
