"""Which cards may carry the player's own name (OWNNAME-1, OWNNAME-4) and that it never counts
as the card's name (OWNNAME-3).

The book: «На картах тяжелых и средних кораблей и картах космических объектов под названием
карты располагается графа "Собственное наименование"». Light ships (ЛК) and every other kind
print no such field; a ship whose size the catalogue does not state keeps its own name.
"""

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from decks import selectors, services
from decks.messages import message
from decks.models import Visibility
from decks.values import DeckContent, EntryContent
from komandor.rules.deck_rules import (
    CardFacts,
    DeckDraft,
    Severity,
    has_own_name_field,
    validate_deck,
)
from komandor.rules.rules import MAX_COPIES_PER_NAME
from tests.decks.factories import komandor_card

BOOK = "На картах тяжелых и средних кораблей и картах космических объектов"
COMMANDER = CardFacts(id=1, name="Адмирал", kind="commander")
_ids = iter(range(10_000, 20_000))


def card(kind: str, *, size: str | None = None, name: str | None = None) -> CardFacts:
    card_id = next(_ids)
    return CardFacts(id=card_id, name=name or f"Карта {card_id}", kind=kind, cost=3, size=size)


def legal_with(named: CardFacts, own_name: str, *, copies: int = 1) -> DeckDraft:
    """A legal 40-card deck holding ``copies`` of ``named``, all under ``own_name``."""
    filler = [(card("ship" if n % 2 else "space_object"), 4) for n in range(9)]
    return DeckDraft(
        commander=COMMANDER,
        entries=((named, copies), *filler, (card("ship"), 4 - copies)),
        own_names=((named, own_name),),
    )


ALLOWED = {
    "heavy ship (ТК)": ("ship", "TK"),
    "medium ship (СК)": ("ship", "SK"),
    "space object": ("space_object", None),
    "ship of unstated size": ("ship", None),
}
REFUSED = {
    "light ship (ЛК)": ("ship", "LK"),
    "ground unit": ("ground_unit", None),
    "tactical card": ("tactical", None),
}


@pytest.mark.rules("OWNNAME-1", "OWNNAME-4")
@pytest.mark.parametrize(("kind", "size"), ALLOWED.values(), ids=ALLOWED.keys())
def test_heavy_and_medium_ships_and_space_objects_take_an_own_name(kind, size):
    """«На картах тяжелых и средних кораблей и картах космических объектов под названием карты
    располагается графа "Собственное наименование"»; a ship whose size the catalogue does not
    state (the book's example ships print none) is not refused on a guess."""
    named = card(kind, size=size)
    assert has_own_name_field(named)
    report = validate_deck(legal_with(named, "Гордый"))
    assert report.problems == (), report.codes()


@pytest.mark.rules("OWNNAME-1", "OWNNAME-4")
@pytest.mark.parametrize(("kind", "size"), REFUSED.values(), ids=REFUSED.keys())
def test_light_ships_and_other_kinds_have_no_own_name_field(kind, size):
    """«На картах тяжелых и средних кораблей» — a light ship's card, like a ground unit's or a
    tactical card, has no "Собственное наименование" field to write a name in."""
    named = card(kind, size=size, name="Оса")
    assert not has_own_name_field(named)
    report = validate_deck(legal_with(named, "Жало"))
    assert report.codes() == ["own_name_not_allowed"]
    problem = report.errors[0]
    assert problem.severity is Severity.ERROR
    assert problem.cards == (named,)
    assert problem.params == {"name": "Оса", "own_name": "Жало"}
    with translation.override("ru"):
        russian = message(problem.code, problem.params)
    with translation.override("en"):
        english = message(problem.code, problem.params)
    assert "«Оса»" in russian and "Собственное наименование" in russian
    assert "“Оса”" in english and "Own name" in english


@pytest.mark.rules("OWNNAME-4")
def test_a_light_ship_without_an_own_name_is_fine():
    """«На картах тяжелых и средних кораблей»: only a written own name is refused, never the
    light ship itself."""
    light = card("ship", size="LK")
    draft = legal_with(light, "")
    assert validate_deck(draft).problems == ()


@pytest.mark.rules("OWNNAME-3", "DECK-4")
def test_own_names_never_split_the_four_copy_count():
    """«Указанное в данной графе наименование не является "Названием карты"»: four heavy ships
    under two own names are four copies of one name, and a fifth is one too many."""
    heavy = card("ship", size="TK", name="Линкор «Химера»")
    filler = [(card("space_object"), 4) for _ in range(9)]
    two_names = DeckDraft(
        commander=COMMANDER,
        entries=((heavy, 2), (heavy, 2), *filler),
        own_names=((heavy, "Гордый"), (heavy, "Грозный")),
    )
    assert validate_deck(two_names).problems == ()
    fifth = DeckDraft(
        commander=COMMANDER,
        entries=((heavy, 2), (heavy, 2), (heavy, 1), *filler),
        own_names=((heavy, "Гордый"), (heavy, "Грозный")),
    )
    report = validate_deck(fifth)
    assert report.codes() == ["too_many_copies"]
    assert report.errors[0].params["count"] == MAX_COPIES_PER_NAME + 1


# Through the catalogue, the services, the API, the text import and the builder page.


@pytest.fixture
def light_ship(db):
    return komandor_card("ship", name_ru="Штурмовик «Оса»", attributes={"size": "LK"})


@pytest.fixture
def heavy_ship(db):
    return komandor_card("ship", name_ru="Линкор «Химера»", attributes={"size": "TK"})


def _with(legal: DeckContent, *extra: EntryContent) -> DeckContent:
    return DeckContent(commander_id=legal.commander_id, entries=(*legal.entries[:-1], *extra))


def _payload(content: DeckContent) -> dict:
    return {
        "name": "Флот",
        "commander": content.commander_id,
        "entries": [
            {"card": e.card_id, "count": e.count, "own_name": e.own_name} for e in content.entries
        ],
    }


@pytest.mark.django_db
@pytest.mark.rules("OWNNAME-1", "OWNNAME-4")
def test_the_catalogue_size_decides(light_ship, heavy_ship, legal_content):
    """«тяжелых и средних кораблей»: the size comes from the card's catalogue attributes."""
    heavy = _with(legal_content, EntryContent(card_id=heavy_ship.id, count=4, own_name="Гордый"))
    assert selectors.deck_check(content=heavy)["errors"] == []
    light = _with(legal_content, EntryContent(card_id=light_ship.id, count=4, own_name="Жало"))
    errors = selectors.deck_check(content=light)["errors"]
    assert [(e["code"], e["cards"]) for e in errors] == [
        ("own_name_not_allowed", [{"id": light_ship.id, "name": "Штурмовик «Оса»"}])
    ]


@pytest.mark.django_db
@pytest.mark.rules("OWNNAME-4")
def test_api_saves_the_whole_deck_as_a_draft_and_reports_the_own_name(
    owner, light_ship, legal_content
):
    """«На картах тяжелых и средних кораблей»: the API keeps the deck (as a draft, like any
    illegal deck) and the check names the light ship; nothing is dropped, nothing is a 500."""
    content = _with(legal_content, EntryContent(card_id=light_ship.id, count=4, own_name="Жало"))
    api = APIClient()
    api.force_authenticate(owner)
    created = api.post("/api/decks/", _payload(content), format="json")
    assert created.status_code == 201, created.data
    deck = owner.decks.get()
    assert selectors.deck_content(deck=deck) == content
    assert deck.versions.get().is_valid is False
    checked = api.post("/api/decks/validate/", _payload(content), format="json")
    assert checked.status_code == 200
    assert [e["code"] for e in checked.data["errors"]] == ["own_name_not_allowed"]
    assert checked.data["errors"][0]["message"].startswith("У карты «Штурмовик «Оса»»")
    english = api.post(
        "/api/decks/validate/", _payload(content), format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    # No English name: the printed one with its transliteration.
    assert english.data["errors"][0]["message"].startswith(
        "The card “Штурмовик «Оса» (Shturmovik «Osa»)”"
    )


@pytest.mark.django_db
@pytest.mark.rules("OWNNAME-4")
def test_text_import_keeps_the_own_name_and_the_check_refuses_it(owner, light_ship):
    """«На картах тяжелых и средних кораблей»: ``{Жало}`` on a light ship is read and kept,
    and the deck check reports it."""
    komandor_card("commander", name_ru="Адмирал", cost=None)
    source = "Командор: Адмирал\n4 Штурмовик «Оса» {Жало}\n"
    report = services.deck_check_source(source=source)
    assert "own_name_not_allowed" in [e["code"] for e in report["errors"]]
    deck = services.deck_import(owner=owner, name="Импорт", source=source)
    assert deck.entries.get().own_name == "Жало"
    assert deck.versions.get().is_valid is False


@pytest.mark.django_db
@pytest.mark.rules("OWNNAME-1", "OWNNAME-4")
def test_builder_page_shows_the_own_name_problem(client, owner, light_ship, legal_content):
    """«На картах тяжелых и средних кораблей»: the builder saves the row and lists the problem."""
    deck = services.deck_create(owner=owner, name="Флот", content=legal_content)
    client.force_login(owner)
    rows = list(legal_content.entries[:-1])
    answer = client.post(
        reverse("decks:edit", args=[deck.id]),
        {
            "name": "Флот",
            "visibility": Visibility.PRIVATE,
            "commander": legal_content.commander_id,
            "entry_card": [e.card_id for e in rows] + [light_ship.id],
            "entry_count": [e.count for e in rows] + [4],
            "entry_own": ["" for _ in rows] + ["Жало"],
            "entry_setup": ["0" for _ in rows] + ["0"],
        },
        follow=True,
    )
    assert answer.status_code == 200
    page = answer.content.decode()
    assert 'data-code="own_name_not_allowed"' in page
    assert deck.entries.get(card=light_ship).own_name == "Жало"
    assert [v.is_valid for v in deck.versions.order_by("number")] == [True, False]
