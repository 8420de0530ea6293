"""Settings package: ``base`` is the embedded default (SQLite, DEBUG); ``production`` hardens it.

``DJANGO_SETTINGS_MODULE=config.settings`` loads the base settings; set it to
``config.settings.production`` in production.
"""

from config.settings.base import *  # noqa: F403
