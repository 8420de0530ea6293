"""Screenshots of a card the AI showed, on the person's board: the Procurator's «Феррум»
fetched from his deck into his hand and shown (SPECIAL-10), face up among his hidden hand's
count, marked «shown from the deck · just now» — the opponent's side of the board and the
page's top, in Russian and English, 1280 px and 390 px wide: 8 images under
``docs/screenshots/play/`` (``shown-side-*``, ``shown-page-*``).

    .venv/bin/python scripts/screenshots_shown.py [--out docs/screenshots/play]

The game of ``tests/matches/test_board_shown.py``: Heavy battleships (the person) against the
Procurator's expansion (the heuristic), seed 2, the person's first option taken ten times. The
same machinery as ``screenshots_play.py`` (a fresh SQLite database with the shipped content and
one player, ``manage.py runserver``, Debian's Chromium through Playwright).
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

SEED = 2
MOVES = 10  # the person's decisions answered before the AI has shown the card


def make_game() -> int:
    """The game, at the person's decision right after the AI showed «Феррум»; its id."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from decks.models import Deck
    from matches.play.services import human_match_act, human_match_start, human_match_state
    from matches.tournaments.selectors import latest_version

    call_command("migrate", verbosity=0)
    call_command("load_content", verbosity=0)
    user = get_user_model().objects.create_user(USER, password=PASSWORD)
    decks = {deck.name: deck for deck in Deck.objects.filter(is_preconstructed=True)}
    match = human_match_start(
        owner=user,
        deck=latest_version(deck=decks["Тяжёлые линкоры"]),
        opponent=latest_version(deck=decks["Экспансия Прокуратора"]),
        agent="heuristic",
        seat=0,
        seed=SEED,
    )
    for _ in range(MOVES):
        key = human_match_state(match).decision.options[0].key
        match = human_match_act(match, key=key, version=match.version)
    return match.pk


def shoot(base: str, game: int, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with chromium() as browser:
        for language, width in windows():
            page = signed_in(browser, base, language, width)
            page.goto(f"/play/{game}/")
            page.wait_for_selector("#play-game[data-ready]")
            written.append(save(page, out / f"shown-page-{language}-{width}"))
            side = out / f"shown-side-{language}-{width}.png"
            page.locator("#board-player-1").screenshot(path=str(side))
            written.append(side)
            page.context.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "play")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        setup_django(Path(temporary) / "screenshots.sqlite3")
        game = make_game()
        with served() as base:
            written = shoot(base, game, args.out)
    print_written(written)


if __name__ == "__main__":
    main()
