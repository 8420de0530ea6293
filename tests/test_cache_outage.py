"""Redis down: the API keeps answering (issue 18). The cache is pointed at a port where no
Redis listens; the throttles (on, with their production rates) and the catalogue cache miss
instead of failing, and sign-in works (sessions are in the database)."""

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from config.cache import TolerantRedisCache, _Outage
from tests.matches.faults import free_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def redis_down(settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.TolerantRedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
    }
    settings.API_THROTTLE_RATES = {"anon": "120/min", "user": "600/min"}
    _Outage.until = 0.0
    yield
    _Outage.until = 0.0


def test_the_cache_misses_while_redis_is_down(redis_down):
    cache.set("key", "value")
    assert cache.get("key", "missing") == "missing"
    assert cache.add("key", "value") is False
    assert cache.get_or_set("key", "computed") == "computed"
    assert _Outage.until > 0  # the next calls do not try Redis for a while


def test_the_api_answers_while_redis_is_down(redis_down, django_user_model):
    from django.core.cache import caches

    assert isinstance(caches["default"], TolerantRedisCache)
    client = APIClient()
    assert client.get("/api/cards/").status_code == 200
    assert client.get("/api/tournaments/").status_code == 200
    django_user_model.objects.create_user("player", password="долгий-пароль-1")
    signed_in = client.post(
        "/accounts/login/", {"username": "player", "password": "долгий-пароль-1"}
    )
    assert signed_in.status_code == 302
    assert client.get("/api/decks/").status_code == 200
