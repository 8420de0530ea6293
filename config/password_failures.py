"""Failed password checks per client address, bounded *before* the next hash.

A password check costs a full hash (about 0.2 s of CPU on purpose). django-axes locks out a
name at one address after ``AXES_FAILURE_LIMIT`` failures, so a client making up a new name
for every try was never locked out, and each try cost a hash: the login page and the account
deletion's password check were an anonymous (resp. signed-in) CPU burn, as HTTP Basic was
before ``PasswordThrottle``. Here, once an address has failed ``PASSWORD_FAILURES_PER_MINUTE``
checks with no minute's pause, its next check is refused without hashing. Successful sign-ins
count nothing, so people behind one address sign in as usual. The counts live in the cache;
while Redis is down nothing is counted (the cache's outage is a miss, config/cache.py).

**Per account**, beside it: counted per address only, one attacker rotating addresses could
keep guessing one account's password (each address gets its own axes lockout and its own
minute). So the failed sign-ins *as one name*, from any address, are counted too: after
``PASSWORD_FAILURES_PER_ACCOUNT`` within ``PASSWORD_FAILURES_ACCOUNT_MINUTES`` (counted from
the first), that name's next sign-in is refused before hashing until those minutes have
passed. So that such an attacker cannot lock the player himself out, a browser that has
signed in as that name before (a signed cookie, ``KNOWN_COOKIE``, set on a successful sign-in)
is not refused by either count for that name: neither by the attack on his account nor by
other people's wrong passwords behind his shared address (an office, a NAT). The cookie
proves only that this browser once knew the password; it exempts nothing for another name,
and django-axes still locks out a name at one address after its failures.
"""

from __future__ import annotations

import hashlib
import math
import time

from django.conf import settings
from django.core.cache import cache
from django.core.signing import BadSignature

from config.client_address import client_address

WINDOW_SECONDS = 60
KNOWN_COOKIE = "signed_in_before"
KNOWN_SALT = "config.password_failures.known"
KNOWN_DAYS = 365


def _key(request) -> str:
    return f"password-failures:{client_address(request)}"


def refused(request) -> bool:
    """This address has failed too many password checks: refuse the next before hashing."""
    return cache.get(_key(request), 0) >= settings.PASSWORD_FAILURES_PER_MINUTE


def failed(request) -> None:
    """Count one failed check (the window restarts with each failure)."""
    key = _key(request)
    cache.set(key, cache.get(key, 0) + 1, timeout=WINDOW_SECONDS)


def _account_key(name: str) -> str:
    # The name as typed (sign-in looks it up exactly); hashed, so any text makes a valid key.
    return "password-failures-account:" + hashlib.sha256(name.encode()).hexdigest()


def known_here(request, name: str) -> bool:
    """This browser has signed in as ``name`` before (``remember_sign_in``)."""
    try:
        known = request.get_signed_cookie(KNOWN_COOKIE, salt=KNOWN_SALT)
    except (KeyError, BadSignature):
        return False
    return bool(name) and known == name


def account_refused_minutes(request, name: str) -> int:
    """Minutes until ``name`` may be tried again from this browser (0: it may now)."""
    if not name or known_here(request, name):
        return 0
    count, until = cache.get(_account_key(name)) or (0, 0.0)
    if count < settings.PASSWORD_FAILURES_PER_ACCOUNT:
        return 0
    return max(1, math.ceil((until - time.time()) / 60))


def account_failed(name: str) -> None:
    """Count one failed sign-in as ``name``; the window runs from the first failure."""
    if not name:
        return
    key, now = _account_key(name), time.time()
    count, until = cache.get(key) or (0, now + settings.PASSWORD_FAILURES_ACCOUNT_MINUTES * 60)
    cache.set(key, (count + 1, until), timeout=max(1, math.ceil(until - now)))


def address_refused(request, name: str) -> bool:
    """The address's bound (``refused``), except for a browser that signed in as ``name``."""
    return refused(request) and not known_here(request, name)


def remember_sign_in(response, request, name: str) -> None:
    """Mark this browser as one that signed in as ``name``, for a year."""
    response.set_signed_cookie(
        KNOWN_COOKIE,
        name,
        salt=KNOWN_SALT,
        max_age=KNOWN_DAYS * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
