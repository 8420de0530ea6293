"""The benchmark scripts use the database their ``*_DATABASE_URL`` names — server, user and
database name all from the URL (``scripts/bench/api_load.py`` once created and analysed a fixed
``cardbase_bench`` on a fixed host whatever ``BENCH_DATABASE_URL`` said)."""

import importlib.util
import sys
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest
from django.db import connection

BENCH = Path(__file__).resolve().parents[1] / "scripts" / "bench"
sys.path.insert(0, str(BENCH))

from bench_database import database_analyze, database_ensure  # noqa: E402


def _url(name: str) -> str:
    settings = connection.settings_dict
    password = f":{quote(settings['PASSWORD'])}" if settings["PASSWORD"] else ""
    host, port = settings["HOST"] or "127.0.0.1", settings["PORT"] or 5432
    return f"postgres://{quote(settings['USER'])}{password}@{host}:{port}/{name}"


def test_the_api_benchmark_prepares_the_database_bench_database_url_names(monkeypatch):
    url = "postgres://bencher:secret@db.example:6543/elsewhere"
    monkeypatch.setenv("BENCH_DATABASE_URL", url)
    spec = importlib.util.spec_from_file_location("bench_api_load", BENCH / "api_load.py")
    api_load = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(api_load)
    touched = []
    monkeypatch.setattr(api_load, "database_ensure", lambda url: touched.append(("create", url)))
    monkeypatch.setattr(api_load, "database_analyze", lambda url: touched.append(("analyse", url)))
    monkeypatch.setattr(
        api_load, "run", lambda *args, env: touched.append(("run", env["DATABASE_URL"])) or "9 4"
    )
    env = {"DATABASE_URL": api_load.DATABASE_URL}
    api_load.prepare_database(env)
    assert url == api_load.DATABASE_URL
    assert {where for _, where in touched} == {url}
    assert [what for what, _ in touched] == ["create", "run", "run", "run", "analyse"]
    assert env["BENCH_CARD_ID"] == "4"


@pytest.mark.postgresql(reason="creates a PostgreSQL database")
@pytest.mark.django_db
def test_the_named_database_is_created_once_and_analysed():
    name = f"{connection.settings_dict['NAME']}_bench_named"
    url = _url(name)
    try:
        assert database_ensure(url) is True
        assert database_ensure(url) is False  # there already: left as it is
        database_analyze(url)
        with psycopg.connect(url) as bench:
            assert bench.execute("SELECT current_database()").fetchone() == (name,)
    finally:
        with psycopg.connect(_url("postgres"), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
