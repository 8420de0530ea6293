"""A player builds a deck with a weak card (four «Магнум-К», ``tests/matches/doctor_decks``),
asks the deck doctor for improvements with a small budget, sees a confirmed suggestion that
takes them out and applies it as a new version; the field test and the swap test lead with
their sentence, in Russian and in English. Celery runs eagerly in the live server's process,
so each click plays its whole run before the page answers.

With ``SCREENSHOT_DIR`` set it saves the doctor's, the field test's and the swap test's pages
at 1280 px and 390 px, in Russian and in English (``docs/screenshots/lab/``)."""

import os
import re

import pytest
from playwright.sync_api import expect

from cardbase.models import Card
from config.celery import app
from decks.models import Deck
from komandor.agents.registry import DEFAULT_LEVEL, LEVELS
from tests.browser.steps import builder_ready, sign_up
from tests.browser.test_deck_lab import language
from tests.decks.factories import UserFactory
from tests.engine.deck_data import GROUND_UNIT, STANDARD_CARDS, commander
from tests.matches.decks import catalogue_card
from tests.matches.doctor_decks import BALLAST, COMMANDER, WEAK, precons

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SCREENSHOT_DIR")
PLAYING = 600_000  # ms: a click that plays a whole run before the page answers


@pytest.fixture
def eager():
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def field():
    """The test precons, the weak deck's cards and its commander (``doctor_decks``)."""
    decks = precons(UserFactory(username="maker"))
    catalogue_card(BALLAST)
    return {"precons": decks, "commander": catalogue_card(commander(*COMMANDER))}


def shots(page, name, part="main"):
    if not SHOTS:
        return
    url = page.url
    for code in ("ru", "en"):
        language(page, code)
        for width in (1280, 390):
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(url)
            page.locator(part).screenshot(path=f"{SHOTS}/{name}-{code}-{width}.png")
    language(page, "ru")
    page.goto(url)


def lead_in_both_languages(page, russian, english):
    expect(page.locator("#lead")).to_contain_text(russian)
    language(page, "en")
    page.reload()
    expect(page.locator("#lead")).to_contain_text(english)
    language(page, "ru")
    page.reload()


def test_the_doctor_finds_the_weak_card_and_the_lab_leads_with_its_verdicts(page, field, eager):
    page.set_default_timeout(60_000)  # a shared machine under load: a guard, not a timing test
    sign_up(page)
    page.fill("#id_name", "Мой флот")
    page.click("form[action$='/decks/new/'] button")
    expect(page).to_have_url(re.compile(r"/decks/\d+/edit/$"))
    builder_ready(page)
    counts = {}
    for spec, count in STANDARD_CARDS:
        card = catalogue_card(BALLAST if spec is GROUND_UNIT else spec)
        page.click(f"#catalogue-results [data-add='{card.id}']")
        counts[card.id] = count
    for card_id, count in counts.items():
        page.fill(f"#deck-entries tr[data-card='{card_id}'] [name=entry_count]", str(count))
    page.select_option("[name=commander]", str(field["commander"].id))
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")
    page.click("#save-deck")
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")
    deck = Deck.objects.get(name="Мой флот")
    weak = Card.objects.get(name_ru=WEAK)

    # The doctor: against the precons, the whole pool, a small budget.
    page.goto(f"/decks/{deck.id}/")
    page.click("#doctor-link")
    page.check("input[name=field][value=precons]")
    page.check("input[name=cards][value=pool]")
    page.fill("#id_budget_games", "400")
    page.fill("#id_delta", "0.3")
    page.click("#doctor-form button[type=submit]", timeout=PLAYING)
    page.wait_for_url(re.compile(r"/tournaments/\d+/$"), timeout=PLAYING)
    expect(page.locator("#doctor-report")).to_have_attribute("data-decision", "doctor_better")
    expect(page.locator("#lead")).to_contain_text("Предложение: −4 " + WEAK)
    expect(page.locator("#doctor-spent")).to_contain_text(LEVELS[DEFAULT_LEVEL])
    expect(page.locator("#doctor-screening")).to_be_visible()
    expect(page.locator("h1")).to_contain_text("доктор колоды")
    shots(page, "doctor", "#live-box")
    row = page.locator("#doctor-finalists tr[data-verdict='swap_better']").first
    expect(row).to_contain_text(WEAK)
    saved = deck.versions.order_by("-number").first().number
    row.locator("button.apply-swap").click()
    expect(page).to_have_url(re.compile(rf"/decks/{deck.id}/$"))
    expect(page.locator(".message")).to_contain_text(f"версия {saved + 1}")
    latest = deck.versions.order_by("-number").first()
    assert latest.number == saved + 1
    assert weak.pk not in {item["card_id"] for item in latest.snapshot["entries"]}

    # The field test leads with its sentence and a chart of the match-ups.
    page.click("#field-test", timeout=PLAYING)
    page.wait_for_url(re.compile(r"/tournaments/\d+/$"), timeout=PLAYING)
    expect(page.locator("#games-played")).to_contain_text("сыграно 20 игр")
    expect(page.locator("#matchup-chart li")).to_have_count(2)
    lead_in_both_languages(
        page,
        re.compile(r"^Ваша колода выигрывает \d+ % \[\d+–\d+\] против стартовых колод; хуже"),
        re.compile(r"^Your deck wins \d+ % \[\d+–\d+\] against the precons; worst against"),
    )
    shots(page, "field-test", "#live-box")

    # The swap test leads with its word and sentence.
    page.goto(f"/decks/{deck.id}/swap-test/")
    page.select_option("#id_remove", str(Card.objects.get(name_ru="Тестовая планета").id))
    page.select_option("#id_add", str(Card.objects.get(name_ru="Тестовая станция").id))
    page.fill("#id_copies", "1")
    page.fill("#id_delta", "0.3")
    page.fill("#id_max_games", "16")
    page.click("#swap-form button[type=submit]", timeout=PLAYING)
    page.wait_for_url(re.compile(r"/tournaments/\d+/$"), timeout=PLAYING)
    expect(page.locator("#games-played")).to_contain_text("сыграно 16 игр")
    lead_in_both_languages(
        page,
        re.compile(r"^(Заменить|Оставить|Разницы величиной δ нет|Пока нельзя сказать):"),
        re.compile(r"^(Swap|Keep|No difference as large as δ|Cannot tell yet):"),
    )
    if page.locator("#continue").count():
        expect(page.locator("#lead")).to_contain_text("нужно ещё около")
    shots(page, "swap-test", "#live-box")
