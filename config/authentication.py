"""HTTP Basic for the one part of the API that takes a password: making and managing tokens
(``accounts/api``). Everywhere else the API takes a token or the session
(``accounts/authentication.py``), and a password sent there is refused before it is hashed.

Each password sent here costs a full hash (about 0.2 s of CPU on purpose), so it is counted
per client address *before* the hash (``PasswordThrottle``, ``THROTTLE_PASSWORD``), and per
account from any address (``PASSWORD_FAILURES_PER_ACCOUNT``, config/password_failures.py);
django-axes still locks a name out at one address after ``AXES_FAILURE_LIMIT`` failures.
"""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions, status

from config import password_failures
from config.throttles import PasswordThrottle


class LockedOut(exceptions.APIException):
    """Too many failed logins as one name from one address (django-axes, ``AXES_FAILURE_LIMIT``)."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "locked_out"
    default_detail = _("Too many failed logins for this name from this address; try again later.")


class AccountLocked(exceptions.APIException):
    """Too many failed logins as one name from any address (``PASSWORD_FAILURES_PER_ACCOUNT``,
    config/password_failures.py): refused before the hash until the window passes."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "account_locked"
    default_detail = _(
        "Too many failed sign-ins to this account from anywhere; it takes no password for a while."
    )


class BasicAuthentication(authentication.BasicAuthentication):
    """HTTP Basic, refusing credentials with a NUL byte before the user lookup: PostgreSQL
    cannot even compare such a string, so the lookup would be a 500, not a failed login.
    More passwords from one address than ``THROTTLE_PASSWORD`` allows are a 429 before any
    hash; an address that django-axes has locked out is answered 429 ``locked_out`` (axes
    refuses it before the password backend, so no hash is computed)."""

    def authenticate_credentials(self, userid, password, request=None):
        if "\x00" in userid or "\x00" in password:
            raise exceptions.AuthenticationFailed(_("Invalid username/password."))
        throttle = PasswordThrottle()
        if request is not None and not throttle.allow_request(request, None):
            raise exceptions.Throttled(throttle.wait())
        if request is not None and password_failures.account_refused_minutes(request, userid):
            raise AccountLocked()
        try:
            return super().authenticate_credentials(userid, password, request)
        except exceptions.AuthenticationFailed:
            password_failures.account_failed(userid)
            # axes marks the request it was handed (DRF's) when this failure locks it out
            if getattr(request, "axes_locked_out", False):
                raise LockedOut() from None
            raise


class BasicAuthenticationScheme(OpenApiAuthenticationExtension):
    """Documents the class above in the OpenAPI schema as plain HTTP Basic."""

    target_class = BasicAuthentication
    name = "basicAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "basic",
            "description": "Your user name and password: taken only by /api/account/tokens/.",
        }
