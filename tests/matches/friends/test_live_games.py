"""Games between two people on a real ASGI server (daphne) with real WebSocket clients on the
real Redis channel layer and this run's PostgreSQL database: a whole game played by the API
while a third user watches, each seat seeing the other's moves pushed to it, no hidden card
or seed in any message before the end (checked against the engine replaying the same
actions); stale and foreign actions refused; a rejoin within the grace period and a forfeit
past it; a clock running out; a disconnected player's clock paused or running as the table
says."""

from __future__ import annotations

import random
import re
import time
from datetime import datetime

import pytest
import requests
from django.test import Client
from django.utils.crypto import get_random_string
from websockets.exceptions import InvalidStatus

from decks.models import Visibility
from komandor.rules.match import replay_match
from komandor.rules.match_state import decode_actions
from matches.friends.services import friend_game_setup
from matches.models import FriendGame, FriendGameStatus
from tests.decks.factories import UserFactory
from tests.matches.decks import playable_deck
from tests.matches.friends.live import Socket, asgi_server
from tests.matches.workers import require_services

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

GRACE = 4.0  # seconds: short, so a forfeit takes seconds
MAX_DECISIONS = 3000  # a whole game is a few hundred; a loop that never ends fails
UID = re.compile(r"p[01]\.\d\d+")


def _served(blocker, *, grace: float):
    """daphne with this grace period, the clocks checked four times a second."""
    with blocker.unblock():
        require_services()
        with asgi_server(
            FRIEND_GAME_GRACE_SECONDS=str(grace), FRIEND_GAME_TICK_SECONDS="0.25"
        ) as base:
            yield base


@pytest.fixture(scope="module")
def server(django_db_setup, django_db_blocker):
    yield from _served(django_db_blocker, grace=GRACE)


class Player:
    """A user logged in: one session cookie for his requests (with the CSRF cookie and
    header a browser sends) and his sockets."""

    def __init__(self, base: str, name: str) -> None:
        self.base = base
        self.user = UserFactory(username=name)
        client = Client()
        client.force_login(self.user)
        self.session = client.cookies["sessionid"].value
        csrf = get_random_string(32)
        self.http = requests.Session()
        self.http.cookies.update({"sessionid": self.session, "csrftoken": csrf})
        self.http.headers["X-CSRFToken"] = csrf

    def post(self, path: str, body: dict | None = None) -> requests.Response:
        return self.http.post(f"{self.base}/api/{path}", json=body or {}, timeout=60)

    def get(self, path: str) -> requests.Response:
        return self.http.get(f"{self.base}/api/{path}", timeout=60)

    def socket(self, game_id: int) -> Socket:
        return Socket(self.base, game_id, self.session)


def table(
    server, *, clock: int | None = None, open_hands: bool = False, away_clock: str = "running"
):
    """Alice's table joined by Bob, and Carol who watches."""
    alice, bob, carol = (Player(server, name) for name in ("alice", "bob", "carol"))
    mine = playable_deck(alice.user, "Баланс", visibility=Visibility.PRIVATE)
    theirs = playable_deck(bob.user, "Бомбардировщики", visibility=Visibility.PRIVATE)
    body = {"deck": mine.pk, "seat": 0, "open_hand": open_hands, "away_clock": away_clock}
    if clock is not None:
        body["clock_seconds"] = clock
    created = alice.post("friend-games/", body)
    assert created.status_code == 201, created.text
    game = created.json()
    assert game["status"] == "waiting" and game["seed"] is None
    token = game["invite_token"]
    assert len(token) >= 32 and token in game["invite_url"]
    joined = bob.post("friend-games/join/", {"token": token, "deck": theirs.pk})
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 1 and "invite_token" not in joined.json()
    again = carol.post("friend-games/join/", {"token": token, "deck": theirs.pk})
    assert again.status_code in (400, 404), again.text  # single use (and not her deck)
    return game["id"], alice, bob, carol


def hidden_from(game: FriendGame, version: int, viewer: int | None):
    """What ``viewer`` (None: a spectator) may not know at ``version``: the uids of the
    opponent's hand and deck (both hands and decks for a spectator), and the order of his own
    deck (a seat may be offered cards of his own deck by uid, given in deck-list order)."""
    actions = decode_actions(bytes(game.actions))[:version]
    state = replay_match(friend_game_setup(game), actions, log=False).state
    hidden: set[str] = set()
    own_order: list[str] = []
    for player in state.players:
        if viewer == player.index:
            own_order = list(player.deck)
            own_order.extend(["hand:", *player.hand])
        else:
            hidden.update(player.deck)
            hidden.update(player.hand)
    return hidden, own_order


def assert_nothing_hidden(game: FriendGame, socket: Socket, viewer: int | None) -> int:
    """No message ``socket`` received before the end names a card hidden from ``viewer``
    then, nor his deck's order, nor the seed; returns how many messages named a card of the
    viewer's own hand (the check sees cards, so it could see a leaked one)."""
    own_hand_named = 0
    for message, raw in socket.messages:
        view = message["game"]
        if view["status"] != "in_progress":
            continue
        assert view["seed"] is None and str(game.seed) not in raw
        named = list(dict.fromkeys(UID.findall(raw)))
        hidden, own_order = hidden_from(game, view["version"], viewer)
        leaked = set(named) & hidden
        assert not leaked, (viewer, view["version"], sorted(leaked))
        split = own_order.index("hand:") if own_order else 0
        deck, hand = own_order[:split], set(own_order[split + 1 :])
        own = [uid for uid in named if uid in deck]
        if len(own) >= 3:
            assert own != [uid for uid in deck if uid in own], (viewer, view["version"])
        own_hand_named += bool(hand & set(named))
    return own_hand_named


def test_a_whole_game_by_the_api_while_a_third_watches(server):
    game_id, alice, bob, carol = table(server)
    sockets = [alice.socket(game_id), bob.socket(game_id)]
    watcher = carol.socket(game_id)
    players = [alice, bob]
    rng = random.Random(33)
    version = 0
    for _ in range(MAX_DECISIONS):
        views = [s.wait_for(lambda g, v=version: g["version"] >= v) for s in sockets]
        if views[0]["status"] != "in_progress":
            break
        seat = views[0]["to_move"]
        view = sockets[seat].wait_for(lambda g, v=version: g["version"] == v and g["decision"])
        key = rng.choice(view["decision"]["options"])["key"]
        answer = players[seat].post(
            f"friend-games/{game_id}/actions/", {"key": key, "version": version}
        )
        assert answer.status_code == 200, answer.text
        version = answer.json()["version"]
        # The other seat and the spectator are told of the move (pushed, not asked for).
        sockets[1 - seat].wait_for(lambda g, v=version: g["version"] >= v, timeout=30)
        watcher.wait_for(lambda g, v=version: g["version"] >= v, timeout=30)
    else:
        pytest.fail("the game did not end")
    final = [s.wait_for(lambda g: g["status"] == "finished") for s in (*sockets, watcher)]
    game = FriendGame.objects.get(pk=game_id)
    assert game.status == FriendGameStatus.FINISHED
    assert all(view["seed"] == game.seed for view in final)  # shown after the end
    assert all(view["result"]["termination"] == game.termination for view in final)
    # Nothing hidden reached anyone before the end, checked against the engine's replay.
    assert assert_nothing_hidden(game, sockets[0], 0) > 10
    assert assert_nothing_hidden(game, sockets[1], 1) > 10
    assert_nothing_hidden(game, watcher, None)
    assert len(watcher.messages) > 10
    # The finished game is listed with its result for both players.
    listed = alice.get("friend-games/").json()
    assert [row["result"]["winner"] for row in listed if row["id"] == game_id] == [game.winner]
    for s in (*sockets, watcher):
        s.close()


def test_stale_and_foreign_actions_are_refused(server):
    game_id, alice, bob, carol = table(server)
    view = alice.get(f"friend-games/{game_id}/").json()
    seat = view["to_move"]
    mover, other = (alice, bob) if seat == 0 else (bob, alice)
    detail = mover.get(f"friend-games/{game_id}/").json()
    key = detail["decision"]["options"][0]["key"]
    stale = mover.post(f"friend-games/{game_id}/actions/", {"key": key, "version": 7})
    assert stale.status_code == 409 and stale.json()["code"] == "stale_version"
    foreign = carol.post(f"friend-games/{game_id}/actions/", {"key": key, "version": 0})
    assert foreign.status_code == 404 and "code" in foreign.json()
    not_his = other.post(f"friend-games/{game_id}/actions/", {"key": key, "version": 0})
    assert not_his.status_code == 400 and not_his.json()["code"] == "illegal_action"
    assert FriendGame.objects.get(pk=game_id).version == 0  # nothing applied
    with pytest.raises(InvalidStatus):  # a socket without a login is refused at the handshake
        Socket(server, game_id, None)
    seeded = alice.post("friend-games/", {"deck": 1, "seed": 5})
    assert seeded.status_code == 400 and "seed" in seeded.json()["fields"]
    assert mover.post(f"friend-games/{game_id}/actions/", {"key": key, "version": 0}).ok


def test_a_disconnect_within_grace_rejoins_and_past_it_forfeits(server):
    game_id, alice, bob, _carol = table(server)
    first = alice.socket(game_id)
    bob_socket = bob.socket(game_id)
    first.wait_for(lambda g: g["status"] == "in_progress")
    first.close()
    again = alice.socket(game_id)  # a refresh: well within the grace period
    rejoined = again.wait_for(lambda g: g["observation"] is not None)
    assert rejoined["status"] == "in_progress" and rejoined["seat"] == 0
    whole = alice.get(f"friend-games/{game_id}/").json()  # the whole state, as the API has it
    for part in ("version", "observation", "decision", "to_move"):
        assert rejoined[part] == whole[part], part
    bob_socket.close()  # Bob leaves for good
    ended = again.wait_for(lambda g: g["status"] == "finished", timeout=GRACE + 30)
    assert ended["result"]["termination"] == "forfeit" and ended["result"]["winner"] == 0
    again.close()


def test_a_clock_runs_out(server):
    game_id, alice, _bob, _carol = table(server, clock=2)
    watching = alice.socket(game_id)
    start = watching.wait_for(lambda g: g["status"] == "in_progress")
    assert start["clock"]["left_ms"][start["to_move"]] <= 2000
    ended = watching.wait_for(lambda g: g["status"] == "finished", timeout=30)
    loser = start["to_move"]
    assert ended["result"]["termination"] == "timeout"
    assert ended["result"]["winner"] == 1 - loser and ended["clock"]["left_ms"][loser] == 0
    watching.close()


LONG_GRACE = 20.0  # seconds: longer than the clock below, so the clock decides first
SHORT_CLOCK = 8  # seconds


@pytest.fixture(scope="module")
def long_grace_server(django_db_setup, django_db_blocker):
    yield from _served(django_db_blocker, grace=LONG_GRACE)


def gone(game_id: int, seat: int) -> tuple[FriendGame, datetime]:
    """The game once the server marked ``seat`` away, and since when."""
    for _ in range(600):
        game = FriendGame.objects.get(pk=game_id)
        if (game.away_since or [None, None])[seat]:
            return game, datetime.fromisoformat(game.away_since[seat])
        time.sleep(0.05)
    raise AssertionError("the server never marked the player away")


@pytest.mark.parametrize("away_clock", ["paused", "running"])
def test_a_disconnect_within_grace_costs_clock_time_only_if_the_table_says(
    long_grace_server, away_clock
):
    """The player to move leaves for longer than his whole clock but within the grace period:
    a running clock runs out (he loses on time); a paused one costs him nothing, and once he
    is back it runs again (here, out)."""
    game_id, alice, bob, _carol = table(long_grace_server, clock=SHORT_CLOCK, away_clock=away_clock)
    seat = FriendGame.objects.get(pk=game_id).to_move
    mover, other = (alice, bob) if seat == 0 else (bob, alice)
    watching = other.socket(game_id)
    leaving = mover.socket(game_id)
    leaving.wait_for(lambda g: g["status"] == "in_progress")
    leaving.close()
    game, away = gone(game_id, seat)
    used = (away - game.clock_since).total_seconds() * 1000  # before he left
    assert used < SHORT_CLOCK * 1000, "the clock ran out before the test could disconnect"
    # Away for longer than his whole clock (the grace period is longer still).
    time.sleep(SHORT_CLOCK + 1)
    if away_clock == "running":
        ended = watching.wait_for(lambda g: g["status"] == "finished")
        assert ended["result"]["termination"] == "timeout" and ended["result"]["winner"] == 1 - seat
        watching.close()
        return
    during = other.get(f"friend-games/{game_id}/").json()
    assert during["status"] == "in_progress", during["result"]
    assert during["clock"]["paused"] == seat and during["clock"]["running"] is None
    kept = during["clock"]["left_ms"][seat]
    assert kept == int(SHORT_CLOCK * 1000 - used)  # not a millisecond of his absence
    back = mover.socket(game_id)  # he rejoins: his clock runs again from what it kept
    rejoined = back.wait_for(
        lambda g: g["status"] == "in_progress" and g["clock"]["running"] == seat
    )
    assert rejoined["clock"]["paused"] is None and rejoined["clock"]["left_ms"][seat] <= kept
    assert FriendGame.objects.get(pk=game_id).clock_left_ms[seat] == kept  # banked at rejoin
    ended = watching.wait_for(lambda g: g["status"] == "finished", timeout=kept / 1000 + 30)
    assert ended["result"]["termination"] == "timeout" and ended["result"]["winner"] == 1 - seat
    for s in (watching, back):
        s.close()


def test_past_the_grace_period_a_paused_clock_forfeits_too(server):
    game_id, alice, bob, _carol = table(server, clock=600, away_clock="paused")
    seat = FriendGame.objects.get(pk=game_id).to_move
    mover, other = (alice, bob) if seat == 0 else (bob, alice)
    watching = other.socket(game_id)
    leaving = mover.socket(game_id)
    leaving.wait_for(lambda g: g["status"] == "in_progress")
    leaving.close()
    game, away = gone(game_id, seat)
    kept = int(600_000 - (away - game.clock_since).total_seconds() * 1000)
    ended = watching.wait_for(lambda g: g["status"] == "finished", timeout=GRACE + 30)
    assert ended["result"]["termination"] == "forfeit" and ended["result"]["winner"] == 1 - seat
    assert ended["clock"]["left_ms"][seat] == kept  # paused while he was away
    watching.close()
