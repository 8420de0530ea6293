"""Layout in a real Chromium: every page kind fits a 390 px phone (tables scroll inside the
page, the header folds behind «Меню»), and at 1280 px the header is one line, signed in too."""

import os

import pytest
from playwright.sync_api import expect

from content.loader import content_load
from decks import services
from decks.models import Deck
from tests.decks.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
# A long name: the header cuts it short (with an ellipsis), and everything still fits.
PILOT = "commander-of-the-fleet"
LOG_OUT = {"ru": "Выйти", "en": "Log out"}


@pytest.fixture
def site(browser, live_server):
    content_load()
    user = UserFactory(username=PILOT)
    precon = Deck.objects.filter(is_preconstructed=True).order_by("pk").first()
    deck = services.deck_clone(deck=precon, owner=user)
    pages = [
        "/",
        "/games/komandor/",
        "/games/eclipse/",
        "/games/komandor/cards/chimera/",
        "/games/komandor/counts/",
        "/search/?q=корабль",
        "/search/syntax/",
        "/notation/",
        "/decks/public/",
        "/decks/precons/",
        "/decks/",
        f"/decks/{deck.id}/",
        f"/decks/{deck.id}/edit/",
        "/decks/import/",
        "/tournaments/",
    ]
    return {"url": live_server.url, "pages": pages}


def _signed_in(browser, site, viewport, locale="ru-RU"):
    context = browser.new_context(base_url=site["url"], locale=locale, viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto("/accounts/login/")
    page.fill("#id_username", PILOT)
    page.fill("#id_password", "pass-Word-123")
    page.click("form[action$='/accounts/login/'] button")
    expect(page.locator(".site-header .link-button")).to_have_text(LOG_OUT[locale[:2]])
    expect(page.locator("#nav-account")).to_have_text(PILOT)  # the way to the account page
    return context, page


def _shot(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        page.screenshot(path=os.path.join(folder, name), full_page=True)


def test_every_page_kind_fits_a_phone_and_the_menu_folds(browser, site):
    context, page = _signed_in(browser, site, PHONE)
    too_wide = {}
    for path in site["pages"]:
        response = page.goto(path)
        assert response.status == 200, path
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            too_wide[path] = width
        _shot(page, f"390{path.replace('/', '_').replace('?', '_')}.png")
    assert too_wide == {}
    page.goto("/")
    menu = page.get_by_role("navigation", name="Главное")
    expect(menu).to_be_hidden()
    header = page.locator(".site-header").bounding_box()
    assert header["height"] < 100
    page.get_by_text("Меню").click()
    expect(menu).to_be_visible()
    menu.get_by_role("link", name="Мои колоды").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Мои колоды")
    context.close()


@pytest.mark.parametrize("locale", ["ru-RU", "en-US"])
@pytest.mark.parametrize("signed_in", [False, True])
def test_the_header_is_one_line_at_1280(browser, site, signed_in, locale):
    if signed_in:
        context, page = _signed_in(browser, site, DESKTOP, locale)
    else:
        context = browser.new_context(base_url=site["url"], locale=locale, viewport=DESKTOP)
        page = context.new_page()
    page.goto("/games/komandor/")
    boxes = page.eval_on_selector_all(
        ".site-header a, .site-header button, .site-header select",
        "els => els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect())"
        ".map(r => [r.top, r.right])",
    )
    tops = [top for top, _ in boxes]
    assert len(tops) >= 7
    assert max(tops) - min(tops) < 12, tops
    # Every link and button whole on the screen (the last one was cut off once).
    assert max(right for _, right in boxes) <= DESKTOP["width"], boxes
    assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
    expect(page.locator(".menu-button")).to_be_hidden()
    icon = page.locator("link[rel=icon]").get_attribute("href")
    assert page.request.get(icon).ok
    _shot(page, f"1280_header_{'in' if signed_in else 'out'}_{locale[:2]}.png")
    context.close()
