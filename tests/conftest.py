"""Fixtures for the whole suite."""

import pytest


@pytest.fixture(autouse=True)
def _no_api_throttles(settings):
    """The suite makes many requests from one address within a minute; the API's throttles
    (``config/throttles.py``) are off unless a test sets its own rates
    (``settings.API_THROTTLE_RATES = {...}``, as ``tests/test_throttles.py`` does)."""
    settings.API_THROTTLE_RATES = {}
