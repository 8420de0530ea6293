"""The novice: the heuristic's moves with a learner's slips (``NoviceAgent``), the ``novice``
level — a player a newcomer can beat and learn from.

A person learning the game knows what to do most of the time and gets it wrong now and then
where judgement is needed: builds the wrong card, sends a ship to the wrong place, fires at
the wrong target, plays a card at the wrong moment or forgets to. So the novice answers as
the heuristic does, except that at a decision of judgement (``SLIP_KINDS``) with more than one
option it slips with probability ``SLIP`` and takes another legal option, drawn from its own
seeded generator. Rules questions with one sensible answer (keep the deal, evade, reroll a
miss) are never slipped on: those are not where a learner goes wrong, and slipping on them
looks like noise, not like a person. Seeded and deterministic: the same seed and decisions
give the same answers.
"""

from __future__ import annotations

import random

from komandor.agents.heuristic import HeuristicAgent
from komandor.rules.decisions import Decision, DecisionKind
from komandor.rules.observation import Observation

# Where a learner's judgement can fail: what to build, where ships go, whom to fire at, which
# card to play and when, where the Commander sits.
SLIP_KINDS = frozenset(
    {
        DecisionKind.SETUP_BUILD,
        DecisionKind.PRODUCTION_BUILD,
        DecisionKind.SETUP_COMMANDER,
        DecisionKind.COMMANDER_MOVE,
        DecisionKind.PLACE_SHIP,
        DecisionKind.MOVE_SHIP,
        DecisionKind.BATTLE_ATTACK,
        DecisionKind.BATTLE_COUNTER_FIRE,
        DecisionKind.EFFECT_PLAY,
        DecisionKind.EFFECT_TARGET,
    }
)
# The chance of a slip at each such decision (measured: docs/engine.md, "AI levels").
SLIP = 0.15


class NoviceAgent:
    """The heuristic with seeded slips at decisions of judgement (module docstring)."""

    __slots__ = ("_heuristic", "_random", "_slip", "name")

    def __init__(self, seed: int = 0, name: str = "novice", *, slip: float = SLIP) -> None:
        self._heuristic = HeuristicAgent(name)
        self._random = random.Random(seed)
        self._slip = slip
        self.name = name

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        best = self._heuristic.choose(decision, observation)
        count = len(decision.options)
        if count < 2 or decision.kind not in SLIP_KINDS:
            return best
        # One draw per decision of judgement, slip or not, so the generator's place in its
        # sequence depends only on the decisions asked, not on the answers.
        roll = self._random.random()
        other = self._random.randrange(count - 1)
        if roll >= self._slip:
            return best
        return other if other < best else other + 1
