"""The effect language (docs/effects.md) as countable items, and which of them a played match
used: for the reachability report (``scripts/effects_report.py``) and the scenario tests
(``tests/engine/test_effect_scenarios.py``), so both count the same way.

An item is ``window:<when>``, ``action:<do>``, ``modify.until:<until>``, ``search:<from>``,
``selector:<key>``, ``condition:<key>``, ``cost:<kind>`` (``cost:roll_failed``: a roll that
missed, AMB-26), ``play:<put|discard|move>`` (the card kinds' own plays) or ``event:<type>``.
An item counts when an effect using it took effect (its ``effect`` event succeeded, or its
``static`` event), except ``cost:*``, which count every payment.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from komandor.rules.effect_play import entered_effects
from komandor.rules.effect_schema import (
    ACTIONS,
    CONDITION_KEYS,
    SEARCH_ZONES,
    SELECTOR_KEYS,
    UNTIL,
    WHEN_VALUES,
    EffectSpec,
    effect_to_dict,
)
from komandor.rules.event_records import EffectPlayed, Event, Static
from komandor.rules.state import GameState

COSTS = ("action_tokens", "resources", "roll", "roll_failed")
OWN_PLAYS = ("put", "discard", "move")
EVENTS = ("cancelled", "revealed", "shuffled")
ITEMS: tuple[str, ...] = (
    *(f"window:{when}" for when in WHEN_VALUES),
    *(f"action:{do}" for do in ACTIONS),
    *(f"modify.until:{until}" for until in UNTIL),
    *(f"search:{zone}" for zone in SEARCH_ZONES),
    *(f"selector:{key}" for key in SELECTOR_KEYS),
    *(f"condition:{key}" for key in CONDITION_KEYS),
    *(f"cost:{kind}" for kind in COSTS),
    *(f"play:{kind}" for kind in OWN_PLAYS),
    *(f"event:{kind}" for kind in EVENTS),
)


def items_of(spec: EffectSpec) -> list[str]:
    """The vocabulary items one effect uses (its window and cost aside)."""
    data = effect_to_dict(spec)
    items = []
    for action in data["actions"]:
        items.append(f"action:{action['do']}")
        if action["do"] == "modify":
            items.append(f"modify.until:{action.get('until') or 'attached'}")  # static: attached
        if action["do"] == "search":
            items.append(f"search:{action['from']}")
            items += [f"selector:{key}" for key in _selector_keys(action.get("select"))]
    items += [f"selector:{key}" for key in _selector_keys(data.get("targets"))]
    condition = data.get("condition") or {}
    items += [f"condition:{key}" for key in condition]
    if "count" in condition:
        items += [f"selector:{key}" for key in _selector_keys(condition["count"].get("of"))]
    return items


def _selector_keys(selector: Mapping[str, Any] | None) -> list[str]:
    if not selector:
        return []
    keys = list(selector)
    for part in selector.get("any_of", ()):
        keys += _selector_keys(part)
    return keys


def fired(events: Iterable[Event], state: GameState) -> Counter[str]:
    """How often each item was used in a played match: its log and its final state."""
    counts: Counter[str] = Counter()
    for event in events:
        if isinstance(event, EffectPlayed):
            cost = event.cost
            paid = (cost.action_tokens, cost.resources, cost.roll)
            counts.update(
                f"cost:{name}" for name, value in zip(COSTS[:3], paid, strict=True) if value
            )
            if not event.succeeded:
                counts["cost:roll_failed"] += event.roll is not None
                continue
            counts[f"window:{event.window}"] += 1
            key = event.effect
            if key.endswith((":put", ":discard", ":move")):
                counts[f"play:{key.rsplit(':', 1)[1]}"] += 1
            else:
                counts.update(items_of(spec_of_play(state, event.player, key)))
        elif isinstance(event, Static):
            counts["window:static"] += 1
            effects = entered_effects(state.cards[event.card])
            counts.update(items_of(effects[event.index]))
        elif event.kind in EVENTS:
            counts[f"event:{event.kind.value}"] += 1
    return counts


def spec_of_play(state: GameState, player: int, key: str) -> EffectSpec:
    """The effect a play's key names: ``uid`` (tactical), ``uid:i``, ``uid:vN.i``,
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
