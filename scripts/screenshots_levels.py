"""Screenshots of the AI levels: the "AI levels" page and the new-game form's choice of level,
in Russian and English, 1280 px and 390 px wide — 8 images under ``docs/screenshots/levels/``.

    .venv/bin/python scripts/screenshots_levels.py [--out docs/screenshots/levels]

The same machinery as ``screenshots_play.py`` (a fresh SQLite database with the shipped
content and one player, ``manage.py runserver``, Debian's Chromium through Playwright); the
ratings are those of the shipped ladder file (``content/data/agent_ladder.json``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from screenshots_play import (
    PASSWORD,
    ROOT,
    USER,
    chromium,
    print_written,
    save,
    served,
    setup_django,
    signed_in,
    windows,
)

PAGES = {"levels": "/play/levels/", "new-game": "/play/new/"}


def make_player() -> None:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_content", verbosity=0)
    get_user_model().objects.create_user(USER, password=PASSWORD)


def shoot(base: str, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with chromium() as browser:
        for language, width in windows():
            page = signed_in(browser, base, language, width)
            for name, url in PAGES.items():
                page.goto(url)
                page.wait_for_load_state()
                written.append(save(page, out / f"{name}-{language}-{width}"))
            page.context.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "levels")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        setup_django(Path(temporary) / "screenshots.sqlite3")
        make_player()
        with served() as base:
            written = shoot(base, args.out)
    print_written(written)


if __name__ == "__main__":
    main()
