"""The builder keeps up: statistics redraw as cards change, a Commander is picked beside the deck,
a card previews as its face, and the sample hand follows the book's setup (SETUP, MULL)."""

import os
import re

import pytest
from playwright.sync_api import expect

from decks.models import Deck
from komandor.rules.rules import (
    MAX_REDEALS,
    REDEAL_PENALTY,
    SETUP_DRAW,
    SETUP_HAND_SIZE,
)
from tests.browser.steps import builder_ready
from tests.decks.factories import UserFactory, komandor_card

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _ship(n: int):
    attributes = {"kind": "ship", "name": f"Корабль {n}", "cost": 2 + n, "strength": "6(4)",
                  "speed": 5, "weapons": {"plasma": 4}}  # fmt: skip
    return komandor_card("ship", name_ru=f"Корабль {n}", cost=2 + n, attributes=attributes)


@pytest.fixture
def builder(page):
    commander = komandor_card(
        "commander", name_ru="Адмирал Ким", cost=None,
        attributes={"kind": "commander", "name": "Адмирал Ким", "victory": "trader"},
    )  # fmt: skip
    ships = [_ship(n) for n in range(5)]
    objects = [
        komandor_card("space_object", name_ru=f"Планета {n}", cost=6,
                      attributes={"kind": "space_object", "name": f"Планета {n}", "cost": 6,
                                  "object_type": "planet"})
        for n in range(5)
    ]  # fmt: skip
    ability = komandor_card(
        "ability", name_ru="Усиленные щиты", cost=None,
        attributes={"kind": "ability", "name": "Усиленные щиты", "variants": ["А", "Б"]},
    )  # fmt: skip
    user = UserFactory(username="builder")
    deck = Deck.objects.create(owner=user, name="Флот")
    page.goto("/accounts/login/")
    page.fill("#id_username", "builder")
    page.fill("#id_password", "pass-Word-123")
    page.click("form[action$='/accounts/login/'] button")
    page.goto(f"/decks/{deck.id}/edit/")
    builder_ready(page)
    return {"commander": commander, "ships": ships, "objects": objects, "ability": ability}


def _shot(page, name: str) -> None:
    """Screenshots for a person to look at, when SCREENSHOT_DIR is set."""
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        page.screenshot(path=os.path.join(folder, name), full_page=True)


def test_statistics_follow_every_change_without_saving(page, builder):
    ships, objects = builder["ships"], builder["objects"]
    for card in ships[:3]:
        page.click(f"#catalogue-results [data-add='{card.id}']")
    kinds = page.locator("#deck-kinds")
    expect(kinds.locator("[data-kind=ship]")).to_contain_text("3")
    expect(page.locator("#deck-entries tbody[data-kind=ship] [data-group-count]")).to_have_text("3")
    page.click(f"#catalogue-results [data-add='{objects[0].id}']")
    expect(kinds.locator("[data-kind=space_object]")).to_contain_text("1")
    # The odds of a space object in the setup draw: 1 card of 4, all 4 drawn.
    expect(page.locator("#setup-odds tr[data-kind=space_object] td").first).to_have_text("100%")
    # The cost curve has a bar per cost up to the dearest card (ships cost 2, 3, 4; object 6).
    expect(page.locator("#cost-curve .bar")).to_have_count(7)
    counts = page.locator("#deck-entries [name=entry_count]")
    counts.first.fill("4")
    expect(kinds.locator("[data-kind=ship]")).to_contain_text("6")
    expect(page.locator("#deck-card-count")).to_have_text("7")
    expect(page.locator("#unsaved")).to_be_visible()
    # Errors and warnings are separate lists, styled apart.
    expect(page.locator("#deck-errors [data-code=too_few_cards]")).to_be_visible()
    expect(page.locator("#deck-status .legality__badge")).to_have_text("Пока не по правилам")
    error_colour = page.locator("#deck-errors li").first.evaluate(
        "e => getComputedStyle(e).backgroundColor"
    )
    assert error_colour == "rgb(251, 236, 235)"
    _shot(page, "builder-1280.png")


def test_a_commander_is_picked_never_added(page, builder):
    commander = builder["commander"]
    row = page.locator("#catalogue-results tr", has_text="Адмирал Ким")
    expect(row.locator("[data-add]")).to_have_count(0)
    row.locator("[data-pick-commander]").click()
    expect(page.locator("[name=commander]")).to_have_value(str(commander.id))
    expect(page.locator("#deck-entries tr[data-card]")).to_have_count(0)
    expect(page.locator("#deck-errors [data-code=commander_missing]")).to_have_count(0)
    # The same after a catalogue search redraws the list.
    page.fill("#catalogue-search input[name=q]", "type:commander")
    page.click("#catalogue-search button")
    expect(page.locator("#catalogue-results [data-pick-commander]")).to_have_count(1)
    expect(page.locator("#catalogue-results [data-add]")).to_have_count(0)


def test_leaving_with_unsaved_changes_asks_first(page, builder):
    page.click(f"#catalogue-results [data-add='{builder['ships'][0].id}']")
    expect(page.locator("#unsaved")).to_be_visible()
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.type), dialog.dismiss()))
    page.click("a[href='/decks/']", no_wait_after=True)
    page.wait_for_timeout(300)
    assert dialogs == ["beforeunload"]
    expect(page).to_have_url(re.compile(r"/edit/$"))
    # Saving is not leaving.
    page.click("#save-deck")
    expect(page.locator("#deck-entries tr[data-card]")).to_have_count(1)
    assert dialogs == ["beforeunload"]


def test_hovering_a_card_shows_its_face(page, builder):
    ship = builder["ships"][1]
    page.hover(f"#catalogue-results a[data-preview='{ship.id}']")
    preview = page.locator("#card-preview")
    expect(preview).to_be_visible()
    expect(preview.locator("[data-card-face]")).to_contain_text("Корабль 1")
    expect(preview.locator("[data-card-face]")).to_contain_text("6(4)")


def test_sample_hand_follows_the_setup_rules(page, builder):
    for card in builder["ships"] + builder["objects"]:
        page.click(f"#catalogue-results [data-add='{card.id}']")
    counts = page.locator("#deck-entries [name=entry_count]")
    for index in range(10):
        counts.nth(index).fill("4")
    page.click(f"#catalogue-results [data-add='{builder['ability'].id}']")
    drawn = page.locator("#hand-drawn li")

    page.click("#hand-draw")
    expect(drawn).to_have_count(SETUP_DRAW)
    for redeal in range(1, MAX_REDEALS + 1):
        page.click("#hand-redeal")
        expect(drawn).to_have_count(SETUP_DRAW - REDEAL_PENALTY * redeal)
    expect(page.locator("#hand-redeal")).to_be_disabled()
    page.click("#hand-keep")
    expect(page.locator("#hand-result")).to_be_visible()
    final = page.locator("#hand-final li")
    expect(final).to_have_count(SETUP_HAND_SIZE)
    # Built cards come out of the last deal, and only ships and space objects are built.
    built = page.locator("#hand-built li")
    assert built.count() <= SETUP_DRAW - REDEAL_PENALTY * MAX_REDEALS
    others = "#hand-built li:not([data-kind=ship]):not([data-kind=space_object])"
    assert page.locator(others).count() == 0
    # At most two space objects are built at setup, within 25 resources.
    assert page.locator("#hand-built li[data-kind=space_object]").count() <= 2
    _shot(page, "builder-hand-1280.png")

    # A pre-chosen ability card leaves the deck before the draw: one card fewer.
    page.locator("#deck-entries input[type=number][name=entry_setup]").fill("1")
    page.click("#hand-draw")
    expect(drawn).to_have_count(SETUP_DRAW - 1)
