"""The replay page's bounds, wrapped round the view where the URL names it (``matches/urls.py``).

A replay page plays the match again up to the step shown: 0.27–0.51 s of CPU per request, so
one client asking for steps in a loop takes a worker. Two bounds:

* a throttle per client (``config.page_throttles``, scope ``replay_page``); past it the page
  answers 429 with Retry-After;
* a cache of the whole page per match, step, language and viewer (the user, or anonymous),
  keyed also on the two decks' visibility so a deck going private is never served from the
  cache. A page holds CSRF tokens, which belong to one browser: they are kept as a placeholder
  and each answer from the cache gets this request's own token. A hit does not count toward
  the throttle: it costs a cache read.
"""

from __future__ import annotations

import functools
import re

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.translation import get_language

from config.numbers import whole_number
from config.page_throttles import PageThrottle, throttled_response
from matches.models import Match

CACHE_SECONDS = 600
_TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*(")')
_PLACEHOLDER = "\x00csrf\x00"


def _key(request, match_id: int) -> str | None:
    row = (
        Match.objects.filter(pk=match_id)
        .values_list(
            "created_at", "engine_version", "seat0__deck__visibility", "seat1__deck__visibility"
        )
        .first()
    )
    if row is None:
        return None  # no such match: the view answers its 404 itself
    created, engine, *visibility = row
    step = whole_number(request.GET.get("step", "0"), max_digits=9)
    user = request.user.pk if request.user.is_authenticated else 0
    match = f"{match_id}:{created.timestamp()}:{engine}:{','.join(visibility)}"
    return f"replay-page:{match}:{step}:{get_language()}:{user}"


def replay_page_limits(view):
    @functools.wraps(view)
    def limited(request, match_id: int, *args, **kwargs):
        if request.method != "GET" or getattr(settings, "REPLAY_PAGE_CACHE_SECONDS", 1) == 0:
            return view(request, match_id, *args, **kwargs)
        key = _key(request, match_id)
        kept = cache.get(key) if key else None
        if kept is not None:
            token = get_token(request)
            body = kept.replace(_PLACEHOLDER, token)
            response = HttpResponse(body, content_type="text/html; charset=utf-8")
            response["X-Replay-Cache"] = "hit"
            return response
        throttle = PageThrottle("replay_page")
        if not throttle.allow_request(request, None):
            return throttled_response(throttle.wait())
        response = view(request, match_id, *args, **kwargs)
        if key and response.status_code == 200 and not response.streaming:
            body = _TOKEN.sub(rf"\g<1>{_PLACEHOLDER}\g<2>", response.content.decode())
            seconds = getattr(settings, "REPLAY_PAGE_CACHE_SECONDS", CACHE_SECONDS)
            cache.set(key, body, seconds)
            response["X-Replay-Cache"] = "miss"
        return response

    return limited
