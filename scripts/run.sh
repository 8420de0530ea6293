#!/usr/bin/env bash
# First run: install, migrate, load all shipped content, start the site on http://127.0.0.1:8000/
# Embedded default: SQLite in ./db.sqlite3, no server needed. Set DATABASE_URL for PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
.venv/bin/python manage.py migrate --no-input
.venv/bin/python manage.py load_content
.venv/bin/python manage.py compilemessages --ignore=.venv >/dev/null 2>&1 || true
exec .venv/bin/python manage.py runserver "${ADDRESS:-127.0.0.1:8000}"
