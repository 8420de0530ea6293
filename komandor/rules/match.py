"""The match runner: two decks, two agents and a seed in; an outcome, a summary, a log and the
history of choices out.

``run_match`` is a short loop over a ``match_state.MatchState``: each agent is given the pending
decision and its own observation, never the state (agents that never sample worlds are asked by
the rules directly: the same match without a greenlet switch per decision). The match owns the
only ``SeededDice``, so the same decks, seed and choices (and ``ENGINE_VERSION``) always give
byte-identical logs; the history replays the match with no agent (``replay_match``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from komandor.rules import event_records as ev
from komandor.rules import rules
from komandor.rules.decisions import Agent, Decision, IllegalChoiceError
from komandor.rules.decks import Deck
from komandor.rules.dice import Dice, SeededDice
from komandor.rules.effects import Effect
from komandor.rules.events import EventKind, EventLog
from komandor.rules.game import Game
from komandor.rules.match_state import MatchState, RecordingDice
from komandor.rules.observation import Observation
from komandor.rules.state import GameState, Phase
from komandor.rules.victory import Outcome, pirate_loot

# Bumped with every release of the engine; how an agent chooses is versioned apart
# (``agents.AGENTS_VERSION``).
ENGINE_VERSION = "0.7.0"
# The engine versions whose stored matches this engine replays choice for choice: those whose
# rules play every match as this one does for the same seed and choices (the log digests of
# ``scripts/bench/engine_log_digest.py`` equal). A rules change that alters a match's course
# leaves only ``ENGINE_VERSION`` here (docs/engine.md, "Versions and stored matches"): 0.7.0
# fixed five rules (issue 30, item 8), so 0.6.0's and 0.5.0's matches no longer replay.
REPLAYS_VERSIONS = frozenset({ENGINE_VERSION})


def replays_version(version: str) -> bool:
    """Whether a match stored by engine ``version`` replays on this engine: the one test the
    web app's replays and games against the AI make."""
    return version in REPLAYS_VERSIONS


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """Everything that, with the history of choices, fixes a whole match."""

    decks: Sequence[Deck]
    seed: int
    turn_cap: int = rules.DEFAULT_TURN_CAP
    agent_names: Sequence[str] = ("", "")
    dice: Dice | None = None  # scenarios and tests; copied before use, so clones match
    effects: Mapping[int, Iterable[Effect]] = field(default_factory=dict)
    # Called with the state after every phase (invariant checks in tests).
    observer: Callable[[GameState], None] | None = None

    def begin(
        self, seats: Sequence[Agent], *, log: bool | EventLog
    ) -> tuple[Game, Callable[[], Outcome]]:
        """The game these seats play, and its program (``match_state.Begin``): a match state's
        ``Seat``s, or the agents themselves (``run_match``'s ``_played_through``). ``log``: on
        or off, or the event log to write (a replay's)."""
        events = log if isinstance(log, EventLog) else EventLog(enabled=log)
        dice = SeededDice(self.seed) if self.dice is None else copy.deepcopy(self.dice)
        game = Game(
            decks=[deck.cards for deck in self.decks],
            commanders=[deck.commander for deck in self.decks],
            agents=seats,
            dice=RecordingDice(dice),
            log=events,
            setup_abilities=[deck.setup_abilities for deck in self.decks],
        )
        if self.observer is not None:
            game.observers.append(self.observer)
        for player, attached in self.effects.items():
            for effect in attached:
                game.effects.attach(player, effect)
        if events.enabled:
            events.emit(
                ev.MatchStarted(
                    engine=ENGINE_VERSION,
                    seed=self.seed,
                    decks=tuple(deck.name for deck in self.decks),
                    agents=tuple(self.agent_names),
                )
            )
        return game, self.resume(game, None)

    def resume(self, game: Game, phase: Phase | None) -> Callable[[], Outcome]:
        """The program playing ``game`` to its end (``match_state.Resume``): from the
        beginning (``phase`` None) or from a checkpoint taken as ``phase`` began."""

        def play() -> Outcome:
            outcome = game.play(turn_cap=self.turn_cap, resume=phase)
            # a turn-cap draw: no victory logged
            if game.log.enabled and not game.log.of_kind(EventKind.VICTORY):
                game.log.emit(ev.Victory.of(outcome))
            return outcome

        return play


def new_match(setup: MatchSetup, *, log: bool | EventLog = True) -> MatchState:
    """The match from its beginning, stopped at its first decision."""
    return MatchState(
        lambda seats: setup.begin(seats, log=log),
        names=tuple(setup.agent_names),
        resume=setup.resume,
    )


def replay_match(setup: MatchSetup, actions: Iterable[int], *, log: bool = True) -> MatchState:
    """The match after the given option indices (a stored history, or its first N), with no
    agent: what the replay page and the log API show."""
    match = new_match(setup, log=log)
    match.apply_all(actions)
    return match


@dataclass(frozen=True, slots=True)
class MatchResult:
    outcome: Outcome
    summary: dict[str, Any]
    log: EventLog
    state: GameState
    actions: list[int]  # the option index of every choice, in order (``MatchState.history``)


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
    ``effects`` are attached to the players before setup (``effects.Effects.attach``);
    ``observer`` is called with the state after every phase and at the end."""
    setup = MatchSetup(
        decks=decks,
        seed=seed,
        turn_cap=turn_cap,
        agent_names=[agent.name for agent in agents],
        dice=dice,
        effects=effects or {},
        observer=observer,
    )
    if any(getattr(agent, "samples_worlds", True) for agent in agents):
        match = play_out(new_match(setup, log=log), agents)
        outcome, game, history = match.outcome, match.game, match.history
    else:
        game, outcome, history = _played_through(setup, agents, log=log)
    assert outcome is not None, "a whole match always ends with an outcome"
    if observer is not None:
        observer(game.state)
    summary = summarize(game.state, outcome, seed=seed, agents=agents, decks=decks)
    return MatchResult(outcome, summary, game.log, game.state, history)


class _Asked:
    """An agent the rules ask themselves (``_played_through``), each answer kept in order."""

    __slots__ = ("_agent", "history", "name")

    def __init__(self, agent: Agent, history: list[int]) -> None:
        self._agent = agent
        self.history = history
        self.name = agent.name

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        index = self._agent.choose(decision, observation)
        self.history.append(index)
        return index


def _played_through(
    setup: MatchSetup, agents: Sequence[Agent], *, log: bool
) -> tuple[Game, Outcome | None, list[int]]:
    """The match played to its end by agents that never sample worlds (their class says
    ``samples_worlds = False``): the rules ask them directly (``Game.ask``, ``decide``), with
    no match state and no greenlet switch per decision — the same choices, the same
    observations (``Observation`` of the same state and rolls), the same checks of each answer
    and the same history as ``play_out`` gives (issue 30, item 7: 12 % of a precon match)."""
    history: list[int] = []
    game, program = setup.begin([_Asked(agent, history) for agent in agents], log=log)
    return game, program(), history


def play_out(match: MatchState, agents: Sequence[Agent]) -> MatchState:
    """Play ``match`` on to its end: each decision's player's agent is given the decision and
    its own observation, and its answer is checked. The one way matches, scenarios and
    positions are played."""
    observe, answer = match.observation, match.answer
    while (decision := match.decision) is not None:
        agent = agents[decision.player]
        index = agent.choose(decision, observe(decision.player))
        if not isinstance(index, int) or not 0 <= index < len(decision.options):
            raise IllegalChoiceError(
                f"agent {agent.name!r} answered {index!r} to {decision.kind!r}, which has "
                f"{len(decision.options)} options"
            )
        answer(index)
    return match


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
