"""The English interface holds no Russian words of its own.

With the shipped content loaded and one of every kind of thing a reader can open (a player's
deck, the precons, a finished tournament and its games' replays), a reader who asked for
English walks every page kind (following links, signed out and signed in) and triggers every
kind of API error. Cyrillic may show only where it is the rule book's own content, which the
project never translates: a book row's name (shown with its transliteration, «Пират (Pirat)»),
its text and quotes, the book's stat notation (В4, ЛК), a player's own deck names, the search
language's Russian keywords, or the request's own query. The project's own content — the
starter set's names, ship classes and texts, the precons' names and descriptions — is English
in English, and a card's Russian name may stand beside its English one only marked
``lang="ru"``.

To cover a new kind of content (a game against the AI, say), add a function to
``CONTENT_KINDS`` that makes one and returns the pages to start from, and its page kinds to
``EXPECTED_VIEWS``.
"""

import re
from collections import Counter
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import Group
from django.test import Client, TestCase
from django.urls import Resolver404, resolve
from django.utils import translation
from rest_framework.test import APIClient

from cardbase.editorial.roles import PUBLISHERS
from cardbase.models import Card, Game, Origin, Release, StatedCount
from cardbase.search.fields import FIELDS
from config.celery import app as celery_app
from content.loader import MODELS, content_load
from decks import services
from decks.models import Deck
from decks.values import DeckContent, EntryContent
from komandor.rules.cards import card_from_dict
from komandor.rules.names import fold_text
from komandor.words.card_fields import card_stat_lines
from matches.models import HumanMatchStatus, Match, Status, Tournament
from matches.play.services import human_match_act, human_match_start, human_match_state
from proposals.models import CardProposal
from proposals.services import proposal_publish, proposal_submit
from tests.proposals.data import photo, proposal_data, ship

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
    """The text a reader sees, and apart from it what an element marks ``lang="ru"`` or
    ``translate="no"``."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.marked_russian: list[str] = []
        self._hidden = 0
        self._russian: list[list] = []  # [tag, depth] of open elements marked lang="ru"

    def _sink(self) -> list[str]:
        return self.marked_russian if self._russian else self.texts

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style"}:
            self._hidden += 1
        if self._russian and self._russian[-1][0] == tag:
            self._russian[-1][1] += 1
        elif ("lang", "ru") in attrs or ("translate", "no") in attrs:
            self._russian.append([tag, 1])
        hidden_input = tag == "input" and ("type", "hidden") in attrs
        for name, value in attrs:
            if value and name in SHOWN_ATTRIBUTES and not hidden_input:
                self._sink().append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style"}:
            self._hidden -= 1
        if self._russian and self._russian[-1][0] == tag:
            self._russian[-1][1] -= 1
            if not self._russian[-1][1]:
                self._russian.pop()

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self._sink().append(data)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def _printed_notation(card: Card) -> list[str]:
    """A Komandor card's stats in the book's notation as printed (В4, 4-4 (Д), ЛК); kind words
    and ship classes are interface, translated."""
    spec = card_from_dict({"name": card.name_ru, **card.attributes})
    printed = (line.text for line in card_stat_lines(spec) if not line.path.startswith(WORDS))
    return [text for text in printed if isinstance(text, str)]


# Stat lines in words, not the book's notation: translated like any interface word.
WORDS = ("kind", "ship_class", "object_type", "built_in", "properties")


def data_strings() -> list[str]:
    """What may show in Russian in English: the rule books' own content (a book row's Russian
    name only where it has no English one), the book's notation, the players' own deck and
    tournament names, the search language's Russian keywords. The project's own rows and the
    precons are not here: they are English in English."""
    strings: list[str] = list(OWN_LANGUAGE_NAMES)
    for model in {*MODELS.values(), Card, Release, Game, StatedCount}:
        for row in model.objects.all() if model is not Card else Card.all_objects.all():
            is_card = isinstance(row, Card) and row.game.slug == "komandor"
            if is_card:
                strings.extend(_printed_notation(row))
            if getattr(row, "origin", Origin.BOOK) == Origin.PROJECT:
                continue
            for field in row._meta.concrete_fields:
                value = getattr(row, field.attname)
                if field.name in {"name_ru", "label_ru"} and getattr(
                    row, field.name.replace("_ru", "_en"), ""
                ):
                    continue
                if field.name == "description" and getattr(row, "description_en", ""):
                    continue
                strings.extend(_strings(value))
    for deck in Deck.objects.filter(is_preconstructed=False):
        strings += [deck.name, deck.description]
        strings += [entry.own_name for entry in deck.entries.all()]
    strings += list(Tournament.objects.values_list("name", flat=True))
    # A player's card proposal: what he typed from his card, as printed (like a deck's name).
    for proposal in CardProposal.objects.select_related("draft"):
        strings += [proposal.printed_text, proposal.release_name, *_strings(proposal.draft.values)]
    # The search language's own keywords and value spellings (корабль, плазма, ИЛИ).
    for field in FIELDS:
        strings += [*field.keywords, *(field.aliases or {})]
    strings += ["ИЛИ", "или"]
    return strings


def russian_names() -> list[str]:
    """Every card's Russian name: what a page may show marked ``lang="ru"``."""
    return list(Card.all_objects.values_list("name_ru", flat=True))


class Leaks:
    def __init__(self, data: list[str], names: list[str] = ()) -> None:
        self.blob = "\n".join(fold_text(text) for text in data)
        self.names = "\n".join(fold_text(text) for text in names)
        self.found: dict[str, set[str]] = {}

    def is_data(self, run: str, blob: str) -> bool:
        if fold_text(run) in blob:
            return True
        pieces = [piece for piece in PIECES.split(run) if piece]
        return all(fold_text(piece) in blob for piece in pieces)

    def check_marked(self, where: str, texts: list[str]) -> None:
        """Text marked ``lang="ru"`` (a card's Russian name beside its English one) or
        ``translate="no"`` (the deck text format, which names cards by their printed Russian
        names, as the import reads them): any card's own Russian name too."""
        self.check(where, texts, blob=f"{self.blob}\n{self.names}")

    def check(
        self, where: str, texts: list[str], *, allowed: tuple[str, ...] = (), blob: str = ""
    ) -> None:
        for text in texts:
            for run in CYRILLIC_RUN.findall(text):
                if not self.is_data(run, blob or self.blob) and not any(
                    run in extra for extra in allowed
                ):
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
        leaks.check_marked(f"{view} {url}", parser.marked_russian)
        queue += [link.replace("&amp;", "&") for link in re.findall(r'href="(/[^"#]*)"', html)]
    return visited


@pytest.fixture(autouse=True)
def _language_restored():
    """English requests leave English active in this thread; the tests after these (pytest-
    django runs the ones without a database last) expect the default language."""
    yield
    translation.deactivate()


def _a_players_deck(user) -> list[str]:
    commander = Card.objects.filter(game__slug="komandor", card_type="commander").first()
    ships = Card.objects.filter(game__slug="komandor", card_type="ship")[:3]
    entries = tuple(EntryContent(card_id=card.id, count=5) for card in ships)
    deck = services.deck_create(
        owner=user,
        name="Флот «Вега»",
        content=DeckContent(commander_id=commander.id, entries=entries),
    )
    return [f"/decks/{deck.id}/", f"/decks/{deck.id}/edit/", f"/decks/{deck.id}/versions/"]


def _precons(user) -> list[str]:
    first = Deck.objects.filter(is_preconstructed=True).order_by("pk").first()
    return ["/decks/precons/", f"/decks/{first.id}/", f"/decks/{first.id}/versions/"]


def _a_finished_tournament(user) -> list[str]:
    """Two precons, two games, played here and now (Celery in-process)."""
    precons = Deck.objects.filter(is_preconstructed=True).order_by("pk")[:2]
    client = Client()
    client.force_login(user)
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    try:
        with TestCase.captureOnCommitCallbacks(execute=True):
            client.post(
                "/tournaments/new/",
                {
                    "name": "Кубок «Вега»",
                    "format": "round_robin",
                    "decks": [deck.pk for deck in precons],
                    "games_per_pairing": 2,
                    "agent_a": "heuristic",
                    "agent_b": "heuristic",
                    "seed": 3,
                    "is_public": "on",
                },
            )
    finally:
        celery_app.conf.task_always_eager = eager
    tournament = Tournament.objects.get(status=Status.FINISHED)
    match = Match.objects.filter(tournament=tournament).order_by("pk").first()
    # The replay is there to be read (not "unavailable"), with cards on the table by step 60.
    replay = client.get(f"/matches/{match.pk}/", {"step": 60}).content.decode()
    assert 'id="replay-nav"' in replay, replay[replay.find("<h2") :][:2000]
    assert 'class="board-place board-place--p' in replay  # on the board
    return [
        f"/tournaments/{tournament.pk}/",
        f"/matches/{match.pk}/",
        f"/matches/{match.pk}/?step=60",
    ]


def _games_against_the_ai(user) -> list[str]:
    """Two precons against the heuristic: one game just begun, one played to its end."""
    precons = list(Deck.objects.filter(is_preconstructed=True).order_by("pk")[:2])
    games = []
    for seat in (0, 1):
        versions = [deck.versions.order_by("-number").first() for deck in precons]
        game = human_match_start(
            owner=user, deck=versions[0], opponent=versions[1], agent="heuristic", seat=seat, seed=5
        )
        games.append(game)
    finished = games[1]
    while finished.status != HumanMatchStatus.FINISHED:
        state = human_match_state(finished)
        finished = human_match_act(
            finished, key=state.decision.options[-1].key, version=len(state.history)
        )
    return ["/play/", *(f"/play/{game.pk}/" for game in games)]


def _a_players_printed_card(user) -> list[str]:
    """Issue 35: two cards proposed by the reader with a photo, one published (a players'
    card in the catalogue), one waiting; the proposal form of a kind. Test data only."""
    publisher = type(user).objects.create_user("publisher-en", password="pw-reader-1")
    publisher.groups.add(Group.objects.get(name=PUBLISHERS))
    published = proposal_submit(data=proposal_data(), proposer=user, photo=photo())
    card = proposal_publish(proposal=published, user=publisher)
    waiting = proposal_submit(
        data=proposal_data(attributes=ship(name="Корвет «Образец» (тест)")),
        proposer=user,
        photo=photo(),
    )
    return [
        "/cards/proposals/",
        f"/cards/proposals/{waiting.pk}/",
        "/cards/propose/?kind=ship",
        f"/games/komandor/cards/{card.key}/",
    ]


# Every kind of content a reader can open: each makes one (owned by ``user``) and returns the
# pages the signed-in crawl starts from.
CONTENT_KINDS: dict[str, Callable[..., list[str]]] = {
    "a player's deck": _a_players_deck,
    "precons": _precons,
    "a tournament and its replays": _a_finished_tournament,
    "games against the AI": _games_against_the_ai,
    "a player's printed card": _a_players_printed_card,
}
# The page kinds the walk must reach, so a page that stops being linked is noticed.
EXPECTED_VIEWS = {
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
    "decks:history",
    "decks:import",
    "decks:public",
    "decks:precons",
    "login",
    "signup",
    "matches:tournaments",
    "matches:tournament-new",
    "matches:tournament",
    "matches:match",
    # Issues 23 and 24: the deck lab's and the deck tools' pages.
    "matches:swap-test",
    "decks:compare",
    "decks:collection",
    "decks:print",
    "decks:proxies",
    # Issue 22: games against the AI.
    "matches:play",
    "matches:play-new",
    "matches:play-game",
    # Issue 37: the account pages.
    "accounts:home",
    "accounts:tokens",
    "accounts:delete",
    "password_change",
    # Issue 35: printed cards proposed by players.
    "proposals:mine",
    "proposals:detail",
    "proposals:propose",
    "proposals:edit",
}


@pytest.fixture
def english_world(db, django_user_model):
    content_load()
    user = django_user_model.objects.create_user("reader", password="pw-reader-1")
    starts = [url for make in CONTENT_KINDS.values() for url in make(user)]
    deck = Deck.objects.get(owner=user)
    return user, deck, starts


def _english_client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.cookies["django_language"] = "en"
    return client


def test_every_page_kind_in_english_has_no_interface_cyrillic(client, english_world):
    user, _deck, starts = english_world
    client = _english_client(client)
    leaks = Leaks(data_strings(), russian_names())
    visited = _crawl(client, leaks, ["/", "/search/?q=Химера", "/search/?q=плазма"])
    client.force_login(user)
    signed_in = [
        "/decks/",
        "/decks/import/",
        "/tournaments/",
        "/tournaments/new/",
        "/decks/public/",
    ]
    visited += _crawl(client, leaks, [*starts, *signed_in])
    assert leaks.found == {}, {k: sorted(v)[:5] for k, v in leaks.found.items()}
    assert set(visited) >= EXPECTED_VIEWS, EXPECTED_VIEWS - set(visited)


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
    _, deck, _starts = english_world
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
    assert leaks.found == {}, {k: sorted(v)[:5] for k, v in leaks.found.items()}
    assert codes["lines"] == ["missing_count", "bad_count", "duplicate_commander"]
    assert codes["q='\"open'"] == "query_syntax" and codes["no deck"] == "not_found"
    assert codes["json deck"] == ["bad_json_entry", "bad_json_entry"]
