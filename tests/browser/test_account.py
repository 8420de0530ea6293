"""The account page in a browser: what a player has at a glance, a token made (shown once) and
revoked, and the account deleted after the password. With SCREENSHOT_DIR set, each page in
Russian and English at 1280 and 390 px goes to SCREENSHOT_DIR/account/."""

import os
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import expect

from accounts.models import AccessToken
from decks import collection
from decks.models import Visibility
from tests.decks.factories import UserFactory
from tests.matches.decks import playable_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "pass-Word-123"


@pytest.fixture
def player(db):
    user = UserFactory(username="pilot")
    deck = playable_deck(user, "Баланс", visibility=Visibility.PRIVATE, title="Рой «Оса»")
    playable_deck(user, "Торговцы", title="Купцы")
    collection.collection_set_counts(user=user, counts={deck.commander_id: 2})
    return user


def _signed_in(browser, live_server, user, *, language="ru", width=1280):
    client = Client()
    client.force_login(user)
    context = browser.new_context(
        base_url=live_server.url,
        locale="ru-RU" if language == "ru" else "en-GB",
        viewport={"width": width, "height": 900},
    )
    host = live_server.url.split("//")[1].split(":")[0]
    context.add_cookies(
        [
            {
                "name": "sessionid",
                "value": client.cookies["sessionid"].value,
                "domain": host,
                "path": "/",
            },
            {"name": "django_language", "value": language, "domain": host, "path": "/"},
        ]
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


def _shot(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        Path(folder, "account").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=os.path.join(folder, "account", f"{name}.png"), full_page=True)


def test_the_account_page_tokens_and_deletion(browser, live_server, player):
    context, page = _signed_in(browser, live_server, player)
    page.goto("/")
    page.click("#nav-account") if page.locator("#nav-account").is_visible() else page.goto(
        "/accounts/"
    )
    expect(page.locator("#account-decks .panel-count")).to_contain_text("2")
    expect(page.locator("#account-collection .panel-count")).to_contain_text("2")

    page.click("#account-tokens a >> nth=0")
    page.fill("#id_name", "синхронизация")
    page.check("input[name=scopes][value=decks]")
    page.click("#token-form button")
    secret = page.locator("#token-secret").input_value()
    assert secret.startswith("kcb_")
    answer = page.request.get("/api/decks/", headers={"Authorization": f"Bearer {secret}"})
    assert answer.status == 200
    page.goto("/accounts/tokens/")
    expect(page.locator("#token-secret")).to_have_count(0)  # shown once
    expect(page.locator("#token-table tr[data-token]")).to_have_count(1)
    page.click("#token-table button")
    expect(page.locator("#token-table tr[data-token]")).to_have_count(0)
    assert not AccessToken.objects.exists()

    page.goto("/accounts/delete/")
    expect(page.locator("#what-goes")).to_contain_text("2")
    page.fill("#id_password", "not mine")
    page.click("#delete-form button")
    expect(page.locator("#delete-form .errorlist")).to_be_visible()
    page.fill("#id_password", PASSWORD)
    page.click("#delete-form button")
    expect(page.locator("#account-deleted")).to_be_visible()
    assert not type(player).objects.filter(username="pilot").exists()
    context.close()


def test_screenshots_of_the_account_pages(browser, live_server, player):
    for language in ("ru", "en"):
        for width in (1280, 390):
            context, page = _signed_in(browser, live_server, player, language=language, width=width)
            suffix = f"{language}-{width}"
            page.goto("/accounts/")
            expect(page.locator("#account-tokens")).to_be_visible()
            _shot(page, f"account-{suffix}")
            page.goto("/accounts/tokens/")
            page.fill("#id_name", "deck sync" if language == "en" else "синхронизация колод")
            page.check("input[name=scopes][value=decks]")
            page.click("#token-form button")
            expect(page.locator("#token-secret")).to_be_visible()
            _shot(page, f"tokens-{suffix}")
            page.goto("/accounts/delete/")
            expect(page.locator("#what-stays")).to_be_visible()
            _shot(page, f"delete-{suffix}")
            page.goto("/decks/collection/")
            page.fill(
                "#id_text",
                "4 Тестовый транспорт\n2 бомбардировщик\n1 Тестовый рынк\n3 Тестовый\n2 Рой",
            )
            page.click("#collection-import button")
            expect(page.locator("#import-problems li")).to_have_count(3)
            _shot(page, f"collection-import-{suffix}")
            context.close()
