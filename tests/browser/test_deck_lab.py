"""A player builds a deck, tests it against the field in one click, reads which cards did the
work, then runs a swap test from the deck page and reads its verdict. Celery runs eagerly in
the live server's process (as on the README's SQLite run without Redis), so each click plays
its whole tiny tournament before the page answers.

With ``SCREENSHOT_DIR`` set it also saves the tournament pages at 1280 px and 390 px, in
Russian and in English (``docs/screenshots/``)."""

import os
import re

import pytest
from playwright.sync_api import expect

from config.celery import app
from decks.models import Deck
from tests.browser.steps import builder_ready, sign_up
from tests.decks.factories import UserFactory
from tests.engine.deck_data import STANDARD_CARDS
from tests.matches.decks import catalogue_card, playable_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SCREENSHOT_DIR")


@pytest.fixture
def eager():
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def field():
    """Two precons over the engine's test cards (invented test data, not the book's)."""
    maker = UserFactory(username="maker")
    precons = [playable_deck(maker, name) for name in ("Торговцы", "Станции")]
    for deck in precons:
        Deck.objects.filter(pk=deck.pk).update(
            owner=None, is_preconstructed=True, precon_key=f"test-{deck.pk}"
        )
    return precons


def language(page, code):
    """Switch the site's language with the header's form (it keeps the session's choice)."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.select_option("#language-select", code)
    with page.expect_navigation():
        page.locator(".language-form").evaluate("form => form.submit()")
    expect(page.locator("html")).to_have_attribute("lang", code)


def shots(page, name):
    """The current page at 1280 px and 390 px, in Russian, then in English."""
    if not SHOTS:
        return
    url = page.url
    for code in ("ru", "en"):
        page.goto(url)
        language(page, code)
        for width in (1280, 390):
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(url)
            # The results (progress, verdict, standings, heatmap, pairings, card figures).
            page.locator("#live-box").screenshot(path=f"{SHOTS}/{name}-{code}-{width}.png")
    language(page, "ru")


def test_build_test_against_the_field_read_figures_then_swap_a_card(page, field, eager):
    sign_up(page)
    page.fill("#id_name", "Мой флот")
    page.click("form[action$='/decks/new/'] button")
    expect(page).to_have_url(re.compile(r"/decks/\d+/edit/$"))
    builder_ready(page)
    counts = {}
    for spec, count in STANDARD_CARDS:
        card = catalogue_card(spec)
        page.click(f"#catalogue-results [data-add='{card.id}']")
        counts[card.id] = count
    for card_id, count in counts.items():
        page.fill(f"#deck-entries tr[data-card='{card_id}'] [name=entry_count]", str(count))
    commander = Deck.objects.filter(is_preconstructed=True).first().commander
    page.select_option("[name=commander]", str(commander.id))
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")
    page.click("#save-deck")
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")
    deck = Deck.objects.get(name="Мой флот")

    # One click: a gauntlet of this deck against the precons, played before the page answers.
    page.goto(f"/decks/{deck.id}/")
    page.click("#field-test")
    expect(page).to_have_url(re.compile(r"/tournaments/\d+/$"))
    expect(page.locator("#progress")).to_have_attribute("data-running", "0")
    expect(page.locator("#standings tr")).to_have_count(4)
    rows = page.locator("#card-figures-table tr")
    expect(rows).to_have_count(1 + len(STANDARD_CARDS))
    # The hero's figures, sorted by games drawn in: every row reads «n / 20».
    first = rows.nth(1).locator("td")
    assert re.fullmatch(r"\d+ / 20", first.nth(1).inner_text())
    assert re.search(r"\d+ %", first.nth(2).inner_text())
    expect(page.locator("#figures-bias")).to_contain_text("Уилсон")
    # Sorting by name, without script: a link.
    page.click("#card-figures-table th >> nth=0 >> a")
    expect(page).to_have_url(re.compile(r"sort=name"))
    names = [rows.nth(i).locator("td").first.inner_text() for i in range(1, 4)]
    assert names == sorted(names)
    shots(page, "tournament-field-test")

    # The swap test from the deck page: one bomber out, one station in.
    page.goto(f"/decks/{deck.id}/")
    expect(page.locator("#deck-tournaments tr")).to_have_count(2)
    page.click("#swap-test-link")
    bomber = catalogue_card(dict(STANDARD_CARDS[4][0]))
    station = catalogue_card(dict(STANDARD_CARDS[7][0]))
    page.select_option("#id_remove", str(bomber.id))
    page.select_option("#id_add", str(station.id))
    page.fill("#id_copies", "1")
    page.fill("#id_delta", "0.3")
    page.fill("#id_max_games", "32")
    page.click("#swap-form button[type=submit]")
    expect(page).to_have_url(re.compile(r"/tournaments/\d+/$"))
    verdict = page.locator("#verdict")
    expect(verdict).to_have_text(
        re.compile("замена лучше|замена хуже|разницы величиной δ нет|пока нельзя сказать")
    )
    assert verdict.get_attribute("data-code").startswith("swap_")
    expect(page.locator("#swap-figures")).to_contain_text("B − A")
    expect(page.locator("#games-needed")).not_to_be_empty()
    shots(page, "tournament-swap-test")


def test_the_form_shows_only_the_chosen_formats_fields_and_estimates_the_time(page, field):
    sign_up(page, "planner")
    page.goto("/tournaments/new/")
    page.select_option("#id_format", "round_robin")
    expect(page.locator("#row-hero")).to_be_hidden()
    expect(page.locator("#row-rounds")).to_be_hidden()
    expect(page.locator("#row-delta")).to_be_hidden()
    page.select_option("#id_format", "gauntlet")
    expect(page.locator("#row-hero")).to_be_visible()
    expect(page.locator("#row-rounds")).to_be_hidden()
    page.select_option("#id_format", "swiss")
    expect(page.locator("#row-rounds")).to_be_visible()
    expect(page.locator("#row-hero")).to_be_hidden()
    page.select_option("#id_format", "head_to_head")
    expect(page.locator("#row-delta")).to_be_visible()
    expect(page.locator("#row-max_games")).to_be_visible()
    expect(page.locator("#row-agent_a .helptext")).to_contain_text("heuristic")
    # Two decks, round robin, 10 games: 10 games, and the seconds they should take.
    page.select_option("#id_format", "round_robin")
    for deck in field:
        page.check(f"input[name=decks][value='{deck.pk}']")
    page.fill("#id_games_per_pairing", "10")
    expect(page.locator("#estimate")).to_contain_text(re.compile(r"игр по плану: 10, около \d+ с"))
    # The search agent's cost updates it as it is typed (search:N too).
    heuristic = page.locator("#estimate").inner_text()
    page.fill("#id_agent_a", "search:6")
    expect(page.locator("#estimate")).not_to_have_text(heuristic)
    expect(page.locator("#estimate")).to_contain_text("игр по плану: 10")
    page.fill("#id_agent_a", "search:x")
    expect(page.locator("#estimate")).to_have_text("")
