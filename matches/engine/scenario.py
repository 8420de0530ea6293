"""Battle scenarios: a battle set up from a JSON file, fixed dice and scripted choices.

Run one and print its JSON-lines event log::

    python -m matches.engine.scenario tests/engine/scenarios/book_example.json

The file format is documented in docs/scenarios.md. Cards are given inline, in the canonical
dict form or in the book's notation («12(8)», «В4», «2/4», «4-4»); both are read by
``cards.card_from_dict``. Scripted choices are option keys, queued per side and per decision
kind; any decision the script does not cover goes to ``DefaultAgent``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from matches.engine.battle import (
    BattleResult,
    BattleRules,
    BattleSetupError,
    BattleSide,
    BattleSite,
    Combatant,
    SiteKind,
    battle_fight,
)
from matches.engine.cards import CardSpecError, card_from_dict, card_to_dict
from matches.engine.decisions import Decision, IllegalChoiceError
from matches.engine.dice import DiceExhaustedError, FixedDice
from matches.engine.events import EventLog

SIDES = ("attacker", "defender")


class ScenarioError(ValueError):
    """The scenario file is not usable; the message lists every problem found."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


class DefaultAgent:
    """Fires the weapon attack with the most damage if every die hit; never rams or boards on
    its own (it passes when nothing else is left); otherwise takes the first option.

    Options are built so that the first one is the passive choice (stay, keep the range, don't
    land...), so an unscripted scenario fights the plain closing battle the book describes.
    """

    name = "default"

    def choose(self, decision: Decision) -> int:
        best, best_value = None, -1
        for index, option in enumerate(decision.options):
            data = option.data
            if not data or "expected" not in data or data.get("mount") in _OPTIONAL_ATTACKS:
                continue
            if data["expected"] > best_value:
                best, best_value = index, data["expected"]
        if best is not None:
            return best
        for index, option in enumerate(decision.options):
            if option.key == "pass":
                return index
        return 0


_OPTIONAL_ATTACKS = frozenset({"ram", "boarding"})


class ScriptedAgent:
    """Answers from per-kind queues of option keys, and falls back to ``DefaultAgent``."""

    def __init__(self, name: str, script: Mapping[str, Sequence[str]]) -> None:
        self.name = name
        self.queues = {kind: list(keys) for kind, keys in script.items()}
        self.fallback = DefaultAgent()

    def choose(self, decision: Decision) -> int:
        queue = self.queues.get(decision.kind)
        if queue:
            return decision.index_of(queue.pop(0))
        return self.fallback.choose(decision)

    def unused(self) -> dict[str, list[str]]:
        return {kind: keys for kind, keys in self.queues.items() if keys}


@dataclass(frozen=True)
class CombatantSetup:
    uid: str
    card: Mapping[str, Any]  # canonical dict
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
class ScenarioRun:
    result: BattleResult
    log: EventLog
    unused_dice: int
    unused_choices: dict[str, dict[str, list[str]]]


def scenario_from_dict(data: Mapping[str, Any]) -> Scenario:
    """Check a scenario document and return it ready to run; every problem is reported."""
    problems: list[str] = []
    if not isinstance(data, Mapping):
        raise ScenarioError(["the scenario must be a JSON object"])
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
    dice = data.get("dice", [])
    if not isinstance(dice, list) or not all(
        isinstance(roll, int) and 1 <= roll <= 6 for roll in dice
    ):
        problems.append(f"dice: a list of D6 results 1..6 in the order rolled, got {dice!r}")
        dice = []
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
        dice=tuple(dice),
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
            card = card_to_dict(card_from_dict(item.get("card", {})))
        except CardSpecError as error:
            problems.append(f"{where} ({item['uid']}): {error}")
            continue
        damage = item.get("damage", 0)
        if not isinstance(damage, int) or damage < 0:
            problems.append(f"{where}.damage: a whole number ≥ 0, got {damage!r}")
            continue
        setups.append(CombatantSetup(item["uid"], card, damage, bool(item.get("commander"))))
    return setups


def scenario_run(scenario: Scenario, *, log: EventLog | None = None) -> ScenarioRun:
    """Fight the scenario's battle with fresh combatants; the scenario itself is not changed."""
    log = log if log is not None else EventLog()
    on_planet = scenario.site.object_type == "planet"
    sides = [
        BattleSide(
            player=player,
            combatants=[
                Combatant.from_spec(
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
        player: ScriptedAgent(side_key, script)
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


def scenario_load(path: str | Path) -> Scenario:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ScenarioError([f"{path}: {error}"]) from error
    return scenario_from_dict(data)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m matches.engine.scenario FILE.json", file=sys.stderr)
        return 2
    try:
        run = scenario_run(scenario_load(args[0]))
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
