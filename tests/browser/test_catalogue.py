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

    # One card matches, so the search opens it straight away.
    expect(page).to_have_url("/games/komandor/cards/chimera/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Линкор класса «Химера»")
    face = page.locator("[data-card-face]")
    expect(face).to_contain_text("Прочность")
    expect(face).to_contain_text("12(8)")
    expect(face).to_contain_text("2/4")

    page.get_by_label("Язык").select_option("en")
    page.get_by_role("button", name="Сменить").click()

    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("[data-card-face]")).to_contain_text("Strength")
    expect(page.locator("[data-card-face]")).to_contain_text("12(8)")


def test_each_stat_on_the_card_face_explains_itself_on_hover_and_focus(page):
    make_catalogue()
    page.goto("/games/komandor/cards/chimera/")
    lasers = page.locator("[data-card-face] [data-path='weapons.lasers']")
    tip = lasers.get_by_role("tooltip")
    expect(tip).to_be_hidden()
    lasers.hover()
    expect(tip).to_be_visible()
    expect(tip).to_contain_text("2/4")
    expect(tip).to_contain_text("до 2 кораблей")
    # Keyboard (and a tap, which focuses): the strength stat explains «12(8)».
    page.mouse.move(0, 0)
    strength = page.locator("[data-card-face] [data-path='strength']")
    strength.focus()
    expect(strength.get_by_role("tooltip")).to_be_visible()
    expect(strength.get_by_role("tooltip")).to_contain_text("критические повреждения 8")
    page.get_by_role("link", name="Что значат обозначения").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Обозначения на картах")
