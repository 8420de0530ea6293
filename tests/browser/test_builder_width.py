"""Issue 36: at 1280 px the builder's deck table is whole (its last column, the pre-chosen
abilities, was cut off behind a sideways scroll), in Russian and English; and its catalogue
search that finds nothing offers the English names in English (drawn by the script)."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from decks import services
from decks.models import Deck
from tests.browser.steps import builder_ready
from tests.decks.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CUT = """selector => { const box = document.querySelector(selector);
  return box.scrollWidth - box.clientWidth; }"""


@pytest.fixture
def copy_of_a_precon(db):
    call_command("load_content", verbosity=0)
    owner = UserFactory(username="builder")
    # The precon with the most entries, an ability card among them (its pre-chosen column).
    precon = max(
        Deck.objects.filter(is_preconstructed=True, entries__card__card_type="ability"),
        key=lambda deck: deck.entries.count(),
    )
    return services.deck_clone(deck=precon, owner=owner)


def _signed_in(browser, live_server, language: str):
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 1280, "height": 900},
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto("/accounts/login/")
    page.fill("#id_username", "builder")
    page.fill("#id_password", "pass-Word-123")
    page.click("form[action$='/accounts/login/'] button")
    return context, page


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_deck_table_is_whole_at_1280(browser, live_server, copy_of_a_precon, language):
    context, page = _signed_in(browser, live_server, language)
    page.goto(f"/decks/{copy_of_a_precon.id}/edit/")
    builder_ready(page)
    assert page.locator("#deck-entries input[type=number][name=entry_setup]").count() >= 1
    assert page.evaluate(CUT, "#deck-entries") <= 0
    assert page.evaluate(CUT, "#deck-builder .table-scroll") <= 0
    assert page.evaluate(CUT, "#catalogue-results") <= 0
    context.close()


def test_an_empty_catalogue_search_offers_english_names(browser, live_server, copy_of_a_precon):
    context, page = _signed_in(browser, live_server, "en")
    page.goto(f"/decks/{copy_of_a_precon.id}/edit/")
    builder_ready(page)
    page.fill("#catalogue-search [name=q]", "Kestrle")
    page.click("#catalogue-search button[type=submit]")
    offer = page.locator("#no-cards [data-suggestion]").first
    expect(offer).to_have_attribute("lang", "en")
    name = offer.text_content()
    assert name and not re.search("[А-Яа-я]", name)
    offer.click()  # searches for it in place
    expect(page.locator("#catalogue-results tr[data-card]").first).to_contain_text(name)
    context.close()
