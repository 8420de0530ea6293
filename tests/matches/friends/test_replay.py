"""A finished game between two people stepped through on the board (the replay of games
against the AI, from the viewer's seat): every step served to the end, a spectator shown no
card of either deck at any step (checked against the engine replaying the same actions), both
hands shown once over; refused (404) while the game runs and to whoever may not see the table;
a game ended by a resignation replays to where it stopped."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from decks.models import Visibility
from komandor.rules.match import replay_match
from komandor.rules.match_state import decode_actions
from matches.friends import services
from matches.friends.services import friend_game_match_state, friend_game_setup
from matches.models import FriendGame
from matches.tournaments.selectors import latest_version
from matches.words.decision_text import dom_id
from tests.matches.decks import playable_deck
from tests.matches.friends.people import signed_in

pytestmark = pytest.mark.django_db
MAX_DECISIONS = 3000  # a whole game is a few hundred; a loop that never ends fails
NEXT = re.compile(r'href="\?step=(\d+)" id="next"')
NEXT_TURN = re.compile(r'href="\?step=(\d+)" id="next-turn"')
LAST = re.compile(r'href="\?step=(\d+)" data-key="End"')
STEP = re.compile(r'id="step"[^>]*>\D*(\d+)\D+(\d+)')
CARD = re.compile(r'data-card="(card-\d+-\d+)"')


@pytest.fixture
def people():
    names = ("alice", "bob", "carol")
    users = {name: signed_in(name) for name in names}
    decks = {
        "alice": playable_deck(users["alice"][0], "Баланс", visibility=Visibility.PRIVATE),
        "bob": playable_deck(users["bob"][0], "Бомбардировщики", visibility=Visibility.PRIVATE),
    }
    return users, decks


def table(people, *, spectators: bool = True, seed: int = 33) -> FriendGame:
    users, decks = people
    game = services.friend_game_create(
        creator=users["alice"][0],
        deck=latest_version(deck=decks["alice"]),
        seat=0,
        spectators=spectators,
    )
    FriendGame.objects.filter(pk=game.pk).update(seed=seed)  # the same game on every run
    game.refresh_from_db()
    return services.friend_game_join(
        user=users["bob"][0], token=game.invite_token, deck=latest_version(deck=decks["bob"])
    )


def play(game: FriendGame, people, *, moves: int = MAX_DECISIONS) -> FriendGame:
    """Both seats answer, alternately the first and the last option (ends games soon)."""
    users, _decks = people
    seats = [users["alice"][0], users["bob"][0]]
    for turn in range(moves):
        if game.is_over:
            return game
        decision = friend_game_match_state(game).decision
        options = decision.options
        key = options[-1 if turn % 3 else 0].key
        game = services.friend_game_act(
            game, user=seats[decision.player], key=key, version=game.version
        )
    assert moves < MAX_DECISIONS, "the game did not end"
    return game


def deck_cards(game: FriendGame, step: int) -> tuple[set[str], set[str]]:
    """The engine's own replay of the first ``step`` actions: the page ids of the cards in
    both decks (hidden from everyone), and of those in both hands."""
    actions = decode_actions(bytes(game.actions))[:step]
    state = replay_match(friend_game_setup(game), actions, log=False).state
    decks = {dom_id(uid) for player in state.players for uid in player.deck}
    hands = {dom_id(uid) for player in state.players for uid in player.hand}
    return decks, hands


def test_a_finished_game_replays_to_the_end_and_a_spectator_sees_no_deck(people):
    users, _decks = people
    game = table(people)
    url = reverse("matches:friends-replay", args=[game.pk])
    for name in ("alice", "bob", "carol"):  # not while it runs, to nobody
        assert users[name][1].get(url).status_code == 404
    game = play(game, people, moves=40)
    assert not game.is_over and users["alice"][1].get(url).status_code == 404
    game = play(game, people)
    assert game.status == "finished" and game.termination
    last = len(decode_actions(bytes(game.actions)))
    carol = users["carol"][1]
    answer = carol.get(url)
    assert answer.status_code == 200, answer.status_code
    first = answer.content.decode()
    assert int(LAST.search(first).group(1)) == last
    step, served, hands_shown = 0, 0, 0
    while True:
        page = carol.get(url, {"step": step}).content.decode()
        assert int(STEP.search(page).group(1)) == step, step
        assert page.count('class="board-player board-player--p') == 2, step
        shown = set(CARD.findall(page))
        hidden, hands = deck_cards(game, step)
        assert not shown & hidden, (step, sorted(shown & hidden))
        hands_shown += bool(shown & hands)
        served += 1
        if step == last:
            break
        step = int(NEXT.search(page).group(1))
    assert served == last + 1 and hands_shown > last // 2  # every hand shown: it is over
    assert "board-decision" in page and 'id="replay-decision"' in page
    assert re.search(r"The match is over|Партия окончена", page)
    _hidden, hands = deck_cards(game, last)
    assert hands and hands <= set(CARD.findall(page))  # both hands revealed at the end
    # By turn: each "next turn" moves on, and they reach the end.
    turn_steps, step = [], 0
    while step < last:
        step = int(NEXT_TURN.search(carol.get(url, {"step": step}).content.decode()).group(1))
        turn_steps.append(step)
    assert turn_steps == sorted(set(turn_steps)) and len(turn_steps) >= game.turns - 1
    # The seats' own replays, linked from the finished table and from "my tables".
    for name in ("alice", "bob"):
        client = users[name][1]
        assert client.get(url, {"step": last}).status_code == 200
        table_page = client.get(reverse("matches:friends-game", args=[game.pk])).content.decode()
        assert f'href="{url}"' in table_page
        listing = client.get(reverse("matches:friends")).content.decode()
        assert f'href="{url}"' in listing


def test_a_resigned_game_replays_to_where_it_stopped(people):
    users, _decks = people
    game = play(table(people), people, moves=12)
    services.friend_game_resign(game, user=users["bob"][0])
    game.refresh_from_db()
    assert game.termination == "resignation"
    url = reverse("matches:friends-replay", args=[game.pk])
    alice = users["alice"][1]
    start = alice.get(url).content.decode()
    assert int(LAST.search(start).group(1)) == game.version == 12
    end = alice.get(url, {"step": 12}).content.decode()
    assert int(STEP.search(end).group(1)) == 12
    assert re.search(r"The match is over|Партия окончена", end)
    assert re.search(r"resignation|сдача", end)
    middle = alice.get(url, {"step": 5}).content.decode()
    assert "✓" in middle  # the option chosen there


def test_the_replay_is_refused_to_whoever_may_not_see_the_table(people):
    users, decks = people
    game = table(people, spectators=False)
    services.friend_game_resign(game, user=users["alice"][0])
    url = reverse("matches:friends-replay", args=[game.pk])
    assert users["bob"][1].get(url).status_code == 200
    assert users["carol"][1].get(url).status_code == 404  # no spectators at this table
    assert users["carol"][1].get(reverse("matches:friends-replay", args=[10**6])).status_code == 404
    anonymous = Client().get(url)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    waiting = services.friend_game_create(
        creator=users["alice"][0], deck=latest_version(deck=decks["alice"])
    )
    answer = users["alice"][1].get(reverse("matches:friends-replay", args=[waiting.pk]))
    assert answer.status_code == 404  # nobody joined: no game to replay
