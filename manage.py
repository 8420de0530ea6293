#!/usr/bin/env python
import os
import sys


def main() -> None:
    # Production unless a settings module is named: local development names the debug
    # settings (DJANGO_SETTINGS_MODULE=config.settings, as scripts/run.sh and the tests do).
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
    if sys.argv[1:2] != ["runserver"]:
        # Web requests have a statement timeout (settings); a migration or a content load
        # may rightly take longer.
        os.environ.setdefault("DB_STATEMENT_TIMEOUT_MS", "0")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
