"""Games between two people in the API, in process: tables and their single-use invitation,
what each viewer is shown, and the limits — every refusal a 4xx in the envelope. (The same
API on a real ASGI server with WebSockets: ``test_live_games.py``.)"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone
from rest_framework.test import APIClient

from decks.models import Visibility
from matches.friends.services import (
    clock_left_ms,
    friend_game_connected,
    friend_game_disconnected,
    friend_game_settle,
)
from matches.models import FriendGame, FriendGameStatus
from tests.decks.factories import UserFactory
from tests.matches.decks import playable_deck

pytestmark = pytest.mark.django_db


def player(name: str):
    user = UserFactory(username=name)
    client = APIClient()
    client.force_authenticate(user)
    return user, client


@pytest.fixture
def people():
    alice, alice_api = player("alice")
    bob, bob_api = player("bob")
    _carol, carol_api = player("carol")
    return {
        "alice": alice_api,
        "bob": bob_api,
        "carol": carol_api,
        "alice_deck": playable_deck(alice, "Баланс", visibility=Visibility.PRIVATE),
        "bob_deck": playable_deck(bob, "Бомбардировщики", visibility=Visibility.PRIVATE),
    }


def create(people, **body):
    answer = people["alice"].post(
        "/api/friend-games/", {"deck": people["alice_deck"].pk, "seat": 0, **body}, format="json"
    )
    assert answer.status_code == 201, answer.content
    return answer.json()


def join(people, token):
    return people["bob"].post(
        "/api/friend-games/join/", {"token": token, "deck": people["bob_deck"].pk}, format="json"
    )


def test_the_invitation_is_single_use_and_only_its_creator_sees_it(people):
    table = create(people, listed=True)
    assert table["seed"] is None and table["status"] == "waiting"
    listed = people["carol"].get("/api/friend-games/open/").json()
    assert [row["id"] for row in listed] == [table["id"]]
    assert join(people, table["invite_token"]).status_code == 200
    again = people["carol"].post(
        "/api/friend-games/join/",
        {"token": table["invite_token"], "deck": people["bob_deck"].pk},
        format="json",
    )
    assert again.status_code in (400, 404) and "code" in again.json()
    gone = people["carol"].post(
        "/api/friend-games/join/", {"token": "no-such-token", "deck": 1}, format="json"
    )
    assert gone.status_code in (400, 404) and "code" in gone.json()
    seen = people["bob"].get(f"/api/friend-games/{table['id']}/").json()
    assert "invite_token" not in seen and seen["seat"] == 1
    assert people["carol"].get("/api/friend-games/open/").json() == []


def test_another_users_private_deck_cannot_be_entered(people):
    table = create(people)
    answer = people["carol"].post(
        "/api/friend-games/join/",
        {"token": table["invite_token"], "deck": people["alice_deck"].pk},
        format="json",
    )
    assert answer.status_code == 400 and "deck" in answer.json()["fields"]
    assert FriendGame.objects.get().status == FriendGameStatus.WAITING


def test_a_seed_is_refused(people):
    answer = people["alice"].post(
        "/api/friend-games/", {"deck": people["alice_deck"].pk, "seed": 7}, format="json"
    )
    assert answer.status_code == 400 and "seed" in answer.json()["fields"]


@pytest.mark.parametrize("field", ["spectators", "open_hand", "listed"])
def test_a_yes_or_no_is_a_json_boolean_not_a_number(people, field):
    answer = people["alice"].post(
        "/api/friend-games/", {"deck": people["alice_deck"].pk, field: 0}, format="json"
    )
    assert answer.status_code == 400 and field in answer.json()["fields"]


def test_each_viewer_sees_his_own_view(people):
    table = create(people)
    join(people, table["invite_token"])
    game = f"/api/friend-games/{table['id']}/"
    views = [people[name].get(game).json() for name in ("alice", "bob", "carol")]
    to_move = views[0]["to_move"]
    assert views[to_move]["decision"] and not views[1 - to_move]["decision"]
    spectator = views[2]
    assert spectator["seat"] is None and spectator["decision"] is None
    assert spectator["observation"]["hand"] == [] and "hands" not in spectator["observation"]
    assert all(view["seed"] is None for view in views)


def test_a_game_without_spectators_is_hidden_from_others(people):
    table = create(people, spectators=False)
    join(people, table["invite_token"])
    answer = people["carol"].get(f"/api/friend-games/{table['id']}/")
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"


def test_open_tables_are_bounded_and_creating_is_throttled(people, settings):
    settings.FRIEND_OPEN_TABLES_PER_USER = 1
    create(people)
    refused = people["alice"].post(
        "/api/friend-games/", {"deck": people["alice_deck"].pk}, format="json"
    )
    assert refused.status_code == 409 and refused.json()["code"] == "too_many_tables"
    settings.FRIEND_OPEN_TABLES_PER_USER = 50
    settings.API_THROTTLE_RATES = {"friend_table": "2/min"}
    cache.clear()
    codes = [
        people["bob"]
        .post("/api/friend-games/", {"deck": people["bob_deck"].pk}, format="json")
        .status_code
        for _ in range(3)
    ]
    assert codes == [201, 201, 429]


def test_a_table_nobody_joins_expires(people, settings):
    table = create(people)
    FriendGame.objects.filter(pk=table["id"]).update(
        created_at=timezone.now() - timedelta(seconds=settings.FRIEND_TABLE_WAIT_SECONDS + 1)
    )
    answer = join(people, table["invite_token"])
    assert answer.status_code == 404 and answer.json()["code"] == "invite_invalid"
    assert FriendGame.objects.get(pk=table["id"]).status == FriendGameStatus.EXPIRED


def test_an_away_player_forfeits_after_the_grace_period_only(people, settings):
    settings.FRIEND_GAME_GRACE_SECONDS = 60
    table = create(people)
    join(people, table["invite_token"])
    friend_game_disconnected(table["id"], 1)
    game = FriendGame.objects.get(pk=table["id"])
    assert not friend_game_settle(game)  # within the grace period
    away = (timezone.now() - timedelta(seconds=61)).isoformat()
    FriendGame.objects.filter(pk=game.pk).update(away_since=[None, away])
    game.refresh_from_db()
    assert friend_game_settle(game)
    assert (game.status, game.winner, game.termination) == ("finished", 0, "forfeit")


def away_for(game_id: int, seat: int, *, started: float, left: float) -> FriendGame:
    """The seat's clock started ``started`` seconds ago and he left ``left`` seconds ago."""
    now = timezone.now()
    away: list[str | None] = [None, None]
    away[seat] = (now - timedelta(seconds=left)).isoformat()
    FriendGame.objects.filter(pk=game_id).update(
        clock_since=now - timedelta(seconds=started), away_since=away
    )
    return FriendGame.objects.get(pk=game_id)


@pytest.mark.parametrize("away_clock", ["paused", "running"])
def test_a_disconnected_players_clock_pauses_or_runs_as_the_table_says(
    people, settings, away_clock
):
    settings.FRIEND_GAME_GRACE_SECONDS = 60
    table = create(people, clock_seconds=600, away_clock=away_clock)
    assert table["clock"]["away_clock"] == away_clock
    join(people, table["invite_token"])
    seat = FriendGame.objects.get(pk=table["id"]).to_move
    # His clock ran 10 s, of which the last 8 with him away (within the grace period).
    game = away_for(table["id"], seat, started=10, left=8)
    assert not friend_game_settle(game)
    left = clock_left_ms(game)[seat]
    view = people["alice"].get(f"/api/friend-games/{table['id']}/").json()["clock"]
    if away_clock == "paused":
        assert left == 598_000  # the 2 s before he left, nothing since
        assert (view["paused"], view["running"]) == (seat, None)
    else:
        assert left <= 590_000
        assert (view["paused"], view["running"]) == (None, seat)
    # He comes back: the time used before is kept and his clock runs again from now.
    friend_game_connected(table["id"], seat)
    game.refresh_from_db()
    assert game.away_since[seat] is None
    back = clock_left_ms(game, now=timezone.now() + timedelta(seconds=5))[seat]
    if away_clock == "paused":
        assert game.clock_left_ms[seat] == 598_000 and 592_000 <= back < 593_000
    else:
        assert game.clock_left_ms[seat] == 600_000 and back <= 585_000
    # Gone past the grace period: he forfeits either way.
    game = away_for(table["id"], seat, started=70, left=61)
    assert friend_game_settle(game)
    assert (game.status, game.winner, game.termination) == ("finished", 1 - seat, "forfeit")


def test_the_away_clock_option_is_checked(people):
    answer = people["alice"].post(
        "/api/friend-games/",
        {"deck": people["alice_deck"].pk, "away_clock": "frozen"},
        format="json",
    )
    assert answer.status_code == 400 and "away_clock" in answer.json()["fields"]
    assert create(people)["clock"] is None  # no clock: nothing to pause
    no_clock = FriendGame.objects.get()
    assert no_clock.away_clock == "running"
