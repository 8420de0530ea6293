#!/usr/bin/env bash
# The whole test suite: lint, then pytest (browser tests included).
# Runs on SQLite by default; with DATABASE_URL=postgres://… the same suite runs on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
# The development settings, named (manage.py, config.wsgi and the Celery app default to production).
export DJANGO_SETTINGS_MODULE=${DJANGO_SETTINGS_MODULE:-config.settings}
# The content tests read the rule books; they live beside the project (../shared/rules).
rules_dir=${RULES_DIR:-$(cd .. && pwd)/shared/rules}
if [ ! -f "$rules_dir/komandor.ru.txt" ]; then
    echo "The rule books are not in $rules_dir: set RULES_DIR to the folder that holds" \
        "komandor.ru.txt and the other rule books." >&2
    exit 2
fi
bash scripts/install.sh
bash scripts/browser.sh
# The engine: compiled where install.sh could build it, and then the whole suite must run on
# the compiled modules (KOMANDOR_ENGINE=compiled fails the import of a stale or missing build),
# and the interpreted engine must play exactly the same games (docs/engine.md, "Compiled engine").
if .venv/bin/python -c 'import sys, komandor as e; sys.exit(e.ENGINE != "compiled")'; then
    export KOMANDOR_ENGINE=compiled
    .venv/bin/python scripts/bench/engine_log_digest.py --seeds 100 --against-interpreted
    KOMANDOR_ENGINE=interpreted .venv/bin/python -m pytest -q -p no:cacheprovider \
        tests/engine/test_rules_core_*.py tests/engine/test_rules_war_*.py \
        tests/engine/test_rules_after_battle.py tests/engine/test_scenario.py \
        tests/engine/test_effect_scenarios.py tests/engine/test_weapons.py
    KOMANDOR_ENGINE=interpreted .venv/bin/python -m pytest -q -p no:cacheprovider \
        -m interpreted_engine tests/engine
fi
.venv/bin/ruff check .
.venv/bin/ruff format --check .
# Types over the whole project (pyproject.toml [tool.mypy]): the engine package strict, the
# Django apps with the django-stubs and DRF plugins (strict where fully annotated).
.venv/bin/mypy
# The rules-coverage table is generated from the tests' markers; it must not drift.
.venv/bin/python scripts/rules_coverage.py --check >/dev/null
# Schema conformance: the bounded, deterministic Schemathesis run (every check; coverage, fuzzing
# and the stateful phase; about a minute idle; 0 failures).
.venv/bin/python scripts/schemathesis_run.py
# pytest. With paths or options given: exactly that. Otherwise the whole suite in two parts at
# once. The real-worker and fault tests (`-m "services or faults"`) run in one process, since
# they start Celery workers, servers, Redis servers and network namespaces of their own and
# race leases against the clock; they mostly wait, so they run beside the rest (with the tests
# marked `own_process`: two people's whole game in the browser, which would otherwise be the
# parallel part's lone tail, since live-server tests run last). The rest runs
# on TEST_WORKERS processes (pytest-xdist, each with its own test database and its own Redis
# database: tests/parallel_services.py), handed out in collection order (`--dist load`), so
# each process keeps the suite's order: its transactional tests after the others and the
# shipped-content tests last (tests/conftest.py). The real-worker part's output follows the
# rest's; the exit status is the first failure's.
if [ "$#" -gt 0 ]; then
    exec .venv/bin/python -m pytest "$@"
fi
parallel=0
serial=0
serial_log=$(mktemp)
.venv/bin/python -m pytest -m "services or faults or own_process" --durations=5 >"$serial_log" 2>&1 &
serial_pid=$!
# (The trap runs under `set -e`: a kill of the already-finished process must not end the script
# with its own status.)
trap 'kill "$serial_pid" 2>/dev/null || true; rm -f "$serial_log"' EXIT
.venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" --dist load -p tests.parallel_services \
    -m "not services and not faults and not own_process" --durations=10 || parallel=$?
wait "$serial_pid" || serial=$?
cat "$serial_log"
if [ "$parallel" -ne 0 ]; then exit "$parallel"; fi
exit "$serial"
