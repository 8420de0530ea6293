"""Screenshots of games between two people: my tables, a table waiting with its link, the
invitation as the friend sees it, a game under way from a seat (with the clocks) and from a
spectator, a table whose absent player's clock is paused, a finished game and its replay (from
a seat and from a spectator) — in Russian and English, 1280 px and 390 px wide, under
``docs/screenshots/friends/``.

    .venv/bin/python scripts/screenshots_friends.py [--out docs/screenshots/friends] [--seed 8]

A fresh SQLite database in a temporary folder (the shipped content, three players, tables of
two precons played by the heuristic agent for both seats up to the position wanted), the
development server over it (daphne's runserver: HTTP and WebSockets), and Debian's Chromium
through Playwright. The helpers are ``scripts/screenshots_play.py``'s.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from screenshots_play import (
    PASSWORD,
    ROOT,
    chromium,
    print_written,
    save,
    served,
    setup_django,
    signed_in,
    windows,
)

USERS = ("alice", "bob", "carol")


def played_until(game, wanted, *, seed: int, limit: int = 3000):
    """``game`` played by the heuristic agent for both seats until ``wanted(state)``."""
    from komandor.agents.registry import make_agent
    from matches.friends.services import friend_game_act, friend_game_match_state

    agents = [make_agent("heuristic", seed=seed + seat) for seat in (0, 1)]
    for _ in range(limit):
        state = friend_game_match_state(game)
        if wanted(state):
            return game
        decision = state.decision
        if decision is None:
            break
        index = agents[decision.player].choose(decision, state.observation(decision.player))
        user = game.user_of(decision.player)
        game = friend_game_act(
            game, user=user, key=decision.options[index].key, version=len(state.history)
        )
    raise SystemExit(f"the position wanted never came in game {game.pk}: try another --seed")


def make_tables(seed: int) -> dict[str, object]:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.utils import timezone

    from decks.models import Deck
    from matches.friends.services import friend_game_create, friend_game_join
    from matches.models import FriendGame

    call_command("migrate", verbosity=0)
    call_command("load_content", verbosity=0)
    users = {name: get_user_model().objects.create_user(name, password=PASSWORD) for name in USERS}
    precons = list(Deck.objects.filter(is_preconstructed=True).order_by("pk")[:2])
    versions = [deck.versions.order_by("-number").first() for deck in precons]

    def table(**options):
        game = friend_game_create(creator=users["alice"], deck=versions[0], seat=0, **options)
        return game

    def joined(**options):
        game = table(**options)
        return friend_game_join(user=users["bob"], token=game.invite_token, deck=versions[1])

    def producing(state) -> bool:  # Alice chooses what to build, after the first turns
        decision = state.decision
        return (
            decision is not None
            and decision.player == 0
            and decision.kind.startswith("production.")
            and state.state.turn >= 3
        )

    end = played_until(joined(), lambda state: state.decision is None, seed=seed)
    playing = played_until(joined(clock_seconds=20 * 60, clock_increment=10), producing, seed=seed)
    waiting = table(listed=True, clock_seconds=20 * 60, clock_increment=10)

    def bobs_turn(state) -> bool:
        decision = state.decision
        return decision is not None and decision.player == 1 and state.state.turn >= 2

    paused = played_until(
        joined(clock_seconds=5 * 60, clock_increment=3, away_clock="paused"), bobs_turn, seed=seed
    )
    # Bob's connection dropped a minute after his clock started: it stopped then.
    since = paused.clock_since or timezone.now()
    FriendGame.objects.filter(pk=paused.pk).update(
        away_since=[None, (since + (timezone.now() - since) / 2).isoformat()]
    )
    return {
        "playing": playing.pk,
        "paused": paused.pk,
        "end": end.pk,
        "waiting": waiting.pk,
        "token": waiting.invite_token,
    }


# (file name, user, path)
def shots(tables: dict) -> list[tuple[str, str, str]]:
    return [
        ("tables", "alice", "/play/friends/"),
        ("new-table", "alice", "/play/friends/new/"),
        ("waiting", "alice", f"/play/friends/{tables['waiting']}/"),
        ("invitation", "bob", f"/play/friends/join/{tables['token']}/"),
        ("seat", "alice", f"/play/friends/{tables['playing']}/"),
        ("spectator", "carol", f"/play/friends/{tables['playing']}/"),
        ("paused", "alice", f"/play/friends/{tables['paused']}/"),
        ("end", "alice", f"/play/friends/{tables['end']}/"),
        ("replay", "alice", f"/play/friends/{tables['end']}/replay/?step=40"),
        ("replay-spectator", "carol", f"/play/friends/{tables['end']}/replay/?step=40"),
        ("replay-end", "bob", f"/play/friends/{tables['end']}/replay/?step=100000"),
    ]


def shoot(base: str, tables: dict, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("*.png"), *out.glob("*.jpg")]:
        old.unlink()
    written = []
    with chromium() as browser:
        for language, width in windows():
            pages = {user: signed_in(browser, base, language, width, user) for user in USERS}
            for name, user, path in shots(tables):
                page = pages[user]
                page.goto(path)
                if page.locator("#play-game").count():
                    page.wait_for_selector("#play-game[data-live]", timeout=30_000)
                written.append(save(page, out / f"{name}-{language}-{width}"))
            for page in pages.values():
                page.context.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "friends")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--keep", type=Path, help="a folder to keep the database in and reuse")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = args.keep or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        made = folder / "tables.json"
        setup_django(folder / "screenshots.sqlite3")
        if made.exists():
            tables = json.loads(made.read_text())
        else:
            tables = make_tables(args.seed)
            made.write_text(json.dumps(tables))
        with served() as base:
            written = shoot(base, tables, args.out)
    print_written(written)


if __name__ == "__main__":
    main()
