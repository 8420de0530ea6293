"""Threats and victories at a glance: how near each player is to an extra victory and how
exposed each Commander is, read from the engine's state with the engine's own counts.

Every fact here is public (the table, the losses, the Commander cards and the effects in play),
so a seat's page and a spectator's show the same figures. The thresholds are the rule book's,
as the engine's ``victory.py`` checks them:

- Procurator (WIN-9): «в начале хода … 5 или более незаблокированных космических объектов» —
  ``unblocked_objects`` ≥ ``PROCURATOR_OBJECTS``;
- Trader (WIN-8): «в начале хода … 7 или более фишек “коммерческого рейса”» —
  commercial-run tokens ≥ ``TRADER_COMMERCE_TOKENS``;
- Pirate (WIN-6, WIN-7): «в конце любой фазы сражения в потерях противника … более 70
  ресурсов» — ``pirate_loot`` of the opponent > ``PIRATE_LOSSES_THRESHOLD`` (so 70 itself is
  not yet a win: ``more_than``).

A Commander is *reachable this turn* when an enemy ship can still be where he is before the
turn ends: an enemy fleet already shares his place and a battle phase is still to come, or
the enemy still has his movement phase with a ship free to move and the place is a space
object's orbit (any orbit is open to a move, MOVE-8, MOVE-12) — open-space sectors are closed
to an enemy fleet (MOVE-3, MOVE-9; a card that opens them is not foreseen here). No Django.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from komandor.rules import rules
from komandor.rules.cards import CardKind, Victory
from komandor.rules.match_state import MatchState
from komandor.rules.state import GameState, Phase, Zone
from komandor.rules.victory import pirate_loot, unblocked_objects

ORDER = list(Phase)


@dataclass(frozen=True, slots=True)
class VictoryMeter:
    seat: int
    kind: str  # "procurator", "trader" or "pirate"
    value: int
    target: int
    comparison: str  # "at_least" (value ≥ target wins) or "more_than" (value > target)
    checked: str  # when the rules check it: "turn_start" or "battle_end"

    @property
    def reached(self) -> bool:
        return (
            self.value > self.target
            if self.comparison == "more_than"
            else (self.value >= self.target)
        )

    @property
    def percent(self) -> int:
        """How full the meter is (0–100), for its bar."""
        return min(100, round(100 * self.value / self.target)) if self.target else 100

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "reached": self.reached, "percent": self.percent}


@dataclass(frozen=True, slots=True)
class CommanderExposure:
    seat: int
    carrier: str | None  # the uid of the ship or space object carrying him (None: lost)
    place: str | None  # the uid of the object whose orbit he is at, or a sector "sN"
    on_ship: bool
    reachable: bool
    why: str  # "enemy_here", "enemy_can_move", "" (not reachable), "lost", "not_placed"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def victory_meters(match_state: MatchState) -> list[VictoryMeter]:
    """Every extra victory a player has (his Commander's or one an effect grants), by seat."""
    state = match_state.state
    meters: list[VictoryMeter] = []
    for player in state.players:
        seat = player.index
        if state.has_victory(seat, Victory.PROCURATOR):
            value = unblocked_objects(state, seat)
            meters.append(
                VictoryMeter(
                    seat, "procurator", value, rules.PROCURATOR_OBJECTS, "at_least", "turn_start"
                )
            )
        if state.has_victory(seat, Victory.TRADER):
            meters.append(
                VictoryMeter(
                    seat,
                    "trader",
                    player.commerce_tokens,
                    rules.TRADER_COMMERCE_TOKENS,
                    "at_least",
                    "turn_start",
                )
            )
        if state.has_victory(seat, Victory.PIRATE):
            meters.append(
                VictoryMeter(
                    seat,
                    "pirate",
                    pirate_loot(state, state.opponent(seat)),
                    rules.PIRATE_LOSSES_THRESHOLD,
                    "more_than",
                    "battle_end",
                )
            )
    return meters


def commander_exposure(match_state: MatchState) -> list[CommanderExposure]:
    """Where each Commander is and whether the enemy can reach him this turn, by seat."""
    state = match_state.state
    return [_exposure(state, player.index) for player in state.players]


def _exposure(state: GameState, seat: int) -> CommanderExposure:
    at = state.players[seat].commander_at
    if at is None and state.phase is Phase.SETUP:
        return CommanderExposure(seat, None, None, False, False, "not_placed")
    carrier = state.cards.get(at) if at is not None else None
    if carrier is None or carrier.zone is not Zone.PLAY or carrier.controller != seat:
        return CommanderExposure(seat, at, None, False, False, "lost")
    on_ship = carrier.kind is CardKind.SHIP
    place = carrier.where if on_ship else carrier.uid
    enemy = state.opponent(seat)
    enemy_ships = [s for s in state.in_play(CardKind.SHIP) if s.controller == enemy]
    phase = state.phase
    why = ""
    if place is not None and phase not in (Phase.SETUP, Phase.END):
        if any(s.where == place for s in enemy_ships) and _battle_to_come(phase):
            why = "enemy_here"
        elif (
            place in state.cards
            and _moves_to_come(state, enemy)
            and any(not s.stay and s.where != place for s in enemy_ships)
        ):
            why = "enemy_can_move"
    return CommanderExposure(seat, carrier.uid, place, on_ship, bool(why), why)


def _battle_to_come(phase: Phase) -> bool:
    return ORDER.index(phase) <= ORDER.index(Phase.BATTLE_2)


def _moves_to_come(state: GameState, player: int) -> bool:
    """The player's movement phase of this turn has not ended (TURN-8, TURN-10)."""
    own = Phase.MOVE_1 if state.priority == player else Phase.MOVE_2
    return ORDER.index(state.phase) <= ORDER.index(own)
