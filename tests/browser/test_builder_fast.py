"""A legal deck from nothing in a handful of actions, with the legality badge in view the whole
time: at 1280 px the deck panel stays beside the catalogue, at 390 px it is folded above it."""

import os
import re

import pytest
from playwright.sync_api import expect

from decks.collection import collection_set_counts
from decks.models import Deck
from decks.selectors import deck_content
from tests.browser.steps import builder_ready
from tests.decks.factories import UserFactory, komandor_card, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MAX_ACTIONS = 15


def _shot(page, name: str) -> None:
    """Screenshots for a person to look at, when SCREENSHOT_DIR is set."""
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        page.screenshot(path=os.path.join(folder, name))


@pytest.fixture
def signed_in(browser, live_server, request):
    width, height = request.param
    commander, cards = legal_deck_cards()
    # Thirty more cards, so the catalogue is longer than a screen, as the real one is.
    filler = [komandor_card("tactical", name_ru=f"Ящ {n:02}", cost=1) for n in range(30)]
    UserFactory(username="builder")
    context = browser.new_context(
        base_url=live_server.url, locale="ru-RU", viewport={"width": width, "height": height}
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto("/accounts/login/")
    page.fill("#id_username", "builder")
    page.fill("#id_password", "pass-Word-123")
    page.click("form[action$='/accounts/login/'] button")
    page.goto("/decks/")
    yield page, commander, cards, filler, width
    context.close()


@pytest.mark.parametrize("signed_in", [(1280, 800), (390, 844)], indirect=True, ids=["1280", "390"])
def test_a_legal_deck_in_at_most_fifteen_actions_with_the_badge_in_view(signed_in):
    page, commander, cards, _filler, width = signed_in
    actions = 0

    def act(do, *args):
        nonlocal actions
        actions += 1
        do(*args)

    act(page.fill, "#id_name", "Быстрый флот")
    act(page.click, "form[action$='/decks/new/'] button")
    expect(page).to_have_url(re.compile(r"/decks/\d+/edit/$"))
    builder_ready(page)
    badge = page.locator("#deck-status .legality__badge")
    expect(badge).to_be_in_viewport()
    _shot(page, f"builder-{width}-empty.png")

    act(page.click, f"#catalogue-results [data-pick-commander='{commander.id}']")
    for card in cards:
        act(page.click, f"#catalogue-results [data-four='{card.id}']")
        expect(badge).to_be_in_viewport()  # never scrolled out of sight while building
    expect(page.locator("#deck-card-count")).to_have_text("40")
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")
    expect(badge).to_be_in_viewport()
    expect(badge).to_have_text("Колода по правилам")
    assert actions <= MAX_ACTIONS, actions
    _shot(page, f"builder-{width}-legal.png")

    page.click("#save-deck")
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")
    deck = Deck.objects.get(name="Быстрый флот")
    content = deck_content(deck=deck)
    assert content.commander_id == commander.id
    assert sorted(e.count for e in content.entries) == [4] * 10


@pytest.mark.parametrize("signed_in", [(1280, 800)], indirect=True, ids=["1280"])
def test_steps_on_deck_rows_and_keyboard_entry(signed_in):
    page, _commander, cards, _filler, _width = signed_in
    page.fill("#id_name", "Клавиатура")
    page.click("form[action$='/decks/new/'] button")
    builder_ready(page)
    # Keyboard entry: type a name with its copies, pick it from the suggestions, Enter.
    name = page.locator("#quick-add-name")
    name.fill(f"3 {cards[0].name_ru}")
    expect(page.locator(f"#quick-add-options option[value='{cards[0].name_ru}']")).to_have_count(1)
    name.press("Enter")
    row = page.locator(f"#deck-entries tr[data-card='{cards[0].id}']")
    expect(row.locator("[name=entry_count]")).to_have_value("3")
    expect(name).to_be_focused()
    # A name that is not there says so and offers the nearest one.
    name.fill(cards[1].name_ru[:-1] + "ъъ")
    name.press("Enter")
    expect(page.locator("#quick-add-message")).to_contain_text(cards[1].name_ru)
    # The deck row's own buttons: +1, −1, ×4.
    row.locator("[data-step='1']").click()
    expect(row.locator("[name=entry_count]")).to_have_value("4")
    row.locator("[data-step='-1']").click()
    row.locator("[data-step='-1']").click()
    expect(row.locator("[name=entry_count]")).to_have_value("2")
    row.locator("[data-step='four']").click()
    expect(row.locator("[name=entry_count]")).to_have_value("4")
    expect(page.locator("#deck-card-count")).to_have_text("4")
    # The catalogue's −1 takes a copy back.
    page.click(f"#catalogue-results [data-take='{cards[0].id}']")
    expect(row.locator("[name=entry_count]")).to_have_value("3")
    expect(page.locator("#deck-card-count")).to_have_text("3")


@pytest.mark.parametrize("signed_in", [(1280, 800)], indirect=True, ids=["1280"])
def test_the_builder_shows_what_the_collection_lacks_as_the_deck_changes(signed_in):
    page, commander, cards, _filler, _width = signed_in
    user = UserFactory(username="builder")
    collection_set_counts(user=user, counts={cards[0].id: 2, commander.id: 1, cards[1].id: 4})
    page.fill("#id_name", "Из коллекции")
    page.click("form[action$='/decks/new/'] button")
    builder_ready(page)
    missing = page.locator("#deck-missing")
    expect(missing).to_have_attribute("data-missing", "0")
    expect(
        page.locator(f"#catalogue-results tr[data-card='{cards[0].id}'] .owned-mark")
    ).to_have_text("есть 2")
    page.click(f"#catalogue-results [data-four='{cards[0].id}']")
    expect(missing).to_have_attribute("data-missing", "2")
    expect(missing).to_have_text("в коллекции не хватает 2 карт")
    expect(page.locator(f"#deck-entries tr[data-card='{cards[0].id}']")).to_have_class(
        re.compile("is-missing")
    )
    page.click(f"#catalogue-results [data-four='{cards[1].id}']")
    page.click(f"#catalogue-results [data-pick-commander='{commander.id}']")
    expect(missing).to_have_attribute("data-missing", "2")  # owned: 4 of one, the Commander
    page.check("#id_owned")
    page.click("#catalogue-search button")
    expect(page.locator("#catalogue-results tr[data-card]")).to_have_count(3)
