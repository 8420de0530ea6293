"""Step-through replays: a match rebuilt from its stored choices, stopped at one decision.

A match is its setup (deck versions, seed, turn cap) and its history of choices
(``Match.actions``), as a chess game is its move list. ``replay_walk`` applies the history to
a fresh ``MatchState`` with its log on — no agent is asked — and hands the match, stopped at
decision ``step`` (the number of choices made so far), to the caller's ``at_step`` on the way
(the replay page draws its board there); then it plays on to the end to find where each turn
begins. A history that does not fit the rules (another engine version played it) gives None,
never a position of another game. A game ended outside the rules (a resignation, a clock, an
agreed draw between two people) is walked with ``complete=False``: its history stops before
the engine's end, and its walk has no outcome. (No Django here.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from komandor.rules.decisions import IllegalChoiceError
from komandor.rules.event_records import Event, Turn
from komandor.rules.events import EventLog
from komandor.rules.match import MatchSetup, new_match
from komandor.rules.match_state import MatchState
from komandor.rules.victory import Outcome
from matches.games.decks import PlayableDeck

T = TypeVar("T")


def match_setup(
    *, seats: Sequence[PlayableDeck], agents: Sequence[str], seed: int, turn_cap: int
) -> MatchSetup:
    """What fixes a stored match besides its choices; ``agents`` are named in its log."""
    return MatchSetup(
        decks=[seat.deck for seat in seats], seed=seed, turn_cap=turn_cap, agent_names=agents
    )


def replayed(
    setup: MatchSetup, actions: Sequence[int], log: EventLog | None = None
) -> MatchState | None:
    """The whole match played again from its history, with its log; None when the history
    does not make a whole match under these rules."""
    match = new_match(setup, log=log if log is not None else True)
    try:
        match.apply_all(actions)
    except IllegalChoiceError:
        return None
    if not match.is_over or not isinstance(match.outcome, Outcome):
        return None
    return match


@dataclass(frozen=True, slots=True)
class ReplayWalk(Generic[T]):
    step: int  # choices made before the position shown (0 … ``last``)
    last: int  # the number of choices in the match: its end
    at_step: T  # what ``at_step`` made of the match stopped there
    events: list[Event]  # the whole match's events (the log's records)
    # ``bounds[k]``: how many events the log held at decision k (the last: at the end).
    bounds: list[int]
    turn_steps: list[int]  # the first step of each turn
    outcome: Outcome | None  # None: the game ended outside the rules (``complete=False``)
    chosen: int | None  # the option index chosen at this step (None at the end)

    @property
    def step_events(self) -> list[Event]:
        """What happened since the decision before this one (from the start at step 0)."""
        start = self.bounds[self.step - 1] if self.step > 0 else 0
        return self.events[start : self.bounds[self.step]]


def replay_walk(
    *,
    setup: MatchSetup,
    actions: Sequence[int],
    step: int,
    at_step: Callable[[MatchState], T],
    complete: bool = True,
) -> ReplayWalk[T] | None:
    """The match rebuilt from ``actions``; ``at_step`` is called with it stopped at decision
    ``step`` (the end past the last). None when the history does not fit the rules: it must
    end the match (``complete``), or leave it going (not ``complete``)."""
    step = max(0, min(step, len(actions)))
    match = new_match(setup, log=True)
    log = match.log
    bounds = [len(log)]
    seen: Any = None
    try:
        for index, action in enumerate(actions):
            if index == step:
                seen = at_step(match)
            match.apply_index(action)
            bounds.append(len(log))
    except IllegalChoiceError:
        return None
    if not complete:
        if match.is_over:
            return None
    elif not match.is_over or not isinstance(match.outcome, Outcome):
        return None
    if step == len(actions):
        seen = at_step(match)
    events = list(log.records)
    turn_steps = []
    at = 0
    for index, event in enumerate(events):
        if isinstance(event, Turn):
            while at < len(bounds) - 1 and bounds[at] <= index:
                at += 1
            turn_steps.append(at)
    chosen = actions[step] if step < len(actions) else None
    outcome = match.outcome if isinstance(match.outcome, Outcome) else None
    return ReplayWalk(step, len(actions), seen, events, bounds, turn_steps, outcome, chosen)
