"""The xdist plugin's Redis split (tests/parallel_services.py)."""

import pytest

from tests.parallel_services import move_to_worker_database, worker_redis_url


def test_each_worker_takes_the_database_after_the_base():
    assert worker_redis_url("redis://127.0.0.1:6379/0", "gw0") == "redis://127.0.0.1:6379/1"
    assert worker_redis_url("redis://127.0.0.1:6379/3", "gw1") == "redis://127.0.0.1:6379/5"
    assert worker_redis_url("redis://h:1", "gw0") == "redis://h:1/1"


def test_a_worker_past_the_last_database_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="Redis has 16"):
        worker_redis_url("redis://127.0.0.1:6379/14", "gw1")


def test_only_the_urls_that_share_redis_url_move():
    environ = {
        "PYTEST_XDIST_WORKER": "gw1",
        "REDIS_URL": "redis://r:6379/0",
        "CHANNEL_LAYER_URL": "redis://r:6379/0",
        "CELERY_BROKER_URL": "amqp://guest@q//",
    }
    move_to_worker_database(environ)
    assert environ["REDIS_URL"] == environ["CHANNEL_LAYER_URL"] == "redis://r:6379/2"
    assert environ["CELERY_BROKER_URL"] == "amqp://guest@q//"


def test_outside_xdist_nothing_moves():
    environ = {"REDIS_URL": "redis://r:6379/0"}
    move_to_worker_database(environ)
    assert environ == {"REDIS_URL": "redis://r:6379/0"}
