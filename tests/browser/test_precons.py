"""A new player signs up, clones a precon, changes a few cards, sees the deck legal in the
builder, downloads its deck file, and the engine's CLI plays that file against another
precon's file."""

import json
import os
import re

import pytest
from playwright.sync_api import expect

from cardbase.models import Card
from content.loader import content_load
from decks.models import Deck
from decks.selectors import deck_content
from tests.browser.steps import builder_ready, sign_up
from tests.decks.precon_data import write_data
from tests.play_cli import play_cli

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _shot(page, name: str) -> None:
    """Screenshots for a person to look at, when SCREENSHOT_DIR is set."""
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        page.screenshot(path=os.path.join(folder, name), full_page=True)


def test_clone_a_precon_change_it_export_it_and_play_it(page, tmp_path):
    content_load(data_dir=write_data(tmp_path / "data"))
    fleet = Deck.objects.get(precon_key="test-fleet")
    second = Deck.objects.get(precon_key="second-fleet")

    sign_up(page)

    # A Commander's card page offers a new deck with it and lists the precons it leads.
    page.goto("/games/komandor/cards/admiral/")
    expect(page.locator("#commander-precons li")).to_have_text(["Тестовый флот (40)"])
    _shot(page, "commander-page.png")

    page.click("nav >> text=Готовые колоды")
    expect(page.locator("#precon-decks article")).to_have_count(2)
    _shot(page, "precons.png")
    page.click("[data-clone='test-fleet']")
    expect(page).to_have_url(re.compile(r"/decks/\d+/edit/$"))
    builder_ready(page)
    copy = Deck.objects.get(owner__username="pilot")
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")

    # Change a few cards: all four «Корабль 0» out, four «Корабль 5» in (found by filters).
    ship_0 = Card.objects.get(key="ship-0")
    ship_5 = Card.objects.get(key="ship-5")
    page.fill(f"#deck-entries tr[data-card='{ship_0.id}'] [name=entry_count]", "0")
    expect(page.locator("#deck-errors [data-code=too_few_cards]")).to_be_visible()
    page.select_option("#catalogue-search [name=kind]", "ship")
    page.fill("#catalogue-search [name=cost_min]", "7")
    page.click("#catalogue-search button")
    expect(page.locator("#catalogue-results [data-add]")).to_have_count(1)
    page.click(f"#catalogue-results [data-add='{ship_5.id}']")
    page.fill(f"#deck-entries tr[data-card='{ship_5.id}'] [name=entry_count]", "4")
    expect(page.locator("#deck-errors [data-code=too_few_cards]")).to_have_count(0)
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")
    _shot(page, "precon-clone-builder.png")
    page.click("#save-deck")
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")
    changed = {e.card_id: e.count for e in deck_content(deck=copy).entries}
    assert ship_0.id not in changed and changed[ship_5.id] == 4
    assert copy.versions.order_by("-number").first().is_valid

    page.goto(f"/decks/{fleet.id}/")
    expect(page.locator("#precon-badge")).to_be_visible()
    _shot(page, "precon-detail.png")
    page.goto(f"/decks/{copy.id}/")
    with page.expect_download() as download:
        page.click("#export-json")
    mine = tmp_path / "mine.json"
    download.value.save_as(mine)
    other = tmp_path / "other.json"
    other.write_bytes(page.request.get(f"/decks/{second.id}/export.json").body())
    assert json.loads(mine.read_text(encoding="utf-8"))["name"] == "Тестовый флот (копия)"

    summary = play_cli(mine, other, "--seed", "3")
    assert [p["deck"] for p in summary["players"]] == ["Тестовый флот (копия)", second.name]
    assert fleet.versions.count() == 1  # the precon itself is untouched
