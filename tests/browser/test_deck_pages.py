"""A deck's page in Chromium: the list as text goes to the clipboard with one button, and
deleting the deck asks on a page of its own before anything is deleted."""

import pytest
from playwright.sync_api import expect

from decks import services
from decks.models import Deck
from decks.values import DeckContent, EntryContent
from tests.decks.factories import UserFactory, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def deck(page):
    commander, cards = legal_deck_cards()
    content = DeckContent(
        commander_id=commander.id,
        entries=tuple(EntryContent(card_id=card.id, count=4) for card in cards),
    )
    deck = services.deck_create(owner=UserFactory(username="pilot"), name="Флот", content=content)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto("/accounts/login/")
    page.fill("#id_username", "pilot")
    page.fill("#id_password", "pass-Word-123")
    page.click("form[action$='/accounts/login/'] button")
    page.goto(f"/decks/{deck.id}/")
    return deck


def test_copy_the_list_puts_the_deck_text_on_the_clipboard(page, deck):
    page.get_by_text("Список текстом").click()
    button = page.get_by_role("button", name="Скопировать список")
    button.click()
    # The button says so (its name changes, so find it by its place, not its name).
    expect(page.locator("#deck-text .copy-button")).to_have_text("Скопировано")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == services.deck_export_text(deck=deck)
    assert copied.startswith("# Флот\nКомандор: ")


def test_delete_asks_first_and_keep_leaves_the_deck(page, deck):
    page.get_by_role("link", name="Удалить колоду…").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Удалить колоду «Флот»?")
    page.get_by_role("link", name="Оставить колоду").click()
    expect(page).to_have_url(f"/decks/{deck.id}/")
    assert Deck.objects.filter(pk=deck.pk).exists()
    page.get_by_role("link", name="Удалить колоду…").click()
    page.get_by_role("button", name="Удалить безвозвратно").click()
    expect(page).to_have_url("/decks/")
    assert not Deck.objects.filter(pk=deck.pk).exists()
