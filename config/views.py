from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cardbase.api.urls import router
from config.outage import RETRY_AFTER_SECONDS
from config.readiness import Check, readiness

# Entry points beside the catalogue router's lists: URL name → key in the API root.
OTHER_ENTRY_POINTS = {
    "search": "api-search",
    "decks": "deck-list",
    "public-decks": "deck-public",
    "validate-deck": "deck-validate",
    "import-deck": "deck-import",
    "tournaments": "tournament-list",
    "play-match": "match-create",
    "ai-games": "ai-game-list",
    "swap-test": "swap-test-create",
    "field-test": "field-test-create",
    "collection": "collection",
    "account": "account",
    "access-tokens": "account-token-list",
    "card-proposals": "card-proposal-list",
    "schema": "api-schema",
    "docs": "api-docs",
    "health": "health",
    "ready": "health-ready",
}


@csrf_exempt
def api_not_found(request: HttpRequest) -> JsonResponse:
    """Any other address under ``/api/`` (``/api/decks/abc/``: an id that is not a number):
    the API's 404 envelope, not the HTML page — for every method (exempt from the CSRF check,
    which would answer an HTML 403 to a POST; nothing is changed here)."""
    return JsonResponse(
        {"code": "not_found", "message": gettext("No such address in the API.")}, status=404
    )


def health(request: HttpRequest) -> JsonResponse:
    """Liveness probe (the process answers; nothing else is asked); also the benchmark's
    ceiling (the cheapest JSON answer the stack gives)."""
    return JsonResponse({"status": "ok"})


def ready(request: HttpRequest) -> JsonResponse:
    """Readiness probe: 200 when the database and the broker answer, else 503 with
    ``Retry-After`` and which of them failed (``config/readiness.py``)."""
    checks = readiness()
    is_ready = all(check != Check.UNAVAILABLE for check in checks.values())
    response = JsonResponse(
        {"status": "ok" if is_ready else "unavailable", "checks": checks},
        status=200 if is_ready else 503,
    )
    if not is_ready:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


@extend_schema(responses={200: OpenApiTypes.OBJECT})
@api_view(["GET"])
@permission_classes([AllowAny])
def api_root(request: Request) -> Response:
    """Every list of the API by name, so a client (or a person) can start from ``/api/``."""
    links = {
        prefix: request.build_absolute_uri(reverse(f"{basename}-list"))
        for prefix, _viewset, basename in router.registry
    }
    for key, url_name in OTHER_ENTRY_POINTS.items():
        links[key] = request.build_absolute_uri(reverse(url_name))
    return Response(links)
