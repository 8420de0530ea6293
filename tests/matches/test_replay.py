"""Matches keep their moves: the replay applies a match's stored choices, with no agent."""

import json

import pytest

from komandor.agents.registry import AGENTS_VERSION
from komandor.rules.event_records import Choice, EventKind, Turn
from komandor.rules.match import ENGINE_VERSION
from komandor.rules.match_state import decode_actions
from matches.games import decks as engine_decks
from matches.games.decks import playable_deck_of
from matches.games.playing import play_game
from matches.models import Match
from matches.replays import services as replay_services
from matches.tournaments.services import (
    TournamentRequest,
    tournament_create,
    tournament_play_inline,
)
from tests.matches.decks import four_decks


@pytest.fixture
def tournament(owner):
    decks = four_decks(owner)[:3]
    request = TournamentRequest(
        name="Турнир",
        format="round_robin",
        versions=[deck.versions.get() for deck in decks],
        games_per_pairing=4,
        agents=["heuristic", "random"],
        seed=7,
    )
    return tournament_play_inline(
        tournament=tournament_create(owner=owner, request=request, dispatch=False)
    )


def played_again_with_its_agents(match):
    """The match played again by its agents, log on: its original log."""
    _, result = play_game(
        seats=[playable_deck_of(version=match.seat0), playable_deck_of(version=match.seat1)],
        agents=match.agents,
        seed=match.seed,
        turn_cap=match.turn_cap,
        log=True,
    )
    return result


def test_every_match_of_a_tournament_replays_its_own_log_from_its_stored_choices(tournament):
    matches = list(Match.objects.filter(tournament=tournament))
    assert len(matches) == 12
    for match in matches:
        assert match.agents_version == AGENTS_VERSION
        actions = bytes(match.actions)
        original = played_again_with_its_agents(match)
        assert decode_actions(actions) == original.actions
        assert 0 < len(actions) < 1000  # hundreds of bytes: a byte per choice
        assert replay_services.match_replay(match=match).events == original.log.events


def test_a_replay_asks_no_agent(tournament, monkeypatch):
    def no_agents(*args, **kwargs):
        raise AssertionError("a replay must not ask an agent")

    monkeypatch.setattr(engine_decks, "make_agent", no_agents)
    match = Match.objects.filter(tournament=tournament).first()
    log = replay_services.match_replay(match=match)
    assert log is not None and log.events[-1]["type"] == "victory"
    step = replay_services.match_replay_step(
        match=match, step=5, at_step=lambda state: state.history
    )
    assert step.step == 5 and step.events == log.records and len(step.at_step) == 5


def test_a_match_without_stored_choices_replays_while_the_engine_version_matches(tournament):
    match = Match.objects.filter(tournament=tournament).first()
    stored = replay_services.match_replay(match=match).records
    Match.objects.filter(pk=match.pk).update(actions=None)
    match.refresh_from_db()
    assert replay_services.match_replay(match=match).records == stored
    assert replay_services.match_replay_step(match=match, step=3, at_step=id).events == stored


@pytest.mark.parametrize("version", ["0.6.0", "0.5.0", "0.4.0"])
def test_a_match_stored_by_an_engine_before_the_rules_fixes_says_which_engine_it_needs(
    tournament, version
):
    """Engine 0.7.0 fixed five rules (issue 30, item 8): matches stored by 0.6.0 and 0.5.0 no
    longer replay choice for choice, and say so as 0.4.0's do."""
    match = Match.objects.filter(tournament=tournament).first()
    Match.objects.filter(pk=match.pk).update(engine_version=version)
    match.refresh_from_db()
    assert not replay_services.match_replay_possible(match=match)
    assert replay_services.match_replay(match=match) is None
    reason = replay_services.match_replay_unavailable(match=match)
    assert version in reason and ENGINE_VERSION in reason


def test_a_match_of_another_engine_version_says_so(tournament, client, owner):
    match = Match.objects.filter(tournament=tournament).first()
    Match.objects.filter(pk=match.pk).update(engine_version="0.0.1")
    match.refresh_from_db()
    assert replay_services.match_replay(match=match) is None
    reason = replay_services.match_replay_unavailable(match=match)
    assert "0.0.1" in reason and ENGINE_VERSION in reason
    client.force_login(owner)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="replay-unavailable"' in page and "0.0.1" in page and ENGINE_VERSION in page
    gone = client.get(f"/api/matches/{match.pk}/log/")
    assert gone.status_code == 410
    assert "0.0.1" in json.dumps(gone.json(), ensure_ascii=False)


def test_choices_that_do_not_fit_the_rules_give_no_replay(tournament):
    match = Match.objects.filter(tournament=tournament).first()
    Match.objects.filter(pk=match.pk).update(actions=bytes([120]) * 3)
    match.refresh_from_db()
    assert replay_services.match_replay(match=match) is None
    assert replay_services.match_replay_step(match=match, step=0, at_step=id) is None
    Match.objects.filter(pk=match.pk).update(actions=b"\x80")  # ends inside an index
    match.refresh_from_db()
    assert replay_services.match_replay(match=match) is None
    assert replay_services.match_replay_step(match=match, step=0, at_step=id) is None


def test_each_step_is_a_decision_and_turns_begin_at_their_first_decision(tournament):
    match = Match.objects.filter(tournament=tournament).first()

    def seen(state):
        return state.state.turn, None if state.decision is None else state.decision.kind

    last = replay_services.match_replay_step(match=match, step=10**6, at_step=seen)
    assert last.step == last.last and last.at_step[1] is None  # past the end: the end
    assert last.events[-1].kind is EventKind.VICTORY and last.chosen is None
    assert last.step_events[-1].kind is EventKind.VICTORY
    first = replay_services.match_replay_step(match=match, step=0, at_step=seen)
    assert first.at_step[1] is not None and first.step_events[0].kind is EventKind.MATCH
    for number, step in enumerate(last.turn_steps[:3], start=1):
        walk = replay_services.match_replay_step(match=match, step=step, at_step=seen)
        assert walk.at_step[0] == number
        assert any(isinstance(event, Turn) and event.turn == number for event in walk.step_events)
        assert isinstance(walk.step_events[0], Choice)  # the decision before, then its fruit
