"""The counters both players see that ``Observation`` has no accessor for: each side's extra
victory (the Commander card's, or one an effect grants), commercial-run tokens, action tokens,
resources, cards left in the deck, how many of his space objects are not blockaded, and
whether an ability card on his Commander opens enemy sectors (MOVE-9).

Everything here is face up in the book (the Commander card, the tokens on the table, the
deck's height), so an agent may read it; it is read from the observation's state only because
the rules' ``Observation`` (a rules module, which an agent change must not touch) offers these
as a whole-table ``to_dict`` — far too dear to build at every decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from komandor.rules.cards import CardSpec, Victory
from komandor.rules.observation import Observation
from komandor.rules.victory import pirate_loot, unblocked_objects


@dataclass(frozen=True, slots=True)
class SideFacts:
    """One side's public counters (``side_facts``)."""

    procurator: bool  # wins with 5 unblocked space objects at a turn's start (WIN-9)
    trader: bool  # wins with 7 commercial-run tokens at a turn's start (WIN-8)
    pirate: bool  # wins with more than 70 in the opponent's losses (WIN-6)
    commerce_tokens: int
    action_tokens: int
    resources: int
    deck: int  # cards left in the deck: two are drawn a turn (WIN-4)
    unblocked_objects: int
    loot: int  # the cost of the counted cards in the *opponent's* losses (WIN-7)
    opens_sectors: bool  # an ability card on his Commander lets his ships enter enemy sectors


def side_facts(observation: Observation, player: int) -> SideFacts:
    """``player``'s public counters as ``observation``'s player sees them."""
    state = observation._state
    seat = state.players[player]
    return SideFacts(
        procurator=state.has_victory(player, Victory.PROCURATOR),
        trader=state.has_victory(player, Victory.TRADER),
        pirate=state.has_victory(player, Victory.PIRATE),
        commerce_tokens=seat.commerce_tokens,
        action_tokens=seat.action_tokens,
        resources=seat.resources,
        deck=len(seat.deck),
        unblocked_objects=unblocked_objects(state, player),
        loot=pirate_loot(state, 1 - player),
        opens_sectors=any(
            opens_enemy_sectors(state.cards[uid].spec, state.cards[uid].variant)
            for uid in seat.situations
        ),
    )


def opens_enemy_sectors(spec: CardSpec, variant: int | None) -> bool:
    """Whether the card (its ``variant`` for an ability card; None: not declared) lets its
    player's ships enter a sector holding the enemy's fleet (MOVE-9)."""
    variants = spec.variants
    if variants is not None:
        if variant is None or not 0 <= variant < len(variants):
            return False
        chosen = variants[variant]
        effects = () if isinstance(chosen, str) else chosen  # a str: old text, never played
    else:
        effects = spec.effects or ()
    return any(
        action.do == "permit" and action.rule == "enter_enemy_sector"
        for effect in effects
        for action in effect.actions
    )
