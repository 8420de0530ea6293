#!/usr/bin/env bash
# The whole test suite: lint, then pytest (browser tests included).
# Runs on SQLite by default; with DATABASE_URL=postgres://… the same suite runs on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
bash scripts/browser.sh
.venv/bin/ruff check .
.venv/bin/ruff format --check .
# The rules-coverage table is generated from the tests' markers; it must not drift.
.venv/bin/python scripts/rules_coverage.py --check >/dev/null
exec .venv/bin/python -m pytest "$@"
