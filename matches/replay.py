"""Step-through replays: a match played again up to one event, and the position at that moment.

Bulk matches keep no log: the engine is deterministic, so the same deck versions, seed, agents
and engine version give the same game. ``replay_step`` plays the game again and stops it right
after event ``step``, so the position shown is exactly the one at that event (no Django here).

The stopped game is built like ``run_match`` builds it; ``replay_step`` checks that the events
it produced are the very ones ``run_match`` logs for the match, and reports the replay as
unavailable otherwise (say, after an engine change), never a position of another game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from matches.engine.cards import CardKind
from matches.engine.dice import SeededDice
from matches.engine.events import EventLog
from matches.engine.game import Game
from matches.engine.match import ENGINE_VERSION
from matches.engine.state import GameState, Zone
from matches.engine_decks import PlayableDeck
from matches.playing import play_game, seat_agents


class _Reached(Exception):
    pass


class _SteppedLog(EventLog):
    """An event log that stops the game once it holds ``stop_at + 1`` events."""

    __slots__ = ("stop_at",)

    def __init__(self, stop_at: int) -> None:
        super().__init__(enabled=True)
        self.stop_at = stop_at

    def emit(self, type_: str, **data: Any) -> None:
        super().emit(type_, **data)
        if len(self.events) > self.stop_at:
            raise _Reached


@dataclass(frozen=True, slots=True)
class ReplayStep:
    step: int
    events: list[dict[str, Any]]  # the whole match's events
    position: dict[str, Any]  # the position right after ``events[step]``
    turn_starts: list[int]  # event index of each «turn» event
    names: dict[str, str]  # card uid (and sector) → name


def replay_step(
    *,
    seats: Sequence[PlayableDeck],
    agents: Sequence[str],
    seed: int,
    turn_cap: int,
    step: int,
    cpu_limit: float,
) -> ReplayStep | None:
    """None when the game cannot be regenerated exactly."""
    _, full = play_game(
        seats=seats, agents=agents, seed=seed, turn_cap=turn_cap, cpu_limit=cpu_limit, log=True
    )
    if full is None:
        return None
    events = list(full.log)
    step = max(0, min(step, len(events) - 1))
    log = _SteppedLog(step)
    game = Game(
        decks=[seat.deck.cards for seat in seats],
        commanders=[seat.deck.commander for seat in seats],
        agents=seat_agents(seats=seats, agents=agents, seed=seed, cpu_limit=cpu_limit),
        dice=SeededDice(seed),
        log=log,
        # As ``run_match`` builds it: the decks' pre-chosen ability cards (ABIL-5) too, or a
        # precon's game diverges at its first event and the replay is "unavailable".
        setup_abilities=[seat.deck.setup_abilities for seat in seats],
    )
    try:
        log.emit(
            "match",
            engine=ENGINE_VERSION,
            seed=seed,
            decks=[seat.deck.name for seat in seats],
            agents=list(agents),
        )
        outcome = game.play(turn_cap=turn_cap)
        if not log.of_type("victory"):  # a turn-cap draw: run_match logs it after play
            log.emit("victory", **outcome.to_dict())
    except _Reached:
        pass
    if log.events != events[: step + 1]:
        return None
    state = game.state
    turn_starts = [index for index, event in enumerate(events) if event["type"] == "turn"]
    names = {uid: card.spec.name for uid, card in full.state.cards.items()}
    return ReplayStep(step, events, position_of(state), turn_starts, names)


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
