"""A printed card from a player's box, in a real Chromium, in Russian and in English: a player
signs up, proposes a card with a photo and one effect built in the form, and sees the engine's
text of it beside his printed text as he builds; a publisher publishes it; the card is in the
catalogue with its photo and origin, the builder's preview shows the photo, the player puts it
in a deck, and the engine plays a match with that deck.

The card and its picture are test data made here ("(тест)", a picture that says SAMPLE), never
shipped content."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from decks.models import Deck
from komandor.agents.registry import make_agent
from komandor.rules.cards import CardKind
from komandor.rules.match import run_match
from matches.games.card_tally import DRAWN, PLAYED, card_tally
from matches.games.decks import playable_deck_of
from proposals.generated_text import generated_text
from tests.browser.steps import builder_ready, sign_up
from tests.cardbase.admin_data import role_user
from tests.proposals.photos import sample_card_photo

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "pass-word-123"
NAME = "Фрегат «Образец» (тест)"
PRINTED = "В начале каждого раунда боя ваши ЛК получают +2 к скорости до конца раунда."
EFFECT = {
    "when": "round_start",
    "targets": {"side": "own", "kind": "ship", "size": "LK"},
    "actions": [{"do": "modify", "stat": "speed", "by": 2, "until": "round"}],
}
LOCALES = {"ru": "ru-RU", "en": "en-US"}
SLOW = 30_000  # ms: a page that does real work, on a loaded machine


@pytest.fixture
def site(db):
    call_command("load_content", verbosity=0)
    role_user("boss", role="publishers", password=PASSWORD)


def engine_text(language: str) -> str:
    (line,) = generated_text(kind=CardKind.SHIP, effects=[EFFECT]).lines[language]
    return line


def propose(page: Page, language: str) -> None:
    page.goto("/cards/propose/")
    page.click("a[data-kind=ship]")
    page.fill("#id_name", NAME)
    page.fill("#id_cost", "4")
    page.select_option("#id_rarity", "common")
    for name, value in {
        "strength": "7",
        "critical": "4",
        "shield__power": "2",
        "armor": "2",
        "speed": "5",
        "weapons__plasma__power": "5",
        "crew__size": "3",
    }.items():
        page.fill(f"#id_stat__{name}", value)
    page.select_option("#id_stat__size", "SK")
    page.select_option("#id_stat__shield__type", "B")
    page.select_option("#id_stat__crew__level", "V")
    page.fill("#id_printed_text", PRINTED)
    expect(page.locator("#proposal-form")).to_have_attribute("data-ready", "1")

    # One effect, built from the lists: the moment, whose cards, what.
    page.select_option("#id_effects-0-when", "round_start")
    page.select_option("#id_effects-0-t_side", "own")
    page.check("#id_effects-0-t_kind input[value=ship]")
    page.check("#id_effects-0-t_size input[value=LK]")
    page.select_option("#id_effects-0-a0_do", "modify")
    # The action's own parameters show; others (how much damage) do not.
    expect(page.locator("#id_effects-0-a0_amount")).to_be_hidden()
    page.select_option("#id_effects-0-a0_stat", "speed")
    page.fill("#id_effects-0-a0_by", "2")
    page.select_option("#id_effects-0-a0_until", "round")
    # The engine's text, beside the printed text, as he builds.
    expect(page.locator("#generated-text .generated__lines li")).to_have_text(
        [engine_text(language)]
    )
    expect(page.locator("#generated-text .problems li")).to_have_count(0)
    page.set_input_files(
        "#id_image", {"name": "card.jpg", "mimeType": "image/jpeg", "buffer": sample_card_photo()}
    )
    page.click("#send")
    # The photo is checked and re-encoded in two sizes: the slowest answer of the site.
    expect(page).to_have_url(re.compile(r"/cards/proposals/\d+/$"), timeout=SLOW)
    expect(page.locator("[data-status]").first).to_have_attribute("data-status", "pending")


def publish(page: Page, language: str) -> str:
    """The publisher, in a browser of his own, publishes it; returns the card's address."""
    context = page.context.browser.new_context(
        base_url=page.url.split("/cards/")[0], locale=LOCALES[language]
    )
    try:
        boss = context.new_page()
        boss.goto("/accounts/login/")
        boss.fill("#id_username", "boss")
        boss.fill("#id_password", PASSWORD)
        boss.click("form[action$='/accounts/login/'] button")
        boss.goto("/cards/proposals/waiting/")
        boss.locator("table.proposals a", has_text=NAME).click()
        expect(boss.locator(".printed-text")).to_contain_text(PRINTED)
        expect(boss.locator(".proposal-page .card-photo img")).to_have_js_property("complete", True)
        boss.click("#publish")
        expect(boss).to_have_url(
            re.compile(r"/games/komandor/cards/players-[\w-]+/$"), timeout=SLOW
        )
        return boss.url
    finally:
        context.close()


def photo_shown(locator) -> None:
    expect(locator).to_be_visible()
    # A shown <img> may still be loading: wait until it has loaded (or failed), then ask which.
    expect(locator).to_have_js_property("complete", True)
    assert locator.evaluate("img => img.naturalWidth > 0"), "the photo did not load"


@pytest.mark.parametrize("language", ["ru", "en"])
def test_a_printed_card_from_proposal_to_a_played_match(browser, live_server, site, language):
    context = browser.new_context(base_url=live_server.url, locale=LOCALES[language])
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        sign_up(page, username=f"holder{language}")
        propose(page, language)
        card_url = publish(page, language)

        # The card page: its photo, the drawn face, the origin and who entered it.
        page.goto(card_url)
        photo_shown(page.locator(".card-page__face figure[data-photo] img"))
        expect(page.locator(".source [data-origin=players]")).to_be_visible()
        expect(page.locator(".source .entered-by")).to_have_text(f"holder{language}")

        # The catalogue as card faces: its photo in place of the drawn face, and its origin.
        page.goto("/games/komandor/?q=Образец&view=grid")
        face = page.locator(".card-grid figure[data-photo]")
        expect(face).to_have_count(1)
        photo_shown(face.locator("img"))
        expect(face.locator("[data-origin=players]")).to_be_visible()

        # Into a deck in the builder: a precon copied, one card out, the new card in.
        page.goto("/decks/precons/")
        page.locator("[data-clone]").first.click()
        expect(page).to_have_url(re.compile(r"/decks/\d+/edit/$"))
        builder_ready(page)
        deck = Deck.objects.filter(owner__username=f"holder{language}").get()
        size = page.locator("#deck-card-count").inner_text()
        page.locator("#deck-builder tbody tr[data-card] [data-step='-1']").first.click()
        page.fill("#catalogue-q", "Образец")
        page.press("#catalogue-q", "Enter")
        row = page.locator("#catalogue-results tr[data-card]", has_text="Образец")
        expect(row).to_have_count(1)
        card_id = int(row.get_attribute("data-card"))
        row.locator("a[data-preview]").hover()
        photo_shown(page.locator("#card-preview figure[data-photo] img"))
        row.locator("[data-add]").click()
        expect(page.locator("#deck-card-count")).to_have_text(size)
        page.click("#save-deck")
        expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")
        version = deck.versions.order_by("-number").first()
        assert any(entry["card_id"] == card_id for entry in version.snapshot["entries"])

        # Played: the engine plays that deck against a precon; the card is drawn and played.
        playable = playable_deck_of(version=version)
        opponent = playable_deck_of(
            version=Deck.objects.filter(is_preconstructed=True).first().versions.first()
        )
        drawn = played = 0
        for seed in range(12):
            result = run_match(
                decks=[playable.deck, opponent.deck],
                agents=[make_agent("heuristic", seed=seed), make_agent("heuristic", seed=seed)],
                seed=seed,
                log=False,
            )
            tally = card_tally(result.state)[0].get(NAME, [0, 0, 0])
            drawn, played = drawn + tally[DRAWN], played + tally[PLAYED]
            if played:
                break
        assert drawn and played, (drawn, played)
    finally:
        context.close()
