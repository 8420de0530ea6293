"""Personal access tokens: a user's named keys for scripts and tools.

A token is shown once, when made; the database keeps only its keyed hash (``digest``, an
HMAC-SHA256 under a key derived from ``SECRET_KEY``: ``accounts/tokens.py``), so a copy of
the database holds no usable token, and checking one is a hash and an indexed lookup, never
a password hash. Revoking deletes the row: the next request with it is a 401.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

TOKEN_NAME_MAX_LENGTH = 100


class AccessToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="access_tokens"
    )
    name = models.CharField(_("name"), max_length=TOKEN_NAME_MAX_LENGTH)
    scopes = models.JSONField(_("scopes"), default=list)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    # The token's first characters, so its owner can tell his tokens apart.
    prefix = models.CharField(_("starts with"), max_length=16, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"), null=True, blank=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("access token")
        verbose_name_plural = _("access tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    def is_expired(self, now=None) -> bool:
        return self.expires_at is not None and self.expires_at <= (now or timezone.now())
