"""Two people play each other through the pages, in two Chromium contexts, on the embedded
default: daphne (as scripts/run.sh serves) on a SQLite file with the in-memory channel layer.
Alice opens a table and sends its link, Bob takes the seat; Alice's page starts the game by
itself; each move shows on the other's screen without a reload (pushed over the WebSocket);
Bob reloads mid-game and rejoins his seat with the whole state; they play to the end."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys

import pytest
from playwright.sync_api import Page, expect

from tests.browser.steps import sign_up
from tests.matches.friends.live import ROOT, asgi_server

pytestmark = [pytest.mark.browser, pytest.mark.own_process]
MAX_DECISIONS = 3000  # a whole game is a few hundred; a loop that never ends fails
RELOAD_AT = 12  # Bob reloads after this many decisions
TIMEOUT_MS = 60_000  # generous: the machine is shared

DECKS = """
import json
from django.contrib.auth import get_user_model
from decks.models import Visibility
from tests.matches.decks import playable_deck
users = get_user_model().objects
print(json.dumps({
    "alice": playable_deck(users.get(username="alice"), "Баланс", visibility=Visibility.PRIVATE).pk,
    "bob": playable_deck(users.get(username="bob"), "Бомбардировщики").pk,
}))
"""


def manage(database_url: str, *args: str) -> str:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url,
        "PYTHONPATH": str(ROOT),
    }
    env.pop("REDIS_URL", None)
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.fixture
def site(tmp_path):
    database_url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    manage(database_url, "migrate", "--no-input")
    with asgi_server(database_url=database_url, REDIS_URL="") as base:
        yield base, database_url


def version(page: Page) -> int:
    return int(page.locator("#play-status").get_attribute("data-version"))


def options(page: Page):
    return page.locator("#play-decision button[name=key]")


def test_two_people_play_through_the_pages_and_one_rejoins(browser, site):
    base, database_url = site
    contexts = [browser.new_context(base_url=base, locale="en-US") for _ in range(2)]
    alice, bob = (context.new_page() for context in contexts)
    for page in (alice, bob):
        page.set_default_timeout(TIMEOUT_MS)
    sign_up(alice, "alice")
    sign_up(bob, "bob")
    decks = json.loads(manage(database_url, "shell", "-c", DECKS).strip().splitlines()[-1])

    alice.goto("/play/friends/new/")
    alice.select_option("#id_deck", str(decks["alice"]))
    alice.check("input[name=seat][value='0']")
    alice.click("#new-table-form button[type=submit]")
    link = alice.locator("#invite-url").input_value()
    assert re.search(r"/play/friends/join/[\w-]{32,}/$", link)

    bob.goto(link)
    bob.select_option("#id_deck", str(decks["bob"]))
    bob.click("#join-table-form button[type=submit]")
    expect(bob.locator("#play-board")).to_be_visible()
    # Alice's waiting page turns into the game by itself (the socket told it).
    expect(alice.locator("#play-board")).to_be_visible()
    pages = [alice, bob]
    for page in pages:
        expect(page.locator("#play-game[data-live=socket]")).to_have_count(1)

    rng = random.Random(33)
    for done in range(MAX_DECISIONS):
        if alice.locator("#play-status").get_attribute("data-status") != "in_progress":
            break
        if done == RELOAD_AT:
            bob.reload()  # a refresh mid-game: he rejoins his seat with the whole state
            expect(bob.locator("#play-board")).to_be_visible()
            expect(bob.locator("#play-game[data-live=socket]")).to_have_count(1)
        now = version(alice)
        expect(bob.locator(f"#play-status[data-version='{now}']")).to_have_count(1)
        mover = next((page for page in pages if options(page).count()), None)
        if mover is None:  # the game just ended, or the parts are being swapped
            alice.wait_for_timeout(200)
            continue
        other = bob if mover is alice else alice
        button = options(mover).nth(rng.randrange(options(mover).count()))
        button.click()
        # The mover's page and the other player's screen both move past this version.
        for page in (mover, other):
            expect(page.locator(f"#play-status:not([data-version='{now}'])")).to_have_count(1)
    else:
        pytest.fail("the game did not end")
    assert done > RELOAD_AT  # Bob's reload happened mid-game
    print(f"{done} decisions clicked")
    for page in pages:
        expect(page.locator("#play-result")).to_be_visible()
        expect(page.locator("#seed")).to_be_visible()
    for context in contexts:
        context.close()
