"""Issue 18: a deck version is entered in a match or a tournament, and its cards shown in a
replay or a log, only where the deck's own pages would show it; tournaments are private unless
their organiser makes them public."""

import csv
import io
import re

import pytest
from rest_framework.test import APIClient

from config.celery import app
from decks.models import Visibility
from decks.services import deck_update
from matches.models import Match, Tournament
from matches.tournaments.services import TournamentRequest, tournament_create
from tests.matches.decks import playable_deck


@pytest.fixture
def eager():
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def _api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def went_public(stranger):
    """The stranger's deck: version 1 saved while private, version 2 after going public."""
    deck = playable_deck(stranger, "Торговцы", visibility=Visibility.PRIVATE)
    deck_update(deck=deck, visibility=Visibility.PUBLIC)
    assert list(deck.versions.order_by("number").values_list("visibility", flat=True)) == [
        Visibility.PRIVATE,
        Visibility.PUBLIC,
    ]
    return deck


def _refused(response) -> None:
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "invalid"
    assert "decks" in body["fields"]


def test_a_version_saved_while_private_cannot_be_entered_in_a_match(owner, went_public):
    mine = playable_deck(owner)
    api = _api(owner)
    _refused(
        api.post(
            "/api/matches/",
            {"decks": [mine.pk, {"deck": went_public.pk, "version": 1}]},
            format="json",
        )
    )
    shared = api.post(
        "/api/matches/",
        {"decks": [mine.pk, {"deck": went_public.pk, "version": 2}]},
        format="json",
    )
    assert shared.status_code == 201, shared.json()


def test_another_players_private_deck_cannot_be_entered(owner, stranger):
    mine = playable_deck(owner)
    private = playable_deck(stranger, "Станции", visibility=Visibility.PRIVATE)
    api = _api(owner)
    for ref in (private.pk, {"deck": private.pk, "version": 1}):
        _refused(api.post("/api/matches/", {"decks": [mine.pk, ref]}, format="json"))
        _refused(
            api.post(
                "/api/tournaments/",
                {
                    "name": "Кубок",
                    "format": "round_robin",
                    "games_per_pairing": 2,
                    "decks": [mine.pk, ref],
                },
                format="json",
            )
        )


def test_a_version_saved_while_private_cannot_be_entered_in_a_tournament(owner, went_public):
    mine = playable_deck(owner)
    body = {
        "name": "Кубок",
        "format": "round_robin",
        "games_per_pairing": 2,
        "decks": [mine.pk, {"deck": went_public.pk, "version": 1}],
    }
    _refused(_api(owner).post("/api/tournaments/", body, format="json"))
    assert not Tournament.objects.exists()


def test_the_refusal_is_in_the_requests_language(owner, stranger):
    mine = playable_deck(owner)
    private = playable_deck(stranger, "Станции", visibility=Visibility.PRIVATE)
    body = {"decks": [mine.pk, {"deck": private.pk, "version": 1}]}
    ru = _api(owner).post("/api/matches/", body, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    en = _api(owner).post("/api/matches/", body, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert "колод" in ru.json()["fields"]["decks"][0]
    assert "may enter" in en.json()["fields"]["decks"][0]


def test_tournaments_are_private_unless_made_public(owner, stranger, eager):
    decks = [playable_deck(owner).pk, playable_deck(owner, "Торговцы").pk]
    api = _api(owner)
    body = {"name": "Кубок", "format": "round_robin", "games_per_pairing": 2}
    created = api.post("/api/tournaments/", {**body, "decks": decks}, format="json")
    assert created.status_code == 201, created.json()
    tournament = Tournament.objects.get(pk=created.json()["id"])
    assert tournament.is_public is False
    assert _api(stranger).get(f"/api/tournaments/{tournament.pk}/").status_code == 404
    assert _api().get(f"/tournaments/{tournament.pk}/").status_code == 404
    made = TournamentRequest(name="x", format="round_robin", versions=[], games_per_pairing=2)
    assert made.is_public is False


def test_the_form_offers_the_choice_and_starts_private(owner, client):
    client.force_login(owner)
    page = client.get("/tournaments/new/").content.decode()
    (field,) = re.findall(r'<input[^>]*name="is_public"[^>]*>', page)
    assert 'type="checkbox"' in field and "checked" not in field


@pytest.fixture
def public_tournament_with_a_private_deck(
    owner, stranger, eager, django_capture_on_commit_callbacks
):
    """The owner's public tournament: their private deck against a stranger's public one."""
    private = playable_deck(owner, visibility=Visibility.PRIVATE)
    public = playable_deck(stranger, "Торговцы", visibility=Visibility.PUBLIC)
    versions = [private.versions.get(), public.versions.get()]
    with django_capture_on_commit_callbacks(execute=True):
        tournament = tournament_create(
            owner=owner,
            request=TournamentRequest(
                name="Открытый кубок",
                format="round_robin",
                versions=versions,
                games_per_pairing=2,
                agents="random",
                is_public=True,
            ),
        )
    return Match.objects.filter(tournament=tournament).order_by("id").first()


def test_a_private_decks_log_is_only_for_its_owner(
    owner, stranger, public_tournament_with_a_private_deck
):
    match = public_tournament_with_a_private_deck
    private_seat = 0 if match.seat0.deck.owner_id == owner.pk else 1
    for client in (_api(), _api(stranger)):
        result = client.get(f"/api/matches/{match.pk}/")
        assert result.status_code == 200  # the result is public, the private Commander not
        players = result.json()["summary"]["players"]
        assert "commander" not in players[private_seat]
        assert "commander" in players[1 - private_seat]
        listed = client.get(f"/api/tournaments/{match.tournament_id}/matches/").json()
        private_deck = (match.seat0 if private_seat == 0 else match.seat1).deck_id
        for game in listed["results"]:  # seats swap from game to game
            seat = [d["deck"] for d in game["decks"]].index(private_deck)
            assert "commander" not in game["summary"]["players"][seat]
            assert "commander" in game["summary"]["players"][1 - seat]
        hidden = client.get(f"/api/matches/{match.pk}/log/")
        assert hidden.status_code == 404
        assert hidden.json()["code"] == "replay_hidden"
    assert _api(owner).get(f"/api/matches/{match.pk}/log/").status_code == 200
    own = _api(owner).get(f"/api/matches/{match.pk}/").json()["summary"]["players"]
    assert all("commander" in player for player in own)


def test_a_private_decks_replay_page_is_only_for_its_owner(
    owner, stranger, client, public_tournament_with_a_private_deck
):
    match = public_tournament_with_a_private_deck
    anonymous = client.get(f"/matches/{match.pk}/")
    assert anonymous.status_code == 200
    page = anonymous.content.decode()
    assert 'id="replay-hidden"' in page and 'id="replay-nav"' not in page
    client.force_login(stranger)
    assert 'id="replay-hidden"' in client.get(f"/matches/{match.pk}/").content.decode()
    client.force_login(owner)
    shown = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="replay-nav"' in shown and 'id="replay-hidden"' not in shown


def test_the_service_refuses_a_version_saved_while_private_too(owner, went_public):
    from matches.tournaments.errors import TournamentError

    mine = playable_deck(owner)
    request = TournamentRequest(
        name="Кубок",
        format="round_robin",
        versions=[mine.versions.get(), went_public.versions.get(number=1)],
        games_per_pairing=2,
    )
    with pytest.raises(TournamentError) as refused:
        tournament_create(owner=owner, request=request, dispatch=False)
    assert refused.value.code == "deck_not_playable"


# --- issue 36: a private deck in a public tournament shows its results, never its cards ----


def test_a_private_decks_cards_are_in_no_export_match_or_page_but_its_owners(
    owner, stranger, client, public_tournament_with_a_private_deck
):
    match = public_tournament_with_a_private_deck
    tournament = match.tournament
    private_rank = tournament.entries.get(deck_version__deck__owner=owner).rank
    private_deck = tournament.entries.get(rank=private_rank).deck_version.deck_id
    private_seat = 0 if match.seat0.deck.owner_id == owner.pk else 1
    for api in (_api(), _api(stranger)):
        cards_csv = api.get(f"/api/tournaments/{tournament.pk}/export/cards/")
        assert cards_csv.status_code == 200
        rows = list(csv.DictReader(io.StringIO(cards_csv.content.decode("utf-8-sig"))))
        assert rows and {row["entry"] for row in rows} == {str(1 - private_rank)}
        exported = api.get(f"/api/tournaments/{tournament.pk}/export/json/").json()
        assert {f["rank"] for f in exported["card_figures"]} == {1 - private_rank}
        assert len(exported["standings"]) == 2  # its results stay public
        summary = api.get(f"/api/matches/{match.pk}/").json()["summary"]
        assert summary["cards"][private_seat] is None
        assert summary["cards"][1 - private_seat]
        for game in api.get(f"/api/tournaments/{tournament.pk}/matches/").json()["results"]:
            seat = [d["deck"] for d in game["decks"]].index(private_deck)
            assert game["summary"]["cards"][seat] is None
            assert game["summary"]["cards"][1 - seat]
    page = client.get(f"/tournaments/{tournament.pk}/?deck={private_rank}").content.decode()
    assert 'id="figures-hidden"' in page and 'id="card-figures-table"' not in page
    client.force_login(owner)
    own = client.get(f"/tournaments/{tournament.pk}/?deck={private_rank}").content.decode()
    assert 'id="card-figures-table"' in own and 'id="figures-hidden"' not in own
    mine = _api(owner).get(f"/api/tournaments/{tournament.pk}/export/json/").json()
    assert {f["rank"] for f in mine["card_figures"]} == {0, 1}
    assert all(_api(owner).get(f"/api/matches/{match.pk}/").json()["summary"]["cards"])
