"""The cards a player shows are on the board (SPECIAL-10, SPECIAL-11: a card fetched from the
deck or the losses, or put into the deck, is shown to the opponent): the opponent sees the
shown cards of a hand he cannot see, face up and marked where they came from («just now» at the
decision they were shown before); a card shown and put into the deck is drawn as news until the
next decision; nothing else of the hidden hand reaches the board. Seeded precon matches of
random choices, as ``test_board.played``."""

import json
import random
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from decks.models import Deck
from komandor.rules.decks import deck_from_dict
from komandor.rules.event_records import Revealed
from komandor.rules.match import MatchSetup, new_match
from komandor.rules.match_state import MatchState
from komandor.rules.state import Zone
from matches.friends import services as friends
from matches.friends.services import friend_game_state
from matches.models import FriendGame
from matches.play.services import human_match_act, human_match_start, human_match_state
from matches.tournaments.selectors import latest_version
from matches.words.board import board_for
from matches.words.decision_text import dom_id
from tests.decks.factories import UserFactory
from tests.matches.friends.people import signed_in

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
PRECONS = [
    deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "content" / "precons").glob("*.json"))
]
NAMES = ["Alpha", "Beta"]
CARD = re.compile(r'data-card="(card-\d+-\d+)"')


def played(first: int, second: int, seed: int, steps: int):
    """Precons ``first`` against ``second``, random choices, stopped after ``steps``."""
    match = new_match(MatchSetup(decks=[PRECONS[first], PRECONS[second]], seed=seed, turn_cap=30))
    rng = random.Random(seed)
    for _ in range(steps):
        match.apply_index(rng.randrange(len(match.decision.options)))
    return match


def last_shown(match: MatchState) -> Revealed:
    return [r for r in match.log.records if isinstance(r, Revealed)][-1]


def html(board) -> str:
    return render_to_string("matches/board/_board.html", {"board": board})


# Heavy battleships against the Procurator: at decision 31 the Procurator (seat 1) has just
# fetched «Глыба» from his deck into his hand, shown.
FETCHED = (1, 5, 1, 31)
# Trade network against the Pirate raid: at decision 157 seat 0 has just put «Резкий вираж»
# from his hand into his deck, shown.
INTO_DECK = (7, 4, 2, 157)


def test_a_card_fetched_and_shown_is_on_the_opponents_board_face_up():
    match = played(*FETCHED)
    shown = last_shown(match)
    assert (shown.player, shown.frm, shown.to) == (1, Zone.DECK, Zone.HAND)
    assert shown.card in match.state.players[1].hand
    board = board_for(match, viewer=0, names=NAMES)
    them = board.players[1]
    assert them.hand is None
    assert [card.uid for card in them.shown] == [shown.card]
    card = them.shown[0]
    assert card.name == "Глыба" and card.shown_now
    with translation.override("en"):
        page = html(board_for(match, viewer=0, names=NAMES))
        assert card.face is not None and "Shown cards in the hand" in page
        assert "shown from the deck · just now" in page
    with translation.override("ru"):
        page = html(board_for(match, viewer=0, names=NAMES))
        assert "Показанные карты в руке" in page and "показана из колоды · только что" in page
    # Of seat 1's hidden hand, only the shown card reaches seat 0's page.
    hidden = {dom_id(uid) for uid in match.state.players[1].hand} - {dom_id(shown.card)}
    assert dom_id(shown.card) in CARD.findall(page)
    assert not hidden & set(CARD.findall(page))


def test_before_it_is_shown_the_card_is_not_on_the_opponents_board():
    first, second, seed, steps = FETCHED
    match = played(first, second, seed, steps - 1)
    board = board_for(match, viewer=0, names=NAMES)
    assert board.players[1].shown == [] and "p1.31" not in CARD.findall(html(board))


def test_the_shown_card_stays_on_the_board_while_in_the_hand_no_longer_as_news():
    match = played(*FETCHED)
    uid = last_shown(match).card
    for _ in range(3):  # the next decisions, none of them playing the card
        options = match.decision.options
        match.apply_index(next(i for i, o in enumerate(options) if uid not in o.key))
        assert uid in match.state.players[1].hand
        card = board_for(match, viewer=0, names=NAMES).players[1].shown[0]
        assert card.uid == uid and card.shown and not card.shown_now


def test_the_player_who_showed_it_sees_it_marked_in_his_own_hand():
    match = played(*FETCHED)
    uid = last_shown(match).card
    mine = board_for(match, viewer=1, names=NAMES).players[1]
    marked = [card for card in mine.hand if card.shown]
    assert [card.uid for card in marked] == [uid] and marked[0].shown_now
    assert not any(card.shown for card in mine.hand if card.uid != uid)


def test_a_replay_marks_it_in_the_hand_shown_to_everyone():
    match = played(*FETCHED)
    uid = last_shown(match).card
    with translation.override("en"):
        board = board_for(match, viewer=0, names=NAMES, reveal=True)
        assert "shown from the deck · just now" in html(board)
    hand = board.players[1].hand
    assert [card.uid for card in hand if card.shown_now] == [uid]


def test_news_begin_where_the_caller_says():
    """A live page passes the viewer's previous decision: the cards shown since are news."""
    match = played(*FETCHED)
    shown_at = max(i for i, r in enumerate(match.log.records) if isinstance(r, Revealed))
    at = board_for(match, viewer=0, names=NAMES, since=shown_at).players[1].shown[0]
    after = board_for(match, viewer=0, names=NAMES, since=shown_at + 1).players[1].shown[0]
    assert at.shown_now and not after.shown_now


def test_a_card_shown_and_put_into_the_deck_is_drawn_as_news_then_gone():
    match = played(*INTO_DECK)
    shown = last_shown(match)
    assert (shown.player, shown.frm, shown.to) == (0, Zone.HAND, Zone.DECK)
    board = board_for(match, viewer=1, names=NAMES)
    into = board.players[0].into_deck
    assert [card.uid for card in into] == [shown.card]
    assert into[0].name == "Резкий вираж" and into[0].shown_now
    with translation.override("en"):
        page = html(board_for(match, viewer=1, names=NAMES))
        assert "Shown and shuffled into the deck" in page and "shown from the hand" in page
    with translation.override("ru"):
        page = html(board_for(match, viewer=1, names=NAMES))
        assert "Показаны и замешаны в колоду" in page and "показана из руки" in page
    # the next decision answered: no longer news, and the card is face down in the deck
    match.apply_index(0)
    board = board_for(match, viewer=1, names=NAMES)
    assert board.players[0].into_deck == []
    assert dom_id(shown.card) not in CARD.findall(html(board))


# --- the pages of live games ------------------------------------------------------------------


@pytest.fixture
def precons(db):
    call_command("load_content", verbosity=0)
    decks = {deck.name: deck for deck in Deck.objects.filter(is_preconstructed=True)}
    return decks["Тяжёлые линкоры"], decks["Экспансия Прокуратора"]


def test_a_game_against_the_ai_shows_the_card_the_ai_fetched_and_showed(client, precons):
    """Seed 2: at the person's 11th decision the AI's Procurator has just fetched «Феррум»
    from his deck and shown it (the person's first option taken each time)."""
    player = UserFactory(username="pilot")
    client.force_login(player)
    mine, theirs = precons
    match = human_match_start(
        owner=player,
        deck=latest_version(deck=mine),
        opponent=latest_version(deck=theirs),
        agent="heuristic",
        seat=0,
        seed=2,
    )
    for _ in range(10):
        key = human_match_state(match).decision.options[0].key
        match = human_match_act(match, key=key, version=match.version)
    state = human_match_state(match)
    shown = last_shown(state)
    assert (shown.player, shown.name, shown.to) == (1, "Феррум", Zone.HAND)
    assert shown.card in state.state.players[1].hand
    url = reverse("matches:play-game", args=[match.pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    them = page[page.index('id="board-player-1"') :]
    them = them[: them.index("</section>")]
    assert "Shown cards in the hand" in them and "shown from the deck · just now" in them
    assert "Ferrum" in them and "Феррум" not in them  # the catalogue's face, in English
    hidden = {dom_id(uid) for uid in state.state.players[1].hand} - {dom_id(shown.card)}
    assert dom_id(shown.card) in CARD.findall(them)
    assert not hidden & set(CARD.findall(page))
    # his next decision answered: still in the AI's hand, on the board, no longer news (the
    # board's cards are drawn from kept HTML: the marks are part of its key)
    options = human_match_state(match).decision.options
    match = human_match_act(match, key=options[0].key, version=match.version)
    assert shown.card in human_match_state(match).state.players[1].hand
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert dom_id(shown.card) in CARD.findall(page)
    assert "shown from the deck" in page and "just now" not in page


def test_a_game_between_two_people_shows_the_shown_card_to_the_opponent_and_spectators(
    precons,
):
    """Seed 1, the options picked in a fixed pattern: after 51 moves Bob's Procurator has
    fetched «Новый Эдем» from his deck and shown it."""
    users = {name: signed_in(name) for name in ("alice", "bob", "carol")}
    first, second = precons
    game = friends.friend_game_create(
        creator=users["alice"][0], deck=latest_version(deck=first), seat=0, spectators=True
    )
    FriendGame.objects.filter(pk=game.pk).update(seed=1)
    game.refresh_from_db()
    game = friends.friend_game_join(
        user=users["bob"][0], token=game.invite_token, deck=latest_version(deck=second)
    )
    for n in range(51):
        decision = friend_game_state(game).state.decision
        user = users["alice" if decision.player == game.creator_seat else "bob"][0]
        key = decision.options[(n * 7) % len(decision.options)].key
        game = friends.friend_game_act(game, user=user, key=key, version=game.version)
    state = friend_game_state(game).state
    shown = last_shown(state)
    assert (shown.player, shown.name, shown.to) == (1, "Новый Эдем", Zone.HAND)
    hidden = {dom_id(uid) for uid in state.state.players[1].hand} - {dom_id(shown.card)}
    url = reverse("matches:friends-game", args=[game.pk])
    for name in ("alice", "carol"):  # the opponent, a spectator
        page = users[name][1].get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
        assert "Показанные карты в руке" in page and "показана из колоды" in page
        assert dom_id(shown.card) in CARD.findall(page)
        assert not hidden & set(CARD.findall(page))
