"""Making, finding and revoking personal access tokens.

A token is ``kcb_`` and 43 URL-safe characters (256 random bits), so it cannot be guessed and
a secret scanner can recognise it. The database keeps its HMAC-SHA256 under a key derived
from ``SECRET_KEY`` (a new ``SECRET_KEY`` retires every token); finding a token is one hash
and one lookup by the unique, indexed digest: microseconds, where a password hash costs
about 0.2 s of CPU on purpose.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime, timedelta
from functools import lru_cache

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connections, router, transaction
from django.utils import timezone

from accounts.models import AccessToken
from accounts.scopes import scopes_normalised

TOKEN_PREFIX = "kcb_"
TOKEN_LENGTH = len(TOKEN_PREFIX) + 43  # secrets.token_urlsafe(32)
SHOWN_PREFIX_LENGTH = len(TOKEN_PREFIX) + 6
# ``last_used_at`` is written at most this often per token: a script's every request would
# otherwise be a write.
LAST_USE_PRECISION = timedelta(minutes=1)
TOKENS_PER_USER = 50


class TooManyTokens(Exception):
    """The user already has ``TOKENS_PER_USER`` tokens."""


@lru_cache(maxsize=4)
def _key(secret_key: str) -> bytes:
    return hashlib.sha256(b"accounts.access-token:" + secret_key.encode()).digest()


def token_digest(secret: str) -> str:
    return hmac.new(_key(settings.SECRET_KEY), secret.encode(), hashlib.sha256).hexdigest()


def token_create(
    *, user, name: str, scopes: list[str], expires_at: datetime | None = None
) -> tuple[AccessToken, str]:
    """A new token for ``user``: its row and the token itself, which is never stored."""
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        # The user's row lock: two requests at once cannot both pass the bound.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        if AccessToken.objects.filter(user=user).count() >= TOKENS_PER_USER:
            raise TooManyTokens()
        token = AccessToken.objects.create(
            user=user,
            name=name,
            scopes=scopes_normalised(scopes),
            digest=token_digest(secret),
            prefix=secret[:SHOWN_PREFIX_LENGTH],
            expires_at=expires_at,
        )
    return token, secret


def token_find(secret: str) -> AccessToken | None:
    """The token whose secret this is (expired or not), with its user; None if none is.

    A wrong token costs the keyed hash and one statement on the unique digest index, sent
    as plain SQL: building the ORM's query costs several times the lookup itself, and wrong
    tokens are what an abuser sends by the thousand. Only a token that exists is read with
    the ORM (with its user)."""
    if not secret.startswith(TOKEN_PREFIX) or len(secret) != TOKEN_LENGTH:
        return None
    connection = connections[router.db_for_read(AccessToken)]
    table = connection.ops.quote_name(AccessToken._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id FROM {table} WHERE digest = %s", [token_digest(secret)])
        row = cursor.fetchone()
    if row is None:
        return None
    return AccessToken.objects.select_related("user").filter(pk=row[0]).first()


def token_used(token: AccessToken, *, now: datetime | None = None) -> None:
    """Note the token's use, at most once per ``LAST_USE_PRECISION``."""
    now = now or timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USE_PRECISION:
        AccessToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now


def token_revoke(*, user, token_id: int) -> bool:
    """Delete one of ``user``'s tokens; False if he has none with that id."""
    deleted, _ = AccessToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)


def tokens_of(user):
    return AccessToken.objects.filter(user=user)
