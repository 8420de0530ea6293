"""The English interface holds no Russian words of its own.

With the shipped content loaded, a reader who asked for English walks every page kind
(following links from the home page, signed out and signed in) and triggers every kind of API
error; any Cyrillic in the text must be card data — a name, text, quote or stat that the
catalogue, a deck or the book's notation holds in Russian only — or the request's own query.
"""

import re
from collections import Counter
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from django.urls import Resolver404, resolve
from rest_framework.test import APIClient

from cardbase.models import Card, Game, Release, StatedCount
from cardbase.search.fields import FIELDS
from content.loader import MODELS
from decks import services
from decks.models import Deck
from decks.values import DeckContent, EntryContent
from matches.engine.cards import card_from_dict, card_stat_lines
from matches.engine.names import fold_text

CYRILLIC_RUN = re.compile(
    r"[\u0400-\u04ff](?:[\u0400-\u04ff0-9\s«»“”„\"'.,:;!?()\-–—/+]*[\u0400-\u04ff])?"
)
# A run of Cyrillic may join several data strings with punctuation, line breaks or counts
# ("Химера, Оса", "Торговец\n4 Контрабандист"); words joined by spaces must come from one.
PIECES = re.compile(r"\s*[«»“”„\"'.,:;!?()/+–—\n]\s*|\s-\s|\s*\b\d+\b\s*")
# Languages are named in their own language in the language switch.
OWN_LANGUAGE_NAMES = ("Русский",)
PAGES_PER_KIND = 4
SKIPPED_VIEWS = ("admin", "export", "jsi18n", "set_language", "logout", "face")
SHOWN_ATTRIBUTES = {
    "title",
    "aria-label",
    "placeholder",
    "alt",
    "value",
    "data-text-valid",
    "data-text-invalid",
    "content",
}


class _VisibleText(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style"}:
            self._hidden += 1
        hidden_input = tag == "input" and ("type", "hidden") in attrs
        for name, value in attrs:
            if value and name in SHOWN_ATTRIBUTES and not hidden_input:
                self.texts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style"}:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.texts.append(data)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def data_strings() -> list[str]:
    """Everything the catalogue and the decks hold as data, Russian names only where no
    English name exists."""
    strings: list[str] = list(OWN_LANGUAGE_NAMES)
    for model in {*MODELS.values(), Card, Release, Game, StatedCount}:
        for row in model.objects.all() if model is not Card else Card.all_objects.all():
            for field in row._meta.concrete_fields:
                value = getattr(row, field.attname)
                if field.name in {"name_ru", "label_ru"} and getattr(
                    row, field.name.replace("_ru", "_en"), ""
                ):
                    continue
                strings.extend(_strings(value))
            if isinstance(row, Card) and row.game.slug == "komandor":
                spec = card_from_dict({"name": row.name_ru, **row.attributes})
                # The book's notation as printed (В4, 4-4 (Д), ЛК); kind words are interface.
                printed = (line.text for line in card_stat_lines(spec) if line.path != "kind")
                strings.extend(text for text in printed if isinstance(text, str))
    for deck in Deck.objects.all():
        strings += [deck.name, deck.description]
        strings += [entry.own_name for entry in deck.entries.all()]
    # The search language's own keywords and value spellings (корабль, плазма, ИЛИ).
    for field in FIELDS:
        strings += [*field.keywords, *(field.aliases or {})]
    strings += ["ИЛИ", "или"]
    return strings


class Leaks:
    def __init__(self, data: list[str]) -> None:
        self.blob = "\n".join(fold_text(text) for text in data)
        self.found: dict[str, set[str]] = {}

    def is_data(self, run: str) -> bool:
        if fold_text(run) in self.blob:
            return True
        pieces = [piece for piece in PIECES.split(run) if piece]
        return all(fold_text(piece) in self.blob for piece in pieces)

    def check(self, where: str, texts: list[str], *, allowed: tuple[str, ...] = ()) -> None:
        for text in texts:
            for run in CYRILLIC_RUN.findall(text):
                if not self.is_data(run) and not any(run in extra for extra in allowed):
                    self.found.setdefault(where, set()).add(run)


def _crawl(client, leaks: Leaks, start: list[str]) -> Counter:
    seen: set[str] = set()
    queue = list(start)
    visited: Counter = Counter()
    while queue:
        url = queue.pop(0)
        if url in seen:
            continue
        seen.add(url)
        try:
            view = resolve(url.split("?")[0]).view_name
        except Resolver404:
            continue
        if any(part in view for part in SKIPPED_VIEWS) or visited[view] >= PAGES_PER_KIND:
            continue
        response = client.get(url)
        if response.status_code != 200 or "html" not in response["Content-Type"]:
            continue
        visited[view] += 1
        html = response.content.decode()
        parser = _VisibleText()
        parser.feed(html)
        query = response.wsgi_request.GET
        leaks.check(f"{view} {url}", parser.texts, allowed=tuple(query.values()))
        queue += [link.replace("&amp;", "&") for link in re.findall(r'href="(/[^"#]*)"', html)]
    return visited


@pytest.fixture
def english_world(shipped_content, django_user_model):
    user = django_user_model.objects.create_user("reader", password="pw-reader-1")
    commander = Card.objects.filter(game__slug="komandor", card_type="commander").first()
    ships = Card.objects.filter(game__slug="komandor", card_type="ship")[:3]
    entries = tuple(EntryContent(card_id=card.id, count=5) for card in ships)
    deck = services.deck_create(
        owner=user,
        name="Флот «Вега»",
        content=DeckContent(commander_id=commander.id, entries=entries),
    )
    return user, deck


def _english_client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.cookies["django_language"] = "en"
    return client


def test_every_page_kind_in_english_has_no_interface_cyrillic(client, english_world):
    user, deck = english_world
    client = _english_client(client)
    leaks = Leaks(data_strings())
    visited = _crawl(client, leaks, ["/", "/search/?q=Химера", "/search/?q=плазма"])
    client.force_login(user)
    visited += _crawl(
        client,
        leaks,
        [
            "/decks/",
            f"/decks/{deck.id}/",
            f"/decks/{deck.id}/edit/",
            "/decks/import/",
            "/tournaments/",
            "/tournaments/new/",
            "/decks/public/",
        ],
    )
    assert leaks.found == {}
    # The walk really reached every kind of page.
    expected = {
        "cardbase:home",
        "cardbase:search",
        "cardbase:syntax",
        "cardbase:notation",
        "cardbase:catalogue",
        "cardbase:card-detail",
        "cardbase:entry-list",
        "cardbase:entry-detail",
        "cardbase:component-list",
        "cardbase:component-detail",
        "cardbase:stated-counts",
        "decks:list",
        "decks:detail",
        "decks:edit",
        "decks:import",
        "decks:public",
        "login",
        "signup",
        "matches:tournaments",
    }
    assert expected <= set(visited)


def _api_errors(client: APIClient, deck: Deck) -> Iterator[tuple[str, Any, tuple[str, ...]]]:
    """(what, response, what the client sent — it may come back quoted in the message)."""
    bad_queries = [
        '"open',
        "- x",
        "a OR",
        "()",
        "(a",
        "a)",
        "zz:1",
        "speed:",
        "speed>=x",
        "name>1",
        "rarity:epic",
        "a\x00b",
        "x " * 40,
        "(" * 12 + "a" + ")" * 12,
    ]
    for query in bad_queries:
        yield f"q={query!r}", client.get("/api/cards/", {"q": query}), (query,)
    yield "page", client.get("/api/cards/", {"page": "zero"}), ()
    yield "page_size", client.get("/api/cards/", {"page_size": "5000"}), ()
    yield "ordering", client.get("/api/cards/", {"ordering": "nonsense"}), ()
    yield "rarity", client.get("/api/cards/", {"rarity": "epic"}), ()
    yield "search q", client.get("/api/search/"), ()
    yield "search game", client.get("/api/search/", {"q": "a", "game": "chess"}), ()
    yield "no deck", client.get("/api/decks/999999/"), ()
    for name, text in (
        ("lines", "Линкор\n1000 Оса\nКомандор: А\nКомандор: Б\n4 Химра"),
        ("problems", "Командор: Линкор класса «Химера»\n21 Линкор класса «Химера»"),
    ):
        sent = tuple(text.splitlines())
        yield name, client.post("/api/decks/validate/", {"text": text}, format="json"), sent
    bad_deck = {"deck": {"entries": [{"count": 0}], "setup_abilities": 3}}
    import_bad = {"name": "x", **bad_deck}
    yield "json deck", client.post("/api/decks/import/", import_bad, format="json"), ()
    yield "bad json", client.post("/api/decks/validate/", "{", content_type="application/json"), ()
    yield "not mine", client.patch(f"/api/decks/{deck.id}/", {"name": "x"}, format="json"), ()
    yield "tournament", client.post("/api/tournaments/", {"format": "chess"}, format="json"), ()
    yield "match", client.post("/api/matches/", {"decks": [deck.id, 999999]}, format="json"), ()
    yield "no tournament", client.get("/api/tournaments/999999/"), ()


def test_every_api_error_in_english_has_no_interface_cyrillic(english_world, django_user_model):
    _, deck = english_world
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies["django_language"] = "en"
    stranger = django_user_model.objects.create_user("stranger", password="pw-stranger-1")
    client.force_authenticate(stranger)
    leaks = Leaks(data_strings())
    statuses, codes = {}, {}
    for where, response, sent in _api_errors(client, deck):
        statuses[where] = response.status_code
        body = response.json()
        codes[where] = body.get("code") or [line["code"] for line in body.get("lines", [])]
        leaks.check(where, list(_strings(body)), allowed=sent)
    # Every request is refused with a 4xx, except the check of a readable deck (a 200 report).
    assert {where: s for where, s in statuses.items() if not 400 <= s < 500} == {"problems": 200}
    assert leaks.found == {}
    assert codes["lines"] == ["missing_count", "bad_count", "duplicate_commander"]
    assert codes["q='\"open'"] == "query_syntax" and codes["no deck"] == "not_found"
    assert codes["json deck"] == ["bad_json_entry", "bad_json_entry"]
