"""Per player and card name: how many copies were drawn, played and in play at the end of a game.

Read from the engine's end state, not from a log, so collecting costs one pass over the
game's cards (~80) after the game (``docs/PERFORMANCE.md``, "Card figures"):

- **drawn**: the copy left its deck and did not go back (a redealt opening hand goes back, so
  it was not drawn; a copy an effect took straight from the deck counts as drawn);
- **played**: the copy was ever put in play, among the situations or under another card (the
  engine's ``Card.entered`` flag, set by ``GameState.move``); a copy started in production
  but never built was not played;
- **in play at the end**: the copy is in play, a situation or an upgrade when the game ends.

Cards are counted for their owner. No Django here.
"""

from __future__ import annotations

from komandor.rules.state import LIVE_ZONES, GameState, Zone

# One player's tally: card name → [copies drawn, copies played, copies in play at the end].
Tally = dict[str, list[int]]
DRAWN, PLAYED, AT_END = 0, 1, 2


def card_tally(state: GameState) -> list[Tally]:
    """One tally per player, naming every card of the player's deck (zeros included)."""
    tallies: list[Tally] = [{} for _ in state.players]
    deck = Zone.DECK
    for card in state.cards.values():
        row = tallies[card.owner].get(card.spec.name)
        if row is None:
            row = tallies[card.owner][card.spec.name] = [0, 0, 0]
        if card.entered:
            row[DRAWN] += 1
            row[PLAYED] += 1
            if card.zone in LIVE_ZONES:
                row[AT_END] += 1
        elif card.zone is not deck:
            row[DRAWN] += 1
    return tallies
