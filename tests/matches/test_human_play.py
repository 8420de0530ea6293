"""Games against the AI (``matches/play/services.py``): start, act, stale and illegal actions,
the state cache, the events since the person's last decision, a whole game to its end."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.http import Http404

from decks.models import Visibility
from komandor.rules.decisions import IllegalChoiceError
from komandor.rules.event_records import Choice, EventKind
from komandor.rules.match import replay_match
from komandor.rules.match_state import decode_actions
from matches.models import HumanMatch, HumanMatchStatus
from matches.play import services as human_play
from matches.play.selectors import human_match_for, human_matches_of
from matches.play.services import (
    HumanMatchError,
    IllegalActionError,
    StaleActionError,
    human_match_act,
    human_match_events_since_turn,
    human_match_setup,
    human_match_start,
    human_match_state,
)
from tests.matches.decks import playable_deck

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    human_play.STATES.clear()
    yield
    human_play.STATES.clear()


@pytest.fixture
def versions(owner):
    mine = playable_deck(owner, "Баланс", visibility=Visibility.PRIVATE).versions.get()
    theirs = playable_deck(owner, "Торговцы").versions.get()
    return mine, theirs


def start(owner, versions, **kwargs):
    mine, theirs = versions
    return human_match_start(owner=owner, deck=mine, opponent=theirs, seed=7, **kwargs)


def first_key(match) -> str:
    return human_match_state(match).decision.options[0].key


def test_a_new_game_stops_at_the_persons_first_decision(owner, versions):
    match = start(owner, versions)
    state = human_match_state(match)
    assert match.status == HumanMatchStatus.IN_PROGRESS
    assert state.decision is not None and state.decision.player == match.human_seat == 0
    assert match.version == len(state.history) == len(decode_actions(bytes(match.actions)))
    assert match.engine_version and match.agents_version
    assert HumanMatch.objects.get().version == match.version


def test_the_person_may_sit_in_seat_1(owner, versions):
    match = start(owner, versions, seat=1)
    state = human_match_state(match)
    assert state.decision.player == 1
    assert human_play.human_match_names(match) == ["heuristic", "human"]


def test_an_action_applies_the_option_and_the_agents_replies(owner, versions):
    match = start(owner, versions)
    before = match.version
    key = first_key(match)
    match = human_match_act(match, key=key, version=before)
    state = human_match_state(match)
    assert match.version > before
    assert match.version == len(state.history)
    assert state.is_over or state.decision.player == match.human_seat
    stored = decode_actions(bytes(HumanMatch.objects.get().actions))
    assert stored == state.history


def test_a_stale_version_is_refused_and_nothing_applied(owner, versions):
    match = start(owner, versions)
    version = match.version
    key = first_key(match)
    match = human_match_act(match, key=key, version=version)
    applied = match.version
    with pytest.raises(StaleActionError) as error:
        human_match_act(match, key=key, version=version)
    assert error.value.current == applied
    assert HumanMatch.objects.get().version == applied


def test_a_double_post_from_two_copies_of_the_row_applies_once(owner, versions):
    match = start(owner, versions)
    version = match.version
    key = first_key(match)
    other_tab = HumanMatch.objects.get(pk=match.pk)
    human_match_act(match, key=key, version=version)
    with pytest.raises(StaleActionError):
        human_match_act(other_tab, key=key, version=version)
    stored = decode_actions(bytes(HumanMatch.objects.get().actions))
    assert len(stored) == HumanMatch.objects.get().version
    assert human_match_state(HumanMatch.objects.get()).history == stored


def test_the_compare_and_set_refuses_a_row_changed_under_the_action(owner, versions, monkeypatch):
    """Two requests that both read version v: the one that stores second is refused."""
    match = start(owner, versions)
    version = match.version
    key = first_key(match)
    real_refresh = HumanMatch.refresh_from_db
    calls = []

    def refresh_then_race(self, *args, **kwargs):
        real_refresh(self, *args, **kwargs)
        if not calls:  # the first read: another request stores its action right after it
            calls.append(1)
            HumanMatch.objects.filter(pk=self.pk).update(version=version + 1)

    monkeypatch.setattr(HumanMatch, "refresh_from_db", refresh_then_race)
    with pytest.raises(StaleActionError):
        human_match_act(match, key=key, version=version)
    assert HumanMatch.objects.get().version == version + 1


def test_a_key_not_offered_is_refused(owner, versions):
    match = start(owner, versions)
    with pytest.raises(IllegalActionError):
        human_match_act(match, key="no-such-option", version=match.version)
    assert HumanMatch.objects.get().version == match.version
    assert human_play.STATES.get((match.pk, match.version)) is not None  # still cached


def test_the_cache_never_serves_another_history(owner, versions):
    match = start(owner, versions)
    match = human_match_act(match, key=first_key(match), version=match.version)
    cached = human_match_state(match)
    assert human_match_state(match) is cached  # a hit
    # The stored actions are the truth: a row whose actions differ at the same version is
    # replayed from them, never answered from the cache.
    actions = decode_actions(bytes(match.actions))
    changed = [0 if actions[0] else 1, *actions[1:]]
    match.actions = human_play.encode_actions(changed)
    try:
        state = human_match_state(match)
    except IllegalChoiceError:  # that history does not fit the rules: still not the cache's
        return
    assert state is not cached and state.history == changed


def test_a_miss_replays_the_stored_actions(owner, versions):
    match = start(owner, versions)
    match = human_match_act(match, key=first_key(match), version=match.version)
    seen = human_match_state(match)
    human_play.STATES.clear()  # as a new process
    again = human_match_state(HumanMatch.objects.get())
    assert again is not seen
    assert again.history == seen.history
    assert again.observation(0).to_dict() == seen.observation(0).to_dict()
    assert again.decision.kind == seen.decision.kind
    assert [o.key for o in again.decision.options] == [o.key for o in seen.decision.options]


def test_the_cache_is_bounded():
    cache = human_play.StateCache(2)
    for key in range(3):
        cache.put((key, 0), object())  # type: ignore[arg-type]
    assert len(cache) == 2 and cache.get((0, 0)) is None


def test_events_since_the_persons_last_decision(owner, versions):
    match = start(owner, versions)
    events = human_match_events_since_turn(match)
    assert events[0].kind is EventKind.MATCH  # before his first choice: everything so far
    match = human_match_act(match, key=first_key(match), version=match.version)
    state = human_match_state(match)
    since = human_match_events_since_turn(match)
    assert since and since[0].kind is not EventKind.MATCH
    # from his choice on: the choice first, then what it did and the agent's replies
    assert isinstance(since[0], Choice) and since[0].player == match.human_seat
    assert since == state.log.records[len(state.log) - len(since) :]
    assert len(since) < len(state.log)


def test_a_deck_of_another_player_that_is_private_cannot_be_played(owner, stranger, versions):
    mine, theirs = versions
    with pytest.raises(HumanMatchError) as error:
        human_match_start(owner=stranger, deck=mine, opponent=theirs)
    assert "deck" in error.value.fields
    with pytest.raises(HumanMatchError) as error:
        human_match_start(owner=stranger, deck=theirs, opponent=mine)
    assert "opponent" in error.value.fields
    assert not HumanMatch.objects.exists()


def test_an_unknown_agent_or_seat_is_refused(owner, versions):
    mine, theirs = versions
    with pytest.raises(HumanMatchError) as error:
        human_match_start(owner=owner, deck=mine, opponent=theirs, agent="oracle", seat=2)
    assert set(error.value.fields) == {"agent", "seat"}


def test_selectors_show_a_person_only_his_games(owner, stranger, versions):
    match = start(owner, versions)
    assert list(human_matches_of(owner)) == [match]
    assert list(human_matches_of(stranger)) == []
    assert human_match_for(owner, match.pk) == match
    with pytest.raises(Http404):
        human_match_for(stranger, match.pk)
    with pytest.raises(Http404):
        human_match_for(owner, match.pk + 1000)


def play_to_the_end(match) -> HumanMatch:
    for _ in range(5000):
        if match.is_finished:
            return match
        match = human_match_act(match, key=first_key(match), version=match.version)
    raise AssertionError("the game did not end")


def test_a_game_played_to_the_end_stores_its_result_and_replays(owner, versions):
    match = play_to_the_end(start(owner, versions))
    stored = HumanMatch.objects.get()
    assert stored.status == HumanMatchStatus.FINISHED
    assert stored.termination and stored.turns > 0
    replayed = replay_match(human_match_setup(stored), decode_actions(bytes(stored.actions)))
    assert replayed.is_over
    assert replayed.outcome.winner == stored.winner
    assert replayed.outcome.termination.value == stored.termination
    assert replayed.history == human_match_state(match).history
    with pytest.raises(IllegalActionError):
        human_match_act(stored, key="anything", version=stored.version)


@pytest.mark.django_db(transaction=True)
def test_requests_on_other_threads_act_on_the_cached_state(owner, versions):
    """A threaded server answers each request on another thread, while a state's rules run in
    a greenlet bound to the thread that made it: every step runs on the engine thread."""
    match = start(owner, versions)
    errors: list[BaseException] = []

    def request() -> None:
        try:
            current = HumanMatch.objects.get(pk=match.pk)
            human_match_act(current, key=first_key(current), version=current.version)
        except BaseException as error:  # reported to the test's thread
            errors.append(error)
        finally:
            connection.close()

    hits = human_play.STATES.hits
    for _ in range(3):
        thread = threading.Thread(target=request)
        thread.start()
        thread.join()
    assert errors == []
    assert human_play.STATES.hits > hits  # the states were reused, not replayed
    stored = HumanMatch.objects.get()
    assert human_match_state(stored).history == decode_actions(bytes(stored.actions))


def test_a_forked_process_starts_afresh(owner, versions, monkeypatch):
    """A forked child (a pre-forking server) has neither the parent's engine thread nor its
    states, whose greenlets belong to that thread: it makes its own and replays."""
    match = start(owner, versions)
    parent_thread = human_play._engine_thread()
    parent_state = human_match_state(match)
    monkeypatch.setattr(human_play.os, "getpid", lambda: -1)
    assert human_play._engine_thread() is not parent_thread
    child_state = human_match_state(match)
    assert child_state is not parent_state and child_state.history == parent_state.history
    match = human_match_act(match, key=child_state.decision.options[0].key, version=match.version)
    assert match.version > len(parent_state.history)
