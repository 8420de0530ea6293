"""Deleting an account: asked with the password, at once, everything of the user gone except
the results others can see (his public tournaments, decks those and other players' results
played), kept under "deleted player" and as private as they were: nothing private of his
stays readable by anyone."""

import pytest

from accounts.deletion import DELETED_PLAYER
from accounts.models import AccessToken
from accounts.tokens import token_create
from decks import collection
from decks.models import Deck, DeckTag, DeckVersion, OwnedCard, Visibility
from decks.services import deck_update
from matches.models import HumanMatch, Match, Tournament
from matches.play.services import human_match_start
from matches.replays.services import match_create
from matches.tournaments.services import TournamentRequest, tournament_create
from tests.accounts.conftest import PASSWORD, bearer
from tests.decks.factories import UserFactory
from tests.matches.decks import playable_deck

pytestmark = pytest.mark.django_db


def _tournament(owner, versions, *, public: bool) -> Tournament:
    request = TournamentRequest(
        name="Открытый" if public else "Закрытый",
        format="round_robin",
        versions=versions,
        games_per_pairing=2,
        agents="random",
        is_public=public,
    )
    return tournament_create(owner=owner, request=request, dispatch=False)


@pytest.fixture
def world(pilot):
    other = UserFactory(username="other")
    theirs = playable_deck(other, "Баланс", visibility=Visibility.PUBLIC, title="Чужая")
    private = playable_deck(pilot, "Баланс", visibility=Visibility.PRIVATE, title="Тайная")
    deck_update(deck=private, tags=["секрет"])
    unused = playable_deck(pilot, "Торговцы", visibility=Visibility.PUBLIC, title="Без игр")
    played_elsewhere = playable_deck(
        pilot, "Бомбардировщики", visibility=Visibility.PUBLIC, title="Сыграла у другого"
    )
    in_my_public = playable_deck(
        pilot, "Станции", visibility=Visibility.PRIVATE, title="Тайная в открытом"
    )
    deck_update(deck=in_my_public, tags=["кубок"])
    latest = {deck.pk: deck.versions.order_by("-number").first() for deck in
              (theirs, private, played_elsewhere, in_my_public)}  # fmt: skip
    world = {
        "other": other,
        "theirs": theirs,
        "private": private,
        "unused": unused,
        "played_elsewhere": played_elsewhere,
        "in_my_public": in_my_public,
        "my_private_tournament": _tournament(
            pilot, [latest[private.pk], latest[theirs.pk]], public=False
        ),
        "my_public_tournament": _tournament(
            pilot, [latest[in_my_public.pk], latest[theirs.pk]], public=True
        ),
        "their_tournament": _tournament(
            other, [latest[played_elsewhere.pk], latest[theirs.pk]], public=False
        ),
        "game": human_match_start(
            owner=pilot, deck=latest[private.pk], opponent=latest[theirs.pk], agent="random"
        ),
        "match": match_create(
            owner=pilot, versions=[latest[private.pk], latest[theirs.pk]], agents="random"
        ),
        "token": token_create(user=pilot, name="script", scopes=["decks"])[1],
    }
    collection.collection_set_counts(user=pilot, counts={private.commander_id: 2})
    return world


def test_the_page_says_what_goes_and_what_stays_and_wants_the_password(client, pilot, world):
    client.force_login(pilot)
    page = client.get("/accounts/delete/")
    plan = page.context["plan"]
    assert (plan.decks_deleted, plan.decks_kept) == (2, 2)
    assert (plan.tournaments_deleted, plan.tournaments_kept) == (1, 1)
    assert (plan.games_deleted, plan.matches_deleted, plan.tokens) == (1, 1, 1)
    assert "deleted player" in page.content.decode() or "удалённый игрок" in page.content.decode()
    wrong = client.post("/accounts/delete/", {"password": "not it"})
    assert wrong.status_code == 200 and "password" in wrong.context["form"].errors
    assert type(pilot).objects.filter(pk=pilot.pk).exists()


def test_deleting_leaves_nothing_private_of_his_readable(client, pilot, world):
    mine = {
        "decks": list(Deck.objects.filter(owner=pilot).values_list("pk", flat=True)),
        "private_decks": list(
            Deck.objects.filter(owner=pilot, visibility=Visibility.PRIVATE).values_list(
                "pk", flat=True
            )
        ),
        "versions": list(
            DeckVersion.objects.filter(deck__owner=pilot).values_list("pk", flat=True)
        ),
    }
    client.force_login(pilot)
    done = client.post("/accounts/delete/", {"password": PASSWORD})
    assert done.status_code == 200 and "account-deleted" in done.content.decode()

    # Gone: the account, its sign-in, tokens, collection, games, matches, private things.
    assert not type(pilot).objects.filter(pk=pilot.pk).exists()
    assert client.get("/api/decks/").status_code in (401, 403)  # the session is over
    assert client.get("/api/decks/", **bearer(world["token"])).status_code == 401
    login = client.post("/accounts/login/", {"username": "pilot", "password": PASSWORD})
    assert login.status_code == 200  # the form again, not a redirect: no such account
    assert not AccessToken.objects.exists() and not OwnedCard.objects.exists()
    assert not HumanMatch.objects.filter(pk=world["game"].pk).exists()
    assert not Match.objects.filter(pk=world["match"].pk).exists()
    assert not Tournament.objects.filter(pk=world["my_private_tournament"].pk).exists()
    assert not Deck.objects.filter(pk__in=[world["private"].pk, world["unused"].pk]).exists()

    # Stays, under "deleted player": his public tournament and the decks results played.
    heir = type(pilot).objects.get(username=DELETED_PLAYER)
    assert not heir.is_active and not heir.has_usable_password()
    kept = Tournament.objects.get(pk=world["my_public_tournament"].pk)
    assert kept.owner == heir and kept.entries.count() == 2
    for key, visibility in (("played_elsewhere", "public"), ("in_my_public", "private")):
        deck = Deck.objects.get(pk=world[key].pk)
        assert (deck.owner, deck.visibility) == (heir, visibility)
    assert not DeckTag.objects.filter(deck__owner=heir).exists()
    assert Tournament.objects.get(pk=world["their_tournament"].pk).owner == world["other"]

    # Nothing private of his is readable, by anyone: every deck of his that was private, and
    # every version he saved while private, answers 404 to a visitor and to another player.
    other = client_for(world["other"])
    for reader in (client_for(None), other):
        for deck_id in mine["private_decks"]:
            for path in ("", "versions/", "export/text/", "export/json/", "stats/"):
                assert reader.get(f"/api/decks/{deck_id}/{path}").status_code == 404
            assert reader.get(f"/decks/{deck_id}/").status_code == 404
        for tournament in ("my_private_tournament",):
            tid = world[tournament].pk
            assert reader.get(f"/api/tournaments/{tid}/").status_code == 404
        assert reader.get(f"/api/ai-games/{world['game'].pk}/").status_code in (401, 403, 404)
        assert reader.get(f"/api/matches/{world['match'].pk}/").status_code == 404
        public = reader.get(f"/api/tournaments/{kept.pk}/").json()
        assert public["owner"] == DELETED_PLAYER
    still = set(DeckVersion.objects.filter(pk__in=mine["versions"]).values_list("pk", flat=True))
    readable_private = DeckVersion.objects.filter(pk__in=still, deck__visibility=Visibility.PRIVATE)
    for version in readable_private:
        assert other.get(f"/api/decks/{version.deck_id}/versions/").status_code == 404


def client_for(user):
    from django.test import Client

    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_deleting_a_second_account_reuses_the_one_deleted_player(client, world, pilot):
    from accounts.deletion import account_delete

    account_delete(user=pilot)
    account_delete(user=world["other"])
    assert type(pilot).objects.filter(username=DELETED_PLAYER).count() == 1
    assert Tournament.objects.filter(pk=world["their_tournament"].pk).exists() is False


def test_every_model_that_points_at_a_user_is_thought_of():
    """A new model with a user in it must be thought of in accounts/deletion.py (does it stay,
    under "deleted player", or go?) and in the data download; then it is listed here."""
    from django.apps import apps
    from django.contrib.auth import get_user_model

    user = get_user_model()
    pointing = {
        f"{model._meta.label}.{field.name}"
        for model in apps.get_models()
        for field in model._meta.get_fields()
        if field.is_relation and field.many_to_one and field.related_model is user
    }
    assert pointing == {
        "admin.LogEntry.user",  # the admin's history, gone with the user (staff only)
        "cardbase.Draft.author",  # an editor's draft, kept without its author
        "cardbase.Draft.decided_by",
        "decks.Deck.owner",
        "decks.OwnedCard.owner",
        "matches.Tournament.owner",
        "matches.Match.owner",
        "matches.HumanMatch.owner",
        "accounts.AccessToken.user",
        "matches.FriendGame.creator",  # a game with a friend goes with either player
        "matches.FriendGame.guest",
        "proposals.CardProposal.proposer",  # his proposals go with him; a published card stays
        "reversion.Revision.user",  # the content history, kept without its author
    }
