"""The address of the client a request comes from, for throttles and the login lockout.

``X-Forwarded-For`` is written by whoever sends the request, so it is read only as far as the
deployment's own proxies wrote it: with ``TRUSTED_PROXY_COUNT`` = N proxies in front of the
site (each appending the address it received the request from), the client is the N-th entry
from the right; every entry left of it came from the client and is ignored. With 0 (the
default: the site is reached directly) only ``REMOTE_ADDR`` counts, so a client cannot make
itself a new throttle bucket or lockout record by sending a new header per request.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_address(request) -> str:
    remote = request.META.get("REMOTE_ADDR", "") or ""
    proxies = max(0, int(getattr(settings, "TRUSTED_PROXY_COUNT", 0)))
    if proxies == 0:
        return remote
    forwarded = [
        part for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()
    ]
    if not forwarded:
        return remote
    # Fewer entries than proxies: the first proxy was reached directly and wrote them all.
    return _address(forwarded[-min(proxies, len(forwarded))]) or remote
