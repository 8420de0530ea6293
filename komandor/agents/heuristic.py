"""The heuristic: fixed rules of thumb, one answer per decision (``HeuristicAgent``).

Like every agent it is given the decision (its options, their data and the context) and its
own ``Observation`` (what its player may know), never the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from komandor.agents.battle_values import attack_values
from komandor.agents.effect_values import play_values
from komandor.agents.features import (
    CARD_OPTION_KINDS,
    CardFeatures,
    MovementPlaces,
    Place,
    card_options,
    mobile_power,
    movement_places,
    place_options,
    ship_power,
)
from komandor.agents.parameters import Parameter
from komandor.rules.decisions import Decision, DecisionKind
from komandor.rules.facts import PlayFacts
from komandor.rules.observation import Observation

# Fixed answers of the heuristic to yes/no questions, by decision kind: the first listed key
# that is legal wins.
_PREFERRED: dict[DecisionKind, tuple[str, ...]] = {
    DecisionKind.SETUP_REDEAL: ("keep",),
    DecisionKind.COMMERCE_ESCORT: ("stay",),
    DecisionKind.CAPTURE_CIVIL_BUILDING: ("capture",),
    DecisionKind.PRODUCTION_DISCARD_ABILITY: ("discard",),
    DecisionKind.BATTLE_SECOND_ECHELON: ("done",),
    DecisionKind.BATTLE_WITHDRAW: ("stay",),
    DecisionKind.BATTLE_ALLOW_WITHDRAW: ("refuse",),
    DecisionKind.BATTLE_EVADE: ("evade",),
    DecisionKind.BATTLE_NOVA_SHIELD: ("absorb",),
    DecisionKind.BATTLE_RAM_DODGE: ("dodge",),
    DecisionKind.BATTLE_STOP_CLOSING: ("continue",),
    DecisionKind.BATTLE_RESUME_CLOSING: ("resume",),
    DecisionKind.BATTLE_INCREASE_DISTANCE: ("keep",),
    DecisionKind.BATTLE_ECHELON_ENTER: ("enter",),
    DecisionKind.BATTLE_LANDING: ("land",),
}
# How much more fighting value the heuristic wants than the defenders before it attacks.
ATTACK_MARGIN = 1.25
# Share of the movable fleet kept with a Commander on an orbit (in open space he needs none), and
# the surplus sent past the margin.
GUARD_SHARE = 0.3
ESCORT_POWER = 10


@dataclass(frozen=True, slots=True)
class HeuristicWeights:
    """The heuristic's plain numbers, as one record a tuning can change
    (``HEURISTIC_SPACE``). The defaults are the numbers it has always played with, so an
    agent built without values chooses exactly as before."""

    attack_margin: float = ATTACK_MARGIN
    guard_share: float = GUARD_SHARE
    escort_power: float = ESCORT_POWER
    # Fighting value of the defenders worth one income in the choice of a target.
    enemy_power_per_income: float = 10
    # Resources an action token is worth when paying for an effect: in production, and
    # outside it (where it is kept for the next one unless the play is clearly worth it).
    token_price_production: float = 1.5
    token_price_outside: float = 2.0
    # A card's worth: income counts this many times its fighting value.
    income_weight: float = 3
    # A roll below this is rolled again when the decision names no number needed.
    reroll_below: float = 4


DEFAULT_WEIGHTS = HeuristicWeights()
# The numbers of agents 1.1, written out: ``heuristic-1.1`` keeps them whatever a tuning makes
# of the defaults.
WEIGHTS_1_1 = HeuristicWeights(
    attack_margin=1.25,
    guard_share=0.3,
    escort_power=10,
    enemy_power_per_income=10,
    token_price_production=1.5,
    token_price_outside=2.0,
    income_weight=3,
    reroll_below=4,
)

# The heuristic's tunable space (``registry.TUNABLE``): defaults are ``DEFAULT_WEIGHTS``'.
HEURISTIC_SPACE: tuple[Parameter, ...] = (
    Parameter("attack_margin", ATTACK_MARGIN, 0.8, 2.5, c_end=0.1),
    Parameter("guard_share", GUARD_SHARE, 0.0, 0.8, c_end=0.05),
    Parameter("escort_power", ESCORT_POWER, 0.0, 40.0, c_end=2.0),
    Parameter("enemy_power_per_income", 10, 1.0, 50.0, c_end=2.0),
    Parameter("token_price_production", 1.5, 0.0, 5.0, c_end=0.25),
    Parameter("token_price_outside", 2.0, 0.0, 6.0, c_end=0.25),
    Parameter("income_weight", 3, 0.5, 10.0, c_end=0.4),
    Parameter("reroll_below", 4, 1.0, 7.0, c_end=0.5),
)


def heuristic_weights(values: Mapping[str, float]) -> HeuristicWeights:
    """The weights of checked values (``parameters.values_checked``)."""
    return HeuristicWeights(
        attack_margin=values["attack_margin"],
        guard_share=values["guard_share"],
        escort_power=values["escort_power"],
        enemy_power_per_income=values["enemy_power_per_income"],
        token_price_production=values["token_price_production"],
        token_price_outside=values["token_price_outside"],
        income_weight=values["income_weight"],
        reroll_below=values["reroll_below"],
    )


class HeuristicAgent:
    """Builds what gives most income and fighting value per resource, keeps its Commander on
    its weakest ship in open space (which the enemy enters only by a card, MOVE-9), sends the
    rest of the fleet together to the enemy place worth most (the enemy Commander's first) that
    it overpowers, and takes the best expected damage in battle. Every answer comes from the
    decision and the observation alone; what it keeps from one decision to the next (the
    places of a movement phase, ``features.MovementPlaces``) only saves their computation and
    serves no other match, clone or sampled world (it checks the state it was kept for)."""

    __slots__ = ("_movement", "name", "weights")

    # Never asks for a sampled world: ``run_match`` lets the rules ask it directly.
    samples_worlds: ClassVar[bool] = False

    def __init__(
        self, name: str = "heuristic", weights: HeuristicWeights = DEFAULT_WEIGHTS
    ) -> None:
        self.name = name
        self.weights = weights
        self._movement: MovementPlaces | None = None

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        if decision.kind is DecisionKind.MOVE_SHIP and observation is not None:
            kept = self._movement = movement_places(decision, observation, self._movement)
            return _move_ship_kept(decision, observation, kept, self.weights)
        if decision.kind is DecisionKind.EFFECT_PLAY:
            return _effect_play(decision, observation, self.weights)
        placing = _PLACE_ANSWERS.get(decision.kind)
        if placing is not None:
            return placing(decision, observation, self.weights)
        # Only the answers to decisions naming cards read features; the rest (attacks,
        # rerolls, commercial runs) read the facts as given.
        weighing = _CARD_ANSWERS.get(decision.kind)
        if weighing is not None:
            return weighing(with_features(decision, observation), self.weights)
        answer = _ANSWERS.get(decision.kind)
        if answer is not None:
            return answer(decision, self.weights)
        return _prefer(decision, _PREFERRED.get(decision.kind, ()))


class Weighed:
    """A decision naming cards as the heuristic weighs it: each option's facts with the
    features it computes of the card it names (``options``, in the decision's order; the
    context is the decision's)."""

    __slots__ = ("decision", "options")

    def __init__(self, decision: Decision, options: tuple[CardFeatures, ...]) -> None:
        self.decision = decision
        self.options = options


def with_features(decision: Decision, observation: Observation | None) -> Weighed:
    """The decision as the heuristic weighs it: each option's facts with the features it
    computes of the card it names (``features.card_options``); with no observation, the facts
    alone."""
    return Weighed(decision, tuple(card_options(decision, observation)))


# --- setup and production ------------------------------------------------------------------


def _setup_build(weighed: Weighed, weights: HeuristicWeights) -> int:
    return _production_build(weighed, weights)


def _production_build(weighed: Weighed, weights: HeuristicWeights) -> int:
    options = weighed.options
    complete = [i for i, o in enumerate(options) if o.complete]
    if complete:
        return max(complete, key=lambda i: _value(options[i], weights))
    partial = [i for i, o in enumerate(options) if o.amount]
    ships = [i for i in partial if options[i].kind == "ship"]
    if ships:
        best_card = max((options[i] for i in ships), key=lambda data: _value(data, weights)).card
        return max(
            (i for i in ships if options[i].card == best_card),
            key=lambda i: options[i].amount,
        )
    return _index(weighed.decision, "next")


def _setup_commander(weighed: Weighed, weights: HeuristicWeights) -> int:
    """On a ship, which then keeps him in an open-space sector (the enemy enters one only
    by a card, MOVE-9); on the dearest object only when no ship is built."""
    carrier = _weakest_ship(weighed)
    if carrier is not None:
        return carrier
    options = weighed.options
    return max(range(len(options)), key=lambda i: options[i].cost)


def _commander_move(weighed: Weighed, weights: HeuristicWeights) -> int:
    """In production, from an object onto a ship on its orbit (which then takes him into
    open space); at the start of a battle phase, and on a ship, stay (a ship about to
    fight on that orbit is no safer than the object)."""
    stay = _index(weighed.decision, "stay")
    if weighed.options[stay].kind == "ship":
        return stay
    if weighed.decision.context.phase != "production":
        return stay
    carrier = _weakest_ship(weighed)
    return stay if carrier is None else carrier


def _setup_return_card(weighed: Weighed, weights: HeuristicWeights) -> int:
    return min(range(len(weighed.options)), key=lambda i: _value(weighed.options[i], weights))


def _place_ship(
    decision: Decision, observation: Observation | None, weights: HeuristicWeights
) -> int:
    """With the Commander; before he is placed, in the open-space sector holding the fleet
    (a new one for the first ship), where the enemy cannot reach him (MOVE-9)."""
    return place_ship_among(place_options(decision, observation))


def place_ship_among(places: list[Place]) -> int:
    """``_place_ship`` among the places as the heuristic weighs them."""
    return max(
        range(len(places)),
        key=lambda i: (places[i].own_commander, not places[i].orbit, places[i].own_power),
    )


def _place_ground(
    decision: Decision, observation: Observation | None, weights: HeuristicWeights
) -> int:
    places = place_options(decision, observation)
    return max(range(len(places)), key=lambda i: places[i].own_commander)


def _commerce_run(decision: Decision, weights: HeuristicWeights) -> int:
    for index, option in enumerate(decision.options):
        if option.key.startswith("run:"):
            return index
    return _index(decision, "none")


# --- movement and battle -------------------------------------------------------------------


def _move_ship(
    decision: Decision, observation: Observation | None, weights: HeuristicWeights
) -> int:
    """Keep the Commander's carrier and a guard home; send the rest, together, to the enemy
    place (an orbit, or a sector with his fleet when a card opens it) worth most that the
    free fleet overpowers; otherwise gather at home. The places are read as ``Place``
    records, not the dicts of ``with_features`` (the same values: a move is the heuristic's
    most frequent decision)."""
    places = place_options(decision, observation)
    ship = decision.context.ship
    if observation is None:  # nothing known of the fleet
        power, free = 0, 0.0
    else:
        card = observation.card(ship) if isinstance(ship, str) else None
        power = 0 if card is None else ship_power(card)
        free = float(mobile_power(observation, decision.player))
    return move_ship_among(decision, places, power, free, weights)


def _move_ship_kept(
    decision: Decision, observation: Observation, kept: MovementPlaces, weights: HeuristicWeights
) -> int:
    """``_move_ship`` with the places of the phase kept from the last move
    (``features.movement_places``): the same values, most of them not computed again."""
    ship = decision.context.ship
    card = observation.card(ship) if isinstance(ship, str) else None
    power = 0 if card is None else ship_power(card)
    places = kept.places(decision, observation)
    return move_ship_among(decision, places, power, float(kept.mobile_power), weights)


def move_ship_among(
    decision: Decision, places: list[Place], power: int, free: float, weights: HeuristicWeights
) -> int:
    """``_move_ship`` among the places as the heuristic weighs them (one per option), for a
    ship of fighting value ``power`` in a free fleet of ``free``."""
    context = decision.context
    options = decision.options
    stay = _index(decision, "stay")
    if context.commander:
        return _move_commander_carrier(places, stay)
    here = places[stay]
    home = None
    for index, place in enumerate(places):
        if place.own_commander:
            home = index
    if home is not None:
        guard = weights.guard_share * free
        free -= guard
        if home == stay and max(here.own_power, 0) - power < guard:
            return stay
    best, best_score = None, None
    for index, place in enumerate(places):
        if not _enemy_place(place, decision.player):
            continue
        enemy = place.enemy_power
        have = max(place.own_power, 0) - (power if index == stay else 0)
        need = weights.attack_margin * enemy + 1
        if have >= need + weights.escort_power:
            continue  # strong enough there already
        if free + have < need:
            continue
        score = (
            place.enemy_commander,
            not place.ground_units,
            place.income - enemy / weights.enemy_power_per_income,
        )
        if best_score is None or score > best_score:
            best, best_score = index, score
    if best is not None:
        return best
    if here.orbit and here.controller not in (None, decision.player):
        return stay  # holding an enemy orbit: the blockade or the capture goes on
    if home is not None:
        return home
    return max(
        range(len(places)),
        key=lambda i: (
            places[i].controller == decision.player,
            places[i].own_power,
            options[i].key == "stay",
        ),
    )


def _move_commander_carrier(places: list[Place], stay: int) -> int:
    """The Commander's ship leaves an orbit the enemy can reach for the own sector with the
    most power, or a new one; in open space it stays."""
    if not places[stay].orbit:
        return stay
    sectors = [i for i, p in enumerate(places) if not p.orbit and not p.enemy_power]
    if not sectors:
        return stay
    return max(sectors, key=lambda i: (places[i].own_power, -i))


def _battle_attack(decision: Decision, weights: HeuristicWeights) -> int:
    """The attack with the most expected damage; when ``pass`` is offered (every attack
    left may be declined) and none is worth more than nothing — a ram that costs the
    rammer as much as it takes — pass."""
    values = attack_values(decision)
    if values is None:
        return _max_expected(decision)
    best = _best(values)
    if values[best] <= 0:
        for index, option in enumerate(decision.options):
            if option.key == "pass":
                return index
    return best


def _battle_counter_fire(decision: Decision, weights: HeuristicWeights) -> int:
    values = attack_values(decision)
    return _max_expected(decision) if values is None else _best(values)


def _battle_nova_targets(decision: Decision, weights: HeuristicWeights) -> int:
    return _max_expected(decision)


def weigh_cards(weighed: Weighed, weights: HeuristicWeights = DEFAULT_WEIGHTS) -> int:
    """The heuristic's answer to a decision naming cards, weighed already (``with_features``)."""
    return _CARD_ANSWERS[weighed.decision.kind](weighed, weights)


def _effect_play(
    decision: Decision, observation: Observation | None, weights: HeuristicWeights
) -> int:
    """Play the effect worth most (``effect_values``) net of its price — an action token costs
    about one and a half resources, and outside production tokens are kept for the next one
    unless the play is clearly worth it; a D6 requirement scales the worth by its chance — or
    pass (always, with no observation to weigh the plays by)."""
    if observation is None:
        return _index(decision, "pass")
    worths = play_values(decision, observation)
    best, best_net = 0, 0.0
    production = (decision.context.window or "").startswith("production")
    for index, option in enumerate(decision.options):
        facts = option.data
        if not isinstance(facts, PlayFacts):
            continue
        cost = facts.cost
        token = weights.token_price_production if production else weights.token_price_outside
        price = cost.action_tokens * token
        price += cost.resources
        roll = cost.roll
        chance = 1.0 if roll is None else (7 - roll) / 6
        net = worths[index] * chance - price
        if net > best_net:
            best, best_net = index, net
    return best


def _effect_target(weighed: Weighed, weights: HeuristicWeights) -> int:
    """Picking among own cards (the opponent's play): the cheapest; else the strongest."""
    player = weighed.decision.player

    def worth(index: int) -> tuple[float, int]:
        data = weighed.options[index]
        own = data.uid is not None and data.uid.startswith(f"p{player}.")
        value = data.power + data.cost
        return (-value if own else value), -index

    return max(range(len(weighed.options)), key=worth)


def _effect_search(weighed: Weighed, weights: HeuristicWeights) -> int:
    return max(range(len(weighed.options)), key=lambda i: _value(weighed.options[i], weights))


def _effect_to_deck(weighed: Weighed, weights: HeuristicWeights) -> int:
    """The card of least worth goes back into the deck."""
    return min(range(len(weighed.options)), key=lambda i: _value(weighed.options[i], weights))


def _dice_reroll(decision: Decision, weights: HeuristicWeights) -> int:
    """Roll again below the number needed, or below 4 when none is given (higher is
    better for every roll of the game)."""
    context = decision.context
    roll = 0 if context.roll is None else context.roll
    need = context.need
    return _index(decision, "reroll" if roll < (need or weights.reroll_below) else "keep")


# The heuristic's answer to each decision naming places, weighed from ``Place`` records.
_PLACE_ANSWERS: dict[
    DecisionKind, Callable[[Decision, Observation | None, HeuristicWeights], int]
] = {
    DecisionKind.PLACE_SHIP: _place_ship,
    DecisionKind.PLACE_GROUND: _place_ground,
    DecisionKind.MOVE_SHIP: _move_ship,
}
# The heuristic's answer to each decision naming cards, weighed with their features
# (``with_features``; ``features.CARD_OPTION_KINDS``).
_CARD_ANSWERS: dict[DecisionKind, Callable[[Weighed, HeuristicWeights], int]] = {
    DecisionKind.SETUP_BUILD: _setup_build,
    DecisionKind.PRODUCTION_BUILD: _production_build,
    DecisionKind.SETUP_COMMANDER: _setup_commander,
    DecisionKind.COMMANDER_MOVE: _commander_move,
    DecisionKind.SETUP_RETURN_CARD: _setup_return_card,
    DecisionKind.EFFECT_TARGET: _effect_target,
    DecisionKind.EFFECT_SEARCH: _effect_search,
    DecisionKind.EFFECT_TO_DECK: _effect_to_deck,
}
assert _CARD_ANSWERS.keys() == CARD_OPTION_KINDS
# The heuristic's answer to each other kind of decision it weighs, from the facts as given
# (the rest: ``_PREFERRED``, else the first option).
_ANSWERS: dict[DecisionKind, Callable[[Decision, HeuristicWeights], int]] = {
    DecisionKind.COMMERCE_RUN: _commerce_run,
    DecisionKind.BATTLE_ATTACK: _battle_attack,
    DecisionKind.BATTLE_COUNTER_FIRE: _battle_counter_fire,
    DecisionKind.BATTLE_NOVA_TARGETS: _battle_nova_targets,
    DecisionKind.DICE_REROLL: _dice_reroll,
}


def _weakest_ship(weighed: Weighed) -> int | None:
    """The ship of least fighting value (then cost) among the options, or None: the Commander's
    carrier stays out of battle in open space, so the strong ships are free to fight."""
    options = weighed.options
    ships = [i for i, o in enumerate(options) if o.kind == "ship"]
    if not ships:
        return None
    return min(ships, key=lambda i: (options[i].power, options[i].cost, i))


def _enemy_place(place: Place, player: int) -> bool:
    """An orbit the opponent controls, or an open-space sector holding his fleet (offered only
    when a card lets the player enter it, MOVE-9)."""
    if place.orbit:
        return place.controller not in (None, player)
    return bool(place.enemy_power) and place.to.startswith("s")


def _prefer(decision: Decision, keys: Iterable[str]) -> int:
    for key in keys:
        for index, option in enumerate(decision.options):
            if option.key == key:
                return index
    return _max_expected(decision)


def _best(values: list[int | float]) -> int:
    """The index of the greatest value (the first of equals)."""
    return max(range(len(values)), key=lambda i: (values[i], -i))


def _max_expected(decision: Decision) -> int:
    """The first option: the rules put no expected damage in an option since issue 30 (the
    heuristic's fallback always read none, so every option tied and the first won)."""
    return 0


def _index(decision: Decision, key: str) -> int:
    for index, option in enumerate(decision.options):
        if option.key == key:
            return index
    return 0


def _value(data: CardFeatures, weights: HeuristicWeights) -> tuple[float, int]:
    """What a card is worth to the heuristic: income first, then fighting value per cost."""
    cost = max(data.cost, 1)
    worth = data.income * weights.income_weight + data.power
    return worth / cost, data.power
