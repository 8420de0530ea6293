"""Card images: a photo checked, cleaned, re-encoded and kept under a name made from its content.

A photo is accepted only as JPEG, PNG or WebP *by its content* (Pillow opens it restricted to
those three decoders; the file's name and the browser's content type are ignored), within
``CARD_PHOTO_MAX_BYTES``, with at most ``CARD_PHOTO_MAX_PIXELS`` pixels — read from the header
before a pixel is decoded, so a small file that would expand to gigabytes (a decompression
bomb) is refused at no cost — and at least ``CARD_PHOTO_MIN_SIDE`` on its shorter side. It is
turned upright by its EXIF orientation, then copied pixel by pixel into a new image (no EXIF,
GPS, XMP, ICC or text chunk survives) and re-encoded as WebP in two sizes: ``full`` (at most
1600 px) for the card page and ``thumb`` (at most 400 px) for lists, the builder, proxies and
the board.

Both are stored through Django's storage API (``default_storage``: the filesystem under
``MEDIA_ROOT``, or S3 — config/media_storage.py) as ``card-images/<aa>/<digest>-<size>.webp``,
where ``digest`` is the SHA-256 of the full-size WebP. A card keeps only the digest; the name
of a file is always made here from a digest that is 64 hex digits, never from anything sent.
"""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass
from typing import IO

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils.translation import gettext_lazy as _
from PIL import Image, ImageOps, UnidentifiedImageError

FORMATS = ("JPEG", "PNG", "WEBP")
SIZES: dict[str, int] = {"full": 1600, "thumb": 400}
PREFIX = "card-images"
DIGEST = re.compile(r"[0-9a-f]{64}")
WEBP_QUALITY = 82


class PhotoRefused(ValidationError):
    """A photo that is not accepted; ``code`` says why (``not_an_image``, ``too_large``,
    ``too_many_pixels``, ``too_small``, ``damaged``)."""


@dataclass(frozen=True)
class CardPhoto:
    """A photo as it will be kept: its digest and the WebP bytes of each size."""

    digest: str
    files: dict[str, bytes]
    width: int
    height: int


def image_name(digest: str, size: str) -> str:
    """The storage name of one size of an image; only for a well-formed digest."""
    if not DIGEST.fullmatch(digest) or size not in SIZES:
        raise ValueError(f"not an image reference: {digest!r}, {size!r}")
    return f"{PREFIX}/{digest[:2]}/{digest}-{size}.webp"


def photo_read(upload: IO[bytes], *, size: int | None = None) -> CardPhoto:
    """Check and re-encode an uploaded photo; raises :class:`PhotoRefused`."""
    limit = settings.CARD_PHOTO_MAX_BYTES
    if size is not None and size > limit:
        raise _too_large(limit)
    data = upload.read(limit + 1)
    if len(data) > limit:
        raise _too_large(limit)
    try:
        with Image.open(io.BytesIO(data), formats=FORMATS) as probe:
            _pixels_check(probe.size)
            probe.verify()  # the whole file's structure, still without decoding pixels
        with Image.open(io.BytesIO(data), formats=FORMATS) as image:
            image.seek(0)  # an animated WebP or PNG: its first frame
            upright = ImageOps.exif_transpose(image)
            upright.load()
            pixels = _clean_copy(upright)
    except PhotoRefused:
        raise
    except UnidentifiedImageError as error:
        raise PhotoRefused(
            _("This file is not a JPEG, PNG or WebP image (its content was read, not its name)."),
            code="not_an_image",
        ) from error
    except Image.DecompressionBombError as error:
        raise _too_many_pixels() from error
    except (OSError, SyntaxError, ValueError, EOFError) as error:
        raise PhotoRefused(
            _("The image is damaged or cut short and cannot be read."), code="damaged"
        ) from error
    short = min(pixels.size)
    if short < settings.CARD_PHOTO_MIN_SIDE:
        raise PhotoRefused(
            _("The image is too small to read the card: at least %(side)s pixels on each side."),
            code="too_small",
            params={"side": settings.CARD_PHOTO_MIN_SIDE},
        )
    files = {name: _webp(pixels, bound) for name, bound in SIZES.items()}
    digest = hashlib.sha256(files["full"]).hexdigest()
    return CardPhoto(digest, files, *pixels.size)


def _too_large(limit: int) -> PhotoRefused:
    return PhotoRefused(
        _("The image is larger than %(megabytes)s MB."),
        code="too_large",
        params={"megabytes": round(limit / 1024 / 1024, 1)},
    )


def _too_many_pixels() -> PhotoRefused:
    return PhotoRefused(
        _("The image has more than %(megapixels)s million pixels; take a smaller photo."),
        code="too_many_pixels",
        params={"megapixels": settings.CARD_PHOTO_MAX_PIXELS // 1_000_000},
    )


def _pixels_check(size: tuple[int, int]) -> None:
    width, height = size
    if width <= 0 or height <= 0 or width * height > settings.CARD_PHOTO_MAX_PIXELS:
        raise _too_many_pixels()


def _clean_copy(image: Image.Image) -> Image.Image:
    """The pixels alone, in RGB: transparency laid on white, nothing of the file's metadata."""
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        flat = Image.new("RGB", rgba.size, (255, 255, 255))
        flat.paste(rgba, mask=rgba.getchannel("A"))
        rgb = flat
    else:
        rgb = image.convert("RGB")
    return Image.frombytes("RGB", rgb.size, rgb.tobytes())


def _webp(pixels: Image.Image, bound: int) -> bytes:
    copy = pixels.copy()
    copy.thumbnail((bound, bound), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    copy.save(out, format="WEBP", quality=WEBP_QUALITY, method=4)
    return out.getvalue()


def photo_store(photo: CardPhoto) -> list[str]:
    """Write the photo's files; returns the names written now (an image already kept — the
    same photo sent again — writes nothing), so a caller whose transaction then fails can
    remove exactly those."""
    written = []
    for size, data in photo.files.items():
        name = image_name(photo.digest, size)
        if not default_storage.exists(name):
            saved = default_storage.save(name, ContentFile(data))
            written.append(saved)
    return written


def files_remove(names: list[str]) -> None:
    for name in names:
        default_storage.delete(name)


def image_stored(digest: str) -> bool:
    return bool(DIGEST.fullmatch(digest)) and all(
        default_storage.exists(image_name(digest, size)) for size in SIZES
    )


def image_open(digest: str, size: str) -> IO[bytes]:
    return default_storage.open(image_name(digest, size), "rb")


def card_image_validator(value: str) -> None:
    """A card's ``image``: empty, or the digest of an image this site keeps."""
    if not value:
        return
    if not DIGEST.fullmatch(value):
        raise ValidationError(
            _("An image reference is 64 hexadecimal digits."), code="bad_image_reference"
        )
    if not image_stored(value):
        raise ValidationError(
            _("No image %(digest)s is kept on this site; upload the photo instead."),
            code="image_missing",
            params={"digest": value[:12] + "…"},
        )


@dataclass(frozen=True)
class ImageUrls:
    """Where a card's image is served: the card page's size and the thumbnail."""

    url: str
    thumbnail: str

    def as_json(self) -> dict[str, str]:
        return {"url": self.url, "thumbnail": self.thumbnail}


def image_urls(digest: str) -> ImageUrls | None:
    """The addresses of a card's image (site-relative), or ``None`` for a card without one."""
    if not digest or not DIGEST.fullmatch(digest):
        return None
    from django.urls import reverse

    return ImageUrls(
        reverse("cardbase:card-image", args=[digest, "full"]),
        reverse("cardbase:card-image", args=[digest, "thumb"]),
    )
