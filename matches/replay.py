"""Step-through replays: a match rebuilt from its stored choices, and the position at one event.

A match is its setup (deck versions, seed, turn cap) and its history of choices
(``Match.actions``), as a chess game is its move list. ``replay_step`` applies the history to
a fresh ``MatchState`` with its log on — no agent is asked — and keeps the position right after
event ``step`` on the way; the events are the match's own log. A history that does not fit
the rules (another engine version played it) gives None, never a position of another game.
(No Django here.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from matches.engine.cards import CardKind
from matches.engine.decisions import IllegalChoiceError
from matches.engine.events import EventLog
from matches.engine.game import Game
from matches.engine.match import MatchSetup
from matches.engine.match_state import MatchState, Seat
from matches.engine.state import GameState, Zone
from matches.engine.victory import Outcome
from matches.engine_decks import PlayableDeck


def match_setup(
    *, seats: Sequence[PlayableDeck], agents: Sequence[str], seed: int, turn_cap: int
) -> MatchSetup:
    """What fixes a stored match besides its choices; ``agents`` are named in its log."""
    return MatchSetup(
        decks=[seat.deck for seat in seats], seed=seed, turn_cap=turn_cap, agent_names=agents
    )


class _SnapshotLog(EventLog):
    """An event log that keeps the position right after its event number ``step``."""

    __slots__ = ("at_start", "position", "state", "step")

    def __init__(self, step: int) -> None:
        super().__init__(enabled=True)
        self.step = step
        self.state: GameState | None = None
        self.position: dict[str, Any] | None = None
        self.at_start = False

    def emit(self, type_: str, **data: Any) -> None:
        super().emit(type_, **data)
        if len(self.events) == self.step + 1:
            if self.state is None:
                self.at_start = True  # the ``match`` line, logged as the game is set up
            else:
                self.position = position_of(self.state)


def replayed(
    setup: MatchSetup, actions: Sequence[int], log: EventLog | None = None
) -> MatchState | None:
    """The whole match played again from its history, with its log; None when the history
    does not make a whole match under these rules."""
    events = log if log is not None else EventLog()

    def begin(seats: Sequence[Seat]) -> tuple[Game, Callable[[], Outcome]]:
        game, play = setup.begin(seats, log=events)
        if isinstance(events, _SnapshotLog):
            events.state = game.state
            if events.at_start:
                events.position = position_of(game.state)
        return game, play

    try:
        match = MatchState(begin, names=tuple(setup.agent_names))
        match.apply_all(actions)
    except IllegalChoiceError:
        return None
    if not match.is_over or not isinstance(match.outcome, Outcome):
        return None
    return match


@dataclass(frozen=True, slots=True)
class ReplayStep:
    step: int
    events: list[dict[str, Any]]  # the whole match's events
    position: dict[str, Any]  # the position right after ``events[step]``
    turn_starts: list[int]  # event index of each «turn» event
    names: dict[str, str]  # card uid (and sector) → name
    outcome: Outcome


def replay_step(*, setup: MatchSetup, actions: Sequence[int], step: int) -> ReplayStep | None:
    """The match rebuilt from ``actions``, stopped at event ``step`` (the last one past the
    end). None when the history does not fit the rules."""
    log = _SnapshotLog(max(0, step))
    match = replayed(setup, actions, log)
    if match is None or match.outcome is None:
        return None
    events = list(log)
    position = log.position
    if position is None:  # past the end: the final position
        step, position = len(events) - 1, position_of(match.state)
    turn_starts = [index for index, event in enumerate(events) if event["type"] == "turn"]
    names = {uid: card.spec.name for uid, card in match.state.cards.items()}
    return ReplayStep(max(0, step), events, position, turn_starts, names, match.outcome)


def position_of(state: GameState) -> dict[str, Any]:
    """What the replay shows: each player's counters and zones, and every place in play with
    its object, the ground cards on it and the fleets in its orbit; sectors of open space."""
    cards = state.cards

    def card_view(uid: str) -> dict[str, Any]:
        card = cards[uid]
        strength = card.spec.strength
        return {
            "uid": uid,
            "name": card.spec.name,
            "kind": card.kind.value,
            "player": card.controller,
            "damage": card.damage,
            "strength": strength if isinstance(strength, int) else None,
            "tapped": card.tapped,
            "commander": any(p.commander_at == uid for p in state.players),
        }

    players = []
    for player in state.players:
        players.append(
            {
                "index": player.index,
                "commander": player.commander.name,
                "commander_at": player.commander_at,
                "resources": player.resources,
                "action_tokens": player.action_tokens,
                "commerce_tokens": player.commerce_tokens,
                "hand": len(player.hand),
                "deck": len(player.deck),
                "losses": len(player.losses),
                "production": [
                    {"name": cards[uid].spec.name, "tokens": cards[uid].tokens}
                    for uid in player.production
                ],
                "situations": [cards[uid].spec.name for uid in player.situations],
            }
        )
    places = []
    for obj in state.in_play(CardKind.SPACE_OBJECT):
        places.append(
            {
                **card_view(obj.uid),
                "ground": [card_view(c.uid) for c in state.on_object(obj.uid)],
                "ships": [card_view(c.uid) for c in state.ships_at(obj.uid)],
            }
        )
    sectors: dict[str, list[dict[str, Any]]] = {}
    for ship in state.in_play(CardKind.SHIP):
        if ship.where is not None and ship.where.startswith("s"):
            sectors.setdefault(ship.where, []).append(card_view(ship.uid))
    return {
        "turn": state.turn,
        "phase": state.phase.value,
        "priority": state.priority,
        "players": players,
        "places": places,
        "sectors": [{"sector": key, "ships": ships} for key, ships in sectors.items()],
        "in_hand_zone": Zone.HAND.value,
    }
