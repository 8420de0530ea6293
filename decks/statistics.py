"""Deck statistics: card kinds, the cost curve and setup-draw odds (plain values, no ORM)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from komandor.rules.deck_rules import SHIP, SPACE_OBJECT, CardFacts, DeckDraft, setup_draw_size
from komandor.rules.rules import DRAW_PER_TURN

# The odds table covers holding at least 1..ODDS_UP_TO cards of a kind in the setup draw.
ODDS_UP_TO = 5


def chance_at_least(*, population: int, successes: int, draws: int, at_least: int) -> Fraction:
    """Exact hypergeometric P(X ≥ at_least): ``draws`` cards without replacement from
    ``population`` cards of which ``successes`` are of the wanted kind.

    >>> chance_at_least(population=5, successes=2, draws=2, at_least=1)
    Fraction(7, 10)
    """
    draws = min(draws, population)
    successes = min(successes, population)
    if at_least <= 0:
        return Fraction(1)
    total = comb(population, draws)
    if total == 0:
        return Fraction(0)
    favourable = sum(
        comb(successes, hits) * comb(population - successes, draws - hits)
        for hits in range(at_least, min(successes, draws) + 1)
    )
    return Fraction(favourable, total)


@dataclass(frozen=True, slots=True)
class DeckStatistics:
    card_count: int
    by_kind: dict[str, int]
    by_cost: dict[str, int]
    cost_curve: list[dict[str, int]]
    without_cost: int
    setup_draw: int
    setup_odds: dict[str, list[dict[str, Any]]]

    def to_dict(self) -> dict[str, Any]:
        return {
            "card_count": self.card_count,
            "by_kind": self.by_kind,
            "by_cost": self.by_cost,
            "cost_curve": self.cost_curve,
            "without_cost": self.without_cost,
            "setup_draw": self.setup_draw,
            "setup_odds": self.setup_odds,
        }


def deck_statistics(draft: DeckDraft) -> DeckStatistics:
    kinds: Counter[str] = Counter()
    costs: Counter[int] = Counter()
    without_cost = 0
    for card, count in draft.entries:
        kinds[card.kind] += count
        if card.cost is None:
            without_cost += count
        else:
            costs[card.cost] += count
    top = max(costs, default=-1)
    curve = [{"cost": cost, "count": costs.get(cost, 0)} for cost in range(0, top + 1)]
    # Pre-chosen ability cards are out of the deck before the setup draw (ZONE-2, ABIL-5).
    chosen = sum(count for _, count in draft.setup_abilities)
    population = max(draft.card_count - chosen, 0)
    draw = setup_draw_size(draft)
    odds = {
        kind: [
            {
                "at_least": k,
                "chance": float(
                    chance_at_least(
                        population=population, successes=kinds[kind], draws=draw, at_least=k
                    )
                ),
            }
            for k in range(1, ODDS_UP_TO + 1)
        ]
        for kind in (SPACE_OBJECT, SHIP)
    }
    return DeckStatistics(
        card_count=draft.card_count,
        by_kind=dict(sorted(kinds.items())),
        by_cost={str(cost): costs[cost] for cost in sorted(costs)},
        cost_curve=curve,
        without_cost=without_cost,
        setup_draw=draw,
        setup_odds=odds,
    )


# Draw odds by turn: turn 0 is the setup draw, each later turn adds the book's draw (TURN).
ODDS_TURNS = 6


@dataclass(frozen=True, slots=True)
class CardGroup:
    """Which cards the draw odds count: one card, a kind, or an exact cost ("card",
    "kind", "cost" with its value as text)."""

    by: str
    value: str

    def holds(self, card: CardFacts) -> bool:
        if self.by == "card":
            return str(card.id) == self.value
        if self.by == "kind":
            return card.kind == self.value
        return card.cost is not None and str(card.cost) == self.value

    @classmethod
    def from_text(cls, text: str) -> CardGroup | None:
        """``card:12``, ``kind:ship`` or ``cost:3``; None for anything else."""
        by, _, value = text.partition(":")
        if by not in ("card", "kind", "cost") or not value or len(value) > 40:
            return None
        if by in ("card", "cost") and not (value.isascii() and value.isdigit()):
            return None
        return cls(by, value)


def draw_odds(draft: DeckDraft, *, group: CardGroup, at_least: int = 1) -> list[dict[str, Any]]:
    """The exact chance of holding at least ``at_least`` cards of ``group`` among the cards
    drawn by each turn: turn 0 the setup draw, then ``DRAW_PER_TURN`` more per turn. The top-up
    to a hand of 7 after setup depends on what was built, so it is not counted."""
    chosen = sum(count for _, count in draft.setup_abilities)
    population = max(draft.card_count - chosen, 0)
    picked = sum(count for card, count in draft.setup_abilities if group.holds(card))
    in_group = max(sum(count for card, count in draft.entries if group.holds(card)) - picked, 0)
    first = setup_draw_size(draft)
    rows = []
    for turn in range(ODDS_TURNS + 1):
        drawn = min(first + DRAW_PER_TURN * turn, population)
        chance = chance_at_least(
            population=population, successes=in_group, draws=drawn, at_least=at_least
        )
        rows.append({"turn": turn, "drawn": drawn, "chance": float(chance)})
    return rows
