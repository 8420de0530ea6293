"""The path a visitor walks through the catalogue, in a real Chromium without any script."""

import pytest
from playwright.sync_api import expect

from tests.cardbase.pages_data import make_catalogue

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_search_from_home_to_a_card_then_switch_to_english(page):
    make_catalogue()
    page.goto("/")
    page.get_by_label("Поиск карт").fill("химера")
    page.get_by_role("button", name="Найти").click()

    expect(page).to_have_url("/search/?q=%D1%85%D0%B8%D0%BC%D0%B5%D1%80%D0%B0")
    expect(page.get_by_role("heading", level=2)).to_have_text("Результаты по запросу «химера»")
    page.get_by_role("link", name="Линкор класса «Химера»").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Линкор класса «Химера»")
    stats = page.locator(".stat-lines")
    expect(stats).to_contain_text("Прочность")
    expect(stats).to_contain_text("12(8)")
    expect(stats).to_contain_text("2/4")

    page.get_by_label("Язык").select_option("en")
    page.get_by_role("button", name="Сменить").click()

    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", name="Stats")).to_be_visible()
    expect(page.locator(".stat-lines")).to_contain_text("Strength")
    expect(page.locator(".stat-lines")).to_contain_text("12(8)")
