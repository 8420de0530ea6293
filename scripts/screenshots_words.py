"""Screenshots and the visible text of the pages that show the engine's words (issue 30, item 4):
a ship's card page, a precon deck's page and the game table during a battle — in Russian and
English, 1280 px and 390 px wide, under ``docs/screenshots/words/`` (``--out``).

    .venv/bin/python scripts/screenshots_words.py [--out docs/screenshots/words] [--text DIR]

Beside each image, with ``--text DIR``, the page's visible text (``innerText`` of ``main``) as
``<page>-<language>-<width>.txt``: run it before and after a change to where the words live and
``diff -r`` the two folders — the words must be the same (or better where a form was wrong).
A fresh SQLite database in a temporary folder (the shipped content loaded, one player, one game
of two precons against the heuristic played up to a battle), ``manage.py runserver`` over it and
Debian's Chromium through Playwright (the helpers of ``screenshots_play.py``).
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
    played_until,
    print_written,
    save,
    served,
    setup_django,
    signed_in,
    windows,
)

CARD_KEY = "kst-jackal"  # «Шакал», a starter-set ship


def make_pages(seed: int) -> dict[str, str]:
    """The card page, a precon's deck page and a game at a battle; name → address."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from cardbase.models import Card
    from decks.models import Deck
    from matches.play.services import human_match_start

    call_command("migrate", verbosity=0)
    call_command("load_content", verbosity=0)
    user = get_user_model().objects.create_user(USER, password=PASSWORD)
    precons = list(Deck.objects.filter(is_preconstructed=True).order_by("pk")[:2])
    versions = [deck.versions.order_by("-number").first() for deck in precons]
    match = human_match_start(
        owner=user, deck=versions[0], opponent=versions[1], agent="heuristic", seat=0, seed=seed
    )

    def attacking(state) -> bool:
        decision = state.decision
        return decision is not None and decision.kind == "battle.attack" and state.state.turn >= 2

    battle = played_until(match, attacking, seed=seed)
    card = Card.objects.select_related("game").get(key=CARD_KEY)
    return {
        "card": f"/games/{card.game.slug}/cards/{card.key}/",
        "deck": f"/decks/{precons[0].pk}/",
        "table": f"/play/{battle.pk}/",
    }


def shoot(base: str, pages: dict[str, str], out: Path, text: Path | None) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    if text is not None:
        text.mkdir(parents=True, exist_ok=True)
    written = []
    with chromium() as browser:
        for language, width in windows():
            page = signed_in(browser, base, language, width)
            for name, address in pages.items():
                page.goto(address)
                if name == "table":
                    page.wait_for_selector("#play-game[data-ready]")
                stem = f"{name}-{language}-{width}"
                written.append(save(page, out / stem))
                if text is not None:
                    words = page.locator("main").inner_text()
                    (text / f"{stem}.txt").write_text(words, encoding="utf-8")
            page.context.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "words")
    parser.add_argument("--text", type=Path, help="a folder for the pages' visible text")
    parser.add_argument("--seed", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        setup_django(Path(temporary) / "screenshots.sqlite3")
        pages = make_pages(args.seed)
        with served() as base:
            written = shoot(base, pages, args.out, args.text)
    print_written(written)


if __name__ == "__main__":
    main()
