"""The deck tools a player walks through in a browser: a collection imported and the decks it
can build, a decklist and a proxy sheet printed to PDF (and turned into pictures), two decks
compared, an old version restored."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from cardbase.models import Card
from content.loader import content_load
from decks import services
from decks.models import Deck
from decks.selectors import deck_content
from decks.values import DeckContent, EntryContent
from tests.decks.factories import UserFactory, komandor_card, legal_deck_cards
from tests.decks.precon_data import write_data

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _sign_in(page, username: str = "collector") -> None:
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "pass-Word-123")
    page.click("form[action$='/accounts/login/'] button")


def _content(commander, cards, copies: int = 4) -> DeckContent:
    return DeckContent(
        commander_id=commander.id,
        entries=tuple(EntryContent(card_id=card.id, count=copies) for card in cards),
    )


def _precon(key: str, name: str, commander, cards) -> Deck:
    return services.deck_create(
        owner=None,
        name=name,
        visibility="public",
        content=_content(commander, cards),
        precon=services.PreconNames(key=key),
    )


def _shot(page, name: str) -> None:
    """Screenshots for a person to look at, when SCREENSHOT_DIR is set."""
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        page.screenshot(path=os.path.join(folder, name), full_page=True)


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def _pictures(pdf_path: Path, prefix: str) -> list[Path]:
    """The PDF's pages as PNG files (pdftoppm, from poppler-utils: scripts/browser.sh)."""
    assert shutil.which("pdftoppm"), "pdftoppm missing: run scripts/browser.sh"
    folder = Path(os.environ.get("SCREENSHOT_DIR") or pdf_path.parent)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "50", str(pdf_path), str(folder / prefix)], check=True
    )
    return sorted(folder.glob(f"{prefix}*.png"))


def test_a_collection_imported_finds_the_decks_it_can_build(page):
    commander, cards = legal_deck_cards()
    other = komandor_card("commander", name_ru="Адмирал Другой", cost=None)
    _precon("can", "Собираемая", commander, cards)
    _precon("cannot", "Несобираемая", other, cards)
    UserFactory(username="collector")
    _sign_in(page)

    page.goto("/decks/collection/")
    lines = [f"Командор: {commander.name_ru}"] + [f"4 {card.name_ru}" for card in cards]
    typo = "4 " + cards[0].name_ru[:-1] + "ъ"  # refused, with a suggestion; the rest import
    page.fill("#id_text", "\n".join([*lines, typo]))
    page.click("#collection-import button")
    expect(page.locator("#import-problems")).to_contain_text(cards[0].name_ru)
    expect(page.locator(".message")).to_contain_text("41")
    expect(page.locator("#id_text")).to_have_value(typo)
    expect(page.locator("#collection-table tr[data-card]")).to_have_count(11)
    _shot(page, "collection.png")

    page.click("text=Колоды, которые я могу собрать")
    expect(page.locator("#precon-decks [data-precon=can]")).to_have_count(1)
    expect(page.locator("#precon-decks [data-precon=cannot]")).to_have_count(0)
    page.goto("/decks/precons/")
    expect(page.locator("#precon-decks [data-precon]")).to_have_count(2)

    # One copy fewer of a card: the deck needs four, so it is no longer buildable.
    page.goto("/decks/collection/")
    page.fill(f"[name=owned_{cards[0].id}]", "3")
    page.click("#collection-counts button")
    page.goto("/decks/precons/?buildable=1")
    expect(page.locator("#precon-decks [data-precon]")).to_have_count(0)

    # The export reads back as the same collection.
    exported = page.request.get("/decks/collection/export.csv").body().decode("utf-8-sig")
    assert exported.splitlines()[0] == "count,name,release,number"
    assert f"3,{cards[0].name_ru},," in exported


def test_a_decklist_and_a_proxy_sheet_print_to_pdf(page, tmp_path):
    content_load(data_dir=write_data(tmp_path / "data"))  # cards whose faces the schema draws
    deck = Deck.objects.get(precon_key="test-fleet")
    first = deck_content(deck=deck).entries[0]
    faces = 1 + sum(entry.count for entry in deck_content(deck=deck).entries)
    UserFactory(username="collector")
    _sign_in(page)

    page.goto(f"/decks/{deck.id}/")
    page.click("#print-link")
    expect(page.locator("#decklist h1")).to_have_text(deck.name)
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    decklist = tmp_path / "decklist.pdf"
    page.pdf(path=str(decklist), prefer_css_page_size=True)
    assert _pdf_pages(decklist.read_bytes()) == 1
    text = subprocess.run(
        ["pdftotext", str(decklist), "-"], check=True, capture_output=True, text=True
    ).stdout
    name = Card.objects.get(pk=first.card_id).name_ru
    assert deck.name in text and name.split()[0] in text and "40" in text
    assert len(_pictures(decklist, "decklist")) == 1

    page.emulate_media(media="screen")
    page.goto(f"/decks/{deck.id}/")
    page.click("#proxies-link")
    # The Commander and every copy of every card, nine to an A4 page.
    pages = -(-faces // 9)
    expect(page.locator(".proxy")).to_have_count(faces)
    expect(page.locator(".proxy [data-card-face]")).to_have_count(faces)  # each drawn as a card
    expect(page.locator(".proxy-page")).to_have_count(pages)
    page.emulate_media(media="print")
    sheet = tmp_path / "proxies.pdf"
    page.pdf(path=str(sheet), prefer_css_page_size=True)
    assert _pdf_pages(sheet.read_bytes()) == pages
    assert len(_pictures(sheet, "proxies")) == pages
    # Every face is 63 × 88 mm (96 CSS px to the inch).
    box = page.locator(".proxy").first.bounding_box()
    assert round(box["width"] / 96 * 25.4) == 63 and round(box["height"] / 96 * 25.4) == 88


def test_two_decks_compared_side_by_side(page):
    commander, cards = legal_deck_cards()
    user = UserFactory(username="collector")
    first = services.deck_create(owner=user, name="Первая", content=_content(commander, cards))
    changed = [EntryContent(card_id=card.id, count=4) for card in cards[1:9]]
    changed.append(EntryContent(card_id=cards[9].id, count=2))
    extra = komandor_card("tactical", name_ru="Новая тактика", cost=2)
    changed.append(EntryContent(card_id=extra.id, count=4))
    second = services.deck_create(
        owner=user,
        name="Вторая",
        content=DeckContent(commander_id=commander.id, entries=tuple(changed)),
    )
    _sign_in(page)
    page.goto(f"/decks/{first.id}/")
    page.select_option("#compare-with", str(second.id))
    page.click("#compare-form button")
    expect(page).to_have_url(re.compile(r"/decks/compare/\?"))
    expect(page.locator("#compare-first h2")).to_contain_text("Первая")
    expect(page.locator("#compare-second h2")).to_contain_text("Вторая")
    expect(page.locator("#compare-added")).to_contain_text("Новая тактика")
    expect(page.locator("#compare-removed")).to_contain_text(cards[0].name_ru)
    expect(page.locator("#compare-changed")).to_contain_text(cards[9].name_ru)
    expect(page.locator("#compare-changed")).to_contain_text("4 → 2")
    # Both decks' checks and statistics.
    expect(page.locator("#compare-first #deck-card-count")).to_have_text("40")
    expect(page.locator("#compare-second #deck-card-count")).to_have_text("38")
    expect(page.locator("#compare-first .legality")).to_have_attribute("data-valid", "true")
    expect(page.locator("#compare-second .legality")).to_have_attribute("data-valid", "false")
    _shot(page, "compare.png")


def test_an_old_version_restored_as_a_new_one(page):
    commander, cards = legal_deck_cards()
    user = UserFactory(username="collector")
    deck = services.deck_create(owner=user, name="Флот", content=_content(commander, cards))
    first = deck_content(deck=deck)
    services.deck_update(deck=deck, content=_content(commander, cards[:5], copies=1))
    _sign_in(page)
    page.goto(f"/decks/{deck.id}/versions/")
    expect(page.locator("[data-restore]")).to_have_count(1)  # not the newest version itself
    page.click("[data-restore='1']")
    expect(page).to_have_url(re.compile(rf"/decks/{deck.id}/$"))
    expect(page.locator(".message")).to_contain_text("3")
    expect(page.locator("#deck-status")).to_have_attribute("data-valid", "true")
    assert deck_content(deck=deck) == first
    assert deck.versions.count() == 3
    page.goto(f"/decks/{deck.id}/versions/")
    page.click("[data-compare-version='1']")
    expect(page.locator("#compare-same")).to_be_visible()
