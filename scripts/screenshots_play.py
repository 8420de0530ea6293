"""Screenshots of a game against the AI: the board during a battle, during production and at
the end, in Russian and English, 1280 px and 390 px wide — 12 images under
``docs/screenshots/play/``. The battle is the window as the page opens (1280×800, 390×844):
what one screen shows; the others are the page's top.

    .venv/bin/python scripts/screenshots_play.py [--out docs/screenshots/play] [--seed 8]

A fresh SQLite database in a temporary folder (the shipped content loaded, one player, three
games of two precons against the heuristic, each played by the script up to the position
wanted), ``manage.py runserver`` on a free port over it, and Debian's Chromium through
Playwright, as the browser tests use. An image is a PNG, or a JPEG when the PNG would pass
150 KB (the docs keep images small).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
WIDTHS = {1280: 800, 390: 844}  # width → the window's height
SHOWN = {1280: 1300, 390: 2200}  # width → the height of page an image shows (from the top)
LANGUAGES = ("ru", "en")
PNG_LIMIT = 150_000
JPEG_LIMIT = 120_000
USER, PASSWORD = "screenshots", "Orbita-2024-xyz"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def setup_django(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ.pop("REDIS_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def played_until(match, wanted, *, seed: int, limit: int = 3000):
    """``match`` played on, the person's choices made by the heuristic agent (it plays a
    whole game, with battles), until ``wanted(state)`` holds (at his decision, or the end)."""
    from komandor.agents.registry import make_agent
    from matches.play.services import human_match_act, human_match_state

    agent = make_agent("heuristic", seed=seed)
    for _ in range(limit):
        state = human_match_state(match)
        if wanted(state):
            return match
        if state.decision is None:
            break
        index = agent.choose(state.decision, state.observation(match.human_seat))
        key = state.decision.options[index].key
        match = human_match_act(match, key=key, version=len(state.history))
    raise SystemExit(f"the position wanted never came in game {match.pk}: try another --seed")


def make_games(seed: int) -> dict[str, int]:
    """The three games: a battle, production, the end; name → game id."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from decks.models import Deck
    from matches.play.services import human_match_start

    call_command("migrate", verbosity=0)
    call_command("load_content", verbosity=0)
    user = get_user_model().objects.create_user(USER, password=PASSWORD)
    precons = list(Deck.objects.filter(is_preconstructed=True).order_by("pk")[:2])
    versions = [deck.versions.order_by("-number").first() for deck in precons]

    def start():
        return human_match_start(
            owner=user, deck=versions[0], opponent=versions[1], agent="heuristic", seat=0, seed=seed
        )

    def attacking(state) -> bool:  # a target to choose for one's guns, in a battle
        decision = state.decision
        return decision is not None and decision.kind == "battle.attack" and state.state.turn >= 2

    def producing(state) -> bool:  # what to build, after the first turns
        decision = state.decision
        return (
            decision is not None
            and decision.kind.startswith("production.")
            and state.state.turn >= 3
        )

    battle = played_until(start(), attacking, seed=seed)
    production = played_until(start(), producing, seed=seed)
    end = played_until(start(), lambda state: state.decision is None, seed=seed)
    return {"battle": battle.pk, "production": production.pk, "end": end.pk}


@contextmanager
def served(*, wait: float = 180.0) -> Iterator[str]:
    """``manage.py runserver`` on a free port over the database ``setup_django`` named, once it
    answers (within ``wait`` seconds: its checks take a while on a busy machine); yields its
    address and stops it after."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=os.environ.copy(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health/", timeout=5)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("the development server did not start") from None
                time.sleep(0.3)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@contextmanager
def chromium() -> Iterator[object]:
    """Debian's Chromium through Playwright (never a downloaded browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            yield browser
        finally:
            browser.close()


def windows() -> Iterator[tuple[str, int]]:
    """Every language and window width the docs show a page in."""
    for language in LANGUAGES:
        for width in WIDTHS:
            yield language, width


def signed_in(browser, base: str, language: str, width: int, user: str = USER):
    """A page of a new browser context in ``language`` at ``width`` (a phone below 800 px:
    touch, no keyboard), signed in as ``user``; close it with ``page.context.close()``."""
    context = browser.new_context(
        base_url=base,
        locale="ru-RU" if language == "ru" else "en-US",
        viewport={"width": width, "height": WIDTHS[width]},
        is_mobile=width < 800,
        has_touch=width < 800,
    )
    context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    page = context.new_page()
    page.goto("/accounts/login/")
    page.fill("#id_username", user)
    page.fill("#id_password", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    return page


def print_written(written: list[Path]) -> None:
    for path in written:
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        print(f"{shown}  {path.stat().st_size // 1024} KB")


def save(page, path: Path, *, window: bool = False) -> Path:
    """A PNG of the page's top (``SHOWN``), or a JPEG of the quality that keeps it small when
    the PNG is too big. ``window``: only what the window shows, as it opens (the battle: the
    decision, the hand docked at the bottom and the place fought over in one screen)."""
    width = page.viewport_size["width"]
    height = min(SHOWN[width], page.evaluate("document.documentElement.scrollHeight"))
    area = {"x": 0, "y": 0, "width": width, "height": height}
    shot = {} if window else {"full_page": True, "clip": area}
    png = page.screenshot(type="png", **shot)
    if len(png) <= PNG_LIMIT:
        path.with_suffix(".png").write_bytes(png)
        return path.with_suffix(".png")
    for quality in (80, 70, 60, 50, 40, 30):
        jpeg = page.screenshot(type="jpeg", quality=quality, **shot)
        if len(jpeg) <= JPEG_LIMIT:
            break
    path.with_suffix(".jpg").write_bytes(jpeg)
    return path.with_suffix(".jpg")


def shoot(base: str, games: dict[str, int], out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    for name in ("battle", "production", "end"):  # its own images (the browser tests' stay)
        for old in [*out.glob(f"{name}-*.png"), *out.glob(f"{name}-*.jpg")]:
            old.unlink()
    written = []
    with chromium() as browser:
        for language, width in windows():
            page = signed_in(browser, base, language, width)
            for name, pk in games.items():
                page.goto(f"/play/{pk}/")
                page.wait_for_selector("#play-game[data-ready]")
                shot = out / f"{name}-{language}-{width}"
                written.append(save(page, shot, window=name == "battle"))
            page.context.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "play")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument(
        "--keep", type=Path, help="a folder to keep the database in and reuse (a second run)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = args.keep or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        made = folder / "games.json"
        setup_django(folder / "screenshots.sqlite3")
        if made.exists():
            games = json.loads(made.read_text())
        else:
            games = make_games(args.seed)
            made.write_text(json.dumps(games))
        with served() as base:
            written = shoot(base, games, args.out)
    print_written(written)


if __name__ == "__main__":
    main()
