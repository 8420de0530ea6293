"""Django's Redis cache, degrading to a miss while Redis cannot be reached.

The throttles, the catalogue's response cache and the deck name index keep their state in the
cache; with Django's own backend a Redis outage made every API request a 500. Here a
connection error is a miss (``get`` gives the default, ``add`` and ``set`` store nothing),
logged once per outage, and for ``COOLDOWN`` seconds after it no call tries Redis again, so an
outage costs a request nothing. While Redis is down the throttles count nothing (requests
pass) and cached answers are computed afresh: the API keeps answering. Sessions are in the
database (Django's default engine), so signing in does not depend on Redis at all.
"""

from __future__ import annotations

import functools
import logging
import time
from typing import Any

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

COOLDOWN = 5.0  # seconds without trying Redis after it failed
OUTAGE = (RedisConnectionError, RedisTimeoutError)


class _Outage:
    """Per process: every alias of the cache is the one Redis."""

    until = 0.0
    logged = False


def _tolerant(method: str, fallback: Any):
    """``RedisCache.<method>`` returning ``fallback`` (``"default"``: the call's own default
    argument) while Redis is unreachable."""
    original = getattr(RedisCache, method)

    @functools.wraps(original)
    def call(self, *args, **kwargs):
        missed = kwargs.get("default", args[1] if len(args) > 1 else None)
        answer = missed if fallback == "default" else fallback
        if time.monotonic() < _Outage.until:
            return answer
        try:
            result = original(self, *args, **kwargs)
        except OUTAGE as error:
            if not _Outage.logged:
                log.warning("Redis cache unreachable, serving without it: %s", error)
                _Outage.logged = True
            _Outage.until = time.monotonic() + COOLDOWN
            return answer
        _Outage.logged = False
        return result

    return call


class TolerantRedisCache(RedisCache):
    get = _tolerant("get", "default")
    get_many = _tolerant("get_many", {})
    has_key = _tolerant("has_key", False)
    add = _tolerant("add", False)
    set = _tolerant("set", None)
    set_many = _tolerant("set_many", [])
    touch = _tolerant("touch", False)
    delete = _tolerant("delete", False)
    delete_many = _tolerant("delete_many", None)
    clear = _tolerant("clear", None)
