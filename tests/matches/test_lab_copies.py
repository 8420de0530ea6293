"""The decks the lab makes to test a change — the deck doctor's candidates, a swap test's
changed copy — are not the player's decks: they are not in "my decks" (page, API, account
page, compare), not offered to play, enter or face in the lab ("mine"), yet their runs still
show them, and the owner still opens them from there, marked as the lab's."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from cardbase.models import Card
from decks.models import Deck
from matches.lab.doctor import doctor_create
from matches.lab.swap_tests import field_versions, swap_test_create
from matches.tournaments.selectors import enterable_decks
from tests.matches.decks import four_decks, playable_deck
from tests.matches.doctor_decks import precons

pytestmark = pytest.mark.django_db


@pytest.fixture
def runs(owner):
    hero, *others = four_decks(owner)
    swap = swap_test_create(
        owner=owner,
        version=hero.versions.get(),
        remove=Card.objects.get(name_ru="Тестовый бомбардировщик"),
        add=Card.objects.get(name_ru="Тестовая станция"),
        copies=1,
        field=[deck.versions.get() for deck in others],
        dispatch=False,
    )
    precons(owner)
    mine = playable_deck(owner, title="Мой флот")
    doctor = doctor_create(owner=owner, deck=mine, budget_games=64, dispatch=False)
    return {"own": [hero, *others, mine], "swap": swap, "doctor": doctor}


def lab_decks(run) -> set[int]:
    return {e.deck_version.deck_id for e in run.entries.select_related("deck_version")}


def test_the_labs_decks_are_not_the_players_decks(owner, runs):
    own = {deck.pk for deck in runs["own"]}
    made = (lab_decks(runs["swap"]) | lab_decks(runs["doctor"])) - own
    made -= set(Deck.objects.filter(owner__isnull=True).values_list("pk", flat=True))
    assert len(made) == 2  # the swap test's changed copy and the doctor's candidates
    assert set(Deck.objects.filter(pk__in=made).values_list("lab_copy", flat=True)) == {True}
    assert not Deck.objects.filter(pk__in=own, lab_copy=True).exists()

    client = Client()
    client.force_login(owner)
    page = client.get("/decks/").content.decode()
    for deck in Deck.objects.filter(pk__in=made):
        assert f'href="/decks/{deck.pk}/"' not in page
    api = APIClient()
    api.force_authenticate(owner)
    listed = {row["id"] for row in api.get("/api/decks/").json()}
    assert listed == own
    assert not made & set(enterable_decks(user=owner).values_list("pk", flat=True))
    assert not made & {v.deck_id for v in field_versions(user=owner, groups=["mine"])}
    home = client.get("/accounts/").context["overview"]
    assert home.decks == len(own)
    # Its run still shows it, and its owner still opens it, marked as the lab's.
    deck = Deck.objects.get(pk=min(made))
    opened = client.get(f"/decks/{deck.pk}/")
    assert opened.status_code == 200
    assert 'id="lab-copy"' in opened.content.decode()
    assert 'id="doctor-link"' not in opened.content.decode()  # no lab runs on the lab's copy
    assert 'id="deck-tournaments"' in opened.content.decode()  # its run
    assert api.get(f"/api/decks/{deck.pk}/").json()["lab_copy"] is True


def test_the_labs_copies_made_before_the_mark_are_marked_by_migration(owner):
    """decks/0006 marks the copies made before ``lab_copy`` by the description the lab writes
    on them (private decks of a player only)."""
    import importlib

    from django.apps import apps

    migration = importlib.import_module("decks.migrations.0006_deck_lab_copy")
    old = [
        playable_deck(owner, title=title, visibility="private")
        for title in ("Флот: deck doctor", "Флот: −1 A, +1 B", "Мой", "Открытый")
    ]
    descriptions = [
        "deck doctor candidates of Флот v2",
        "swap test of Флот v1",
        "my own: swap test of nothing",
        "swap test of Флот v1",
    ]
    for deck, description in zip(old, descriptions, strict=True):
        Deck.objects.filter(pk=deck.pk).update(description=description)
    Deck.objects.filter(pk=old[3].pk).update(visibility="public")
    migration.mark_lab_copies(apps, None)
    marked = [Deck.objects.get(pk=deck.pk).lab_copy for deck in old]
    assert marked == [True, True, False, False]


def test_a_lab_copy_is_refused_as_the_deck_of_a_new_lab_run(owner, runs):
    """Its own runs keep it; a new doctor run, swap test or field test on it is refused, in
    the API's envelope and on the doctor's form, saying what to do instead."""
    copy = Deck.objects.get(pk=max(lab_decks(runs["swap"])))
    assert copy.lab_copy
    remove = Card.objects.get(name_ru="Тестовый бомбардировщик").pk
    add = Card.objects.get(name_ru="Тестовая станция").pk
    api = APIClient()
    api.force_authenticate(owner)
    before = runs["swap"].__class__.objects.count()
    for url, body in (
        ("/api/deck-doctor/", {"deck": copy.pk, "budget_games": 64}),
        ("/api/swap-tests/", {"deck": copy.pk, "remove": remove, "add": add, "copies": 1}),
        ("/api/field-tests/", {"deck": copy.pk}),
    ):
        response = api.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 400, (url, response.content)
        assert "Copy to my decks" in response.content.decode(), url
    client = Client()
    client.force_login(owner)
    page = client.post(f"/decks/{copy.pk}/doctor/", {"budget_games": 64}, HTTP_ACCEPT_LANGUAGE="en")
    assert "Copy to my decks" in str(page.context["form"].non_field_errors())
    assert runs["swap"].__class__.objects.count() == before  # nothing started
    assert api.get(f"/api/tournaments/{runs['swap'].pk}/").status_code == 200  # its run stays
