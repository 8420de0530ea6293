"""Settings of the bounded Schemathesis run (``scripts/schemathesis_run.py``): the development
settings with DEBUG off, the API throttles off (thousands of requests from one address would
otherwise be mostly 429s), failed Basic logins never locking the address or the account out
(the run sends wrong credentials on purpose) and a fast password hasher, so each of those
requests costs microseconds instead of a full PBKDF2 hash; the thousands of 4xx the run asks
for are not logged, server errors are. Never for serving anything."""

from config.settings.base import *  # noqa: F403

DEBUG = False
API_THROTTLE_RATES = {}
AXES_FAILURE_LIMIT = 1_000_000
PASSWORD_FAILURES_PER_ACCOUNT = 1_000_000
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
LOGGING = {**LOGGING, "loggers": {"django.request": {"level": "ERROR"}}}  # noqa: F405
