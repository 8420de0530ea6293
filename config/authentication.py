"""API authentication: DRF's own classes, hardened where bad input reached the database."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions


class BasicAuthentication(authentication.BasicAuthentication):
    """HTTP Basic, refusing credentials with a NUL byte before the user lookup: PostgreSQL
    cannot even compare such a string, so the lookup would be a 500, not a failed login."""

    def authenticate_credentials(self, userid, password, request=None):
        if "\x00" in userid or "\x00" in password:
            raise exceptions.AuthenticationFailed(_("Invalid username/password."))
        return super().authenticate_credentials(userid, password, request)


class BasicAuthenticationScheme(OpenApiAuthenticationExtension):
    """Documents the class above in the OpenAPI schema as plain HTTP Basic."""

    target_class = BasicAuthentication
    name = "basicAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "basic"}
