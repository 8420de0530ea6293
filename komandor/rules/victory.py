"""How a match ends, as data: an ``Outcome`` with a ``Termination`` and a winner (or a draw)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from komandor.rules import rules
from komandor.rules.cards import CardKind, Victory
from komandor.rules.state import Zone

if TYPE_CHECKING:
    from komandor.rules.state import GameState


class Termination(StrEnum):
    COMMANDER_LOST = "commander_lost"  # WIN-1, WIN-3, CMDR-5
    DECK_OUT = "deck_out"  # WIN-4, WIN-11
    PIRATE = "pirate"  # WIN-6, WIN-7
    TRADER = "trader"  # WIN-8
    PROCURATOR = "procurator"  # WIN-9
    NO_COMMANDER_CARRIER = "no_commander_carrier"  # CMDR-2, AMB-28a: nowhere to place him
    TURN_CAP = "turn_cap"  # not a book rule: the match runner's limit, a draw


@dataclass(frozen=True, slots=True)
class Outcome:
    termination: Termination
    winner: int | None  # None: a draw
    turn: int
    reason: str

    def to_dict(self) -> dict[str, object]:
        return {
            "termination": self.termination.value,
            "winner": self.winner,
            "turn": self.turn,
            "reason": self.reason,
        }


# «учитываются карты кораблей, наземных отрядов, военных/гражданских построек и космических
# объектов»
PIRATE_COUNTED = frozenset(
    {
        CardKind.SHIP,
        CardKind.GROUND_UNIT,
        CardKind.MILITARY_BUILDING,
        CardKind.CIVIL_BUILDING,
        CardKind.SPACE_OBJECT,
    }
)


def pirate_loot(state: GameState, victim: int) -> int:
    """Total production cost of the counted cards in ``victim``'s losses (WIN-7, AMB-29)."""
    return sum(
        state.cards[uid].cost
        for uid in state.players[victim].losses
        if state.cards[uid].kind in PIRATE_COUNTED
    )


def unblocked_objects(state: GameState, player: int) -> int:
    return sum(1 for obj in state.objects(player) if not state.is_blocked(obj))


def commander_is_lost(state: GameState, player: int) -> bool:
    """The Commander's carrier was destroyed or taken by the opponent (CMDR-5, WIN-3)."""
    at = state.players[player].commander_at
    if at is None:
        return True
    carrier = state.cards[at]
    return carrier.zone is not Zone.PLAY or carrier.controller != player


def _by_priority(state: GameState, candidates: list[int]) -> int:
    # WIN-10 / WIN-11 (and AMB-30 by analogy): the priority holder wins a simultaneous finish.
    return state.priority if state.priority in candidates else candidates[0]


def decide_simultaneous(
    state: GameState, candidates: list[int], termination: Termination, reason: str
) -> Outcome | None:
    if not candidates:
        return None
    winner = _by_priority(state, candidates)
    if len(candidates) > 1:
        reason += " (both at once: the player with initiative priority wins)"
    return Outcome(termination, winner, state.turn, reason)


def check_start_of_turn(state: GameState) -> Outcome | None:
    """Trader and Procurator, checked «в начале хода» (WIN-8, WIN-9, TURN-2)."""
    trader = [
        p.index
        for p in state.players
        if state.has_victory(p.index, Victory.TRADER)
        and p.commerce_tokens >= rules.TRADER_COMMERCE_TOKENS
    ]
    procurator = [
        p.index
        for p in state.players
        if state.has_victory(p.index, Victory.PROCURATOR)
        and unblocked_objects(state, p.index) >= rules.PROCURATOR_OBJECTS
    ]
    winners = sorted(set(trader) | set(procurator))
    if not winners:
        return None
    winner = _by_priority(state, winners)
    termination = Termination.TRADER if winner in trader else Termination.PROCURATOR
    if termination is Termination.TRADER:
        tokens = state.players[winner].commerce_tokens
        reason = f"player {winner} (Trader) starts the turn with {tokens} commercial-run tokens"
    else:
        count = unblocked_objects(state, winner)
        reason = f"player {winner} (Procurator) starts the turn with {count} unblocked objects"
    if len(winners) > 1:
        reason += " (both at once: the player with initiative priority wins)"
    return Outcome(termination, winner, state.turn, reason)


def check_commanders(state: GameState, *, lost_in_round: Collection[int] = ()) -> Outcome | None:
    """A lost Commander loses the match; both lost at once → priority (AMB-30).

    ``lost_in_round``: after a battle, the players whose Commander's card was destroyed in one
    of its rounds. Such a player lost «в конце любого раунда боя» (WIN-3), before a Commander
    whose ship only reached its critical damage and went to the losses «После завершения
    сражения» (BEND-3, AMB-3d), so he alone loses; both lost in the same round → priority.
    """
    lost = [p.index for p in state.players if commander_is_lost(state, p.index)]
    if not lost:
        return None
    first = [p for p in lost if p in lost_in_round]
    if len(lost) > 1 and len(first) == 1:
        loser = first[0]
        later = next(p for p in lost if p != loser)
        return Outcome(
            Termination.COMMANDER_LOST,
            later,
            state.turn,
            f"player {loser}'s Commander was lost at the end of a battle round, "
            f"player {later}'s only after the battle",
        )
    survivors = [p.index for p in state.players if p.index not in lost]
    if survivors:
        loser = lost[0]
        return Outcome(
            Termination.COMMANDER_LOST,
            survivors[0],
            state.turn,
            f"player {loser}'s Commander was on a card destroyed or taken by the opponent",
        )
    return decide_simultaneous(
        state,
        [0, 1],
        Termination.COMMANDER_LOST,
        "both Commanders were lost at the same check",
    )


def check_end_of_battle_phase(state: GameState) -> Outcome | None:
    """Commanders first (WIN-3), then the Pirate (WIN-6)."""
    outcome = check_commanders(state)
    if outcome is not None:
        return outcome
    pirates = [
        p.index
        for p in state.players
        if state.has_victory(p.index, Victory.PIRATE)
        and pirate_loot(state, state.opponent(p.index)) > rules.PIRATE_LOSSES_THRESHOLD
    ]
    if not pirates:
        return None
    winner = _by_priority(state, pirates)
    loot = pirate_loot(state, state.opponent(winner))
    return decide_simultaneous(
        state,
        pirates,
        Termination.PIRATE,
        f"player {winner} (Pirate): the opponent's losses are worth {loot} resources (> "
        f"{rules.PIRATE_LOSSES_THRESHOLD})",
    )
