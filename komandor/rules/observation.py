"""What one player may know of a match in progress: ``Observation`` (an information state).

His own hand; the number of cards in the opponent's hand and in each deck, and the cards of the
opponent's hand he saw going there (fetched from the deck and shown, taken from the losses:
``hand_shown``); everything face up: the cards in play with their damage and tokens, both
production zones, the situations zones (ability cards on the Commanders among them), the
upgrades under the cards, the losses; each player's counters; the card effects in force; the
dice rolled so far. Never the order of any deck, never another card in the opponent's hand.
Two matches that differ only in what the player may
not see give equal observations (``tests/engine/test_match_state.py``).

An ``Observation`` is a view: it holds the match's state privately and reads it only through
these methods, so building one for every decision costs nothing until an agent asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from komandor.rules.cards import CardKind
from komandor.rules.state import Card, GameState, Zone

# The zones whose cards only their owner sees.
_HIDDEN = (Zone.HAND, Zone.DECK)


class Observation:
    __slots__ = ("_rolls", "_state", "player")

    def __init__(self, state: GameState, player: int, rolls: Sequence[int]) -> None:
        self._state = state
        self._rolls = rolls
        self.player = player

    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def phase(self) -> str:
        return self._state.phase.value

    def hand(self) -> list[dict[str, Any]]:
        """The player's own hand, in its order."""
        state = self._state
        return [_face_up(state.cards[uid]) for uid in state.players[self.player].hand]

    def card(self, uid: str) -> Card | None:
        """A card the player may see, by uid: any card but the opponent's in his hand or
        deck (None for those, and for a uid that names no card: a sector). Read only."""
        card = self._state.cards.get(uid)
        if card is None or (card.owner != self.player and card.zone in _HIDDEN):
            return None
        return card

    def cards_in_play(self, kind: CardKind | None = None) -> tuple[Card, ...]:
        """The cards in play (of ``kind``), in the state's order. Read only."""
        return tuple(self._state.in_play(kind))

    def commander_at(self, player: int) -> str | None:
        """The uid of the card carrying ``player``'s Commander (None before he is placed)."""
        return self._state.players[player].commander_at

    def hand_count(self, player: int) -> int:
        """How many cards ``player`` holds in his hand."""
        return len(self._state.players[player].hand)

    def hand_shown(self) -> list[dict[str, Any]]:
        """The cards of the opponent's hand this player saw going there (``Card.shown``)."""
        state = self._state
        cards = state.cards
        them = state.players[1 - self.player]
        return [_face_up(cards[uid]) for uid in them.hand if cards[uid].shown]

    def rolls(self) -> list[int]:
        """Every D6 rolled so far in the match, in order (shuffles are never shown)."""
        return list(self._rolls)

    def in_play(self) -> list[dict[str, Any]]:
        return [_face_up(card) for card in self._state.in_play()]

    def to_dict(self) -> dict[str, Any]:
        """The whole observation as JSON-compatible data."""
        state = self._state
        cards = state.cards
        players = []
        for p in state.players:
            players.append(
                {
                    "index": p.index,
                    "commander": p.commander.name,
                    "commander_at": p.commander_at,
                    "initiative": p.initiative,
                    "resources": p.resources,
                    "action_tokens": p.action_tokens,
                    "commerce_tokens": p.commerce_tokens,
                    "pending_rewards": p.pending_rewards,
                    "hand_count": len(p.hand),
                    # the cards of his hand both players saw go there (``Card.shown``)
                    "hand_shown": [_face_up(cards[uid]) for uid in p.hand if cards[uid].shown],
                    "deck_count": len(p.deck),
                    "production": [_face_up(cards[uid]) for uid in p.production],
                    "situations": [_face_up(cards[uid]) for uid in p.situations],
                    "attached": [_face_up(cards[uid]) for uid in p.attached],
                    "losses": [_face_up(cards[uid]) for uid in p.losses],
                }
            )
        return {
            "player": self.player,
            "turn": state.turn,
            "phase": state.phase.value,
            "priority": state.priority,
            "players": players,
            "hand": self.hand(),
            "in_play": self.in_play(),
            "modifiers": [
                [m.target, m.stat, m.delta, m.expires]
                for m in state.modifiers
                if state.is_live(m.expires)
            ],
            "rolls": self.rolls(),
        }


def _face_up(card: Card) -> dict[str, Any]:
    return {
        "uid": card.uid,
        "name": card.spec.name,
        "kind": card.kind.value,
        "owner": card.owner,
        "controller": card.controller,
        "where": card.where,
        "damage": card.damage,
        "tokens": card.tokens,
        "tapped": card.tapped,
        "built_turn": card.built_turn,
        "variant": card.variant,
    }
