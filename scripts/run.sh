#!/usr/bin/env bash
# First run: install, migrate, load all shipped content, start the site on http://127.0.0.1:8000/
# Embedded default: SQLite in ./db.sqlite3, no server needed. Set DATABASE_URL for PostgreSQL.
# Tournaments run on a Celery worker started here: on Redis when REDIS_URL is set, otherwise on
# kombu's filesystem transport (folder var/celery-broker), so no broker is needed either.
set -euo pipefail
cd "$(dirname "$0")/.."
# The development settings, named (config.wsgi and the Celery app default to production).
export DJANGO_SETTINGS_MODULE=${DJANGO_SETTINGS_MODULE:-config.settings}
bash scripts/install.sh
.venv/bin/python manage.py migrate --no-input
.venv/bin/python manage.py load_content
.venv/bin/python manage.py compilemessages --ignore=.venv >/dev/null 2>&1 || true
if [ -z "${REDIS_URL:-}" ] && [ -z "${CELERY_BROKER_URL:-}" ]; then
    export CELERY_BROKER_URL=filesystem://
    export CELERY_FILESYSTEM_DIR=${CELERY_FILESYSTEM_DIR:-var/celery-broker}
fi
# One worker process on SQLite (one writer at a time); more on a server database.
concurrency=1
if [ -n "${DATABASE_URL:-}" ]; then concurrency=${WORKER_CONCURRENCY:-2}; fi
.venv/bin/celery -A config worker --concurrency "$concurrency" --loglevel WARNING &
worker=$!
trap 'kill "$worker" 2>/dev/null || true' EXIT INT TERM
# daphne's runserver (the first installed app): HTTP and the games' WebSockets in one process,
# on the in-memory channel layer, or Redis when REDIS_URL is set (docs/ARCHITECTURE.md).
.venv/bin/python manage.py runserver "${ADDRESS:-127.0.0.1:8000}"
