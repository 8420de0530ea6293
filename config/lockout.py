"""What a client locked out by django-axes (too many failed logins) is answered."""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from config.request_limits import API_PREFIX

LOCKED_STATUS = 429


def lockout_response(request, *args, **kwargs) -> HttpResponse:
    message = _("Too many failed logins for this name from this address; try again later.")
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"code": "locked_out", "message": message}, status=LOCKED_STATUS)
    return HttpResponse(message, status=LOCKED_STATUS, content_type="text/plain; charset=utf-8")
