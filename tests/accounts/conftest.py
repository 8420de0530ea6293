import pytest

from accounts.tokens import token_create
from tests.decks.factories import UserFactory

PASSWORD = "pass-Word-123"  # UserFactory's


@pytest.fixture
def pilot(db):
    return UserFactory(username="pilot")


@pytest.fixture
def make_token(pilot):
    """A token of ``pilot`` (or of ``user=``) with these scopes: its secret."""

    def make(*scopes: str, user=None, **fields) -> str:
        return token_create(user=user or pilot, name="script", scopes=list(scopes), **fields)[1]

    return make


def bearer(secret: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


@pytest.fixture
def hashes(settings):
    """How many passwords were hashed (set up, logged in or checked) since the test began."""
    from tests.accounts.hashers import CountingHasher

    settings.PASSWORD_HASHERS = ["tests.accounts.hashers.CountingHasher"]
    CountingHasher.calls = 0

    class Count:
        @property
        def value(self) -> int:
            return CountingHasher.calls

        def reset(self) -> None:
            CountingHasher.calls = 0

    return Count()
