"""Where uploaded files (card images) are kept: the filesystem under ``MEDIA_ROOT`` by default,
or an S3-compatible object store through django-storages (the ``s3`` extra) with
``MEDIA_STORAGE=s3``. Read from the environment by the settings; a pure function so a test can
ask what a given environment configures without the S3 library installed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

S3_BACKEND = "storages.backends.s3.S3Storage"
# Environment variable -> the S3 backend's option of the same meaning (django-storages docs).
S3_OPTIONS = {
    "MEDIA_S3_BUCKET": "bucket_name",
    "MEDIA_S3_ENDPOINT_URL": "endpoint_url",
    "MEDIA_S3_REGION": "region_name",
    "MEDIA_S3_ACCESS_KEY_ID": "access_key",
    "MEDIA_S3_SECRET_ACCESS_KEY": "secret_key",
    "MEDIA_S3_PREFIX": "location",
}


class MediaStorageError(ValueError):
    """The environment names a storage it does not fully configure."""


def media_storage(environ: Mapping[str, str]) -> dict[str, Any]:
    """The ``STORAGES["default"]`` entry the environment asks for."""
    kind = environ.get("MEDIA_STORAGE", "filesystem").strip().lower() or "filesystem"
    if kind == "filesystem":
        # Its location is MEDIA_ROOT, read when used (so a test's own MEDIA_ROOT is followed).
        return {"BACKEND": "django.core.files.storage.FileSystemStorage"}
    if kind != "s3":
        raise MediaStorageError(f"MEDIA_STORAGE must be filesystem or s3, not {kind!r}")
    options: dict[str, Any] = {
        option: environ[name] for name, option in S3_OPTIONS.items() if environ.get(name)
    }
    if "bucket_name" not in options:
        raise MediaStorageError("MEDIA_STORAGE=s3 needs MEDIA_S3_BUCKET")
    # Images are served through the site's own view (access checks, cache headers), never by
    # a public bucket address: objects stay private and unsigned URLs are never made.
    options.update({"default_acl": "private", "querystring_auth": True, "file_overwrite": True})
    return {"BACKEND": S3_BACKEND, "OPTIONS": options}
