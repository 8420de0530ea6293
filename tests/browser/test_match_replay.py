"""The step-through replay of a shipped precon against another on the board, in the browser,
on the README's SQLite run with no Redis: the shipped content loaded, a tournament of two
precons created in the form (without ``REDIS_URL`` Celery runs its tasks in-process), then one
of its matches stepped with the → key — its first steps and its last (every step is walked on
the server, tests/matches/test_replay_walk.py). The precons pre-choose ability cards (once,
every step after the first said "replay unavailable" for them)."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from config.celery import app
from decks.models import Deck
from matches.models import Match
from tests.decks.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
STEP = re.compile(r"(\d+)\D+(\d+)")


@pytest.fixture
def in_process():
    """What the README's run has with no REDIS_URL, whatever this test run's environment."""
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def test_every_decision_of_a_precon_match_replays_on_the_board_in_the_browser(page, in_process):
    call_command("load_content", verbosity=0)
    precons = list(
        Deck.objects.filter(owner__isnull=True, setup_abilities__isnull=False)
        .distinct()
        .order_by("name")[:2]
    )
    assert len(precons) == 2, "the shipped precons pre-choose ability cards"
    UserFactory(username="viewer")
    page.goto("/accounts/login/")
    page.fill("#id_username", "viewer")
    page.fill("#id_password", "pass-Word-123")
    page.click("main form button[type=submit]")
    page.goto("/tournaments/new/")
    page.fill("#id_name", "Прекон на прекон")
    page.select_option("#id_format", "round_robin")
    for deck in precons:
        page.check(f"input[name=decks][value='{deck.pk}']")
    page.fill("#id_games_per_pairing", "2")
    page.fill("#id_agent_a", "heuristic")
    page.fill("#id_agent_b", "heuristic")
    page.click("#tournament-form button[type=submit]:not([name=estimate])")
    expect(page).to_have_url(re.compile(r"/tournaments/\d+/$"))
    match = Match.objects.order_by("id").first()
    assert match is not None and match.actions is not None
    assert {match.seat0.deck_id, match.seat1.deck_id} == {deck.pk for deck in precons}

    page.goto(f"/matches/{match.pk}/")
    step = page.locator("#step")
    expect(step).to_contain_text(re.compile(r"(Решение|Decision) 0 "))
    first, last = map(int, STEP.search(step.inner_text()).groups())
    assert first == 0 and last > 50
    ready = page.locator("#replay-nav[data-ready]")
    # A sample of steps in the browser (every step is served in tests/matches/test_replay_walk.py):
    # the first few by the → key, then the last ones, past the end.
    for number in (1, 2, 3):
        expect(ready).to_have_count(1)  # a key pressed before its listener is lost
        page.keyboard.press("ArrowRight")
        expect(step).to_contain_text(re.compile(rf"(Решение|Decision) {number} "))
        assert page.locator("#replay-unavailable").count() == 0
        expect(page.locator("#board .board-player")).to_have_count(2)
    page.goto(f"/matches/{match.pk}/?step={last - 1}")
    expect(step).to_contain_text(re.compile(rf"(Решение|Decision) {last - 1} "))
    expect(page.locator("#board .board-player")).to_have_count(2)
    expect(page.locator("#replay-nav[data-ready]")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text(re.compile(rf"(Решение|Decision) {last} "))
    expect(page.locator("#replay-decision")).to_contain_text(re.compile("окончен|over"))
    expect(page.locator("#event-text")).to_contain_text(
        re.compile("побед|wins|ничья|draw", re.IGNORECASE)
    )
