"""Throttles for pages (not the API), per client: the signed-in user, or the address from
``config.client_address``. The rate of a scope comes from ``API_THROTTLE_RATES`` on each
request (``config.throttles``), so a scope without one is not throttled; past it a page
answers 429 with ``Retry-After`` and a short text in the visitor's language.

Scopes: ``replay_page`` (each view replays a match), ``tournament_page`` and ``card_page``
(their figures, issue 36), ``play_page`` (the games against the AI: each move runs the AI).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from rest_framework.throttling import SimpleRateThrottle

from config.throttles import _RateFromSettings


class PageThrottle(_RateFromSettings, SimpleRateThrottle):
    def __init__(self, scope: str) -> None:
        self.scope = scope
        super().__init__()

    def allow_request(self, request: Any, view: Any) -> bool:
        """DRF's check, called here with no API view (None) and a page's plain HttpRequest."""
        return super().allow_request(request, view)

    def get_cache_key(self, request, view) -> str:
        user = getattr(request, "user", None)
        who = f"user-{user.pk}" if user is not None and user.is_authenticated else None
        return self.cache_format % {"scope": self.scope, "ident": who or self.get_ident(request)}


def throttled_response(wait: float | None) -> HttpResponse:
    response = HttpResponse(
        _("Too many pages at once; try again in a minute."),
        status=429,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = str(max(1, round(wait or 60)))
    return response


def page_throttled(scope: str) -> Callable:
    """A view decorator: the view runs only within the scope's rate for this client."""

    def decorate(view: Callable) -> Callable:
        @functools.wraps(view)
        def limited(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            throttle = PageThrottle(scope)
            if not throttle.allow_request(request, None):
                return throttled_response(throttle.wait())
            return view(request, *args, **kwargs)

        return limited

    return decorate
