"""The match runner: two decks, two agents and a seed in; an outcome, a summary and a log out.

The runner owns the only ``SeededDice`` of the match, so the same decks, seed, agents and
``ENGINE_VERSION`` always give byte-identical logs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from matches.engine import rules
from matches.engine.decisions import Agent
from matches.engine.decks import Deck
from matches.engine.dice import Dice, SeededDice
from matches.engine.effects import Effect
from matches.engine.events import EventLog
from matches.engine.game import Game
from matches.engine.state import GameState
from matches.engine.victory import Outcome, pirate_loot

# Bumped whenever a change can alter a match's course for the same seed.
ENGINE_VERSION = "0.5.0"


@dataclass(frozen=True, slots=True)
class MatchResult:
    outcome: Outcome
    summary: dict[str, Any]
    log: EventLog
    state: GameState


def run_match(
    *,
    decks: Sequence[Deck],
    agents: Sequence[Agent],
    seed: int,
    turn_cap: int = rules.DEFAULT_TURN_CAP,
    log: bool = True,
    dice: Dice | None = None,
    observer: Callable[[GameState], None] | None = None,
    effects: Mapping[int, Iterable[Effect]] | None = None,
) -> MatchResult:
    """Play one match to its end. ``dice`` overrides the seeded dice (scenarios, tests);
    ``effects`` are attached to the players before setup (``effects.Effects.attach``)."""
    events = EventLog(enabled=log)
    game = Game(
        decks=[deck.cards for deck in decks],
        commanders=[deck.commander for deck in decks],
        agents=agents,
        dice=dice if dice is not None else SeededDice(seed),
        log=events,
        setup_abilities=[deck.setup_abilities for deck in decks],
    )
    if observer is not None:
        game.observers.append(observer)
    for player, attached in (effects or {}).items():
        for effect in attached:
            game.effects.attach(player, effect)
    events.emit(
        "match",
        engine=ENGINE_VERSION,
        seed=seed,
        decks=[deck.name for deck in decks],
        agents=[agent.name for agent in agents],
    )
    outcome = game.play(turn_cap=turn_cap)
    if observer is not None:
        observer(game.state)
    if not events.of_type("victory"):
        events.emit("victory", **outcome.to_dict())
    summary = summarize(game.state, outcome, seed=seed, agents=agents, decks=decks)
    return MatchResult(outcome, summary, events, game.state)


def summarize(
    state: GameState,
    outcome: Outcome,
    *,
    seed: int,
    agents: Sequence[Agent],
    decks: Sequence[Deck],
) -> dict[str, Any]:
    return {
        "engine": ENGINE_VERSION,
        "seed": seed,
        "winner": outcome.winner,
        "termination": outcome.termination.value,
        "reason": outcome.reason,
        "turns": state.turn,
        "players": [
            {
                "deck": decks[p.index].name,
                "agent": agents[p.index].name,
                "commander": p.commander.name,
                "losses": len(p.losses),
                "losses_value": pirate_loot(state, p.index),
                "ships": sum(
                    1 for c in state.in_play() if c.controller == p.index and c.kind.value == "ship"
                ),
                "objects": len(state.objects(p.index)),
                "commerce_tokens": p.commerce_tokens,
                "action_tokens": p.action_tokens,
            }
            for p in state.players
        ],
    }
