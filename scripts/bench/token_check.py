"""CPU of checking API credentials, measured in process with ``time.process_time``.

    .venv/bin/python scripts/bench/token_check.py

A throwaway SQLite database (migrated, no content) with one user and one token, then:
1. 1,000 wrong tokens through ``TokenAuthentication`` alone (a keyed hash and a lookup by the
   indexed digest each); 1,000 right ones for comparison;
2. 1,000 whole API requests with a wrong token (each a 401), against 1,000 without any
   credentials (each a 401 too): the difference is what a token costs inside a request;
3. one password checked with the production hasher (PBKDF2), what each HTTP Basic request
   cost before the API stopped taking passwords outside the token pages.
"""

import contextlib
import logging
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scripts.bench.throwaway_site import throwaway_site  # noqa: E402

N = 1000


def cpu(call, times: int = N) -> float:
    start = time.process_time()
    for n in range(times):
        call(n)
    return time.process_time() - start


def main() -> None:
    with throwaway_site("token-bench-", content=False):
        from django.conf import settings
        from django.contrib.auth.hashers import PBKDF2PasswordHasher
        from django.contrib.auth.models import User
        from django.test import Client, RequestFactory
        from rest_framework.exceptions import AuthenticationFailed
        from rest_framework.request import Request

        from accounts.authentication import TokenAuthentication
        from accounts.tokens import token_create

        logging.disable(logging.WARNING)  # not 2,000 "Unauthorized" lines
        settings.API_THROTTLE_RATES = {}
        settings.ALLOWED_HOSTS = ["testserver"]
        user = User.objects.create_user("bench", password="bench-password-1")
        secret = token_create(user=user, name="bench", scopes=["read"])[1]
        wrong = [f"kcb_{n:043d}" for n in range(N)]
        factory, auth = RequestFactory(), TokenAuthentication()

        def check(token: str) -> None:
            request = Request(factory.get("/api/decks/", HTTP_AUTHORIZATION=f"Bearer {token}"))
            with contextlib.suppress(AuthenticationFailed):
                auth.authenticate(request)

        check(secret)  # warm: the key, the connection
        print(
            f"{N:,} wrong tokens, authentication only: {cpu(lambda n: check(wrong[n])):.3f} s CPU"
        )
        print(f"{N:,} right tokens, authentication only: {cpu(lambda n: check(secret)):.3f} s CPU")

        client = Client()
        client.get("/api/account/")
        with_token = cpu(
            lambda n: client.get("/api/account/", HTTP_AUTHORIZATION=f"Bearer {wrong[n]}")
        )
        without = cpu(lambda n: client.get("/api/account/"))
        print(f"{N:,} API requests with a wrong token (401): {with_token:.3f} s CPU")
        print(f"{N:,} API requests without credentials (401): {without:.3f} s CPU")
        print(f"  a wrong token's share: {(with_token - without) / N * 1e6:.0f} µs a request")

        hasher = PBKDF2PasswordHasher()
        encoded = hasher.encode("bench-password-1", hasher.salt())
        one = cpu(lambda n: hasher.verify("wrong", encoded), times=3) / 3
        print(f"one password checked with PBKDF2 ({hasher.iterations:,} rounds): {one:.3f} s CPU")


if __name__ == "__main__":
    main()
