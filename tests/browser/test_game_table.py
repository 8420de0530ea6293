"""The game table in Chromium (issue 32), in Russian and English, at 1280 and 390 px: a precon
game against the heuristic played by clicking the highlighted cards on the board (the card,
then its target; a word-only choice such as a variant or a redeal by its button in the
decision), its meters compared with the engine's state as it goes, the whole game's log with
every turn, and its replay stepped to the end from the end screen's link. Screenshots go to
docs/screenshots/play/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import Page, expect

from decks.models import Deck
from komandor.rules.cards import Victory
from komandor.rules.victory import pirate_loot, unblocked_objects
from matches.models import HumanMatch
from matches.play.services import human_match_start, human_match_state
from matches.tournaments.selectors import latest_version
from tests.browser.steps import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "play"
MAX_DECISIONS = 400
# (language, width, height, my precon, its precon, seed): the Russian 1280 game is the long
# one (a Pirate against a Trader, seven turns: most decision kinds); the others end sooner.
GAMES = [
    ("ru", 1280, 800, 0, 1, 1),
    ("en", 1280, 800, 0, 2, 1),
    ("ru", 390, 844, 2, 3, 2),
    ("en", 390, 844, 0, 1, 0),
]


@pytest.fixture
def precons(db):
    call_command("load_content", verbosity=0)
    return list(Deck.objects.filter(is_preconstructed=True).order_by("pk"))


def version(page: Page) -> int:
    return int(page.locator("#play-status").get_attribute("data-version"))


def meters_match_the_engine(page: Page, match: HumanMatch) -> int:
    """Each meter on the page against the engine's own counts at this state."""
    match.refresh_from_db()
    state = human_match_state(match).state
    checked = 0
    for seat in (0, 1):
        for kind, value in (
            (Victory.PROCURATOR, lambda s=seat: unblocked_objects(state, s)),
            (Victory.TRADER, lambda s=seat: state.players[s].commerce_tokens),
            (Victory.PIRATE, lambda s=seat: pirate_loot(state, state.opponent(s))),
        ):
            meter = page.locator(f"#threat-victory-{seat}-{kind.value}")
            assert meter.count() == int(state.has_victory(seat, kind))
            if meter.count():
                assert int(meter.get_attribute("data-value")) == value()
                checked += 1
        carrier = page.locator(f"#threat-commander-{seat}").get_attribute("data-carrier")
        assert carrier == (state.players[seat].commander_at or "")
    return checked


def decide_on_the_board(page: Page, turn: int) -> tuple[str, bool]:
    """One decision: an option named by cards is picked by clicking them on the board (then,
    if several remain — two amounts, two weapons — by the step's button); else a word option.
    Returns the decision's kind and whether the board picked it."""
    kind = page.locator("#decision").get_attribute("data-kind")
    before = version(page)
    paths = page.eval_on_selector_all(
        "#play-decision button[name=key][data-path]", "els => els.map(e => e.dataset.path)"
    )
    if paths:
        path = paths[-1 if turn % 3 else 0]
        for clicked, card in enumerate(path.split(), start=1):
            target = page.locator(f"#play-board [data-card='{card}'].is-option").first
            expect(target).to_be_visible()
            target.click(position={"x": 6, "y": 6})
            # Either the option was sent (a new version) or the next step is shown.
            page.wait_for_function(
                "([v, n]) => document.getElementById('play-status').dataset.version != v"
                " || document.getElementById('play-game').dataset.chosen == n",
                arg=[str(before), str(clicked)],
            )
            if version(page) != before:
                break
        if version(page) == before and not page.locator("#play-game[aria-busy]").count():
            step = page.locator(f"#play-decision button[data-path='{path}']:not([hidden])")
            step.first.click()
        expect(page.locator("#play-status")).not_to_have_attribute("data-version", str(before))
        return kind, True
    words = page.locator("#play-decision button[name=key]:not([hidden])")
    words.nth(0 if turn % 2 else words.count() - 1).click()
    expect(page.locator("#play-status")).not_to_have_attribute("data-version", str(before))
    return kind, False


def table_page(browser, live_server, language: str, width: int, height: int):
    """A browser context in ``language`` at this window size, and its page."""
    context = browser.new_context(
        base_url=live_server.url,
        locale="ru-RU" if language == "ru" else "en-US",
        viewport={"width": width, "height": height},
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


@pytest.mark.parametrize(("language", "width", "height", "mine", "theirs", "seed"), GAMES)
def test_a_precon_game_played_on_the_board_its_log_and_its_replay(
    browser, live_server, precons, language, width, height, mine, theirs, seed
):
    context, page = table_page(browser, live_server, language, width, height)
    errors: list[Exception] = []
    page.on("pageerror", lambda error: errors.append(error))
    name = f"{language}-{width}"
    try:
        username = f"table-{name}"
        sign_up(page, username)
        match = human_match_start(
            owner=get_user_model().objects.get(username=username),
            deck=latest_version(deck=precons[mine]),
            opponent=latest_version(deck=precons[theirs]),
            agent="heuristic",
            seat=0,
            seed=seed,
        )
        page.goto(f"/play/{match.pk}/")
        expect(page.locator("#play-game")).to_have_attribute("data-ready", "1")
        page.evaluate("window.notReloaded = true")
        by_board, by_words, decisions, meters = set(), set(), 0, 0
        shot_step = shot_battle = False
        while page.locator("#play-result").count() == 0:
            assert decisions < MAX_DECISIONS, "the game did not end"
            if decisions % 7 == 0:
                meters += meters_match_the_engine(page, match)
            kind = page.locator("#decision").get_attribute("data-kind")
            if not shot_step and kind in ("setup.build", "production.build"):
                # The first step of a build: the card clicked, its amounts offered.
                cards = page.eval_on_selector_all(
                    "#play-decision button[data-path]", "els => els.map(e => e.dataset.path)"
                )
                several = [c for c in cards if cards.count(c) > 1]
                if several:
                    page.locator(f"#play-board [data-card='{several[0]}']").first.click(
                        position={"x": 6, "y": 6}
                    )
                    expect(page.locator("#decision-step")).to_be_visible()
                    page.screenshot(path=str(SHOTS / f"game-step-{name}.png"))
                    page.click("#decision-back")
                    expect(page.locator("#decision-step")).to_be_hidden()
                    shot_step = True
            if not shot_battle and kind == "battle.attack":
                page.screenshot(path=str(SHOTS / f"game-battle-{name}.png"))
                shot_battle = True
            kind, on_board = decide_on_the_board(page, decisions)
            (by_board if on_board else by_words).add(kind)
            decisions += 1
        assert page.evaluate("window.notReloaded") is True
        assert errors == []
        match.refresh_from_db()
        assert match.is_finished and meters > 0
        assert by_board, "no decision was made on the board"
        # Every kind that named cards was made by clicking them at least once.
        assert not (by_words - by_board - WORD_KINDS), by_words - by_board
        page.screenshot(path=str(SHOTS / f"game-end-{name}.png"), full_page=True)
        if page.locator("#game-log-all").count():  # the page shows the last turns
            page.click("#game-log-all")
            expect(page.locator("#game-log-all")).to_have_count(0)
        turns = page.eval_on_selector_all(
            "#game-log-turns details", "els => els.map(e => Number(e.dataset.turn))"
        )
        assert turns == list(range(match.turns + 1)), turns  # the log lists every turn
        page.fill("#game-log-search", "zzzz-no-such-card")
        expect(page.locator("#game-log-turns li:not(.is-filtered)")).to_have_count(0)
        page.fill("#game-log-search", "")
        page.click("#play-replay-link")
        expect(page).to_have_url(re.compile(rf"/play/{match.pk}/replay/$"))
        last = int(page.locator("#replay-nav a[data-key=End]").get_attribute("href").split("=")[1])
        steps = 0
        while not page.url.endswith(f"?step={last}"):  # turn by turn to the end
            before = page.url
            page.click("#next-turn")
            expect(page).not_to_have_url(before)
            steps += 1
            assert steps <= match.turns + 1
        expect(page.locator("#replay-decision")).to_contain_text(
            "окончен" if language == "ru" else "over"
        )
        page.screenshot(path=str(SHOTS / f"replay-end-{name}.png"))
        page.goto(f"/play/{match.pk}/replay/?step={max(0, last // 2)}")
        page.screenshot(path=str(SHOTS / f"replay-middle-{name}.png"))
        return_game = page.locator(".breadcrumbs a").nth(1)
        expect(return_game).to_be_visible()
    finally:
        context.close()


# The kinds whose options name no card: they are answered by their words (a variant, keep or
# redeal, close in or hold…).
WORD_KINDS = {
    "ability.variant",
    "setup.redeal",
    "battle.stop_closing",
    "battle.resume_closing",
    "battle.increase_distance",
    "battle.echelon_enter",
    "battle.evade",
    "battle.nova_shield",
    "battle.ram_dodge",
    "battle.landing",
    "dice.reroll",
    "capture.civil_building",
    "commerce.escort",
    "battle.allow_withdraw",
    "production.discard_ability",
    "setup.ability",
    "effect.search",  # a card taken from the deck: named by its button, not on the board
}


def played_to_a_battle_attack(match: HumanMatch) -> HumanMatch:
    """``match`` played on by the heuristic for the person (server side) until his first
    attack in a battle after the first turn."""
    from komandor.agents.registry import make_agent
    from matches.play.services import human_match_act

    agent = make_agent("heuristic", seed=8)
    for _ in range(3000):
        state = human_match_state(match)
        decision = state.decision
        assert decision is not None, "the game ended before a battle"
        if decision.kind == "battle.attack" and state.state.turn >= 2:
            return match
        index = agent.choose(decision, state.observation(match.human_seat))
        match = human_match_act(match, key=decision.options[index].key, version=len(state.history))
    raise AssertionError("no attack came")


def inside(box: dict | None, width: int, height: int) -> bool:
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width
        and box["y"] + box["height"] <= height
    )


@pytest.mark.parametrize("language", ["ru", "en"])
def test_in_a_battle_the_decision_the_hand_and_the_place_fought_over_fit_one_screen(
    browser, live_server, precons, language
):
    """At 1280×800, the page as it opens on a battle decision (not scrolled): the decision,
    the person's hand and the place fought over are each wholly inside the window."""
    width, height = 1280, 800
    context, page = table_page(browser, live_server, language, width, height)
    try:
        username = f"battle-{language}"
        sign_up(page, username)
        match = human_match_start(
            owner=get_user_model().objects.get(username=username),
            deck=latest_version(deck=precons[0]),
            opponent=latest_version(deck=precons[1]),
            agent="heuristic",
            seat=0,
            seed=8,
        )
        match = played_to_a_battle_attack(match)
        page.goto(f"/play/{match.pk}/")
        expect(page.locator("#play-game")).to_have_attribute("data-ready", "1")
        expect(page.locator("#decision")).to_have_attribute("data-kind", "battle.attack")
        assert page.evaluate("window.scrollY") == 0
        hand = page.locator(".board-player--me .board-hand")
        place = page.locator("#play-board .board-place--battle")
        assert hand.locator(".board-card").count() > 0 and place.count() == 1
        for name, element in (
            ("decision", page.locator("#play-decision")),
            ("hand", hand),
            ("place fought over", place),
        ):
            assert inside(element.bounding_box(), width, height), (name, element.bounding_box())
        # Nothing covers the hand's cards or the place (the dock is drawn above the board).
        for element in (hand.locator(".board-card").first, place):
            box = element.bounding_box()
            centre = page.evaluate(
                "([x, y]) => document.elementFromPoint(x, y)?.closest('.board-card, .board-place')"
                "?.outerHTML.slice(0, 80)",
                [box["x"] + 10, box["y"] + 10],
            )
            assert centre, element
        # The side column (the decision, then the log) ends above the dock and scrolls inside,
        # so no button of a long decision is ever under the hand.
        side, dock = page.locator(".play-side").bounding_box(), hand.bounding_box()
        assert side["y"] + side["height"] <= dock["y"] + 1, (side, dock)
        for button in page.locator("#play-decision button:visible").all():
            button.scroll_into_view_if_needed()
            box = button.bounding_box()
            hit = page.evaluate(
                "([x, y]) => !!document.elementFromPoint(x, y)?.closest('#play-decision')",
                [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
            )
            assert hit, button.inner_text()
    finally:
        context.close()
