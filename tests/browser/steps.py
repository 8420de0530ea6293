"""Steps several browser tests walk the same way."""

import re

from playwright.sync_api import Page, expect


def sign_up(page: Page, username: str = "pilot", password: str = "Orbita-2024-xyz") -> None:
    """Sign up through the page and land on one's own decks."""
    page.goto("/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_password1", password)
    page.fill("#id_password2", password)
    page.click("form[action$='/accounts/signup/'] button")
    expect(page).to_have_url(re.compile(r"/decks/$"))


def builder_ready(page: Page) -> None:
    """The deck builder's script has attached its listeners: an edit made before that would
    change the form without a live check."""
    expect(page.locator("#deck-builder")).to_have_attribute("data-ready", "1")
