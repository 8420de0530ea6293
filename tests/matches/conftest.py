import pytest

from tests.decks.factories import UserFactory


@pytest.fixture
def owner(db):
    return UserFactory(username="organiser")


@pytest.fixture
def stranger(db):
    return UserFactory(username="stranger")
