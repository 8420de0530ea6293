"""Serving card images. The address names a digest (64 hex digits, checked by the URL pattern)
and a size; the file name is made from those alone (``card_images.image_name``).

An image is public once a catalogue card shows it: served with a year's ``immutable`` cache
(the address changes whenever the picture does, since it is the picture's digest). Before that
— a proposal's photo, a draft's upload — only its author and the content staff see it, and it
is not kept by shared caches; to anyone else it does not exist (404), so the site cannot be
used to host pictures nobody has reviewed.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.http import FileResponse, Http404, HttpRequest, HttpResponseNotModified
from django.http.response import HttpResponseBase
from django.views.decorators.http import require_safe

from cardbase.card_images import image_open, image_stored
from cardbase.models import Card, Draft

PUBLIC = "public, max-age=31536000, immutable"
PRIVATE = "private, max-age=600"


def image_visibility(*, digest: str, user: User | AnonymousUser) -> str | None:
    """``public`` (a card shows it), ``private`` (the viewer may see it, nobody else) or
    ``None`` (not for this viewer)."""
    if Card.all_objects.filter(image=digest).exists():
        return PUBLIC
    if not user.is_authenticated:
        return None
    if user.has_perm("cardbase.view_card") or user.has_perm("cardbase.view_draft"):
        return PRIVATE
    if Draft.objects.filter(author=user, values__image=digest).exists():
        return PRIVATE
    return None


@require_safe
def card_image(request: HttpRequest, digest: str, size: str) -> HttpResponseBase:
    cache_control = image_visibility(digest=digest, user=request.user)
    if cache_control is None or not image_stored(digest):
        raise Http404
    etag = f'"{digest[:32]}-{size}"'
    if request.headers.get("If-None-Match") == etag:
        response: HttpResponseBase = HttpResponseNotModified()
    else:
        try:
            response = FileResponse(image_open(digest, size), content_type="image/webp")
        except FileNotFoundError:
            raise Http404 from None
    response["Cache-Control"] = cache_control
    response["ETag"] = etag
    # An image runs nothing; should a browser ever render it as a document, nothing loads.
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    if cache_control == PRIVATE:
        response["Vary"] = "Cookie"
    return response
