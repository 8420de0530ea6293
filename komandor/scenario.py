"""Scenarios: a battle or a mid-game position set up from a JSON file, fixed dice and
scripted choices.

Run one and print its JSON-lines event log::

    python -m komandor.scenario tests/engine/scenarios/book_example.json

The file format is documented in docs/scenarios.md. A battle file gives the two sides'
combatants; a file with a ``"position"`` key gives a table in the middle of a game
(``position.py``) and the phases to play from there (``"play"``). Cards are given inline, in the
canonical dict form or in the book's notation («12(8)», «В4», «2/4», «4-4»); both are read by
``cards.card_from_dict``. Scripted choices are option keys; any decision the script does not
cover goes to ``HeuristicAgent``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from komandor.agents.registry import HeuristicAgent, ScriptedAgent
from komandor.agents.simple import position_agents
from komandor.rules import event_records as ev
from komandor.rules.battle import (
    BattleResult,
    BattleRules,
    BattleSetupError,
    BattleSide,
    BattleSite,
    Combatant,
    SiteKind,
    battle_fight,
)
from komandor.rules.cards import CardSpec, CardSpecError, card_from_dict
from komandor.rules.decisions import IllegalChoiceError
from komandor.rules.dice import DiceExhaustedError, FixedDice
from komandor.rules.events import EventLog
from komandor.rules.game import TURN_ORDER, Game
from komandor.rules.match import play_out
from komandor.rules.match_state import MatchState, Seat
from komandor.rules.position import (
    Position,
    PositionError,
    phases_for_turns,
    play_phases,
    position_from_dict,
    position_game,
    read_dice,
)
from komandor.rules.state import Phase
from komandor.rules.victory import Outcome

SIDES = ("attacker", "defender")


class ScenarioError(ValueError):
    """The scenario file is not usable; the message lists every problem found."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


@dataclass(frozen=True)
class CombatantSetup:
    uid: str
    card: CardSpec
    damage: int = 0
    commander: bool = False


@dataclass(frozen=True)
class Scenario:
    name: str
    site: BattleSite
    players: tuple[int, int]
    combatants: tuple[tuple[CombatantSetup, ...], tuple[CombatantSetup, ...]]
    dice: tuple[int, ...]
    choices: tuple[Mapping[str, Sequence[str]], Mapping[str, Sequence[str]]]
    rules: BattleRules = field(default_factory=BattleRules)


@dataclass(frozen=True)
class PositionScenario:
    name: str
    position: Position
    phases: tuple[Phase, ...] | None  # exactly these phases; None: ``turns`` turns
    turns: int = 1


@dataclass(frozen=True)
class ScenarioRun:
    result: BattleResult | None  # a battle scenario's battle
    log: EventLog
    unused_dice: int
    unused_choices: dict[str, list[str] | dict[str, list[str]]]
    outcome: Outcome | None = None  # a position scenario's match, if it ended
    game: Game | None = None  # a position scenario's game, as play left it


def scenario_from_dict(data: Mapping[str, Any]) -> Scenario | PositionScenario:
    """Check a scenario document and return it ready to run; every problem is reported."""
    problems: list[str] = []
    if not isinstance(data, Mapping):
        raise ScenarioError(["the scenario must be a JSON object"])
    if "position" in data:
        return _position_scenario(data)
    site = _read_site(data.get("site", {"kind": "open_space"}), problems)
    players: list[int] = []
    sides: list[tuple[CombatantSetup, ...]] = []
    for number, side_key in enumerate(SIDES):
        side = data.get(side_key)
        if not isinstance(side, Mapping):
            problems.append(f"{side_key}: required, an object with 'combatants'")
            side = {}
        players.append(side.get("player", number))
        sides.append(tuple(_read_combatants(side_key, side.get("combatants"), problems)))
    if players[0] == players[1]:
        problems.append(f"attacker and defender must be different players, both are {players[0]}")
    dice = read_dice(data.get("dice", []), problems)
    choices = data.get("choices", {})
    scripts: list[Mapping[str, Sequence[str]]] = []
    for side_key in SIDES:
        script = choices.get(side_key, {}) if isinstance(choices, Mapping) else None
        if not isinstance(script, Mapping) or not all(
            isinstance(keys, list) and all(isinstance(key, str) for key in keys)
            for keys in script.values()
        ):
            problems.append(
                f"choices.{side_key}: an object mapping a decision kind to a list of option keys"
            )
            script = {}
        scripts.append(script)
    rules = BattleRules()
    if "rules" in data:
        raw = data["rules"]
        if isinstance(raw, Mapping) and set(raw) <= {"max_rounds"}:
            rules = BattleRules(**raw)
        else:
            problems.append(f"rules: only 'max_rounds' may be set, got {raw!r}")
    if problems:
        raise ScenarioError(problems)
    return Scenario(
        name=str(data.get("name", "")),
        site=site,
        players=(players[0], players[1]),
        combatants=(sides[0], sides[1]),
        dice=dice,
        choices=(scripts[0], scripts[1]),
        rules=rules,
    )


def _read_site(raw: Any, problems: list[str]) -> BattleSite:
    kinds = {kind.value for kind in SiteKind}
    if not isinstance(raw, Mapping) or raw.get("kind") not in kinds:
        problems.append(f"site.kind: one of {sorted(kinds)}, got {raw!r}")
        return BattleSite(SiteKind.OPEN_SPACE)
    return BattleSite(SiteKind(raw["kind"]), raw.get("object_type"))


def _read_combatants(side_key: str, raw: Any, problems: list[str]) -> list[CombatantSetup]:
    if not isinstance(raw, list) or not raw:
        problems.append(f"{side_key}.combatants: a non-empty list")
        return []
    setups = []
    for position, item in enumerate(raw):
        where = f"{side_key}.combatants[{position}]"
        if not isinstance(item, Mapping) or not isinstance(item.get("uid"), str):
            problems.append(f"{where}: an object with a string 'uid' and a 'card'")
            continue
        try:
            card = card_from_dict(item.get("card", {}))
        except CardSpecError as error:
            problems.append(f"{where} ({item['uid']}): {error}")
            continue
        damage = item.get("damage", 0)
        if not isinstance(damage, int) or damage < 0:
            problems.append(f"{where}.damage: a whole number ≥ 0, got {damage!r}")
            continue
        setups.append(CombatantSetup(item["uid"], card, damage, bool(item.get("commander"))))
    return setups


# ``rules`` (the checklist IDs a file shows) and ``expect`` (the facts it must end with) are
# read by the scenario tests (tests/engine/test_effect_scenarios.py), not by the run.
_POSITION_FILE_KEYS = frozenset({"name", "position", "dice", "play", "rules", "expect"})


def _position_scenario(data: Mapping[str, Any]) -> PositionScenario:
    problems = [
        f"{key}: not a key of a position scenario (keys: {', '.join(sorted(_POSITION_FILE_KEYS))})"
        for key in data
        if key not in _POSITION_FILE_KEYS
    ]
    position = None
    raw = data["position"]
    if not isinstance(raw, Mapping):
        problems.append("position: a JSON object")
    elif "dice" in data and "dice" in raw:
        problems.append("dice: given twice, at the top and in position.dice")
    else:
        try:
            # The dice sit at the top of the file, as in a battle file.
            position = position_from_dict({**raw, "dice": data.get("dice", raw.get("dice", []))})
        except PositionError as error:
            problems += [f"position.{problem}" for problem in error.problems]
    start = position.phase if position is not None else Phase.START
    phases, turns = _read_play(data.get("play", {"turns": 1}), start, problems)
    if problems or position is None:
        raise ScenarioError(problems)
    return PositionScenario(str(data.get("name", "")), position, phases, turns)


def _read_play(raw: Any, start: Phase, problems: list[str]) -> tuple[tuple[Phase, ...] | None, int]:
    """``{"phases": [...]}``: those phases of the position's turn, in the turn's order, none
    before the position's phase; ``{"turns": n}``: on to the end of the turn, then whole turns,
    ``n`` turns in all (fewer if the match ends)."""
    if not isinstance(raw, Mapping) or len(raw) != 1 or not {"phases", "turns"} >= set(raw):
        problems.append(f'play: {{"phases": [phase, ...]}} or {{"turns": n}}, got {raw!r}')
        return None, 1
    if "turns" in raw:
        turns = raw["turns"]
        if not isinstance(turns, int) or isinstance(turns, bool) or turns < 1:
            problems.append(f"play.turns: a whole number ≥ 1, got {turns!r}")
            return None, 1
        return None, turns
    names = raw["phases"]
    order = [phase.value for phase in TURN_ORDER]
    if not isinstance(names, list) or not names or not all(name in order for name in names):
        problems.append(f"play.phases: a non-empty list of phases among {', '.join(order)}")
        return None, 1
    positions = [order.index(name) for name in names]
    if positions[0] < order.index(start.value) or positions != sorted(set(positions)):
        problems.append(
            f"play.phases: phases of one turn in the turn's order, none before the position's "
            f"phase {start.value!r}; got {names!r}"
        )
    return tuple(Phase(name) for name in names), 1


def scenario_run(
    scenario: Scenario | PositionScenario, *, log: EventLog | None = None
) -> ScenarioRun:
    """Fight the scenario's battle with fresh combatants, or play the position from a fresh
    game; the scenario itself is not changed."""
    log = log if log is not None else EventLog()
    if isinstance(scenario, PositionScenario):
        return _position_run(scenario, log)
    on_planet = scenario.site.object_type == "planet"
    sides = [
        BattleSide(
            player=player,
            combatants=[
                Combatant.from_card(
                    setup.uid,
                    setup.card,
                    player=player,
                    damage=setup.damage,
                    on_planet=on_planet,
                    has_commander=setup.commander,
                )
                for setup in setups
            ],
        )
        for player, setups in zip(scenario.players, scenario.combatants, strict=True)
    ]
    agents = {
        player: ScriptedAgent(script, fallback=HeuristicAgent(), name=side_key)
        for player, side_key, script in zip(scenario.players, SIDES, scenario.choices, strict=True)
    }
    dice = FixedDice(scenario.dice)
    result = battle_fight(
        attacker=sides[0],
        defender=sides[1],
        site=scenario.site,
        agents=agents,
        dice=dice,
        log=log,
        rules=scenario.rules,
    )
    unused = {
        side_key: agents[player].unused()
        for player, side_key in zip(scenario.players, SIDES, strict=True)
        if agents[player].unused()
    }
    return ScenarioRun(result, log, dice.remaining, unused)


def _position_run(scenario: PositionScenario, log: EventLog) -> ScenarioRun:
    """The position played as a match state (``match.play_out``): the scripted agents answer
    each decision from the decision and their observation."""
    position = scenario.position
    if log.enabled:
        log.emit(
            ev.PositionSet(
                turn=position.turn,
                phase=position.phase.value,
                priority=position.priority,
                cards=tuple(position.uids.items()),
            )
        )
    agents = position_agents(position)
    phases = tuple(scenario.phases or phases_for_turns(position.phase, scenario.turns))

    def begin(seats: Sequence[Seat]) -> tuple[Game, Callable[[], Outcome | None]]:
        game = position_game(position, log=log, agents=seats)
        return game, lambda: play_phases(game, phases)

    match = play_out(MatchState(begin, names=[agent.name for agent in agents]), agents)
    unused = {f"p{index}": agent.unused() for index, agent in enumerate(agents) if agent.unused()}
    dice = match.game.dice
    assert isinstance(dice, FixedDice)
    return ScenarioRun(None, log, dice.remaining, unused, match.outcome, match.game)


def scenario_load(path: str | Path) -> Scenario | PositionScenario:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ScenarioError([f"{path}: {error}"]) from error
    return scenario_from_dict(data)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m komandor.scenario",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", type=Path, help="a battle or position scenario (JSON)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help (0) or a usage error (2), already printed
        return exit_.code if isinstance(exit_.code, int) else 2
    try:
        run = scenario_run(scenario_load(args.file))
    except (ScenarioError, BattleSetupError, IllegalChoiceError, DiceExhaustedError) as error:
        print(f"scenario error: {error}", file=sys.stderr)
        return 2
    sys.stdout.write(run.log.to_jsonl())
    summary = {"type": "scenario_end", "unused_dice": run.unused_dice}
    summary["unused_choices"] = run.unused_choices
    sys.stdout.write(json.dumps(summary, ensure_ascii=False, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
