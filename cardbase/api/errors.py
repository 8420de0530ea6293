"""One error envelope for the whole API.

Every error body is ``{"code": ..., "message": ...}``; bad parameters add ``"fields"``
(parameter -> messages), a malformed search query adds ``"position"`` and ``"term"``, and a
token used outside its scopes adds the ``"scope"`` it lacks.
Clients branch on ``code``, never on the wording.
"""

import math
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from rest_framework import status
from rest_framework.exceptions import APIException, NotFound, Throttled, ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler

from cardbase.search.query import QuerySyntaxError
from config.request_limits import as_api_exception


class QuerySyntaxAPIError(APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "query_syntax"

    def __init__(self, error: QuerySyntaxError) -> None:
        super().__init__(detail=error.message, code=self.default_code)
        self.position = error.position
        self.term = error.term


def bad_parameter(name: str, message: str) -> ValidationError:
    """The 400 for one query parameter, shaped like django-filter's form errors."""
    return ValidationError({name: [message]}, code="invalid")


def _first_code(codes: Any) -> str:
    while isinstance(codes, dict | list) and codes:
        codes = next(iter(codes.values())) if isinstance(codes, dict) else codes[0]
    return codes if isinstance(codes, str) and codes else "error"


def _flat_messages(detail: Any) -> list[str]:
    if isinstance(detail, dict):
        return [m for value in detail.values() for m in _flat_messages(value)]
    if isinstance(detail, list):
        return [m for value in detail for m in _flat_messages(value)]
    return [str(detail)]


def _throttled_message(wait: float | None) -> str:
    """DRF formats the wait into its message before translating it, so no catalogue can
    translate DRF's; this one is whole."""
    if wait is None:
        return _("Too many requests; try again later.")
    seconds = max(1, math.ceil(wait))
    return ngettext(
        "Too many requests; try again in %(wait)s second.",
        "Too many requests; try again in %(wait)s seconds.",
        seconds,
    ) % {"wait": seconds}


def error_body(exc: APIException) -> dict[str, Any]:
    if isinstance(exc, Throttled):
        # Throttled sets .wait in __init__; the stubs do not declare it.
        return {"code": "throttled", "message": _throttled_message(exc.wait)}  # type: ignore[attr-defined]
    if isinstance(exc, QuerySyntaxAPIError):
        return {
            "code": "query_syntax",
            "message": str(exc.detail),
            "position": exc.position,
            "term": exc.term,
        }
    if isinstance(exc, ValidationError) and isinstance(exc.detail, dict):
        fields = {name: _flat_messages(messages) for name, messages in exc.detail.items()}
        names = ", ".join(fields)
        return {
            "code": "invalid",
            "message": _("Invalid parameters: %(names)s.") % {"names": names}
            + " "
            + " ".join(_flat_messages(exc.detail)),
            "fields": fields,
        }
    body = {"code": _first_code(exc.get_codes()), "message": " ".join(_flat_messages(exc.detail))}
    # What an exception adds for clients to branch on (``missing_scope`` names its ``scope``).
    body.update(getattr(exc, "extra_fields", {}))
    return body


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler (which also maps Http404/PermissionDenied), then the one envelope."""
    exc = as_api_exception(exc) or exc
    response = exception_handler(exc, context)
    if response is None:
        return None
    if not isinstance(exc, APIException):  # Http404 or Django's PermissionDenied
        code = "not_found" if response.status_code == 404 else "permission_denied"
        # Django's own words ("No Tournament matches the given query.") are English only:
        # the API says DRF's translated "Not found." instead.
        message = (
            str(NotFound.default_detail)
            if response.status_code == 404
            else " ".join(_flat_messages(response.data))
        )
        response.data = {"code": code, "message": message}
        return response
    response.data = error_body(exc)
    return response
