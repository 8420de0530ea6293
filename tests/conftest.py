"""Fixtures for the whole suite."""

import os

import pytest
from django.db import connection, transaction


def _unavailable(problem: str) -> None:
    """Skip a test whose machine lacks what it needs, as the README's first run may; under
    ``REQUIRE_SERVICES=1`` (CI) fail it instead, as the worker tests do."""
    if os.environ.get("REQUIRE_SERVICES") == "1":
        pytest.fail(f"REQUIRE_SERVICES=1 but {problem}")
    pytest.skip(problem)


def pytest_runtest_setup(item):
    """``@pytest.mark.postgresql``: a test of what only PostgreSQL has (row locks, generated and
    trigger-kept columns, ``statement_timeout``). ``@pytest.mark.c_compiler``: a test that
    compiles the engine (``scripts/build_engine.py``), which a machine without a C compiler
    cannot — the README's commands still work there, on the interpreted engine."""
    reason = next((m.kwargs.get("reason", "") for m in item.iter_markers("postgresql")), None)
    if reason is not None and connection.vendor != "postgresql":
        _unavailable(f"needs PostgreSQL ({reason}); the database is {connection.vendor}")
    if item.get_closest_marker("c_compiler") is not None:
        problem = _compiler_problem()
        if problem is not None:
            _unavailable(f"needs a C compiler to build the engine: {problem}")


def _compiler_problem() -> str | None:
    import importlib.util
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "scripts" / "build_engine.py"
    spec = importlib.util.spec_from_file_location("build_engine", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.compiler_problem()


@pytest.fixture(autouse=True)
def _no_api_throttles(settings):
    """The suite makes many requests from one address within a minute; the API's throttles
    (``config/throttles.py``) are off unless a test sets its own rates
    (``settings.API_THROTTLE_RATES = {...}``, as ``tests/test_throttles.py`` does)."""
    settings.API_THROTTLE_RATES = {}
    # Nor is a replay page kept (matches/replays/page_limits.py): a test that changes a match and
    # reloads its page sees the change. tests/matches/test_replay_page_limits.py turns it on.
    settings.REPLAY_PAGE_CACHE_SECONDS = 0


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's default language: a request's LocaleMiddleware leaves
    its language active in the thread, and a later test that words something outside a
    request (``describe``, ``narrate``) read English after an English page."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _media_root(settings, tmp_path_factory):
    """Uploaded files (card images) go to a folder of the test's own, never ``var/media``."""
    settings.MEDIA_ROOT = tmp_path_factory.mktemp("media")


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings):
    """Users made by the tests (``UserFactory``, ``create_user``, logins) are hashed with MD5
    instead of the production PBKDF2 (a million rounds, about half a second of CPU each, on
    every user of every test). What is tested is who may log in, never the hash;
    ``manage.py check --deploy`` runs the production settings in a process of its own."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session")
def _shipped_content_session(django_db_setup, django_db_blocker):
    """The shipped content (``content/data``), loaded once per session inside a transaction that
    stays open until the session ends and is then rolled back. Each test that asks for it runs,
    as every database test does, in its own savepoint inside that transaction, so what a test
    writes is gone before the next. ``pytest_collection_modifyitems`` below runs those tests
    last, so no test without the fixture sees the content."""
    from content.loader import content_load

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            content_load()
        except BaseException:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            raise
    yield
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        outer.__exit__(None, None, None)


@pytest.fixture
def shipped_content(_shipped_content_session, db):
    """Every game's shipped content in the test database (see ``_shipped_content_session``).
    Not for tests that need ``transactional_db`` or ``live_server``: their flush would empty the
    shared transaction; such a test loads the content itself."""


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """The tests on the shipped content run after every other test (after pytest-django's own
    ordering, keeping their order among themselves), so the session's one open transaction
    holding the content never shows under a test that did not ask for it."""
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if "shipped_content" in fixtures and {"transactional_db", "live_server"} & set(fixtures):
            raise pytest.UsageError(
                f"{item.nodeid}: shipped_content cannot serve a transactional test"
            )
    items.sort(key=lambda item: "shipped_content" in getattr(item, "fixturenames", ()))
    import komandor

    if komandor.ENGINE == "compiled":
        # A compiled class's methods cannot be patched: these spies run on the interpreted
        # engine, in scripts/test.sh's interpreted pass (``-m interpreted_engine``).
        spying = [item for item in items if item.get_closest_marker("interpreted_engine")]
        if spying:
            config.hook.pytest_deselected(items=spying)
            items[:] = [item for item in items if item not in spying]


def pytest_report_header(config):
    """Which engine this run plays on (``komandor/__init__.py``)."""
    import komandor

    return f"engine: {komandor.ENGINE} ({komandor.ENGINE_REASON})"


@pytest.fixture(autouse=True)
def _empty_game_state_caches():
    """Each test starts with empty game-state caches: a rolled-back test's ids come back on
    SQLite, so one test's cached game would meet another test's game under the same id and the
    same (short) history."""
    from matches.friends.services import STATES as FRIEND_STATES
    from matches.play.services import STATES as AI_STATES

    AI_STATES.clear()
    FRIEND_STATES.clear()
