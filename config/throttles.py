"""API throttles whose rates are read from ``settings.API_THROTTLE_RATES`` on every request.

DRF's own classes read their rates once, at import, from ``REST_FRAMEWORK``; reading them from
the settings each time lets a deployment (and a test) set its own, and a scope without a rate
is simply not throttled. A 429 carries ``Retry-After`` and the API's error envelope
(``code: throttled``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework import throttling

from config.client_address import client_address


class _RateFromSettings:
    scope: str | None

    def get_rate(self) -> str | None:
        # An empty rate (THROTTLE_ANON="" in the environment) means not throttled.
        return settings.API_THROTTLE_RATES.get(self.scope or "") or None

    def get_ident(self, request) -> str:
        # Not DRF's: that one trusts X-Forwarded-For unless NUM_PROXIES is set.
        return client_address(request)


class AnonThrottle(_RateFromSettings, throttling.AnonRateThrottle):
    """Every anonymous API request, per client address."""


class UserThrottle(_RateFromSettings, throttling.UserRateThrottle):
    """Every signed-in API request, per user."""


class CostlyThrottle(_RateFromSettings, throttling.ScopedRateThrottle):
    """The stricter bound of a costly endpoint: a view names its ``throttle_scope`` and, when
    only some of its methods are costly (creating, not listing), ``throttle_methods``."""

    def allow_request(self, request, view) -> bool:
        methods = getattr(view, "throttle_methods", None)
        if methods is not None and request.method not in methods:
            return True
        return super().allow_request(request, view)


class PasswordThrottle(_RateFromSettings, throttling.SimpleRateThrottle):
    """Every password sent to the API (HTTP Basic, taken only to make tokens), per client
    address, counted *before* the password is hashed: DRF's throttles run after
    authentication, so without this each made-up name still cost a full hash."""

    scope = "password"

    def allow_request(self, request: Any, view: Any) -> bool:
        """DRF's check, called here with no API view (None), by the Basic authentication."""
        return super().allow_request(request, view)

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
