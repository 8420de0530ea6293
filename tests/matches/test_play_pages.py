"""The pages of a game against the AI, with Django's client: the new-game form, my games, the
game page with its decision as buttons, the action posted without JavaScript (a redirect back)
and with it (the page's parts as JSON), refusals (a stale version, a key not offered), another
user's game and a signed-out reader, and the opponent's secrets never in the page."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from cardbase.display_names import card_names_shown
from decks.models import DeckVersion, Visibility
from komandor.agents.registry import LEVELS
from matches.models import HumanMatch
from matches.play import services as human_play
from matches.play.services import human_match_act, human_match_start, human_match_state
from matches.words.decision_text import dom_id
from tests.decks.factories import UserFactory
from tests.matches.decks import playable_deck

pytestmark = pytest.mark.django_db
UID = re.compile(r"\bp[01]\.\d+\b")
OPTION = re.compile(r'<button[^>]*name="key"[^>]*value="([^"]+)"')


@pytest.fixture
def player(db):
    return UserFactory(username="pilot")


@pytest.fixture
def decks(player):
    mine = playable_deck(player, "Баланс", visibility=Visibility.PRIVATE)
    theirs = playable_deck(UserFactory(username="rival"), "Торговцы", visibility=Visibility.PUBLIC)
    return mine, theirs


@pytest.fixture
def game(player, decks):
    mine, theirs = decks
    return human_match_start(
        owner=player,
        deck=mine.versions.get(),
        opponent=theirs.versions.get(),
        agent="heuristic",
        seat=0,
        seed=11,
    )


@pytest.fixture
def signed_in(client, player):
    client.force_login(player)
    return client


def page_of(client, match) -> str:
    response = client.get(reverse("matches:play-game", args=[match.pk]))
    assert response.status_code == 200
    return response.content.decode()


def version_of(html: str) -> int:
    return int(re.search(r'data-version="(\d+)"', html).group(1))


def test_the_new_game_form_starts_a_game_and_opens_it(signed_in, decks):
    mine, theirs = decks
    response = signed_in.get(reverse("matches:play-new"))
    assert response.status_code == 200
    html = response.content.decode()
    assert f'value="{mine.pk}"' in html and 'name="seat"' in html
    response = signed_in.post(
        reverse("matches:play-new"),
        {"deck": mine.pk, "opponent": theirs.pk, "agent": "standard", "seat": "random"},
    )
    match = HumanMatch.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("matches:play-game", args=[match.pk])
    # The level is stored as the agent it names now, so the game replays after a remap.
    assert match.human_seat in (0, 1) and match.agent == LEVELS["standard"]
    assert (match.deck.deck, match.opponent.deck) == (mine, theirs)


def test_the_new_game_form_refuses_someone_elses_private_deck(signed_in, decks):
    _mine, theirs = decks
    hidden = playable_deck(UserFactory(username="hider"), "Станции", visibility=Visibility.PRIVATE)
    response = signed_in.post(
        reverse("matches:play-new"),
        {"deck": theirs.pk, "opponent": hidden.pk, "agent": "nobody", "seat": "2"},
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    # Not mine (a public deck is an opponent, not my deck), not visible, no such agent or seat.
    assert set(errors) == {"deck", "opponent", "agent", "seat"}
    assert not HumanMatch.objects.exists()


def test_my_games_lists_in_progress_and_finished_with_continue(signed_in, game):
    html = signed_in.get(reverse("matches:play")).content.decode()
    assert reverse("matches:play-game", args=[game.pk]) in html
    assert 'id="games-in-progress"' in html
    assert reverse("matches:play-new") in html
    assert reverse("matches:play") in signed_in.get("/").content.decode()  # in the menu


def test_an_unfinished_game_never_shows_its_seed(signed_in, game):
    assert 'id="play-seed"' not in page_of(signed_in, game)


def test_the_game_page_shows_the_board_the_decision_and_the_version(signed_in, game):
    html = page_of(signed_in, game)
    state = human_match_state(game)
    assert version_of(html) == len(state.history)
    offered = OPTION.findall(html)
    assert sorted(offered) == sorted(option.key for option in state.decision.options)
    assert 'name="version"' in html and 'id="play-board"' in html
    assert "data-ready" not in html  # set by the script once its listeners are attached


def test_an_action_without_javascript_redirects_back_to_the_changed_game(signed_in, game):
    html = page_of(signed_in, game)
    version = version_of(html)
    key = OPTION.findall(html)[0]
    url = reverse("matches:play-act", args=[game.pk])
    response = signed_in.post(url, {"key": key, "version": version})
    assert response.status_code == 302
    assert response["Location"] == reverse("matches:play-game", args=[game.pk])
    game.refresh_from_db()
    after = page_of(signed_in, game)
    assert version_of(after) > version
    assert 'id="play-message"' in after and "older position" not in after


def test_a_second_post_of_the_same_action_is_refused_with_a_message(signed_in, game):
    html = page_of(signed_in, game)
    version, key = version_of(html), OPTION.findall(html)[0]
    url = reverse("matches:play-act", args=[game.pk])
    signed_in.post(url, {"key": key, "version": version})
    game.refresh_from_db()
    played = len(human_match_state(game).history)
    response = signed_in.post(url, {"key": key, "version": version}, follow=True)
    game.refresh_from_db()
    assert len(human_match_state(game).history) == played  # never applied twice
    page = response.content.decode()
    assert "старой позиции" in page or "old position" in page
    assert version_of(page) == played


def test_a_key_not_offered_is_refused_with_a_message(signed_in, game):
    html = page_of(signed_in, game)
    url = reverse("matches:play-act", args=[game.pk])
    response = signed_in.post(url, {"key": "no-such-option", "version": version_of(html)})
    assert response.status_code == 302
    page = signed_in.get(response["Location"]).content.decode()
    assert "не из предложенных" in page or "not one of the options" in page
    assert version_of(page) == version_of(html)
    # A version that is not a number is refused the same way, never a 500.
    response = signed_in.post(url, {"key": OPTION.findall(html)[0], "version": "²"})
    assert response.status_code == 302


def test_an_action_with_javascript_answers_the_pages_parts(signed_in, game):
    html = page_of(signed_in, game)
    version, key = version_of(html), OPTION.findall(html)[0]
    url = reverse("matches:play-act", args=[game.pk])
    json_accept = {"HTTP_ACCEPT": "application/json"}
    answer = signed_in.post(url, {"key": key, "version": version}, **json_accept)
    assert answer.status_code == 200
    body = answer.json()
    assert body["code"] == "ok" and body["version"] > version
    every = {"play-status", "play-narration", "play-decision", "play-threats", "board-status"}
    every |= {"board-space", "board-player-0", "board-player-1"}
    assert set(body["parts"]) == set(body["digests"]) == every  # no digests sent: every part
    assert f'data-version="{body["version"]}"' in body["parts"]["play-status"]
    stale = signed_in.post(url, {"key": key, "version": version}, **json_accept)
    assert stale.status_code == 409 and stale.json()["code"] == "stale_action"
    assert stale.json()["version"] == body["version"]  # the refreshed board comes with it
    illegal = signed_in.post(url, {"key": "nope", "version": body["version"]}, **json_accept)
    assert illegal.status_code == 400 and illegal.json()["code"] == "illegal_action"


def test_another_users_game_is_404_and_a_signed_out_reader_goes_to_log_in(client, game):
    url = reverse("matches:play-game", args=[game.pk])
    act = reverse("matches:play-act", args=[game.pk])
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client.post(act, {"key": "pass", "version": 0}).status_code == 302
    client.force_login(UserFactory(username="snoop"))
    assert client.get(url).status_code == 404
    assert client.post(act, {"key": "pass", "version": 0}).status_code == 404
    assert client.get(reverse("matches:play-game", args=[999999])).status_code == 404


def _secrets(game) -> tuple[set[str], set[str]]:
    """The names only the opponent's hand holds (no card I may see has them) and the uids of
    every card in his hand and deck and in mine, but those my decision offers (a setup
    ability card set aside, say)."""
    match_state = human_match_state(game)
    state = match_state.state
    mine, opponent = state.players[game.human_seat], state.players[1 - game.human_seat]
    offered = set()
    if match_state.decision is not None:
        offered = {uid for o in match_state.decision.options for uid in UID.findall(o.key)}
    hidden = set(opponent.hand) | set(opponent.deck) | (set(mine.deck) - offered)
    seen = {card.spec.name for uid, card in state.cards.items() if uid not in hidden}
    seen |= {state.cards[uid].spec.name for uid in mine.hand}
    names = {state.cards[uid].spec.name for uid in opponent.hand} - seen
    return names, hidden


def _assert_no_secret(html: str, game) -> None:
    names, uids = _secrets(game)
    shown = set(card_names_shown(names).values())
    for name in names | shown:
        assert name not in html, name
    for uid in uids:  # as the engine writes it (p1.07) and as the page's ids do (card-1-07)
        assert not re.search(rf"\b{re.escape(uid)}\b", html), uid
        assert not re.search(rf"\b{dom_id(uid)}\b", html), uid


def test_the_opponents_hand_and_deck_order_never_reach_the_page(signed_in, game):
    url = reverse("matches:play-act", args=[game.pk])
    checked = 0
    for _ in range(12):
        html = page_of(signed_in, game)
        _assert_no_secret(html, game)
        names, _uids = _secrets(game)
        checked += bool(names)
        offered = OPTION.findall(html)
        if not offered:
            break
        answer = signed_in.post(
            url,
            {"key": offered[-1], "version": version_of(html)},
            HTTP_ACCEPT="application/json",
        ).json()
        game.refresh_from_db()
        _assert_no_secret("".join(answer["parts"].values()), game)
    assert checked, "the opponent's hand held a name no visible card has in some position"


def test_an_illegal_deck_of_mine_is_a_field_error_not_a_game(signed_in, player, decks):
    _mine, theirs = decks
    illegal = playable_deck(player, "Станции", title="Недоделанная")
    # As a deck saved while it breaks a rule (a version is never changed through the ORM).
    DeckVersion.objects.filter(deck=illegal).update(is_valid=False)
    response = signed_in.post(
        reverse("matches:play-new"),
        {"deck": illegal.pk, "opponent": theirs.pk, "agent": "standard", "seat": "0"},
    )
    assert response.status_code == 200
    assert "deck" in response.context["form"].errors
    assert not HumanMatch.objects.exists()


def test_a_finished_game_shows_its_result_and_takes_no_more_moves(signed_in, game):
    while not game.is_finished:
        state = human_match_state(game)
        game = human_match_act(game, key=state.decision.options[-1].key, version=game.version)
    html = page_of(signed_in, game)
    assert 'id="play-result"' in html and not OPTION.findall(html)
    assert 'data-finished="1"' in html
    assert 'id="play-seed"' in html and str(game.seed) in html  # revealed once it is over
    url = reverse("matches:play-act", args=[game.pk])
    answer = signed_in.post(
        url, {"key": "pass", "version": game.version}, HTTP_ACCEPT="application/json"
    )
    assert answer.status_code == 400 and answer.json()["finished"] is True
    listed = signed_in.get(reverse("matches:play")).content.decode()
    assert '<ul class="play-games" id="games-finished">' in listed
    assert '<ul class="play-games" id="games-in-progress">' not in listed


def test_a_game_of_another_engine_version_is_a_410_page_not_a_500(signed_in, game):
    HumanMatch.objects.filter(pk=game.pk).update(engine_version="0.0.1")
    human_play.STATES.clear()  # as after the upgrade's restart
    response = signed_in.get(reverse("matches:play-game", args=[game.pk]))
    assert response.status_code == 410
    assert "0.0.1" in response.content.decode()
    url = reverse("matches:play-act", args=[game.pk])
    moved = signed_in.post(url, {"key": "pass", "version": game.version})
    assert moved.status_code == 410
    answer = signed_in.post(
        url, {"key": "pass", "version": game.version}, HTTP_ACCEPT="application/json"
    )
    assert answer.status_code == 410 and answer.json()["code"] == "game_unavailable"
    assert signed_in.get(reverse("matches:play")).status_code == 200  # the list needs no replay
