import os
import socket

import pytest


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


@pytest.fixture(scope="session")
def redis_url() -> str:
    """A live Redis. Missing: CI (REQUIRE_SERVICES=1) fails loudly; a first-run laptop skips."""
    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    from urllib.parse import urlparse

    parsed = urlparse(url)
    if not _reachable(parsed.hostname or "127.0.0.1", parsed.port or 6379):
        message = f"Redis is not reachable at {url}"
        if os.environ.get("REQUIRE_SERVICES") or os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message + " (set REQUIRE_SERVICES=1 to make this a failure)")
    return url
