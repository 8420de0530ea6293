"""A scenario per item of the effect language and per window (docs/effects.md, issue 9): the
position files in ``tests/engine/scenarios/effects/`` put this project's test cards («(тест)»)
on the table, play the phases, and name the facts they must end with (``expect``) and the
checklist rules they show (``rules``); their ``name`` quotes the book's words.

``expect`` (read here, not by the engine):

* ``events`` — partial events that must appear in the log in this order (each key equal);
* ``absent`` — partial events that must not appear at all;
* ``cards`` — label → ``zone``, ``where``, ``damage``, ``tapped``, ``controller``, ``variant``,
  ``deltas`` (the live stat changes, ``effect_play.stat_deltas``);
* ``players`` — ``"0"``/``"1"`` → ``resources``, ``action_tokens``, ``commerce_tokens``,
  ``initiative``, ``victories`` (every condition he holds), ``allows`` (permissions), and a
  zone (``hand``, ``deck``, ``losses``, ``situations``): a number of cards or a list of labels;
* ``modifiers`` — the state's modifiers at the end, ``[target, stat, delta, expires]`` each;
* ``priority``, ``outcome`` (``null``, or ``winner`` and ``termination``).

``{label}`` in any string is the card's uid.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from komandor.rules.cards import Victory
from komandor.rules.effect_play import stat_deltas
from komandor.rules.effect_vocabulary import ITEMS, fired
from komandor.rules.effects import Moment, Permission
from komandor.rules.state import Zone
from komandor.rules.victory import check_start_of_turn
from komandor.rules.windows import Window
from komandor.scenario import ScenarioRun, scenario_load, scenario_run
from tests.engine.positions import position

HERE = Path(__file__).parent
SCENARIOS = HERE / "scenarios" / "effects"
ROOT = HERE.parents[1]
FILES = sorted(SCENARIOS.glob("*.json"))


def _data(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _param(path: Path) -> Any:
    rules = _data(path).get("rules", [])
    return pytest.param(path, id=path.stem, marks=[pytest.mark.rules(*rules)] if rules else [])


def _run(path: Path) -> ScenarioRun:
    return scenario_run(scenario_load(path))


# --- reading the expectations ---------------------------------------------------------------


def _labels(value: Any, uids: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        return value.format_map(uids)
    if isinstance(value, list):
        return [_labels(item, uids) for item in value]
    if isinstance(value, dict):
        return {key.format_map(uids): _labels(item, uids) for key, item in value.items()}
    return value


def _fits(event: Mapping[str, Any], wanted: Mapping[str, Any]) -> bool:
    return all(key in event and event[key] == value for key, value in wanted.items())


def expectation_problems(run: ScenarioRun, expect: Mapping[str, Any]) -> list[str]:
    """Every fact of ``expect`` the run does not end with, each named."""
    game = run.game
    assert game is not None, "effect scenarios are position scenarios"
    state = game.state
    uids = dict(run.log.of_type("position")[0]["cards"])
    expect = _labels(expect, uids)
    problems: list[str] = []
    events = run.log.events
    at = 0
    for wanted in expect.get("events", []):
        found = next((n for n in range(at, len(events)) if _fits(events[n], wanted)), None)
        if found is None:
            problems.append(f"events: no {wanted} after event #{at}")
        else:
            at = found + 1
    for unwanted in expect.get("absent", []):
        problems += [f"absent: {event}" for event in events if _fits(event, unwanted)]
    for label, facts in expect.get("cards", {}).items():
        card = state.cards[uids[label]]
        for key, value in facts.items():
            if key == "deltas":
                actual: Any = stat_deltas(game, card.uid)
            elif key == "zone":
                actual = card.zone.value
            else:
                actual = getattr(card, key)
            if actual != value:
                problems.append(f"cards.{label}.{key}: {actual!r}, expected {value!r}")
    for index, facts in expect.get("players", {}).items():
        me = state.players[int(index)]
        for key, value in facts.items():
            if key == "victories":
                actual = [v.value for v in Victory if state.has_victory(me.index, v)]
            elif key == "allows":
                actual = [p.value for p in Permission if game.effects.allows(me.index, p)]
            elif key in ("hand", "deck", "losses", "situations"):
                cards = getattr(me, key)
                actual = len(cards) if isinstance(value, int) else list(cards)
            else:
                actual = getattr(me, key)
            if actual != value:
                problems.append(f"players.{index}.{key}: {actual!r}, expected {value!r}")
    if "modifiers" in expect:
        actual = [[m.target, m.stat, m.delta, m.expires] for m in state.modifiers]
        if actual != expect["modifiers"]:
            problems.append(f"modifiers: {actual!r}, expected {expect['modifiers']!r}")
    if "priority" in expect and state.priority != expect["priority"]:
        problems.append(f"priority: {state.priority}, expected {expect['priority']}")
    if "outcome" in expect:
        wanted = expect["outcome"]
        outcome = run.outcome
        actual = None if outcome is None else outcome.to_dict()
        if (wanted is None) != (actual is None) or (
            wanted is not None and actual is not None and not _fits(actual, wanted)
        ):
            problems.append(f"outcome: {actual!r}, expected {wanted!r}")
    return problems


# --- the scenarios ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", [_param(path) for path in FILES])
def test_effect_scenario(path):
    """The scenario plays with every die and scripted choice used and ends with its facts."""
    data = _data(path)
    assert data["name"] and data.get("expect"), "a scenario says what it shows and expects"
    run = _run(path)
    assert run.unused_dice == 0 and run.unused_choices == {}
    assert expectation_problems(run, data["expect"]) == []


def test_every_vocabulary_item_and_window_has_a_scenario():
    """Every window, action (``modify`` with each ``until``, ``search`` in the deck and in the
    losses), selector key, condition key and cost (a failed roll too) takes effect in some
    scenario: counted from the logs as ``scripts/effects_report.py`` counts random matches."""
    counts: Counter[str] = Counter()
    for path in FILES:
        run = _run(path)
        assert run.game is not None
        counts += fired(run.log, run.game.state)
    assert [item for item in ITEMS if not counts[item]] == []


def test_a_fact_the_run_does_not_end_with_is_reported():
    """The checker is not vacuous: a changed number, a missing event, an unexpected one and a
    wrong outcome are each named."""
    path = SCENARIOS / "tactical_damage_then_losses.json"
    expect = _data(path)["expect"]
    run = _run(path)
    assert expectation_problems(run, expect) == []
    wrong = {
        "events": [{"type": "effect", "succeeded": False}],
        "absent": [{"type": "effect"}],
        "players": {"0": {"action_tokens": 99, "losses": 99}},
        "outcome": {"winner": 1},
    }
    problems = expectation_problems(run, wrong)
    assert [p.split(":")[0] for p in problems] == [
        "events",
        "absent",
        "players.0.action_tokens",
        "players.0.losses",
        "outcome",
    ]


def test_an_effect_scenario_plays_the_same_through_the_command_line():
    path = SCENARIOS / "tactical_damage_then_losses.json"
    completed = subprocess.run(
        [sys.executable, "-m", "komandor.scenario", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    lines = completed.stdout.splitlines()
    assert "".join(f"{line}\n" for line in lines[:-1]) == _run(path).log.to_jsonl()
    assert json.loads(lines[-1]) == {"type": "scenario_end", "unused_choices": {}, "unused_dice": 0}


# --- two readings fixed with the scenarios (docs/rules-decisions.md, «Card effects») -------------

GUILD = {
    "kind": "situation", "name": "Торговая гильдия (тест)", "resources": 3,
    "effects": [{"when": "static", "actions": [{"do": "victory", "condition": "trader"}]}],
}  # fmt: skip
JAM = {
    "kind": "situation", "name": "Блокада связи (тест)", "resources": 1,
    "effects": [{"when": "static",
                 "actions": [{"do": "forbid", "card": "верфь", "player": "opponent"}]}],
}  # fmt: skip
YARD = {
    "kind": "situation", "name": "Ремонтная верфь (тест)", "resources": 2,
    "effects": [{"when": "end_of_turn", "actions": [{"do": "draw", "count": 1}]}],
}  # fmt: skip


def _table(mine: dict[str, Any], theirs: dict[str, Any]) -> Any:
    players = [
        {"commander_at": f"home{n}", "deck": 4, "commerce_tokens": 7,
         "cards": {f"home{n}": {"card": "planet"}, **cards}}
        for n, cards in enumerate((mine, theirs))
    ]  # fmt: skip
    return position({"turn": 3, "phase": "start", "players": players})


@pytest.mark.rules("WIN-5", "WIN-8")
def test_a_static_victory_holds_only_while_its_card_stays():
    """WIN-5 read with the static effects: the condition a situation card grants is the
    player's while the card lies in its zone; discarded, it no longer wins at «в начале хода»."""
    game, uid = _table({"guild": {"card": GUILD, "zone": "situations"}}, {})
    state = game.state
    assert state.has_victory(0, Victory.TRADER) and not state.has_victory(1, Victory.TRADER)
    assert check_start_of_turn(state).winner == 0
    state.move(uid["guild"], Zone.LOSSES)
    assert not state.has_victory(0, Victory.TRADER)
    assert check_start_of_turn(state) is None


@pytest.mark.rules("SPECIAL-7", "GEN-4")
@pytest.mark.parametrize(("banned", "stops"), [("верфь", True), ("Ремонт", False)])
def test_forbidding_a_card_by_name_uses_the_book_s_name_matching(banned, stops):
    """SPECIAL-7: a card named in a text is any card «имеющие данное название, … где данное
    название указано как тип карты или составляет часть полного названия» — «верфь» stops
    «Ремонтная верфь (тест)», «Ремонт» (not a whole word of it) does not."""
    jam = {**JAM, "effects": [{"when": "static", "actions": [
        {"do": "forbid", "card": banned, "player": "opponent"}]}]}  # fmt: skip
    game, uid = _table(
        {"jam": {"card": jam, "zone": "situations"}},
        {"yard": {"card": YARD, "zone": "situations"}},
    )
    (play,) = [e for e in game.effects.attached(1) if e.key == f"{uid['yard']}:0"]
    moment = Moment(game, Window.END_OF_TURN, 1)
    assert (game.effects.playable(play, moment) == []) is stops
