"""Issue 12, settings: production-safe defaults and the database statement timeout."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from cardbase.models import Card
from config.celery import worker_debug_off, worker_statement_timeout
from config.settings.base import statement_timeout_set
from tests.manage_cli import manage

ROOT = Path(__file__).resolve().parents[1]
PRODUCTION_ENV = {"SECRET_KEY": "k" * 60}
PRINT_TIMEOUT = "from django.conf import settings; print(settings.DB_STATEMENT_TIMEOUT_MS)"


def python(code: str, *, unset: tuple[str, ...] = (), **env: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, **env}
    for name in unset:
        environment.pop(name, None)
    environment.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True
    )


def test_the_wsgi_entry_point_defaults_to_the_production_settings():
    code = "import config.wsgi; from django.conf import settings; print(settings.SETTINGS_MODULE)"
    result = python(code, unset=("DJANGO_SETTINGS_MODULE", "DEBUG"), **PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "config.settings.production"


def test_the_wsgi_entry_point_refuses_to_start_without_a_real_secret_key():
    result = python("import config.wsgi", unset=("DJANGO_SETTINGS_MODULE", "SECRET_KEY", "DEBUG"))
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_manage_py_without_settings_or_key_refuses_and_says_what_to_set():
    result = manage("check", unset=("DJANGO_SETTINGS_MODULE", "SECRET_KEY", "DEBUG"))
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
    assert "DJANGO_SETTINGS_MODULE=config.settings" in result.stderr


def test_manage_py_without_settings_uses_production():
    code = "from django.conf import settings; print(settings.SETTINGS_MODULE, settings.DEBUG)"
    result = manage(
        "shell", "-c", code, unset=("DJANGO_SETTINGS_MODULE", "DEBUG"), **PRODUCTION_ENV
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-2:] == ["config.settings.production", "False"]


def test_production_allows_only_the_hosts_named():
    code = "from config.settings import production as p; print(p.ALLOWED_HOSTS)"
    unnamed = python(code, unset=("ALLOWED_HOSTS", "DEBUG"), **PRODUCTION_ENV)
    assert unnamed.stdout.strip() == "[]", unnamed.stderr
    named = python(code, unset=("DEBUG",), ALLOWED_HOSTS="cards.example", **PRODUCTION_ENV)
    assert named.stdout.strip() == "['cards.example']"


def test_management_commands_run_without_the_web_statement_timeout():
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    environment.pop("DB_STATEMENT_TIMEOUT_MS", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", PRINT_TIMEOUT],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
    )
    assert result.stdout.split()[-1:] == ["0"], result.stderr


def test_statement_timeout_goes_into_the_postgresql_connection_options():
    database = {"ENGINE": "django.db.backends.postgresql", "OPTIONS": {"sslmode": "prefer"}}
    statement_timeout_set(database, 5000)
    assert database["OPTIONS"] == {"sslmode": "prefer", "options": "-c statement_timeout=5000"}
    sqlite = {"ENGINE": "django.db.backends.sqlite3"}
    statement_timeout_set(sqlite, 5000)
    assert "OPTIONS" not in sqlite


def test_a_celery_worker_lifts_the_timeout_before_it_connects(settings, monkeypatch):
    database = settings.DATABASES["default"]
    monkeypatch.setitem(database, "OPTIONS", {})  # restored after the test
    settings.WORKER_STATEMENT_TIMEOUT_MS = 0
    worker_statement_timeout()
    if database["ENGINE"] == "django.db.backends.postgresql":
        assert database["OPTIONS"]["options"] == "-c statement_timeout=0"
    else:
        assert database["OPTIONS"] == {}


@pytest.mark.django_db
def test_a_celery_worker_runs_with_debug_off_and_keeps_no_queries(settings):
    settings.DEBUG = True
    settings.WORKER_DEBUG = False
    worker_debug_off()
    assert settings.DEBUG is False
    connection.queries_log.clear()
    Card.objects.count()
    assert connection.queries == []  # nothing kept per statement: no growth per game


def test_worker_debug_keeps_debug_in_the_worker(settings):
    settings.DEBUG = True
    settings.WORKER_DEBUG = True
    worker_debug_off()
    assert settings.DEBUG is True


@pytest.mark.django_db
@pytest.mark.postgresql(reason="statement_timeout is PostgreSQL's")
def test_web_requests_run_with_the_statement_timeout():
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        shown = cursor.fetchone()[0]
    expected = settings.DB_STATEMENT_TIMEOUT_MS
    assert shown == (f"{expected // 1000}s" if expected % 1000 == 0 else f"{expected}ms")


def test_a_celery_worker_has_its_own_statement_timeout_by_default(settings, monkeypatch):
    """The worker's transactions are short (issue 18): 30 s unless configured, not none."""
    from config.settings import base

    assert base.WORKER_STATEMENT_TIMEOUT_MS == 30000
    database = settings.DATABASES["default"]
    monkeypatch.setitem(database, "OPTIONS", {})
    settings.WORKER_STATEMENT_TIMEOUT_MS = base.WORKER_STATEMENT_TIMEOUT_MS
    worker_statement_timeout()
    if database["ENGINE"] == "django.db.backends.postgresql":
        assert database["OPTIONS"]["options"] == "-c statement_timeout=30000"
