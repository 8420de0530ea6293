"""A signed-in user creates a round robin of four decks, watches its progress bar move while a
real Celery worker plays it, reads standings, heatmap and intervals, then opens a match and
steps through its replay with buttons and keys. Needs Redis and PostgreSQL (the worker shares
the test database): REQUIRE_SERVICES=1 fails without them."""

import os
import re
import time

import pytest
from playwright.sync_api import expect

from matches.models import Tournament
from tests.decks.factories import UserFactory
from tests.matches.decks import four_decks
from tests.matches.workers import require_services, worker_pool

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SCREENSHOT_DIR")
# Enough games that the run outlasts several of the page's one-second polls on a fast engine:
# at 24 a pairing the 144 random games could finish between two polls (the bar showed 0, then
# the end); 6 × 120 took about two seconds here (the bar read 0, 300, 700).
GAMES_PER_PAIRING = 200


def shot(page, name):
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_a_round_robin_in_the_browser(page):
    require_services()
    user = UserFactory(username="organiser")
    decks = four_decks(user)
    page.goto("/accounts/login/")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", "pass-Word-123")
    page.click("main form button[type=submit]")
    with worker_pool() as start:
        page.goto("/tournaments/new/")
        page.fill("#id_name", "Кубок четырёх")
        page.select_option("#id_format", "round_robin")
        for deck in decks:
            page.check(f"input[name=decks][value='{deck.pk}']")
        page.fill("#id_games_per_pairing", str(GAMES_PER_PAIRING))
        page.fill("#id_agent_a", "random")
        page.fill("#id_agent_b", "random")
        shot(page, "tournament-new")
        page.click("#tournament-form button[type=submit]:not([name=estimate])")
        expect(page).to_have_url(re.compile(r"/tournaments/\d+/$"))
        tournament = Tournament.objects.get()
        assert tournament.total == 6 * GAMES_PER_PAIRING
        start()  # the worker comes up while the page is already watching
        bar = page.locator("#progress-bar")
        seen = {int(bar.get_attribute("value"))}
        standings_games = set()  # games in the standings, read while it still runs
        deadline = time.monotonic() + 120
        while page.locator("#progress").get_attribute("data-running") == "1":
            seen.add(int(bar.get_attribute("value")))
            cell = page.locator("#standings tr").nth(1).locator("td").nth(2).inner_text()
            if page.locator("#progress").get_attribute("data-running") == "1":
                standings_games.add(int(cell))
            if len(seen) == 2:
                shot(page, "tournament-progress")
            if time.monotonic() > deadline:
                pytest.fail(f"the tournament did not finish: {sorted(seen)}")
            page.wait_for_timeout(100)
        assert len(seen) >= 2 and any(0 < value < tournament.total for value in seen), seen
        # The standings moved during the run too, not only at its end (issue 23).
        assert any(games > 0 for games in standings_games), standings_games

    expect(page.locator("#standings tr")).to_have_count(5)
    expect(page.locator("#heatmap g.cell")).to_have_count(12)
    expect(page.locator("#pairings tr")).to_have_count(7)
    assert "…" in page.locator("#pairings tr").nth(1).inner_text()  # the 95 % interval
    shot(page, "tournament-results")

    page.locator("#matches a").first.click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    expect(page.locator("#step")).to_contain_text(re.compile(r"(Решение|Decision) 0 "))
    page.click("#next")
    expect(page.locator("#step")).to_contain_text(re.compile(r"(Решение|Decision) 1 "))
    expect(page.locator("#replay-nav[data-ready]")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#step")).to_contain_text(re.compile(r"(Решение|Decision) 2 "))
    expect(page.locator("#replay-nav[data-ready]")).to_have_count(1)
    page.keyboard.press("PageDown")
    expect(page.locator("#step")).to_contain_text(re.compile(r"(ход|turn) 1,"))
    expect(page.locator("#replay-nav[data-ready]")).to_have_count(1)
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#board .board-player")).to_have_count(2)
    expect(page.locator("#replay-nav[data-ready]")).to_have_count(1)
    page.keyboard.press("End")
    expect(page.locator("#event-text")).to_contain_text(
        re.compile("побед|wins|ничья|draw", re.IGNORECASE)
    )
    shot(page, "match-replay")
