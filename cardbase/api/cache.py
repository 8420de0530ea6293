"""Whole-response cache for the read-only catalogue API, keyed by the catalogue version.

The catalogue changes rarely and is read constantly, so a JSON answer is kept under a key made
of the catalogue version token (``CatalogueVersion``, changed by database triggers on every
write), the language, and the full address (scheme, host, path and query). A write anywhere in
the catalogue changes the token, so no stale answer can be served; old entries simply expire.
Only anonymous JSON answers with status 200 are kept: the browsable HTML shows the user, and
errors are cheap.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from cardbase.selectors import catalogue_version

JSON = "application/json"


def response_cache_key(request: HttpRequest) -> str | None:
    """Where a cacheable GET's answer is kept, or None when it must not be cached."""
    if request.method != "GET" or not settings.CATALOGUE_API_CACHE_SECONDS:
        return None
    if "text/html" in request.headers.get("Accept", ""):
        return None  # the browsable API: not a JSON answer
    if request.user.is_authenticated:
        return None
    version = catalogue_version()
    if version is None:
        return None
    # The answer holds absolute links (pagination, the API root), so the host and scheme
    # asked for are part of what is kept, not only the path.
    address = request.build_absolute_uri(request.get_full_path())
    path = hashlib.sha256(address.encode()).hexdigest()
    return f"catalogue-api:{version}:{translation.get_language()}:{path}"


def cached_response(key: str) -> HttpResponse | None:
    body = cache.get(key)
    if body is None:
        return None
    return HttpResponse(body, content_type=JSON, headers={"X-Catalogue-Cache": "hit"})


def response_store(key: str, response: HttpResponse) -> None:
    if response.status_code == 200 and response.get("Content-Type", "").startswith(JSON):
        cache.set(key, response.content, settings.CATALOGUE_API_CACHE_SECONDS)
        response["X-Catalogue-Cache"] = "miss"
