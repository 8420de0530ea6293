"""A database outage answered honestly (issue 36).

While PostgreSQL cannot be reached, any request that needs it fails with Django's
``OperationalError`` or ``InterfaceError`` (a refused or broken connection; also a statement
cancelled by its timeout, or SQLite's "database is locked": each is "try again shortly", never
the client's fault). Without this the API answered an HTML "Server Error (500)". Here the API
answers 503 in its error envelope and the pages a short 503 page, both with ``Retry-After``;
the error is still logged. The page is drawn for an anonymous visitor: who is signed in lives
in the database too.

``/api/health/`` stays a liveness probe (the process answers); ``/api/health/ready/``
(``config.views.ready``) says whether this process can serve: database and broker.
"""

from __future__ import annotations

import logging

from django.contrib.auth.models import AnonymousUser
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from config.request_limits import API_PREFIX

logger = logging.getLogger(__name__)

OUTAGE_ERRORS = (OperationalError, InterfaceError)
# A database back within a minute is the common case (a restart, a failover); a client that
# retries sooner only adds load.
RETRY_AFTER_SECONDS = 30
OUTAGE_CODE = "database_unavailable"


def outage_message() -> str:
    return _("The database is not answering. Please try again in a minute.")


def unavailable_response(request: HttpRequest, *, code: str = OUTAGE_CODE) -> HttpResponse:
    """The 503 for ``request``: the API's envelope under ``/api/``, else the page."""
    if request.path.startswith(API_PREFIX):
        response: HttpResponse = JsonResponse(
            {"code": code, "message": outage_message()}, status=503
        )
    else:
        request.user = AnonymousUser()  # reading the session would fail again
        response = render(request, "outage.html", status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class DatabaseOutageMiddleware:
    """Turns a database that cannot be reached into the 503 (``process_exception``: the
    view's exception, a page's template or the API's authentication included)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OUTAGE_ERRORS):
            return None
        logger.error("database unavailable: %s %s", request.method, request.path, exc_info=True)
        return unavailable_response(request)
