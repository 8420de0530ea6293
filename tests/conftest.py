"""Fixtures for the whole suite."""

import os

import pytest
from django.db import connection


def pytest_runtest_setup(item):
    """``@pytest.mark.postgresql``: a test of what only PostgreSQL has (row locks, generated and
    trigger-kept columns, ``statement_timeout``). The README's SQLite run skips it; under
    ``REQUIRE_SERVICES=1`` (CI) a run without PostgreSQL fails it instead, as the worker tests
    do."""
    reason = next((m.kwargs.get("reason", "") for m in item.iter_markers("postgresql")), None)
    if reason is None or connection.vendor == "postgresql":
        return
    problem = f"needs PostgreSQL ({reason}); the database is {connection.vendor}"
    if os.environ.get("REQUIRE_SERVICES") == "1":
        pytest.fail(f"REQUIRE_SERVICES=1 but {problem}")
    pytest.skip(problem)


@pytest.fixture(autouse=True)
def _no_api_throttles(settings):
    """The suite makes many requests from one address within a minute; the API's throttles
    (``config/throttles.py``) are off unless a test sets its own rates
    (``settings.API_THROTTLE_RATES = {...}``, as ``tests/test_throttles.py`` does)."""
    settings.API_THROTTLE_RATES = {}
    # Nor is a replay page kept (matches/page_limits.py): a test that changes a match and
    # reloads its page sees the change. tests/matches/test_replay_page_limits.py turns it on.
    settings.REPLAY_PAGE_CACHE_SECONDS = 0
