"""``Authorization: Bearer <token>`` for the API, with the token's scopes enforced.

The scope check is part of accepting a token, not a permission class a view might replace
with its own: a token is accepted for a request only within its scopes, on every view, so no
view can forget it. A request outside them is a 403 in the API's envelope naming the scope
it needs (``missing_scope``). HTTP Basic is taken only where a password is the point (the
token pages, ``config/authentication.py``); sent anywhere else it is refused at once, before
any password is hashed.
"""

from __future__ import annotations

from django.utils import formats
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions, status

from accounts.models import AccessToken
from accounts.scopes import ACCOUNT, is_grantable, required_scope
from accounts.tokens import token_find, token_used

SCHEME = "Bearer"


class MissingScope(exceptions.APIException):
    """403 ``missing_scope``; the envelope's ``scope`` names what the token lacks."""

    status_code = status.HTTP_403_FORBIDDEN
    default_code = "missing_scope"

    def __init__(self, scope: str) -> None:
        message: str | Promise
        if scope == ACCOUNT:
            message = _(
                "Tokens are made, listed and revoked with your password or on the account "
                "page, never with a token."
            )
        elif is_grantable(scope):
            message = _("This token lacks the scope “%(scope)s” this request needs.") % {
                "scope": scope
            }
        else:
            message = _("No token may do this; sign in to the site instead.")
        super().__init__(detail=message, code=self.default_code)
        self.extra_fields = {"scope": scope}


def _failed(message, code: str) -> exceptions.AuthenticationFailed:
    return exceptions.AuthenticationFailed(message, code=code)


class TokenAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        words = authentication.get_authorization_header(request).split()
        if not words:
            return None
        scheme = words[0].lower()
        if scheme == b"basic":
            raise _failed(
                _(
                    "The API takes a password only to make tokens (/api/account/tokens/); "
                    "send “Authorization: Bearer <token>”."
                ),
                "basic_not_accepted",
            )
        if scheme != SCHEME.lower().encode():
            return None
        if len(words) != 2:
            raise _failed(_("Send “Authorization: Bearer <token>”."), "invalid_token")
        try:
            secret = words[1].decode("ascii")
        except UnicodeDecodeError:
            secret = ""
        token = token_find(secret)
        if token is None:
            raise _failed(_("No such token: it is wrong or was revoked."), "invalid_token")
        if token.is_expired():
            assert token.expires_at is not None  # only a token with an end expires
            raise _failed(
                _("This token expired on %(date)s.")
                % {"date": formats.date_format(token.expires_at, "DATETIME_FORMAT")},
                "token_expired",
            )
        if not token.user.is_active:
            raise _failed(_("This token's account is disabled."), "invalid_token")
        self._check_scope(request, token)
        token_used(token)
        return (token.user, token)

    def authenticate_header(self, request) -> str:
        return f'{SCHEME} realm="api"'

    @staticmethod
    def _check_scope(request, token: AccessToken) -> None:
        context = getattr(request, "parser_context", None) or {}
        match = getattr(request, "resolver_match", None)
        scope = required_scope(
            method=request.method,
            view=context.get("view"),
            url_name=match.url_name if match is not None else None,
        )
        if scope is not None and scope not in token.scopes:
            raise MissingScope(scope)


class TokenAuthenticationScheme(OpenApiAuthenticationExtension):
    target_class = TokenAuthentication
    name = "tokenAuth"

    def get_security_requirement(self, auto_schema):
        # The token pages recognise a token only to refuse it: not a way in there.
        if getattr(auto_schema.view, "token_scope", None) == ACCOUNT:
            return None
        return super().get_security_requirement(auto_schema)

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": (
                "A personal access token (/accounts/tokens/ or POST /api/account/tokens/). "
                "Scopes: read (every token), decks, play, tournaments; a request outside "
                "them is a 403 missing_scope naming the scope."
            ),
        }
