"""The signed-in user of a request, typed as the user model for the services that record who
acted (django-stubs types ``request.user`` as the user or ``AnonymousUser``)."""

from typing import cast

from django.contrib.auth.models import User
from django.http import HttpRequest
from rest_framework.request import Request


def signed_in(request: HttpRequest | Request) -> User:
    """``request.user`` where only signed-in users arrive (``login_required``, the admin, an
    API view that requires authentication): no check, the view's own guard already made it."""
    return cast(User, request.user)
