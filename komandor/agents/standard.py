"""The ``standard`` level: rules of a player who knows the game (``StandardAgent``).

It answers as the heuristic (``heuristic.HeuristicAgent``, whose frozen 1.1 rules it builds on)
everywhere but where the heuristic was measured to go wrong (issue 31, "Why"):

- **The fleet moves on a plan** made once per movement phase (``plan_moves``), not ship by
  ship: the enemy Commander first, wherever a legal move reaches him (his object's orbit, or
  his sector once a card opens it, MOVE-9) with enough to win; then the blockades that stop an
  extra victory one step away (the Procurator's unblocked objects, the Trader's runs: WIN-8,
  WIN-9) and that free one's own; then the enemy place worth most — each with a force
  ``attack_margin`` times the defenders', or not at all (no raid under strength, no fleet split
  into empty sectors).
- **A card that opens an enemy sector** is played when the fleet can then reach the hidden
  Commander with enough to win, and not wasted otherwise.
- **In battle** the attacks on the enemy Commander's carrier count ``commander_focus`` times
  their damage (his loss ends the match).
- **Action tokens are spent**: they are priced lower than the heuristic prices them.
- **The Commander is guarded** in open space by as much as the enemy's whole fleet when an
  ability card on the enemy Commander opens sectors; the variant that opens them is declared
  for one's own.
- **A Procurator saves for objects** he cannot complete yet, where the heuristic passes.

Stateful only within a movement phase (the plan), from what the observation shows, so the same
decisions and observations give the same answers: seeded matches replay.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from komandor.agents.battle_values import attack_values
from komandor.agents.effect_values import play_values
from komandor.agents.features import PlaceTable, place, place_table, ship_power
from komandor.agents.heuristic import WEIGHTS_1_1, HeuristicAgent
from komandor.agents.parameters import Parameter
from komandor.agents.public_facts import SideFacts, opens_enemy_sectors, side_facts
from komandor.rules.cards import CardKind
from komandor.rules.decisions import Decision, DecisionKind, Option
from komandor.rules.facts import AttackFacts, BuildFacts, PlaceFacts, PlayFacts, VariantFacts
from komandor.rules.game import NEW_SECTOR
from komandor.rules.observation import Observation
from komandor.rules.state import Card


@dataclass(frozen=True, slots=True)
class StandardWeights:
    """Every number ``StandardAgent`` weighs with (tunable: SPSA perturbs these fields)."""

    # Fighting value sent against a place, as a multiple of the defenders' there (1.0–2.5).
    attack_margin: float = 1.25
    # The same against the place holding the enemy Commander: his loss ends the match (0.8–2.0).
    kill_margin: float = 1.5
    # Share of the free fleet kept beside one's own Commander in open space (0.0–0.6).
    guard_share: float = 0.0
    # A battle attack on the enemy Commander's carrier counts this many times its damage (1–20).
    commander_focus: float = 4.0
    # Worth of a place blockaded against an extra victory one step away, in resources (0–30).
    blockade_worth: float = 12.0
    # Worth of freeing one's own blockaded object when one races for an extra victory (0–30).
    unblock_worth: float = 8.0
    # Worth of capturing an enemy object (no holder on it), per resource of its cost (0–2).
    capture_worth: float = 0.5
    # Price of an action token in production, and outside it, in resources (0.0–3.0).
    token_price_production: float = 1.0
    token_price_other: float = 1.5
    # Worth of the card that opens the enemy Commander's sector when the fleet can win there (0–40).
    hunt_worth: float = 25.0
    # Fighting value kept beside one's own Commander in open space when the enemy shows a way
    # into sectors (an ability card's variant, MOVE-9), as a multiple of his whole fleet (0–1.5).
    hunted_guard: float = 1.0
    # Whether a Procurator pays into an object he cannot complete yet (0 no, 1 yes).
    procurator_saving: float = 1.0
    # The Procurator's unblocked objects (of 5) and the Trader's tokens (of 7) at which the
    # other side starts blockading (3–5, 4–6).
    procurator_alarm: float = 4.0
    trader_alarm: float = 5.0


# The weights a self-play tuning may move (``registry.TUNABLE``), within the ranges above;
# ``c_end`` is the last probe's half-width, about a tenth of each range.
STANDARD_SPACE: tuple[Parameter, ...] = (
    Parameter("attack_margin", 1.25, 1.0, 2.5, c_end=0.1),
    Parameter("kill_margin", 1.5, 0.8, 2.0, c_end=0.1),
    Parameter("guard_share", 0.0, 0.0, 0.6, c_end=0.05),
    Parameter("commander_focus", 4.0, 1.0, 20.0, c_end=1.0),
    Parameter("blockade_worth", 12.0, 0.0, 30.0, c_end=2.0),
    Parameter("unblock_worth", 8.0, 0.0, 30.0, c_end=2.0),
    Parameter("capture_worth", 0.5, 0.0, 2.0, c_end=0.1),
    Parameter("token_price_production", 1.0, 0.0, 3.0, c_end=0.2),
    Parameter("token_price_other", 1.5, 0.0, 3.0, c_end=0.2),
    Parameter("hunt_worth", 25.0, 0.0, 40.0, c_end=3.0),
    Parameter("hunted_guard", 1.0, 0.0, 1.5, c_end=0.1),
    Parameter("procurator_alarm", 4.0, 3.0, 5.0, c_end=0.25),
    Parameter("trader_alarm", 5.0, 4.0, 6.0, c_end=0.25),
)


def standard_weights(values: Mapping[str, float]) -> StandardWeights:
    """The weights of checked values (``parameters.values_checked`` over ``STANDARD_SPACE``);
    the weights outside the space keep their defaults."""
    return StandardWeights(
        **{parameter.name: values[parameter.name] for parameter in STANDARD_SPACE}
    )


_STAY = "stay"
_COMMANDER_PLACE = "@commander"  # a plan's destination: wherever one's Commander is by then


class StandardAgent:
    """Plays as ``StandardWeights`` say, the heuristic's answer where it has none of its own."""

    __slots__ = ("_heuristic", "_plan", "_plan_key", "name", "weights")

    def __init__(self, name: str = "standard-1", weights: StandardWeights | None = None) -> None:
        self.name = name
        self.weights = StandardWeights() if weights is None else weights
        # The heuristic's own numbers stay those of agents 1.1 (the ones ``standard`` was
        # measured with), whatever a tuning of the plain ``heuristic`` makes of its defaults.
        self._heuristic = HeuristicAgent(name, WEIGHTS_1_1)
        self._plan: dict[str, str] = {}
        self._plan_key: tuple[int, str] = (-1, "")

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        if observation is not None:
            kind = decision.kind
            if kind is DecisionKind.MOVE_SHIP:
                return self._move_ship(decision, observation)
            if kind is DecisionKind.BATTLE_ATTACK or kind is DecisionKind.BATTLE_COUNTER_FIRE:
                answer = self._battle_attack(decision, observation)
                if answer is not None:
                    return answer
            elif kind is DecisionKind.EFFECT_PLAY:
                return self._effect_play(decision, observation)
            elif kind is DecisionKind.PRODUCTION_BUILD and self.weights.procurator_saving > 0:
                answer = _save_for_object(decision, observation)
                if answer is not None:
                    return answer
            elif kind is DecisionKind.ABILITY_VARIANT:
                return _ability_variant(decision, observation)
        return self._heuristic.choose(decision, observation)

    # --- movement -------------------------------------------------------------------------

    def _move_ship(self, decision: Decision, observation: Observation) -> int:
        ship = decision.context.ship
        key = (observation.turn, observation.phase)
        if key != self._plan_key or ship not in self._plan:
            self._plan = plan_moves(decision, observation, self.weights)
            self._plan_key = key
        destination = self._plan.get(str(ship), _STAY)
        if destination == _COMMANDER_PLACE:
            destination = _commander_place(observation, decision.player) or _STAY
        options = decision.options
        stay_to = _place_to(options[_index(decision, _STAY)])
        if destination == stay_to:
            destination = _STAY
        for index, option in enumerate(options):
            if option.key == destination:
                return index
        return _index(decision, _STAY)

    # --- battle ---------------------------------------------------------------------------

    def _battle_attack(self, decision: Decision, observation: Observation) -> int | None:
        """The heuristic's most expected damage, an attack on the enemy Commander's carrier
        counted ``commander_focus`` times; None when the decision shows no battle."""
        values = attack_values(decision)
        if values is None:
            return None
        carrier = observation.commander_at(1 - decision.player)
        focus = self.weights.commander_focus
        weighed = [
            value * focus if value > 0 and carrier in _targets(option) else value
            for value, option in zip(values, decision.options, strict=True)
        ]
        best = max(range(len(weighed)), key=lambda i: (weighed[i], -i))
        if weighed[best] <= 0 and decision.kind is DecisionKind.BATTLE_ATTACK:
            for index, option in enumerate(decision.options):
                if option.key == "pass":
                    return index
        return best

    # --- card plays -----------------------------------------------------------------------

    def _effect_play(self, decision: Decision, observation: Observation) -> int:
        """The play worth most net of its price (the heuristic's ``_effect_play`` with the
        tokens priced by the weights); the card opening enemy sectors worth ``hunt_worth``
        when the fleet can then win where the enemy Commander hides, nothing otherwise."""
        weights = self.weights
        worths = play_values(decision, observation)
        production = (decision.context.window or "").startswith("production")
        token_price = weights.token_price_production if production else weights.token_price_other
        hunt: float | None = None
        best, best_net = 0, 0.0
        for index, option in enumerate(decision.options):
            data = option.data
            if not isinstance(data, PlayFacts):
                continue
            worth = worths[index]
            if _opens_enemy_sectors(data):
                if hunt is None:
                    hunt = _hunt_worth(observation, decision.player, weights)
                worth = hunt
            cost = data.cost
            price = cost.action_tokens * token_price + cost.resources
            roll = cost.roll
            chance = 1.0 if roll is None else (7 - roll) / 6
            net = worth * chance - price
            if net > best_net:
                best, best_net = index, net
        return best


def plan_moves(
    decision: Decision, observation: Observation, weights: StandardWeights
) -> dict[str, str]:
    """Where each of the player's free ships goes this movement phase (ship uid → an option
    key, ``stay`` or ``@commander``), from the first ``move.ship`` decision of the phase:
    every place it offers is open to every ship (MOVE-3, MOVE-4, MOVE-9)."""
    me = decision.player
    enemy = 1 - me
    table = place_table(observation, me)
    options = decision.options
    reachable = {o.key for o in options if o.key not in (_STAY, NEW_SECTOR)}
    reachable.add(str(_place_to(options[_index(decision, _STAY)])))
    ships = [
        card
        for card in observation.cards_in_play(CardKind.SHIP)
        if card.controller == me and not card.stay
    ]
    own_at = observation.commander_at(me)
    plan: dict[str, str] = {}
    carrier = next((s for s in ships if s.uid == own_at), None)
    if carrier is not None:
        plan[carrier.uid] = _carrier_move(carrier, table)
    free = [s for s in ships if s.uid != own_at]
    powers = {s.uid: ship_power(s) for s in free}
    total = sum(powers.values())

    # 1. The enemy Commander, where a move reaches him with enough to win.
    target = _commander_place(observation, enemy)
    if target is not None and target in reachable:
        defence = _defence(observation, me, target, table)
        fixed = _fixed_power(ships, target, free)
        if total + fixed >= weights.kill_margin * defence + 1:
            for ship in free:
                plan[ship.uid] = target
            return plan

    # 2. The guard beside one's own Commander in open space: a share of the fleet, and as
    # much as the enemy's whole fleet when he holds a way into sectors in sight (MOVE-9).
    home = _commander_place(observation, me)
    pool = sorted(free, key=lambda s: (-powers[s.uid], s.uid))
    mine, theirs = side_facts(observation, me), side_facts(observation, enemy)
    if home is not None and home.startswith("s"):
        guard_need = weights.guard_share * total
        if theirs.opens_sectors:
            guard_need = max(guard_need, weights.hunted_guard * _fleet_power(observation, enemy))
        kept = sum(ship_power(s) for s in ships if s.where == home and s.uid not in powers)
        at_home = [s for s in pool if s.where == home]
        for ship in [*at_home, *(s for s in pool if s.where != home)]:
            if kept >= guard_need:
                break
            plan[ship.uid] = _STAY if ship.where == home else home
            kept += powers[ship.uid]
        pool = [s for s in pool if s.uid not in plan]

    # 3. The places worth attacking, best first, each with enough or not at all.
    targets: list[tuple[float, str, float]] = []
    for where in reachable:
        worth = _place_worth(observation, me, where, table, mine, theirs, weights)
        if worth is None:
            continue
        defence = _defence(observation, me, where, table)
        fixed = _fixed_power(ships, where, free)
        need = weights.attack_margin * defence + 1 - fixed
        targets.append((worth, where, need))
    targets.sort(key=lambda t: (-t[0], t[1]))
    for _worth, where, need in targets:
        if need <= 0:
            continue
        chosen = _force(pool, powers, need)
        if chosen is None:
            continue
        for ship in chosen:
            plan[ship.uid] = where
        pool = [s for s in pool if s.uid not in plan]

    # 4. The rest: hold an enemy orbit they stand on (the blockade or the capture goes on),
    # else gather beside the Commander.
    for ship in pool:
        here = ship.where or ""
        holding = here in reachable and _enemy_orbit(observation, me, here)
        plan[ship.uid] = _STAY if holding or home is None else _COMMANDER_PLACE
    return plan


def _carrier_move(carrier: Card, table: PlaceTable) -> str:
    """The Commander's carrier leaves an orbit for the own sector with most power (or a new
    one); in open space it stays (the enemy enters only by a card, MOVE-9)."""
    where = carrier.where or ""
    if where.startswith("s"):
        return _STAY
    sectors = [w for w, row in table.items() if w.startswith("s") and row[0] and not row[1]]
    if not sectors:
        return NEW_SECTOR
    return max(sectors, key=lambda w: (table[w][0], w))


def _place_worth(
    observation: Observation,
    me: int,
    where: str,
    table: PlaceTable,
    mine: SideFacts,
    theirs: SideFacts,
    weights: StandardWeights,
) -> float | None:
    """What taking ``where`` is worth to ``me`` (None: not a place to attack): an enemy
    object's income and capture, more when blockading it stops an extra victory; an own
    object the enemy blockades, more when one races for his own."""
    obj = observation.card(where)
    if obj is None or obj.kind is not CardKind.SPACE_OBJECT:
        return None
    features = place(observation, me, where, table)
    income = float(features.income)
    if obj.controller == me:
        if not features.enemy_power:
            return None
        racing = mine.procurator or mine.trader
        return income + (weights.unblock_worth if racing else 0.0)
    worth = income
    if not features.ground_units:
        worth += weights.capture_worth * obj.cost
    if theirs.procurator and theirs.unblocked_objects >= weights.procurator_alarm:
        worth += weights.blockade_worth
    if theirs.trader and theirs.commerce_tokens >= weights.trader_alarm:
        worth += weights.blockade_worth
    if features.enemy_commander:
        worth += weights.blockade_worth
    return worth


def _defence(observation: Observation, me: int, where: str, table: PlaceTable) -> float:
    """The enemy's fighting value at ``where``: ships, and on an orbit his object and
    buildings (``features.place``)."""
    return float(place(observation, me, where, table).enemy_power)


def _fleet_power(observation: Observation, player: int) -> int:
    return sum(
        ship_power(s) for s in observation.cards_in_play(CardKind.SHIP) if s.controller == player
    )


def _fixed_power(ships: list[Card], where: str, free: list[Card]) -> int:
    """The fighting value of one's ships at ``where`` that the plan does not move."""
    moving = {s.uid for s in free}
    return sum(ship_power(s) for s in ships if s.where == where and s.uid not in moving)


def _force(pool: list[Card], powers: Mapping[str, int], need: float) -> list[Card] | None:
    """Ships of ``pool`` (strongest first) whose value reaches ``need``: the weakest single
    ship that does, else the strongest ones until it is reached; None when all cannot."""
    if sum(powers[s.uid] for s in pool) < need:
        return None
    singles = [s for s in pool if powers[s.uid] >= need]
    if singles:
        return [singles[-1]]
    chosen: list[Card] = []
    total = 0
    for ship in pool:
        chosen.append(ship)
        total += powers[ship.uid]
        if total >= need:
            break
    return chosen


def _enemy_orbit(observation: Observation, me: int, where: str) -> bool:
    obj = observation.card(where)
    return obj is not None and obj.kind is CardKind.SPACE_OBJECT and obj.controller != me


def _commander_place(observation: Observation, player: int) -> str | None:
    """Where ``player``'s Commander is: his ship's place, or his object's orbit."""
    at = observation.commander_at(player)
    card = observation.card(at) if at else None
    if card is None:
        return None
    return card.where if card.kind is CardKind.SHIP else card.uid


def _opens_enemy_sectors(data: PlayFacts) -> bool:
    return any(
        action.do == "permit" and action.rule == "enter_enemy_sector" for action in data.actions
    )


def _place_to(option: Option) -> str | None:
    """The place a ``move.ship`` option names (its facts' ``to``)."""
    facts = option.data
    return facts.to if isinstance(facts, PlaceFacts) else None


def _targets(option: Option) -> tuple[str, ...]:
    """The targets an attack option names (none for ``pass``)."""
    facts = option.data
    return facts.targets if isinstance(facts, AttackFacts) else ()


def _hunt_worth(observation: Observation, me: int, weights: StandardWeights) -> float:
    """``hunt_worth`` when the enemy Commander is in open space and the player's free fleet
    reaches ``kill_margin`` times his fleet there; else nothing."""
    enemy = 1 - me
    where = _commander_place(observation, enemy)
    if where is None or not where.startswith("s"):
        return 0.0
    own_at = observation.commander_at(me)
    mine = theirs = 0
    for ship in observation.cards_in_play(CardKind.SHIP):
        if ship.controller == me and not ship.stay and ship.uid != own_at:
            mine += ship_power(ship)
        elif ship.controller == enemy and ship.where == where:
            theirs += ship_power(ship)
    return weights.hunt_worth if mine >= weights.kill_margin * theirs + 1 else 0.0


def _ability_variant(decision: Decision, observation: Observation) -> int:
    """The variant that opens enemy sectors (the way to a hidden Commander, MOVE-9), else the
    first (the heuristic's answer)."""
    uid = decision.context.card
    card = observation.card(uid) if isinstance(uid, str) else None
    if card is not None:
        for index, option in enumerate(decision.options):
            facts = option.data
            variant = facts.variant if isinstance(facts, VariantFacts) else index
            if opens_enemy_sectors(card.spec, variant):
                return index
    return 0


def _save_for_object(decision: Decision, observation: Observation) -> int | None:
    """In production's space-object step, a Procurator with no object to complete pays all he
    can into the one nearest completion (its tokens wait in production), where the heuristic
    passes: objects win him the match (WIN-9). None: the heuristic's answer."""
    partial: list[tuple[int, int]] = []
    for index, option in enumerate(decision.options):
        data = option.data
        if option.key == "next" or not isinstance(data, BuildFacts):
            continue
        card = observation.card(data.card)
        if card is None or card.kind is not CardKind.SPACE_OBJECT or data.complete:
            return None  # another step, or an object the heuristic completes
        partial.append((card.tokens + data.amount, index))
    if not partial or not side_facts(observation, decision.player).procurator:
        return None
    return max(partial, key=lambda p: (p[0], -p[1]))[1]


def _index(decision: Decision, key: str) -> int:
    for index, option in enumerate(decision.options):
        if option.key == key:
            return index
    return 0
