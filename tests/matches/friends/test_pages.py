"""The pages of games between two people, without JavaScript (each action a form post and a
redirect back, a refresh shows the game of now): a table opened, its link shared and taken
once, both seats playing on their own boards, a spectator with no hand, resign and rematch
with the seats swapped, and the limits (private decks, open tables, spent invitations)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from decks.models import Visibility
from matches.friends.services import friend_game_match_state
from matches.models import FriendGame, FriendGameStatus
from tests.matches.decks import playable_deck
from tests.matches.friends.people import signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    alice, alice_client = signed_in("alice")
    bob, bob_client = signed_in("bob")
    carol, carol_client = signed_in("carol")
    decks = {
        "alice": playable_deck(alice, "Баланс", visibility=Visibility.PRIVATE),
        "bob": playable_deck(bob, "Бомбардировщики", visibility=Visibility.PRIVATE),
    }
    return {
        "alice": (alice, alice_client),
        "bob": (bob, bob_client),
        "carol": (carol, carol_client),
        "decks": decks,
    }


def open_table(client, deck, **extra) -> FriendGame:
    body = {"deck": deck.pk, "seat": "0", "clock": "none", "spectators": "on", **extra}
    answer = client.post(reverse("matches:friends-new"), body)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    return FriendGame.objects.get(pk=int(answer["Location"].rstrip("/").rsplit("/", 1)[1]))


def joined(people) -> FriendGame:
    _alice, alice_client = people["alice"]
    _bob, bob_client = people["bob"]
    table = open_table(alice_client, people["decks"]["alice"])
    page = alice_client.get(reverse("matches:friends-game", args=[table.pk])).content.decode()
    link = re.search(r'id="invite-url" value="([^"]+)"', page).group(1)
    assert table.invite_token in link
    answer = bob_client.post(link, {"deck": people["decks"]["bob"].pk})
    assert answer.status_code == 302
    table.refresh_from_db()
    assert table.status == FriendGameStatus.IN_PROGRESS and table.invite_token is None
    return table


def test_a_table_shared_taken_once_and_played_on_each_seats_board(people):
    game = joined(people)
    _carol, carol_client = people["carol"]
    spent = carol_client.get(reverse("matches:friends-join", args=["x" * 32]))
    assert spent.status_code == 404 and "invite-gone" in spent.content.decode()
    clients = [people["alice"][1], people["bob"][1]]
    state = friend_game_match_state(game)
    seat = state.decision.player
    page = clients[seat].get(reverse("matches:friends-game", args=[game.pk])).content.decode()
    assert 'id="decision"' in page
    other = clients[1 - seat].get(reverse("matches:friends-game", args=[game.pk])).content
    assert b'id="decision"' not in other
    watching = carol_client.get(reverse("matches:friends-game", args=[game.pk])).content.decode()
    assert 'id="spectating"' in watching and 'id="decision"' not in watching
    key = state.decision.options[0].key
    act = reverse("matches:friends-act", args=[game.pk])
    assert clients[seat].post(act, {"key": key, "version": 0}).status_code == 302
    game.refresh_from_db()
    assert game.version >= 1
    stale = clients[seat].post(act, {"key": key, "version": 0}, HTTP_ACCEPT="application/json")
    assert stale.status_code == 409 and stale.json()["code"] == "stale_action"
    assert carol_client.post(act, {"key": key, "version": game.version}).status_code == 404
    parts = clients[0].get(reverse("matches:friends-parts", args=[game.pk])).json()
    assert set(parts["parts"]) >= {"play-status", "play-board", "play-decision"}


def test_resign_then_rematch_with_the_seats_swapped(people):
    game = joined(people)
    alice_client, bob_client = people["alice"][1], people["bob"][1]
    bob_client.post(reverse("matches:friends-resign", args=[game.pk]))
    game.refresh_from_db()
    assert (game.status, game.winner, game.termination) == ("finished", 0, "resignation")
    page = alice_client.get(reverse("matches:friends-game", args=[game.pk])).content.decode()
    assert 'id="seed"' in page and str(game.seed) in page  # shown once over
    answer = alice_client.post(reverse("matches:friends-rematch", args=[game.pk]))
    rematch = FriendGame.objects.get(rematch_of=game)
    assert answer["Location"].endswith(f"/{rematch.pk}/")
    assert rematch.creator_seat == 1 and rematch.status == FriendGameStatus.IN_PROGRESS
    bob_client.post(reverse("matches:friends-rematch", args=[game.pk]))
    assert FriendGame.objects.filter(rematch_of=game).count() == 1


def test_a_draw_is_agreed_when_both_offer(people):
    game = joined(people)
    for name in ("alice", "bob"):
        people[name][1].post(reverse("matches:friends-draw", args=[game.pk]))
    game.refresh_from_db()
    assert (game.status, game.winner, game.termination) == ("finished", None, "agreed_draw")


def test_another_users_private_deck_cannot_be_brought(people):
    _alice, alice_client = people["alice"]
    answer = alice_client.post(
        reverse("matches:friends-new"),
        {"deck": people["decks"]["bob"].pk, "seat": "0", "clock": "none"},
    )
    assert answer.status_code == 200 and not FriendGame.objects.exists()


def test_open_tables_per_user_are_bounded(people, settings):
    settings.FRIEND_OPEN_TABLES_PER_USER = 2
    alice_client = people["alice"][1]
    for _ in range(2):
        open_table(alice_client, people["decks"]["alice"])
    answer = alice_client.post(
        reverse("matches:friends-new"),
        {"deck": people["decks"]["alice"].pk, "seat": "0", "clock": "none"},
    )
    assert answer.status_code == 200 and 'class="error"' in answer.content.decode()
    assert FriendGame.objects.count() == 2


def test_the_away_clock_is_chosen_on_the_form_and_shown_on_the_table(people):
    alice_client, bob_client = people["alice"][1], people["bob"][1]
    form = alice_client.get(reverse("matches:friends-new")).content.decode()
    assert 'name="away_clock" value="paused"' in form
    table = open_table(alice_client, people["decks"]["alice"], clock="5+3", away_clock="paused")
    assert table.away_clock == "paused"
    page = alice_client.get(reverse("matches:friends-game", args=[table.pk])).content.decode()
    assert 'id="away-clock"' in page and "тем временем стоят" in page
    link = reverse("matches:friends-join", args=[table.invite_token])
    bob_client.post(link, {"deck": people["decks"]["bob"].pk})
    table.refresh_from_db()
    seat = table.to_move
    away = [None, None]
    away[seat] = timezone.now().isoformat()
    FriendGame.objects.filter(pk=table.pk).update(away_since=away)
    watcher = people["carol"][1]
    page = watcher.get(reverse("matches:friends-game", args=[table.pk])).content.decode()
    assert f'data-paused="{seat}"' in page and "friends-clock__paused" in page
    assert "data-running" not in page  # the page does not count a paused clock down
    parts = watcher.get(reverse("matches:friends-parts", args=[table.pk])).json()
    assert parts["paused"] == str(seat)
    watcher.cookies["django_language"] = "en"
    english = watcher.get(reverse("matches:friends-game", args=[table.pk])).content.decode()
    assert "paused: disconnected" in english and "paused meanwhile" in english
