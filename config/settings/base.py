"""Base settings, read from the environment with safe defaults for a first run.

Environment: DATABASE_URL, REDIS_URL, SECRET_KEY, DEBUG, ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS.
Without DATABASE_URL the site runs on an embedded SQLite file; without REDIS_URL Celery
falls back to running in-process (no broker needed for a first run).
"""

import os
from pathlib import Path
from typing import Any

import dj_database_url
from django.utils.translation import gettext_lazy as _

from config.media_storage import media_storage

BASE_DIR = Path(__file__).resolve().parent.parent.parent
RULES_DIR = Path(os.environ.get("RULES_DIR", BASE_DIR.parent / "shared" / "rules"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-insecure-key-change-me-in-production")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    # First: its runserver serves the ASGI application (HTTP and the games' WebSockets).
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "reversion",
    "import_export",
    "axes",
    "channels",
    "cardbase",
    "content",
    "decks",
    "matches",
    "accounts",
    "proposals",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Every answer compressed when the client accepts it (pages, JSON, static in development;
    # production serves WhiteNoise's precompressed static files, which this leaves alone).
    "django.middleware.gzip.GZipMiddleware",
    "config.request_limits.RequestBodyLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last: turns a login refused for too many failures into the lockout answer.
    "axes.middleware.AxesMiddleware",
    # A database that cannot be reached: a 503 with Retry-After, not a 500 (config/outage.py).
    "config.outage.DatabaseOutageMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
    )
}
# The backstop for web requests on PostgreSQL: no statement runs longer than this (ms). The
# Celery worker (config/celery.py) and management commands other than runserver (manage.py)
# run without it: a content load, a migration or a tournament's bookkeeping may rightly take
# longer than any page should.
DB_STATEMENT_TIMEOUT_MS = int(os.environ.get("DB_STATEMENT_TIMEOUT_MS", "5000"))


# Seconds to wait for a PostgreSQL connection: a host that drops packets (a cut link) answers a
# request or a readiness probe with the 503 within this, not after the system's TCP timeout.
DB_CONNECT_TIMEOUT_SECONDS = int(os.environ.get("DB_CONNECT_TIMEOUT_SECONDS", "5"))


def statement_timeout_set(
    database: dj_database_url.DBConfig | dict[str, Any], milliseconds: int
) -> None:
    """Give every new PostgreSQL connection of ``database`` this statement timeout (0: none)."""
    if database["ENGINE"] == "django.db.backends.postgresql":
        database.setdefault("OPTIONS", {})["options"] = f"-c statement_timeout={milliseconds}"


statement_timeout_set(DATABASES["default"], DB_STATEMENT_TIMEOUT_MS)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["OPTIONS"].setdefault("connect_timeout", DB_CONNECT_TIMEOUT_SECONDS)
# The worker's own transactions are short (a lease, one batch's upsert, the next round's rows;
# pairing is computed outside any transaction), so they get a timeout too (0 = none).
WORKER_STATEMENT_TIMEOUT_MS = int(os.environ.get("WORKER_STATEMENT_TIMEOUT_MS", "30000"))
# A Celery worker runs with DEBUG off even under DEBUG=1 (config/celery.py): DEBUG keeps every
# SQL statement in memory, about 2 MB per 1,000 games. WORKER_DEBUG=1 keeps the worker's DEBUG.
WORKER_DEBUG = env_bool("WORKER_DEBUG", False)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    # First: refuses a locked-out client before the password hash is computed.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# The proxies in front of the site that append to X-Forwarded-For (config/client_address.py):
# 0 = reached directly, the client is REMOTE_ADDR and the header is ignored.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
# django-axes: after AXES_FAILURE_LIMIT failed logins (the login page, the admin or HTTP
# Basic on the API's token pages) as one user name from one address, that name is refused
# from that address for AXES_COOLOFF_TIME hours. Per name and address, not per address:
# failures for a name that does not exist (or any other) never lock a real user out of a
# shared address (an office, everyone behind one proxy); how many passwords one address
# sends the API is bounded before hashing by the "password" throttle (THROTTLE_PASSWORD).
# Wrong passwords from one address (any names) before the next check is refused without
# hashing, until a minute passes with no failure (config/password_failures.py).
PASSWORD_FAILURES_PER_MINUTE = int(os.environ.get("PASSWORD_FAILURES_PER_MINUTE", "30"))
# Failed sign-ins as one name from any address: after this many within these minutes (from the
# first), that name is refused before hashing until they pass — except in a browser that has
# signed in as it before (config/password_failures.py).
PASSWORD_FAILURES_PER_ACCOUNT = int(os.environ.get("PASSWORD_FAILURES_PER_ACCOUNT", "20"))
PASSWORD_FAILURES_ACCOUNT_MINUTES = float(os.environ.get("PASSWORD_FAILURES_ACCOUNT_MINUTES", "15"))
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = float(os.environ.get("AXES_COOLOFF_HOURS", "0.25"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "config.client_address.client_address"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.lockout.lockout_response"
AXES_ENABLE_ACCESS_FAILURE_LOG = False

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "ru"
LANGUAGES = [("ru", _("Russian")), ("en", _("English"))]
# config/locale: the Russian of the API's own errors and refusals (issue 18), apart from the
# pages' catalogue so parallel work does not collide in one file.
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "config" / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]

# Uploaded files (card images, cardbase/card_images.py): the filesystem under MEDIA_ROOT, or an
# S3-compatible store with MEDIA_STORAGE=s3 and MEDIA_S3_* (config/media_storage.py). Never
# served from MEDIA_URL: images go out through the site's own view (/card-images/…), which
# checks who may see an image and sets the cache headers.
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "var" / "media"))
MEDIA_URL = "/media/"
STORAGES = {
    "default": media_storage(os.environ),
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# A card photo (proposals and the admin): its file size, its pixels (width × height; a larger
# image is refused before it is decoded, so a small file that expands to gigabytes of pixels —
# a decompression bomb — costs nothing) and the shortest side a readable card photo has.
CARD_PHOTO_MAX_BYTES = int(os.environ.get("CARD_PHOTO_MAX_BYTES", str(8 * 1024 * 1024)))
CARD_PHOTO_MAX_PIXELS = int(os.environ.get("CARD_PHOTO_MAX_PIXELS", str(40_000_000)))
CARD_PHOTO_MIN_SIDE = int(os.environ.get("CARD_PHOTO_MIN_SIDE", "200"))
# Card proposals per player in any 24 hours (page and API alike; proposals/services.py).
CARD_PROPOSALS_PER_DAY = int(os.environ.get("CARD_PROPOSALS_PER_DAY", "20"))

# Request bodies: one bound for forms and the API's JSON (a 413 in the API's envelope).
DATA_UPLOAD_MAX_MEMORY_SIZE = int(os.environ.get("DATA_UPLOAD_MAX_MEMORY_SIZE", str(1024 * 1024)))
# The API's query strings: longer is a 414 in the envelope (config/request_limits.py), below
# gunicorn's request-line limit (4,094 bytes by default), whose own 414 is an HTML page.
API_MAX_QUERY_BYTES = int(os.environ.get("API_MAX_QUERY_BYTES", "2048"))

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_PAGINATION_CLASS": "cardbase.api.pagination.PageNumbers",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "cardbase.api.errors.api_exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "config.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # Tokens first, so an unauthenticated request is a 401 carrying WWW-Authenticate: Bearer.
    # HTTP Basic (a password, a full hash each) only on the token pages (accounts/api).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_THROTTLE_CLASSES": [
        "config.throttles.AnonThrottle",
        "config.throttles.UserThrottle",
        "config.throttles.CostlyThrottle",
    ],
}
# Requests per client and period (s, m, h, d) for each throttle scope; a scope missing here is
# not throttled. "anon" and "user" cover every API request; the others add a stricter bound on
# the costly endpoints (the views name their scope).
API_THROTTLE_RATES = {
    "anon": os.environ.get("THROTTLE_ANON", "120/min"),
    # Passwords sent to the API (HTTP Basic, only to make tokens), per address, before hashing.
    "password": os.environ.get("THROTTLE_PASSWORD", "10/min"),
    "user": os.environ.get("THROTTLE_USER", "600/min"),
    "deck_validate": os.environ.get("THROTTLE_DECK_VALIDATE", "30/min"),
    "deck_import": os.environ.get("THROTTLE_DECK_IMPORT", "20/min"),
    "public_search": os.environ.get("THROTTLE_PUBLIC_SEARCH", "60/min"),
    "match_create": os.environ.get("THROTTLE_MATCH_CREATE", "20/min"),
    # A move in a game against the AI: a person clicks fast, a game is hundreds of moves.
    "game_action": os.environ.get("THROTTLE_GAME_ACTION", "300/min"),
    # A card proposal (a photo to check and re-encode): sending or sending again.
    "card_proposal": os.environ.get("THROTTLE_CARD_PROPOSAL", "10/min"),
    # The replay page (not the API): each page plays the match again up to its step.
    "replay_page": os.environ.get("THROTTLE_REPLAY_PAGE", "30/min"),
    # Pages (config/page_throttles.py): a tournament's page and its live part (asked for
    # every second while it runs), a card's page, and the games against the AI (a move runs
    # the AI's replies; a person clicks fast).
    "tournament_page": os.environ.get("THROTTLE_TOURNAMENT_PAGE", "120/min"),
    "card_page": os.environ.get("THROTTLE_CARD_PAGE", "60/min"),
    "play_page": os.environ.get("THROTTLE_PLAY_PAGE", "300/min"),
    # Creating and joining a table for two people (matches/friends).
    "friend_table": os.environ.get("THROTTLE_FRIEND_TABLE", "20/min"),
}
# Seconds a rendered replay page is kept (matches/replays/page_limits.py); 0 turns the cache off.
REPLAY_PAGE_CACHE_SECONDS = int(os.environ.get("REPLAY_PAGE_CACHE_SECONDS", "600"))
SPECTACULAR_SETTINGS = {
    "TITLE": "Komandor Cardbase API",
    "DESCRIPTION": (
        "Catalogue, decks and matches for «Путь Командора» and four related space games."
    ),
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Request bodies get their own components, so they carry what only input has (minLength of
    # a required text, write-only fields); responses keep the plain names.
    "COMPONENT_SPLIT_REQUEST": True,
    # Bodies are documented as JSON, the API's format. The form parsers stay for flat fields
    # (a browser form), but forms cannot carry a deck's lists and read an empty field as
    # absent, so they are not part of the documented contract.
    "PARSER_WHITELIST": ["config.parsers.BoundedJSONParser"],
    # A game against the AI's ``status`` beside a tournament's: each its own enum (the
    # tournament's keeps its name).
    "ENUM_NAME_OVERRIDES": {
        "StatusEnum": "matches.models.Status",
        "AiGameStatusEnum": "matches.models.HumanMatchStatus",
        "FriendGameStatusEnum": "matches.models.FriendGameStatus",
        # A stored tournament may be a tuning; one made through the API may not.
        "FormatEnum": "matches.models.Format",
        "OfferedFormatEnum": "matches.api.serializers.OFFERED_FORMATS",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.openapi.error_responses",
    ],
}

REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", REDIS_URL or "memory://")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", REDIS_URL or None)
CELERY_TASK_ALWAYS_EAGER = not (REDIS_URL or os.environ.get("CELERY_BROKER_URL"))
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "celery")
CELERY_WORKER_PREFETCH_MULTIPLIER = 1

# Tournament progress (matches/tournaments/progress.py): every worker sweeps the running
# tournaments this often; a batch's lease lasts this long unrenewed (a worker renews it as it
# plays); a batch sent but not taken while no worker took anything for this long is sent again. A
# lost message heals within about a sweep plus the lease or the resend interval.
TOURNAMENT_SWEEP_SECONDS = float(os.environ.get("TOURNAMENT_SWEEP_SECONDS", "30"))
BATCH_LEASE_SECONDS = float(os.environ.get("BATCH_LEASE_SECONDS", "60"))
BATCH_RESEND_SECONDS = float(os.environ.get("BATCH_RESEND_SECONDS", "90"))
# Per-user limits of tournaments (matches/tournaments/services.py): running at once, games
# still to play, and their expected CPU (games × MATCH_EXPECTED_GAME_CPU_SECONDS at the default
# turn cap).
TOURNAMENTS_RUNNING_PER_USER = int(os.environ.get("TOURNAMENTS_RUNNING_PER_USER", "3"))
MATCHES_QUEUED_PER_USER = int(os.environ.get("MATCHES_QUEUED_PER_USER", "20000"))
CPU_SECONDS_QUEUED_PER_USER = int(os.environ.get("CPU_SECONDS_QUEUED_PER_USER", "3600"))
MATCH_EXPECTED_GAME_CPU_SECONDS = float(os.environ.get("MATCH_EXPECTED_GAME_CPU_SECONDS", "0.05"))
# The longest a batch may take with every game run to its CPU limit; agents whose batches could
# take longer (a search budget too big) are refused. The Redis visibility timeout
# (CELERY_VISIBILITY_TIMEOUT, config/celery.py) must exceed it plus the task's margin.
BATCH_MAX_SECONDS = float(os.environ.get("BATCH_MAX_SECONDS", "3000"))
# A single match is played within its request: agents whose per-game CPU limit (10 × the
# expected CPU of a costly game) exceeds this are refused there (a tournament takes them).
MATCH_SINGLE_CPU_SECONDS = float(os.environ.get("MATCH_SINGLE_CPU_SECONDS", "60"))
# Games against the AI a person may have in progress at once (matches/play/services.py).
AI_GAMES_OPEN_PER_USER = int(os.environ.get("AI_GAMES_OPEN_PER_USER", "20"))
# Worker processes that play batches, for the tournament form's time estimate, until a worker
# has reported itself (matches/tournaments/estimates.py counts those seen lately).
TOURNAMENT_WORKERS = int(os.environ.get("TOURNAMENT_WORKERS", "2"))

# HTTP and WebSockets (config/asgi.py). Games between two people push each change to every
# socket of the table through the channel layer: Redis when REDIS_URL is set (any process can
# serve any table), else in the process's memory (the embedded default: one process).
ASGI_APPLICATION = "config.asgi.application"
CHANNEL_LAYERS = {
    "default": (
        {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # A socket's wait for its next message is a 5 s BZPOPMIN; redis-py 8 reads with a
            # 5 s socket timeout by default, so a busy moment closed sockets with 1011 (the
            # bench, docs/PERFORMANCE.md): reads may take longer than the wait.
            "CONFIG": {
                "hosts": [
                    {
                        "address": os.environ.get("CHANNEL_LAYER_URL", REDIS_URL),
                        "socket_timeout": 30,
                    }
                ]
            },
        }
        if REDIS_URL
        else {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    )
}
# Games between two people (matches/friends): seconds a player whose last socket closed may be
# away before he forfeits; seconds a table waits for its opponent; seconds a game may stand
# without a move; open tables (waiting or playing) per user; how often a connected socket
# checks the clocks and the grace period.
FRIEND_GAME_GRACE_SECONDS = float(os.environ.get("FRIEND_GAME_GRACE_SECONDS", "180"))
FRIEND_TABLE_WAIT_SECONDS = float(os.environ.get("FRIEND_TABLE_WAIT_SECONDS", "86400"))
FRIEND_GAME_IDLE_SECONDS = float(os.environ.get("FRIEND_GAME_IDLE_SECONDS", "604800"))
FRIEND_OPEN_TABLES_PER_USER = int(os.environ.get("FRIEND_OPEN_TABLES_PER_USER", "5"))
FRIEND_GAME_TICK_SECONDS = float(os.environ.get("FRIEND_GAME_TICK_SECONDS", "1"))

CACHES = {
    "default": (
        {
            # A Redis outage is a cache miss, not a 500 (config/cache.py).
            "BACKEND": "config.cache.TolerantRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# Seconds a catalogue API answer is kept (keyed by the catalogue version, so never stale);
# 0 turns the cache off.
CATALOGUE_API_CACHE_SECONDS = int(os.environ.get("CATALOGUE_API_CACHE_SECONDS", "600"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
