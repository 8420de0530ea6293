from django.http import HttpRequest, JsonResponse


def health(request: HttpRequest) -> JsonResponse:
    """Liveness probe; also the benchmark's ceiling (the cheapest JSON answer the stack gives)."""
    return JsonResponse({"status": "ok"})
