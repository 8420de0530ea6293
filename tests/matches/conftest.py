import pytest

from tests.decks.factories import UserFactory
from tests.matches.workers import require_services, worker_pool


@pytest.fixture
def owner(db):
    return UserFactory(username="organiser")


@pytest.fixture
def stranger(db):
    return UserFactory(username="stranger")


@pytest.fixture
def workers():
    """Real ``celery worker`` processes (see ``tests/matches/workers.py``)."""
    require_services()
    with worker_pool() as start:
        yield start
