"""The API's bound on request bodies: a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is a 413 in
the API's error envelope, answered from the ``Content-Length`` header before anything reads
the body (Django alone would answer an HTML 400, and only for form bodies)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import JsonResponse
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError

API_PREFIX = "/api/"
# API addresses that take a file (a card's photo): their bound is the photo's plus the fields'.
UPLOAD_PREFIXES = ("/api/card-proposals/",)


def body_limit(path: str) -> int | None:
    """The largest body the API takes at ``path``; ``None``: unbounded."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if limit is not None and path.startswith(UPLOAD_PREFIXES):
        return limit + settings.CARD_PHOTO_MAX_BYTES
    return limit


def body_too_large_message(path: str = "") -> str:
    return _("The request body is larger than %(limit)s bytes.") % {"limit": body_limit(path)}


class BodyTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "body_too_large"

    def __init__(self) -> None:
        super().__init__(detail=body_too_large_message(), code=self.default_code)


def as_api_exception(exc: Exception) -> APIException | None:
    """Django's own refusals of a request body, as the API's exceptions."""
    if isinstance(exc, RequestDataTooBig):
        return BodyTooLarge()
    if isinstance(exc, TooManyFieldsSent | TooManyFilesSent):
        return ParseError(
            _("The request has more fields than %(limit)s.")
            % {"limit": settings.DATA_UPLOAD_MAX_NUMBER_FIELDS},
            code="too_many_fields",
        )
    return None


def query_too_long_message() -> str:
    return _("The address's query is longer than %(limit)s bytes.") % {
        "limit": settings.API_MAX_QUERY_BYTES
    }


class RequestBodyLimitMiddleware:
    """The body bound above, and for the API a bound on the query string: a longer one is a
    414 in the envelope (documented for every operation taking query parameters), answered
    here well below the server's own request-line limit (gunicorn's 414 is an HTML page)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        limit = body_limit(request.path)
        is_api = request.path.startswith(API_PREFIX)
        if is_api and len(request.META.get("QUERY_STRING", "")) > settings.API_MAX_QUERY_BYTES:
            return JsonResponse(
                {"code": "query_too_long", "message": query_too_long_message()},
                status=status.HTTP_414_REQUEST_URI_TOO_LONG,
            )
        if limit is not None and is_api:
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = 0
            if length > limit:
                return JsonResponse(
                    {
                        "code": BodyTooLarge.default_code,
                        "message": body_too_large_message(request.path),
                    },
                    status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
                )
        return self.get_response(request)
