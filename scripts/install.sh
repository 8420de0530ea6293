#!/usr/bin/env bash
# Install everything the project needs into ./.venv (idempotent; quick when nothing changed).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.installed-$(sha1sum pyproject.toml | cut -c1-12)
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e '.[dev]'
  rm -f .venv/.installed-*
  touch "$stamp"
fi
# The engine compiled with mypyc where a C compiler is (one line says so where not); rebuilt
# only when its sources changed (scripts/build_engine.py, docs/engine.md "Compiled engine").
.venv/bin/python scripts/build_engine.py
