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
    CHROMIUM,
    LANGUAGES,
    PASSWORD,
    ROOT,
    USER,
    WIDTHS,
    free_port,
    save,
    serve,
    setup_django,
)

PAGES = {"levels": "/play/levels/", "new-game": "/play/new/"}


def make_player() -> None:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_content", verbosity=0)
    get_user_model().objects.create_user(USER, password=PASSWORD)


def shoot(base: str, out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        for language in LANGUAGES:
            for width, height in WIDTHS.items():
                context = browser.new_context(
                    base_url=base,
                    locale="ru-RU" if language == "ru" else "en-US",
                    viewport={"width": width, "height": height},
                    is_mobile=width < 800,
                    has_touch=width < 800,
                )
                context.add_cookies([{"name": "django_language", "value": language, "url": base}])
                page = context.new_page()
                page.goto("/accounts/login/")
                page.fill("#id_username", USER)
                page.fill("#id_password", PASSWORD)
                page.click("main form button[type=submit]")
                page.wait_for_load_state()
                for name, url in PAGES.items():
                    page.goto(url)
                    page.wait_for_load_state()
                    written.append(save(page, out / f"{name}-{language}-{width}"))
                context.close()
        browser.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "levels")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        setup_django(Path(temporary) / "screenshots.sqlite3")
        make_player()
        port = free_port()
        server = serve(port)
        try:
            written = shoot(f"http://127.0.0.1:{port}", args.out)
        finally:
            server.terminate()
            server.wait(timeout=10)
    for path in written:
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
