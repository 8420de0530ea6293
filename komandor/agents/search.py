"""The search agent: determinized Monte Carlo with heuristic playouts (``SearchAgent``).

At a decision it searches (``SEARCHED_KINDS`` up to ``SEARCHED_UNTIL_TURN``: the deployment,
the Commander's and the fleet's moves of the first turns) the agent draws worlds from its own
observation (``match_state.MatchObservation.sample_world``: the opponent's hand and deck dealt
again from the cards it has not seen, its own deck shuffled again, fresh dice), plays every
option in each world and the match on with the heuristic on both sides — to the end of the
next turn (``SEARCH_HORIZON``), where ``evaluate`` scores it, or to the match's end (a win 1,
a draw ½) — and takes the option that scored best, the heuristic's own choice unless another
beats it by ``SEARCH_MARGIN`` a world. Every option meets the same worlds, so their scores
differ by the option and not by the luck of the draw. The budget counts playouts
(``budget // options`` worlds, at least one), never time: the agent's generator is seeded, and
the same seed gives the same match. Anywhere else, and when it is given no match observation
(a battle scenario), it answers as the heuristic.
"""

from __future__ import annotations

import math
import random

from komandor.rules import rules
from komandor.rules.cards import Victory
from komandor.rules.decisions import Agent as Policy
from komandor.rules.decisions import Decision, DecisionKind
from komandor.rules.match_state import MatchObservation, MatchState
from komandor.rules.observation import Observation
from komandor.rules.state import GameState
from komandor.rules.victory import pirate_loot, unblocked_objects

# The decision kinds the agent searches, up to the turn ``SEARCHED_UNTIL_TURN``; the heuristic
# answers the rest (docs/engine.md, "The search agent": where the search gains, measured).
SEARCHED_KINDS = frozenset(
    {DecisionKind.SETUP_COMMANDER, DecisionKind.COMMANDER_MOVE, DecisionKind.MOVE_SHIP}
)
SEARCHED_UNTIL_TURN = 3
# Turns a playout plays after the current one before it is scored by ``evaluate`` (0: to the
# match's end).
SEARCH_HORIZON = 1
# Leave the heuristic's choice only for an option scoring this much more per world.
SEARCH_MARGIN = 0.05
# ``evaluate``: the resources' difference worth about three quarters of a win.
EVALUATION_SCALE = 25.0
# ``evaluate``: the weight of the difference in ``progress`` (squared shares of a victory).
PROGRESS_WEIGHT = 2.0


class SearchAgent:
    """About ``budget`` playouts per searched decision: ``budget // options`` worlds (at least
    one), each playing every option out."""

    __slots__ = (
        "_policy",
        "_random",
        "budget",
        "horizon",
        "kinds",
        "margin",
        "name",
        "until_turn",
    )

    def __init__(
        self,
        budget: int,
        seed: int = 0,
        name: str = "search",
        *,
        policy: Policy,
        kinds: frozenset[str] = SEARCHED_KINDS,
        until_turn: int = SEARCHED_UNTIL_TURN,
        margin: float = SEARCH_MARGIN,
        horizon: int = SEARCH_HORIZON,
    ) -> None:
        """``policy``: the playout agent and the answer where it does not search (the
        heuristic: ``agents.make_agent`` gives it); ``kinds``: the decision kinds searched;
        ``until_turn``: search only up to that turn (0: always); ``margin``: leave the
        policy's choice only for an option scoring more than this much a world above it;
        ``horizon``: turns played after the current one before ``evaluate`` scores the
        world (0: to the end) (docs/engine.md, "The search agent")."""
        if budget < 1:
            raise ValueError(f"a search budget is at least 1 playout, got {budget}")
        self.budget = budget
        self.name = name
        self.kinds = kinds
        self.until_turn = until_turn
        self.margin = margin
        self.horizon = horizon
        self._random = random.Random(seed)
        self._policy = policy

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        fallback = self._policy.choose(decision, observation)
        if decision.kind not in self.kinds or not isinstance(observation, MatchObservation):
            return fallback
        if self.until_turn and observation.turn > self.until_turn:
            return fallback
        options = len(decision.options)
        scores = [0.0] * options
        worlds = max(1, self.budget // options)
        for _ in range(worlds):
            world_seed = self._random.getrandbits(62)
            for index in range(options):
                world = observation.sample_world(random.Random(world_seed))
                scores[index] += self._play_out(world, index, decision.player)
        best = scores[fallback] + self.margin * worlds
        choice = fallback
        for index, score in enumerate(scores):
            if score > best:
                best, choice = score, index
        return choice

    def _play_out(self, world: MatchState, index: int, player: int) -> float:
        """The world after option ``index``, played on by the heuristic to its end (or to the
        horizon, then ``evaluate``): 1 when ``player`` wins, ½ on a draw, 0 on a loss."""
        state = world.state
        last = state.turn + self.horizon if self.horizon else -1
        world.answer(index)
        policy = self._policy
        while (decision := world.decision) is not None:
            if last >= 0 and state.turn > last:
                return evaluate(state, player)
            world.answer(policy.choose(decision, world.observation(decision.player)))
        outcome = world.outcome
        if outcome is None or outcome.winner is None:
            return 0.5
        return 1.0 if outcome.winner == player else 0.0


def evaluate(state: GameState, player: int) -> float:
    """A match not over, scored for ``player`` between 0 and 1: how near each side is to one
    of its victories (WIN-6 to WIN-9: the Trader's commercial-run tokens, the Procurator's
    unblocked objects, the Pirate's loot, each as a share of what wins) and the production
    cost of the cards it controls in play plus its resources; the difference squashed
    (``tanh``) around ½."""
    worth = [0.0, 0.0]
    for card in state.in_play():
        if 0 <= card.controller <= 1:
            worth[card.controller] += card.cost
    for seat in state.players:
        worth[seat.index] += seat.resources
    difference = (worth[player] - worth[1 - player]) / EVALUATION_SCALE
    difference += PROGRESS_WEIGHT * (progress(state, player) - progress(state, 1 - player))
    return 0.5 + 0.5 * math.tanh(difference)


def progress(state: GameState, player: int) -> float:
    """How near ``player`` is to his nearest victory other than the opponent's Commander: 0
    to 1 (and past 1 at a victory checked later in the turn)."""
    seat = state.players[player]
    best = 0.0
    if state.has_victory(player, Victory.TRADER):
        best = max(best, seat.commerce_tokens / rules.TRADER_COMMERCE_TOKENS)
    if state.has_victory(player, Victory.PROCURATOR):
        best = max(best, unblocked_objects(state, player) / rules.PROCURATOR_OBJECTS)
    if state.has_victory(player, Victory.PIRATE):
        loot = pirate_loot(state, 1 - player)
        best = max(best, loot / rules.PIRATE_LOSSES_THRESHOLD)
    return best * best
