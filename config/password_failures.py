"""Failed password checks per client address, bounded *before* the next hash.

A password check costs a full hash (about 0.2 s of CPU on purpose). django-axes locks out a
name at one address after ``AXES_FAILURE_LIMIT`` failures, so a client making up a new name
for every try was never locked out, and each try cost a hash: the login page and the account
deletion's password check were an anonymous (resp. signed-in) CPU burn, as HTTP Basic was
before ``PasswordThrottle``. Here, once an address has failed ``PASSWORD_FAILURES_PER_MINUTE``
checks with no minute's pause, its next check is refused without hashing. Successful sign-ins
count nothing, so people behind one address sign in as usual. The counts live in the cache;
while Redis is down nothing is counted (the cache's outage is a miss, config/cache.py).
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache

from config.client_address import client_address

WINDOW_SECONDS = 60


def _key(request) -> str:
    return f"password-failures:{client_address(request)}"


def refused(request) -> bool:
    """This address has failed too many password checks: refuse the next before hashing."""
    return cache.get(_key(request), 0) >= settings.PASSWORD_FAILURES_PER_MINUTE


def failed(request) -> None:
    """Count one failed check (the window restarts with each failure)."""
    key = _key(request)
    cache.set(key, cache.get(key, 0) + 1, timeout=WINDOW_SECONDS)
