"""Reachability of the effect language: play random matches between effect-carrying decks and
count how often every window, action kind, selector key, condition key and cost fired.

    .venv/bin/python scripts/effects_report.py [--matches 1000] [--seed 0]

A report, not a test (docs/effects.md): every line should show a count above zero. The decks
are generated from the vocabulary (``matches/engine/effect_decks.py``, this project's own test
cards); the agents are random, so every legal play gets its chance. Exit status 1 if anything
stayed at zero.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from matches.engine.agents import RandomAgent
from matches.engine.decks import deck_from_dict
from matches.engine.effect_decks import effect_deck
from matches.engine.effect_schema import (
    _CONDITION_KEYS,
    _SELECTOR_KEYS,
    ACTIONS,
    WHEN_VALUES,
    EffectSpec,
    effect_to_dict,
)
from matches.engine.match import run_match
from matches.engine.state import Card, GameState


def _items(spec: EffectSpec) -> list[str]:
    data = effect_to_dict(spec)
    items = [f"action:{a['do']}" for a in data["actions"]]
    items += [f"selector:{key}" for key in _selector_keys(data.get("targets"))]
    for action in data["actions"]:
        items += [f"selector:{key}" for key in _selector_keys(action.get("select"))]
    condition = data.get("condition") or {}
    items += [f"condition:{key}" for key in condition]
    if "count" in condition:
        items += [f"selector:{key}" for key in _selector_keys(condition["count"].get("of"))]
    items += [f"cost:{key}" for key, value in (data.get("cost") or {}).items() if value]
    return items


def _selector_keys(selector: dict | None) -> list[str]:
    if not selector:
        return []
    keys = list(selector)
    for part in selector.get("any_of", ()):
        keys += _selector_keys(part)
    return keys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    fired: Counter[str] = Counter()
    for number in range(args.matches):
        seed = args.seed + number
        decks = [deck_from_dict(effect_deck(seed * 2 + side)) for side in (0, 1)]
        result = run_match(
            decks=decks, agents=[RandomAgent(seed), RandomAgent(seed + 7)], seed=seed
        )
        for event in result.log.of_type("effect"):
            if not event["succeeded"]:
                continue
            fired[f"window:{event['window']}"] += 1
            key = event["effect"]
            if key.endswith((":put", ":discard", ":move")):
                fired[f"play:{key.rsplit(':', 1)[1]}"] += 1
            else:
                for item in _items(_spec_of(result.state, event["player"], key)):
                    fired[item] += 1
            if event["cost"]["roll"]:
                fired["cost:roll"] += 1
            if event["cost"]["action_tokens"]:
                fired["cost:action_tokens"] += 1
            if event["cost"]["resources"]:
                fired["cost:resources"] += 1
        for event in result.log.of_type("static"):
            fired["window:static"] += 1
            spec = result.state.cards[event["card"]].spec
            effects = spec.effects or _variant(result.state.cards[event["card"]])
            for item in _items(effects[event["index"]]):
                fired[item] += 1
        fired["event:cancelled"] += len(result.log.of_type("cancelled"))
        fired["event:revealed"] += len(result.log.of_type("revealed"))
    expected = [f"window:{w}" for w in WHEN_VALUES]
    expected += [f"action:{a}" for a in ACTIONS]
    expected += [f"selector:{k}" for k in _SELECTOR_KEYS]
    expected += [f"condition:{k}" for k in _CONDITION_KEYS]
    expected += ["cost:action_tokens", "cost:resources", "cost:roll"]
    expected += ["play:put", "play:discard", "play:move", "event:cancelled", "event:revealed"]
    print(f"{args.matches} random matches, effect-carrying decks (seed {args.seed})")
    zero = 0
    for item in expected:
        count = fired[item]
        zero += count == 0
        print(f"{item:32} {count:8}{'   <-- never fired' if count == 0 else ''}")
    return 1 if zero else 0


def _variant(card: Card) -> tuple[EffectSpec, ...]:
    variant = (card.spec.variants or ((), ()))[card.variant or 0]
    return () if isinstance(variant, str) else variant


def _spec_of(state: GameState, player: int, key: str) -> EffectSpec:
    """The spec a play's key names: ``uid`` (tactical), ``uid:i``, ``uid:vN.i``,
    ``uid:on_play.i``, ``cmdr.i`` (``effect_play.card_plays``)."""
    if key.startswith("cmdr."):
        return (state.players[player].commander.effects or ())[int(key[5:])]
    uid, _, tail = key.partition(":")
    spec = state.cards[uid].spec
    if not tail:
        return (spec.effects or ())[0]
    if tail.startswith("v"):
        number, index = tail[1:].split(".")
        variant = (spec.variants or ((), ()))[int(number)]
        assert not isinstance(variant, str)
        return variant[int(index)]
    return (spec.effects or ())[int(tail.rsplit(".", 1)[-1])]


if __name__ == "__main__":
    sys.exit(main())
