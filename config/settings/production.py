"""Production settings: everything secret or host-specific must come from the environment."""

import os

from django.core.exceptions import ImproperlyConfigured

from config.settings.base import *  # noqa: F403
from config.settings.base import env_bool, env_list

DEBUG = env_bool("DEBUG", False)
# Only the hosts named: no test-client host, no development default.
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "")
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if len(SECRET_KEY) < 50:
    raise ImproperlyConfigured(
        "SECRET_KEY must be set to at least 50 random characters for the production settings "
        "(config.settings.production, the default of manage.py, config.wsgi and the Celery "
        "app). For local development, name the debug settings instead: "
        "export DJANGO_SETTINGS_MODULE=config.settings"
    )

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
STORAGES = {
    **STORAGES,  # noqa: F405 (the card images' storage, from the environment)
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
