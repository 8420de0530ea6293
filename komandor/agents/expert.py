"""The expert: determinized Monte Carlo over more of the game, with a Commander threat check
(``ExpertAgent``).

It plays as the search agent does (``search.SearchAgent``: worlds drawn from its own
observation, every option played out in the same worlds by a playout policy, the world scored
at a horizon), with what a cheap copy of a match (engine 0.6, docs/engine.md "Copies") makes
affordable and what the search lacked:

- **More decisions searched.** The deployment, the Commander's and the fleet's moves and the
  builds of the first turns (``ExpertParameters.early_kinds`` to ``early_until_turn``), and
  the fleet's moves and the Commander's on every later turn (``late_kinds``): the match is
  mostly decided by where the fleet goes.
- **A Commander threat check.** A playout that ends with the player's own Commander lost is
  counted apart; an option that loses him in more worlds than the policy's own answer is never
  taken, whatever it scores otherwise (search-1.1 carried him into battles for a better mean).
- **An evaluation that counts the deck.** Beside the cards in play, the resources and the
  progress to the Trader's, Procurator's and Pirate's victories (``evaluate``), the cards left
  to draw: a match that runs long is won by the larger deck.

- **The Commander left to the policy** (``expert-3``: ``EXPERT_3_PARAMETERS``). Searched, the
  Commander's own decisions went wherever a few sampled worlds scored best, and the threat
  check sees only the losses the policy's playouts produce: expert-2 lost him by turn 3 in 8–19
  % of its games. With ``policy_carrier``, ``policy_deployment`` and ``policy_guard`` the
  policy (standard-2's safety rules) answers where he is placed and moves, every move of his
  carrier, the ships' placement before he is placed and every move it ends where he stands;
  the search keeps the rest of the fleet.

Every number is in one frozen ``ExpertParameters`` (for tuning). The budget counts playouts,
never time, and the agent's generator is seeded: the same seed and the same actions give the
same match. The playout policy is a constructor argument (any ``Agent``): it also answers every
decision not searched.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from komandor.agents.search import progress
from komandor.rules.cards import CardKind
from komandor.rules.decisions import Agent as Policy
from komandor.rules.decisions import Decision, DecisionKind
from komandor.rules.match_state import MatchObservation, MatchState
from komandor.rules.observation import Observation
from komandor.rules.state import GameState
from komandor.rules.victory import Termination

_EARLY_KINDS = frozenset(
    {
        DecisionKind.SETUP_COMMANDER,
        DecisionKind.COMMANDER_MOVE,
        DecisionKind.MOVE_SHIP,
        DecisionKind.PLACE_SHIP,
    }
)
_LATE_KINDS = frozenset({DecisionKind.COMMANDER_MOVE, DecisionKind.MOVE_SHIP})


@dataclass(frozen=True, slots=True)
class ExpertParameters:
    """The expert's numbers, with their defaults (docs/engine.md, "AI levels: expert")."""

    # Playouts per searched decision: ``playouts // options`` worlds, between ``min_worlds``
    # and ``max_worlds``, each world playing every option.
    playouts: int = 12
    min_worlds: int = 1
    max_worlds: int = 4
    # The kinds searched up to the turn ``early_until_turn``, and the kinds searched after it.
    early_kinds: frozenset[DecisionKind] = field(default=_EARLY_KINDS)
    early_until_turn: int = 3
    late_kinds: frozenset[DecisionKind] = field(default=_LATE_KINDS)
    # The last turn ``late_kinds`` are searched on (0: to the match's end).
    late_until_turn: int = 0
    # Turns played after the current one before a world is scored (0: to the turn's end).
    horizon: int = 1
    # Leave the policy's answer only for an option scoring this much more per world.
    margin: float = 0.05
    # ``evaluate``: resources' worth of a difference that is about three quarters of a win.
    scale: float = 25.0
    # ``evaluate``: weight of the difference in squared shares of an extra victory.
    progress_weight: float = 2.0
    # ``evaluate``: resources a card left in the deck is worth (the deck-out race).
    deck_card: float = 0.5
    # ``evaluate``: resources a Commander within the enemy's reach costs (on a space object or
    # on a ship on an orbit: open space is entered only by a card, MOVE-9).
    exposed_commander: float = 0.0
    # Leave every move of the Commander's own carrier (``move.ship`` with the context's
    # ``commander``) to the policy: the search never carries him (``expert-3``).
    policy_carrier: bool = False
    # Leave to the policy the ships' placement before the Commander is placed (``place.ship``
    # in the deployment: where his carrier and its escort stand), and every ship's move that
    # the policy ends where the Commander stands (his guard is not sent raiding).
    policy_deployment: bool = False
    policy_guard: bool = False


# ``expert-3``: the Commander's own decisions are the policy's (``standard-2``'s safety rules):
# where he is placed and moved, every move of his carrier, the deployment before him and his
# guard; the search keeps the fleet's other moves and the first turns' ship placements, with
# four times expert-2's playouts (those decisions searched cost a sixth of expert-2's; 48
# playouts measured stronger against expert-1 than 12 on the same games, docs/engine.md).
EXPERT_3_PARAMETERS = ExpertParameters(
    playouts=48,
    max_worlds=12,
    early_kinds=frozenset({DecisionKind.MOVE_SHIP, DecisionKind.PLACE_SHIP}),
    late_kinds=frozenset({DecisionKind.MOVE_SHIP}),
    policy_carrier=True,
    policy_deployment=True,
    policy_guard=True,
)


class ExpertAgent:
    """Searches ``parameters``' decision kinds in worlds sampled from its observation; every
    other decision, and any given no match observation, is the policy's."""

    __slots__ = ("_policy", "_random", "name", "parameters")

    def __init__(
        self,
        *,
        policy: Policy,
        seed: int = 0,
        name: str = "expert",
        parameters: ExpertParameters | None = None,
    ) -> None:
        self.name = name
        self.parameters = ExpertParameters() if parameters is None else parameters
        self._policy = policy
        self._random = random.Random(seed)

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        fallback = self._policy.choose(decision, observation)
        if not isinstance(observation, MatchObservation) or not self._searches(
            decision, observation.turn
        ):
            return fallback
        p = self.parameters
        if p.policy_carrier and decision.context.commander:
            return fallback
        if self._policys(decision, observation, fallback):
            return fallback
        options = len(decision.options)
        worlds = min(p.max_worlds, max(p.min_worlds, p.playouts // options))
        scores = [0.0] * options
        lost = [0] * options
        for _ in range(worlds):
            world_seed = self._random.getrandbits(62)
            for index in range(options):
                world = observation.sample_world(random.Random(world_seed))
                score, commander_lost = self._play_out(world, index, decision.player)
                scores[index] += score
                lost[index] += commander_lost
        return _best(scores, lost, fallback, p.margin * worlds)

    def _policys(self, decision: Decision, observation: Observation, fallback: int) -> bool:
        """Whether ``policy_deployment`` or ``policy_guard`` leaves this decision to the
        policy's answer ``fallback``."""
        p = self.parameters
        me = decision.player
        carrier_uid = observation.commander_at(me)
        kind = decision.kind
        if kind is DecisionKind.PLACE_SHIP:
            return p.policy_deployment and carrier_uid is None
        if not p.policy_guard or kind is not DecisionKind.MOVE_SHIP or carrier_uid is None:
            return False
        carrier = observation.card(carrier_uid)
        if carrier is None:
            return False
        # Where he stands: his ship's place, or the object he is on.
        place = carrier.where if carrier.kind is CardKind.SHIP else carrier_uid
        key = decision.options[fallback].key
        if key == "stay":
            ship_uid = decision.context.ship
            ship = observation.card(ship_uid) if ship_uid is not None else None
            return ship is not None and place is not None and ship.where == place
        return place is not None and key == place

    def _searches(self, decision: Decision, turn: int) -> bool:
        p = self.parameters
        if turn <= p.early_until_turn:
            return decision.kind in p.early_kinds
        return decision.kind in p.late_kinds and (
            not p.late_until_turn or turn <= p.late_until_turn
        )

    def _play_out(self, world: MatchState, index: int, player: int) -> tuple[float, bool]:
        """The world after option ``index``, played on by the policy to the horizon (then
        ``evaluate``) or to the match's end: ``player``'s score (1 a win, ½ a draw, 0 a loss)
        and whether he lost his Commander."""
        state = world.state
        last = state.turn + self.parameters.horizon
        world.answer(index)
        policy = self._policy
        while (decision := world.decision) is not None:
            if state.turn > last:
                return evaluate(state, player, self.parameters), False
            world.answer(policy.choose(decision, world.observation(decision.player)))
        outcome = world.outcome
        if outcome is None or outcome.winner is None:
            return 0.5, False
        if outcome.winner == player:
            return 1.0, False
        return 0.0, outcome.termination is Termination.COMMANDER_LOST


def _best(scores: list[float], lost: list[int], fallback: int, margin: float) -> int:
    """The option scoring most, if it beats the fallback by ``margin``, among those that lose
    the Commander in no more worlds than the fallback does (the threat check)."""
    allowed = lost[fallback]
    best = scores[fallback] + margin
    choice = fallback
    for index, score in enumerate(scores):
        if lost[index] <= allowed and score > best:
            best, choice = score, index
    return choice


def evaluate(state: GameState, player: int, parameters: ExpertParameters) -> float:
    """A match not over, scored for ``player`` between 0 and 1: the production cost of the
    cards each side controls in play, its resources and the cards left in its deck
    (``deck_card`` each), less ``exposed_commander`` for a Commander within the enemy's reach
    (``is_exposed``), and how near it is to an extra victory (``search.progress``); the
    difference squashed (``tanh``) around ½."""
    worth = [0.0, 0.0]
    for card in state.in_play():
        if 0 <= card.controller <= 1:
            worth[card.controller] += card.cost
    for seat in state.players:
        worth[seat.index] += seat.resources + parameters.deck_card * len(seat.deck)
        if parameters.exposed_commander and is_exposed(state, seat.commander_at):
            worth[seat.index] -= parameters.exposed_commander
    difference = (worth[player] - worth[1 - player]) / parameters.scale
    difference += parameters.progress_weight * (
        progress(state, player) - progress(state, 1 - player)
    )
    return 0.5 + 0.5 * math.tanh(difference)


def is_exposed(state: GameState, carrier: str | None) -> bool:
    """Whether a Commander on ``carrier`` stands where an enemy fleet may attack him without
    a card: on a space object, or on a ship on an orbit (sectors are ``s<n>``)."""
    if carrier is None:
        return False
    card = state.cards.get(carrier)
    if card is None or card.kind is CardKind.SPACE_OBJECT:
        return True
    where = card.where
    return where is not None and not where.startswith("s")
