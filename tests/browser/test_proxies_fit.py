"""Issue 36: a printed proxy holds all of its card — rules text included («Генерал Громов»
stopped mid-sentence). Every Komandor card of the shipped content (the whole starter set) is
put on one proxy sheet and printed by Chromium in Russian and English; no part of any face
may reach past its 63 × 88 mm card."""

import pytest
from django.core.management import call_command

from cardbase.models import Card
from decks import services
from decks.values import DeckContent, EntryContent
from tests.decks.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OVERFLOW = """() => [...document.querySelectorAll('.proxy')].map(proxy => {
  const face = proxy.querySelector('[data-card-face]');
  if (!face) return {name: proxy.textContent.trim(), faceless: true};
  const box = proxy.getBoundingClientRect();
  let past = face.scrollHeight - face.clientHeight;
  for (const part of face.querySelectorAll('*')) {
    const r = part.getBoundingClientRect();
    if (r.width && r.height) past = Math.max(past, r.bottom - box.bottom, r.right - box.right);
  }
  return {name: face.querySelector('.card-face__name').textContent.trim(), past};
})"""


@pytest.fixture
def every_card_deck(db):
    call_command("load_content", verbosity=0)
    cards = list(Card.objects.filter(game__slug="komandor").order_by("key"))
    assert Card.objects.filter(game__slug="komandor", origin="project").count() == 130
    owner = UserFactory(username="printer")
    deck = services.deck_create(
        owner=owner,
        name="Все карты",
        content=DeckContent(
            commander_id=None, entries=tuple(EntryContent(card.id, 1) for card in cards)
        ),
    )
    return deck, len(cards)


@pytest.mark.parametrize("language", ["ru", "en"])
def test_every_cards_proxy_holds_all_of_it(browser, live_server, every_card_deck, language):
    deck, count = every_card_deck
    context = browser.new_context(
        base_url=live_server.url, extra_http_headers={"Accept-Language": language}
    )
    page = context.new_page()
    page.goto("/accounts/login/")
    page.fill("#id_username", "printer")
    page.fill("#id_password", "pass-Word-123")
    page.click("form[action$='/accounts/login/'] button")
    page.goto(f"/decks/{deck.id}/proxies/")
    page.emulate_media(media="print")
    proxies = page.evaluate(OVERFLOW)
    context.close()
    assert len(proxies) == count
    assert not [p for p in proxies if p.get("faceless")], "every card is drawn as its face"
    cut = {p["name"]: p["past"] for p in proxies if p["past"] > 0.5}
    assert not cut, f"faces reaching past their card (px): {cut}"
