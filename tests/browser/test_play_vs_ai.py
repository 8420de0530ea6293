"""A game against the AI in the browser, on the README's SQLite run with the shipped content:
signed up through the site's page, a precon against the heuristic played to its end by
clicking the offered options (JavaScript on: the board changes in place, no page load); a few
decisions with JavaScript off (each a form post and a redirect back); and a move from an old
tab refused with its message and the board of now."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from decks.models import Deck
from matches.models import HumanMatch, HumanMatchStatus
from matches.play.services import human_match_state
from tests.browser.steps import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
MAX_DECISIONS = 1500  # a whole game is a few hundred at most; a loop that never ends fails
STALE = re.compile("старой позиции|old position")
PASS_BUTTONS = ", ".join(
    f"#play-decision button[name=key][value={key}]" for key in ("pass", "done", "none", "stop")
)


@pytest.fixture
def precons(db):
    call_command("load_content", verbosity=0)
    decks = list(Deck.objects.filter(is_preconstructed=True).order_by("pk")[:2])
    assert len(decks) == 2
    return decks


def start_game(page: Page, precons: list[Deck]) -> HumanMatch:
    page.goto("/play/new/")
    page.select_option("#id_deck", str(precons[0].pk))
    page.select_option("#id_opponent", str(precons[1].pk))
    page.check("input[name=agent][value='standard']")
    page.check("input[name=seat][value='0']")
    page.click("#new-game-form button[type=submit]")
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    return HumanMatch.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))


def version(page: Page) -> int:
    return int(page.locator("#play-status").get_attribute("data-version"))


def options(page: Page):
    return page.locator("#play-decision button[name=key]")


def card_to_click(page: Page) -> str | None:
    """A card on the board that picks one offered option by itself (the option's whole path
    of cards, and no other option goes through it)."""
    paths = page.eval_on_selector_all(
        "#play-decision button[name=key][data-path]", "els => els.map(e => e.dataset.path)"
    )
    firsts = [path.split()[0] for path in paths]
    for path in paths:
        single = " " not in path and firsts.count(path) == 1
        if single and page.locator(f"#play-board [data-card='{path}']").count():
            return path
    return None


def test_a_precon_game_against_the_heuristic_played_to_the_end_with_clicks(page, precons):
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    sign_up(page, "commander")
    match = start_game(page, precons)
    expect(page.locator("#play-game")).to_have_attribute("data-ready", "1")
    page.evaluate("window.notReloaded = true")  # gone if the page were loaded again
    decisions, used = 0, set()
    while page.locator("#play-result").count() == 0:
        assert decisions < MAX_DECISIONS, "the game did not end"
        before = version(page)
        buttons = options(page)
        expect(buttons.first).to_be_visible()
        passing = page.locator(PASS_BUTTONS)
        card = card_to_click(page)
        if "1" not in used:
            used.add("1")
            page.keyboard.press("1")  # the first option, from the keyboard
        elif "P" not in used and passing.count():
            used.add("P")
            page.keyboard.press("p")  # pass (or "done")
        elif "card" not in used and card:
            used.add("card")
            page.locator(f"#play-board [data-card='{card}']").first.click()
        else:
            # Turn through the options, so the game moves on (the last one is often "pass").
            buttons.nth(decisions % buttons.count()).click()
        expect(page.locator("#play-status")).not_to_have_attribute("data-version", str(before))
        decisions += 1
    assert page.evaluate("window.notReloaded") is True
    assert used == {"1", "P", "card"}, used
    assert errors == []
    expect(page.locator("#play-result")).to_contain_text(re.compile("победили|проиграли|ничь"))
    assert options(page).count() == 0
    match.refresh_from_db()
    assert match.status == HumanMatchStatus.FINISHED
    assert decisions > 5


def test_a_few_decisions_without_javascript_post_and_redirect(browser, live_server, precons):
    context = browser.new_context(
        base_url=live_server.url, locale="en-US", java_script_enabled=False
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        sign_up(page, "no-script")
        match = start_game(page, precons)
        boards = {page.locator("#play-board").inner_html()}
        for _ in range(5):
            before = version(page)
            with page.expect_navigation():
                options(page).last.click()
            expect(page).to_have_url(re.compile(rf"/play/{match.pk}/$"))  # redirected back
            assert version(page) > before
            assert page.locator("#play-message").inner_text().strip() == ""
            boards.add(page.locator("#play-board").inner_html())
        assert len(boards) > 1, "the board never changed"
        page.reload()  # the redirect's page again: nothing is posted twice
        match.refresh_from_db()
        assert len(human_match_state(match).history) == version(page)
    finally:
        context.close()


def test_a_move_from_an_old_tab_is_refused_with_the_board_of_now(page, precons):
    sign_up(page, "two-tabs")
    match = start_game(page, precons)
    old = page.context.new_page()
    old.goto(page.url)
    for tab in (page, old):
        expect(tab.locator("#play-game")).to_have_attribute("data-ready", "1")
    before = version(old)
    options(page).first.click()
    expect(page.locator("#play-status")).not_to_have_attribute("data-version", str(before))
    now = version(page)
    options(old).first.click()  # made on the position before
    expect(old.locator("#play-message")).to_contain_text(STALE)
    expect(old.locator("#play-status")).to_have_attribute("data-version", str(now))
    match.refresh_from_db()
    assert len(human_match_state(match).history) == now  # applied once
