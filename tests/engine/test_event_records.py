"""The log's events as typed records (issue 30, item 2): one record class per kind, the JSON
lines written from the records as the log has always been written, and read back."""

import json

import pytest

from komandor.agents.registry import make_agent
from komandor.rules import event_records as ev
from komandor.rules.decks import deck_from_dict
from komandor.rules.effect_decks import effect_deck
from komandor.rules.event_records import READERS, EventKind, event_from_dict
from komandor.rules.events import EventLog
from komandor.rules.match import run_match


def test_every_kind_has_a_record_that_reads_its_lines():
    assert set(READERS) == set(EventKind)


@pytest.mark.parametrize("seed", range(4))
def test_every_line_reads_back_as_the_record_that_wrote_it(seed):
    decks = [deck_from_dict(effect_deck(seed * 2 + side)) for side in (0, 1)]
    agents = [make_agent("heuristic"), make_agent("random", seed=seed)]
    result = run_match(decks=decks, agents=agents, seed=seed)
    lines = [json.loads(line) for line in result.log.to_jsonl().splitlines()]
    assert [line["seq"] for line in lines] == list(range(len(result.log)))
    for line, record in zip(lines, result.log, strict=True):
        read = event_from_dict(line)
        assert read is not None and read.to_dict(line["seq"]) == line == _json(record, line)
        if record.kind not in _MAPPINGS:  # their pairs come back in the line's (sorted) order
            assert read == record, line


# Kinds with a JSON object among their values (kept as pairs, in order).
_MAPPINGS = {EventKind.ROUND_END, EventKind.BATTLE_END, EventKind.POSITION}


def _json(record, line):
    return json.loads(json.dumps(record.to_dict(line["seq"])))


def test_a_line_of_a_kind_the_engine_does_not_know_reads_as_none():
    assert event_from_dict({"seq": 0, "type": "no_such_event"}) is None
    assert event_from_dict({"seq": 0}) is None


def test_a_line_lacking_a_fact_it_must_have_does_not_read():
    with pytest.raises(KeyError):
        event_from_dict({"type": "attack", "by": "p0.01"})


def test_older_lines_read_with_their_old_meaning():
    withdraw = event_from_dict({"type": "withdraw", "uid": "p0.01", "player": 0})
    assert withdraw == ev.Withdraw(uid="p0.01", player=0, allowed=True)
    choice = event_from_dict({"type": "choice", "player": 1, "kind": "gone.kind", "key": "x"})
    assert isinstance(choice, ev.Choice) and choice.decision == "gone.kind"


def test_a_destroyed_line_keeps_its_shape_in_a_battle_and_outside_one():
    in_battle = ev.Destroyed("p0.01", 0, "damage", in_battle=True)
    outside = ev.Destroyed("p0.01", 0, "intercepted", in_battle=False)
    assert in_battle.data() == {"uid": "p0.01", "player": 0, "cause": "damage"}
    assert outside.data() == {"card": "p0.01", "owner": 0, "cause": "intercepted"}
    assert event_from_dict({"type": "destroyed", **in_battle.data()}) == in_battle
    assert event_from_dict({"type": "destroyed", **outside.data()}) == outside


def test_a_disabled_log_keeps_nothing():
    decks = [deck_from_dict(effect_deck(side)) for side in (0, 1)]
    result = run_match(decks=decks, agents=[make_agent("heuristic")] * 2, seed=1, log=False)
    assert len(result.log) == 0 and result.log.to_jsonl() == ""


def test_the_lines_follow_the_records_as_they_grow_and_when_they_are_replaced():
    log = EventLog()
    log.emit(ev.Turn(turn=1))
    assert log.events == [{"seq": 0, "type": "turn", "turn": 1}]
    log.emit(ev.Priority(player=1))
    assert [line["seq"] for line in log.events] == [0, 1]
    log.records = [ev.Turn(turn=7)]
    assert log.events == [{"seq": 0, "type": "turn", "turn": 7}]
    log.events.clear()  # a new list each time: the log's own lines stay
    assert len(log.events) == 1
