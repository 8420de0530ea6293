"""A player signs up, builds a legal deck from nothing, exports it and imports it back."""

import re

import pytest
from playwright.sync_api import expect

from decks.models import Deck
from decks.selectors import deck_content
from tests.browser.steps import builder_ready, sign_up
from tests.decks.factories import komandor_card

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def catalogue():
    commander = komandor_card("commander", name_ru="Адмирал Ким", cost=None)
    cards = [komandor_card("ship", name_ru=f"Корабль {n}", cost=2 + n) for n in range(5)]
    cards += [komandor_card("space_object", name_ru=f"Планета {n}", cost=6) for n in range(5)]
    return commander, cards


def test_build_export_and_import_a_deck(page, catalogue):
    commander, cards = catalogue
    sign_up(page)

    page.fill("#id_name", "Первый флот")
    page.click("form[action$='/decks/new/'] button")
    expect(page).to_have_url(re.compile(r"/decks/\d+/edit/$"))
    builder_ready(page)

    # The catalogue query language narrows the list without a reload.
    page.fill("#catalogue-search input[name=q]", "type:ship")
    page.click("#catalogue-search button")
    expect(page.locator("#catalogue-results [data-add]")).to_have_count(5)
    page.fill("#catalogue-search input[name=q]", "")
    page.click("#catalogue-search button")
    expect(page.locator("#catalogue-results [data-add]")).to_have_count(10)
    expect(page.locator("#catalogue-results [data-pick-commander]")).to_have_count(1)

    for card in cards:
        page.click(f"#catalogue-results [data-add='{card.id}']")
    rows = page.locator("#deck-entries tr[data-card]")
    expect(rows).to_have_count(10)
    expect(page.locator("#deck-errors [data-code=too_few_cards]")).to_be_visible()

    counts = page.locator("#deck-entries [name=entry_count]")
    for index in range(10):
        counts.nth(index).fill("4")
    expect(page.locator("#deck-errors [data-code=too_few_cards]")).to_have_count(0)
    page.select_option("[name=commander]", str(commander.id))
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")

    # A fifth copy of one name: the violation appears, and goes when it is undone.
    counts.nth(0).fill("5")
    expect(page.locator("#deck-errors [data-code=too_many_copies]")).to_be_visible()
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "false")
    counts.nth(0).fill("4")
    expect(page.locator("#deck-errors [data-code=too_many_copies]")).to_have_count(0)
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")

    page.click("#save-deck")
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")
    deck = Deck.objects.get(name="Первый флот")
    assert sum(e.count for e in deck_content(deck=deck).entries) == 40

    page.goto(f"/decks/{deck.id}/export.txt")
    text = page.locator("body").inner_text()
    assert "Командор: Адмирал Ким" in text

    page.goto("/decks/import/")
    page.fill("#id_name", "Импорт")
    page.fill("#id_text", text)
    page.click("form[action$='/decks/import/'] button")
    expect(page).to_have_url(re.compile(r"/decks/\d+/$"))
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")
    imported = Deck.objects.get(name="Импорт")
    assert deck_content(deck=imported) == deck_content(deck=deck)
