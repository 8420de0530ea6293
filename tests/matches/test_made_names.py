"""Issue 36: what the site writes itself reads in the reader's language — a field test's and a
swap test's names (and the swap test's changed copy), stored in both; the lab's decimals with
the reader's separator; the heatmap's shortened labels whole in a numbered legend."""

import pytest
from django.utils import translation

from cardbase.models import Card
from decks.models import Deck
from matches.lab.swap_tests import field_test_create, swap_test_create
from matches.templatetags.match_figures import points
from matches.tournaments.services import tournament_play_inline
from tests.matches.decks import four_decks

pytestmark = pytest.mark.django_db


def test_a_field_tests_name_reads_in_each_language(owner, stranger, client):
    decks = four_decks(stranger)
    for deck in decks[1:]:
        Deck.objects.filter(pk=deck.pk).update(
            owner=None, is_preconstructed=True, precon_key=f"test-{deck.pk}"
        )
    Deck.objects.filter(pk=decks[0].pk).update(name_en="Balance")
    decks[0].refresh_from_db()
    with translation.override("en"):  # made by an English reader: stored in both all the same
        tournament = field_test_create(owner=owner, version=decks[0].versions.get(), dispatch=False)
    assert tournament.localised_name("ru") == "Баланс v1: против готовых колод"
    assert tournament.localised_name("en") == "Balance v1: against the precons"
    russian = client.get("/tournaments/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    english = client.get("/tournaments/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "против готовых колод" in russian and "against the precons" not in russian
    assert "Balance v1: against the precons" in english and "против" not in english
    page = client.get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "<h1>Balance v1: against the precons</h1>" in page.content.decode()


def test_a_swap_tests_names_read_in_each_language(owner):
    hero, *others = four_decks(owner)
    Card.objects.filter(name_ru="Тестовый бомбардировщик").update(name_en="Test Bomber")
    Card.objects.filter(name_ru="Тестовая станция").update(name_en="Test Station")
    tournament = swap_test_create(
        owner=owner,
        version=hero.versions.get(),
        remove=Card.objects.get(name_ru="Тестовый бомбардировщик"),
        add=Card.objects.get(name_ru="Тестовая станция"),
        copies=1,
        field=[deck.versions.get() for deck in others],
        dispatch=False,
    )
    assert tournament.localised_name("ru") == (
        "Баланс: −1 Тестовый бомбардировщик, +1 Тестовая станция"
    )
    assert tournament.localised_name("en") == "Баланс: −1 Test Bomber, +1 Test Station"
    changed = tournament.entries.get(rank=1).deck_version.deck
    assert changed.localised_name("en") == tournament.localised_name("en")
    assert changed.localised_name("ru") == tournament.localised_name("ru")


def test_lab_decimals_follow_the_readers_language():
    with translation.override("ru"):
        assert points(0.042) == "+4,2" and points(-0.1) == "-10,0"
    with translation.override("en"):
        assert points(0.042) == "+4.2" and points(-0.1) == "-10.0"
    assert points(None) == "—"


def test_the_heatmap_lists_every_name_whole(owner, client):
    from matches.tournaments.services import TournamentRequest, tournament_create

    decks = four_decks(owner)[:2]
    long_name = "Очень длинное название колоды, которое не помещается"
    Deck.objects.filter(pk=decks[0].pk).update(name=long_name)
    tournament = tournament_play_inline(
        tournament=tournament_create(
            owner=owner,
            request=TournamentRequest(
                name="Кубок",
                format="round_robin",
                versions=[deck.versions.get() for deck in decks],
                games_per_pairing=2,
                agents="random",
                is_public=True,
            ),
            dispatch=False,
        )
    )
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    svg = page.split("<svg", 1)[1].split("</svg>", 1)[0]
    assert "Очень длинное н…" in svg  # shortened in the drawing
    legend = page.split('id="heatmap-legend"', 1)[1].split("</ol>", 1)[0]
    assert f"<li>{long_name} v1</li>" in legend and legend.count("<li>") == 2
