"""What the agents make of a card and of a place: ``card_features`` (a ``CardFeatures``) and
``place`` (a ``Place``), computed from the agent's ``Observation`` and the decision's facts
(the uids and places its options name). The rules compute none of this and put none of it in
a decision; every agent (and the frozen baselines, ``registry.BASELINES``) shares this one
module, so a change to how an agent values a card touches no rules module.

A feature is a rough summary, not a rule: ``base_power`` (strength plus printed weapon powers)
is no battle's arithmetic, and a ``Place``'s powers add fighting values up.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from komandor.rules.by_identity import IdentityCache
from komandor.rules.cards import CardKind, CardSpec, Force, Lasers, Maser, Missiles, Power, Salvo
from komandor.rules.decisions import Decision, DecisionKind, Option
from komandor.rules.facts import BuildFacts, DecisionContext, PlaceFacts, context_to_dict
from komandor.rules.game import NEW_SECTOR
from komandor.rules.observation import Observation
from komandor.rules.state import Card

# What a player makes of the places holding cards in play (``place_table``): by place, a row
# indexed by the names below.
PlaceTable = dict[str, list[int]]
_OWN_SHIPS, _ENEMY_SHIPS, _ENEMY_GROUND, _ENEMY_UNITS, _OWN_UNITS = 0, 1, 2, 3, 4
_OWN_COMMANDER, _ENEMY_COMMANDER = 5, 6
_NOTHING = [0, 0, 0, 0, 0, 0, 0]


def base_power(spec: CardSpec) -> int:
    """A rough fighting value of a printed card: strength plus printed weapon powers (a ground
    unit: its strength; a civil building: nothing)."""
    if spec.kind is CardKind.GROUND_UNIT:
        return spec.strength or 0
    if spec.strength is None or spec.kind is CardKind.CIVIL_BUILDING:
        return 0
    total = spec.strength
    if spec.weapons is not None:
        for name in spec.weapons.names():
            total += _weapon_value(getattr(spec.weapons, name))
    return total


def _weapon_value(weapon: Power | Maser | Lasers | Salvo | Missiles | Force) -> int:
    if isinstance(weapon, Missiles):
        return sum(_weapon_value(s) for s in (weapon.long, weapon.medium, weapon.short) if s)
    if isinstance(weapon, Salvo):
        return weapon.count * weapon.power // 2
    if isinstance(weapon, Lasers):
        return weapon.targets * weapon.power
    if isinstance(weapon, Force):
        return 0  # boarding and landing: no fire power
    return weapon.power


@lru_cache(maxsize=4096)
def _spec_power(spec: CardSpec) -> int:
    return base_power(spec)


_power: Final[IdentityCache[CardSpec, int]] = IdentityCache(_spec_power)  # once per spec object


def power(card: Card) -> int:
    """The card's printed fighting value (``base_power``), computed once per spec."""
    return _power(card.spec)


def ship_power(card: Card) -> int:
    """A card's fighting value less its damage (never below nothing)."""
    printed = _power(card.spec)
    return max(printed - card.damage, 0) if printed else 0


def _spec_printed(spec: CardSpec) -> tuple[str, int, str | None, int]:
    """A spec's kind, fighting value, object type and income: what its printed text says."""
    return (
        spec.kind.value,
        max(_power(spec), 0),
        spec.object_type.value if spec.object_type else None,
        spec.income.resources + spec.income.action_tokens if spec.income else 0,
    )


_printed: Final[IdentityCache[CardSpec, tuple[str, int, str | None, int]]] = IdentityCache(
    _spec_printed
)


class CardFeatures:
    """What an agent makes of a card an option names (``card_features``: uid, kind, cost,
    fighting value less damage, object type and income — resources and action tokens a turn),
    with the option's production payment when it is one (``card``, ``amount``, ``complete``:
    ``BuildFacts``). A field nobody computed reads as a missing key of the old mapping read
    with a default: None, 0 or False (``to_dict`` gives that mapping)."""

    __slots__ = (
        "amount",
        "card",
        "complete",
        "cost",
        "income",
        "kind",
        "object_type",
        "power",
        "uid",
    )

    def __init__(
        self,
        uid: str | None = None,
        kind: str | None = None,
        cost: int = 0,
        power: int = 0,
        object_type: str | None = None,
        income: int = 0,
        card: str | None = None,
        amount: int = 0,
        complete: bool = False,
    ) -> None:
        self.uid = uid
        self.kind = kind
        self.cost = cost
        self.power = power
        self.object_type = object_type
        self.income = income
        self.card = card
        self.amount = amount
        self.complete = complete

    def with_facts(self, facts: BuildFacts) -> CardFeatures:
        """These features with a production payment's facts."""
        return CardFeatures(
            self.uid,
            self.kind,
            self.cost,
            self.power,
            self.object_type,
            self.income,
            facts.card,
            facts.amount,
            facts.complete,
        )

    def to_dict(self) -> dict[str, object]:
        """The mapping the features were before they were a record: the card's features when
        computed (a uid), the payment's facts when given (a card)."""
        data: dict[str, object] = {}
        if self.uid is not None:
            data.update(
                uid=self.uid,
                kind=self.kind,
                cost=self.cost,
                power=self.power,
                object_type=self.object_type,
                income=self.income,
            )
        if self.card is not None:
            data.update(card=self.card, amount=self.amount, complete=self.complete)
        return data


NO_FEATURES = CardFeatures()  # an option naming no card the agent sees, with no facts


def card_features(card: Card) -> CardFeatures:
    """What an agent makes of a card it sees (``CardFeatures``)."""
    kind, printed, object_type, income = _printed(card.spec)
    return CardFeatures(
        card.uid,
        kind,
        card.cost,
        ship_power(card) if card.damage else printed,
        object_type,
        income,
    )


def place_table(observation: Observation, player: int) -> PlaceTable:
    """What ``player`` makes of every place holding cards in play, in one pass over them: by
    place, the fighting value of his ships, of the enemy's ships and of the enemy's other cards
    there, the enemy's and his own ground units, and whether his or the enemy's Commander is on
    a ship there (``PlaceTable``)."""
    enemy = 1 - player
    own_at = observation.commander_at(player)
    enemy_at = observation.commander_at(enemy)
    ship, ground = CardKind.SHIP, CardKind.GROUND_UNIT
    table: PlaceTable = {}
    for card in observation.cards_in_play():
        where = card.where
        controller = card.controller
        if where is None or (controller != player and controller != enemy):
            continue
        row = table.get(where)
        if row is None:
            row = table[where] = [0, 0, 0, 0, 0, 0, 0]
        printed = _power(card.spec)
        value = printed - card.damage if printed > card.damage else 0
        if card.kind is ship:
            if controller == player:
                row[_OWN_SHIPS] += value
                if card.uid == own_at:
                    row[_OWN_COMMANDER] = 1
            else:
                row[_ENEMY_SHIPS] += value
                if card.uid == enemy_at:
                    row[_ENEMY_COMMANDER] = 1
        elif controller == enemy:
            row[_ENEMY_GROUND] += value
            if card.kind is ground:
                row[_ENEMY_UNITS] += 1
        elif card.kind is ground:
            row[_OWN_UNITS] += 1
    return table


class Place:
    """What a player makes of one place (``place``): the fighting values there (``own_power``
    -1 for a sector not yet opened, whose values nobody knows), whether it is an orbit, and for
    a space object's orbit its controller, income, Commanders and ground units (for a sector:
    None, 0 and False). ``to_dict``: the mapping it was before it was a record."""

    __slots__ = (
        "controller",
        "enemy_commander",
        "enemy_power",
        "ground_units",
        "income",
        "is_object",
        "orbit",
        "own_commander",
        "own_ground_units",
        "own_power",
        "to",
    )

    def __init__(
        self,
        to: str,
        orbit: bool,
        own_power: int | float,
        enemy_power: int | float,
        is_object: bool = False,
        controller: int | None = None,
        income: int | float = 0,
        enemy_commander: bool = False,
        own_commander: bool = False,
        ground_units: int = 0,
        own_ground_units: int = 0,
    ) -> None:
        self.to = to
        self.orbit = orbit
        self.own_power = own_power
        self.enemy_power = enemy_power
        self.is_object = is_object
        self.controller = controller
        self.income = income
        self.enemy_commander = enemy_commander
        self.own_commander = own_commander
        self.ground_units = ground_units
        self.own_ground_units = own_ground_units

    def to_dict(self) -> dict[str, object]:
        """The mapping the place's features were before they were a record: an unknown
        place's (``unknown_place``) its name and ``orbit`` only, a sector's its powers too."""
        if self.own_power == -1:
            return {"to": self.to, "orbit": self.orbit}
        if not self.is_object:
            return {
                "to": self.to,
                "orbit": self.orbit,
                "own_power": self.own_power,
                "enemy_power": self.enemy_power,
            }
        return {
            "to": self.to,
            "orbit": self.orbit,
            "own_power": self.own_power,
            "enemy_power": self.enemy_power,
            "controller": self.controller,
            "income": self.income,
            "enemy_commander": self.enemy_commander,
            "own_commander": self.own_commander,
            "ground_units": self.ground_units,
            "own_ground_units": self.own_ground_units,
        }


def unknown_place(where: str) -> Place:
    """A place whose values the agent has not computed (a new sector, or no observation): not
    an orbit, no power known (-1), no controller — as an option's bare facts read."""
    return Place(where, False, -1, 0)


def place(observation: Observation, player: int, where: str, table: PlaceTable) -> Place:
    """What ``player`` makes of the place ``where`` (``table``: ``place_table`` of the same
    observation and player)."""
    row = table.get(where, _NOTHING)
    obj = observation.card(where)
    orbit = not where.startswith("s")
    if obj is None:
        return Place(where, orbit, row[_OWN_SHIPS], row[_ENEMY_SHIPS])
    enemy = 1 - player
    income = obj.spec.income
    return Place(
        where,
        orbit,
        row[_OWN_SHIPS],
        row[_ENEMY_SHIPS]
        + row[_ENEMY_GROUND]
        + (ship_power(obj) if obj.controller == enemy else 0),
        True,
        obj.controller,
        income.resources + income.action_tokens if income else 0,
        observation.commander_at(enemy) == where or bool(row[_ENEMY_COMMANDER]),
        observation.commander_at(player) == where or bool(row[_OWN_COMMANDER]),
        row[_ENEMY_UNITS],
        row[_OWN_UNITS],
    )


def place_options(decision: Decision, observation: Observation | None) -> list[Place]:
    """The place each option of a place decision (``PLACE_SHIP``, ``PLACE_GROUND``,
    ``MOVE_SHIP``) names, as ``option_features`` would weigh it: a new sector is an
    ``unknown_place``, and so is every place with no observation (the bare facts)."""
    if observation is None:
        return [unknown_place(_place_of(option)) for option in decision.options]
    table = place_table(observation, decision.player)
    player = decision.player
    places: list[Place] = []
    for option in decision.options:
        where = _place_of(option)
        if where == NEW_SECTOR:
            places.append(unknown_place(where))
        else:
            places.append(place(observation, player, where, table))
    return places


class MovementPlaces:
    """What a player makes of the places during one of his movement phases, kept by an agent
    from one ``move.ship`` decision to the next (``movement_places``). Between two of them the
    rules move only the ship just asked (``Game.movement_phase`` asks every free ship in turn,
    in the order of the cards in play), so its table is updated by that ship's move, read
    from the state, instead of built again from every card; the ``Place`` of every other
    place stays as it was. It serves only the next ship of the same phase of the same state
    object, player and turn: a different match, a clone, a sampled world or any other decision
    in between finds it stale and builds its own."""

    __slots__ = (
        "_asked",
        "_phase",
        "_places",
        "_player",
        "_ships",
        "_state",
        "_table",
        "_turn",
        "_where",
        "mobile_power",
    )

    def __init__(self, observation: Observation, player: int, ship: str | None) -> None:
        state = observation._state
        self._state = state
        self._turn = state.turn
        self._phase = state.phase
        self._player = player
        self._ships = [
            card
            for card in observation.cards_in_play(CardKind.SHIP)
            if card.controller == player and not card.stay
        ]
        self.mobile_power = sum(ship_power(card) for card in self._ships)
        self._asked = -1
        for index, card in enumerate(self._ships):
            if card.uid == ship:
                self._asked = index
        self._where = self._ships[self._asked].where if self._asked >= 0 else None
        self._table = place_table(observation, player)
        self._places: dict[str, Place] = {}

    def follows(self, observation: Observation, player: int, ship: str | None) -> bool:
        """Whether the decision on ``ship`` is the next of the phase these places were kept
        for (the same state object, turn, phase and player; the next free ship)."""
        state = observation._state
        following = self._asked + 1
        return (
            state is self._state
            and self._asked >= 0
            and following < len(self._ships)
            and self._ships[following].uid == ship
            and player == self._player
            and state.turn == self._turn
            and state.phase is self._phase
        )

    def advance(self, observation: Observation) -> None:
        """Take in the move of the ship asked last (where it is now) and turn to the next."""
        moved = self._ships[self._asked]
        before, after = self._where, moved.where
        if before != after and before is not None and after is not None:
            table = self._table
            printed = _power(moved.spec)
            value = printed - moved.damage if printed > moved.damage else 0
            commander = moved.uid == observation.commander_at(self._player)
            row = table.get(before)
            if row is None:
                row = table[before] = [0, 0, 0, 0, 0, 0, 0]
            row[_OWN_SHIPS] -= value
            if commander:
                row[_OWN_COMMANDER] = 0
            row = table.get(after)
            if row is None:
                row = table[after] = [0, 0, 0, 0, 0, 0, 0]
            row[_OWN_SHIPS] += value
            if commander:
                row[_OWN_COMMANDER] = 1
            self._places.pop(before, None)
            self._places.pop(after, None)
        self._asked += 1
        self._where = self._ships[self._asked].where

    def places(self, decision: Decision, observation: Observation) -> list[Place]:
        """The place each option of the ``move.ship`` decision names (``place_options``)."""
        known = self._places
        player = self._player
        table = self._table
        places: list[Place] = []
        for option in decision.options:
            where = _place_of(option)
            if where == NEW_SECTOR:
                places.append(unknown_place(where))
                continue
            seen = known.get(where)
            if seen is None:
                seen = known[where] = place(observation, player, where, table)
            places.append(seen)
        return places


def movement_places(
    decision: Decision, observation: Observation, kept: MovementPlaces | None
) -> MovementPlaces:
    """The places of a ``move.ship`` decision's movement phase: ``kept`` (the agent's from its
    last decision) moved on by one ship when this decision follows it, else built afresh."""
    ship = decision.context.ship
    if kept is not None and kept.follows(observation, decision.player, ship):
        kept.advance(observation)
        return kept
    return MovementPlaces(observation, decision.player, ship)


def _place_of(option: Option) -> str:
    """The place an option names: its facts' ``to``, else its key."""
    facts = option.data
    return facts.to if isinstance(facts, PlaceFacts) else option.key


def mobile_power(observation: Observation, player: int) -> int:
    """The fighting value of ``player``'s ships free to move this phase (none moved on a
    commercial run or as an escort)."""
    return sum(
        ship_power(card)
        for card in observation.cards_in_play(CardKind.SHIP)
        if card.controller == player and not card.stay
    )


# --- the decisions' features ----------------------------------------------------------------

# The decision kinds whose options each name a card (the uid as the key, or under ``card``).
_CARD_OPTIONS = frozenset(
    {
        DecisionKind.SETUP_COMMANDER,
        DecisionKind.SETUP_RETURN_CARD,
        DecisionKind.COMMANDER_MOVE,
        DecisionKind.SETUP_BUILD,
        DecisionKind.PRODUCTION_BUILD,
        DecisionKind.EFFECT_TARGET,
        DecisionKind.EFFECT_SEARCH,
        DecisionKind.EFFECT_TO_DECK,
    }
)
CARD_OPTION_KINDS = _CARD_OPTIONS  # public: the heuristic weighs only these with features
# The decision kinds whose options each name a place.
_PLACE_OPTIONS = frozenset(
    {DecisionKind.PLACE_SHIP, DecisionKind.PLACE_GROUND, DecisionKind.MOVE_SHIP}
)


def option_features(
    decision: Decision, observation: Observation | None
) -> list[CardFeatures] | list[Place] | None:
    """Each option's facts with the agent's features of the card (``card_options``) or place
    (``place_options``) it names (None when the decision's kind names neither, or no
    observation is given: then the facts alone)."""
    if observation is None:
        return None
    kind = decision.kind
    if kind in _CARD_OPTIONS:
        return card_options(decision, observation)
    if kind in _PLACE_OPTIONS:
        return place_options(decision, observation)
    return None


def card_options(decision: Decision, observation: Observation | None) -> list[CardFeatures]:
    """The card each option of a decision naming cards (``CARD_OPTION_KINDS``) names, with the
    option's payment facts: a card the agent does not see (and every card, with no
    observation) has the facts alone. A card's features are computed once for all its
    amounts (a production decision offers each card at every amount)."""
    seen: dict[str, CardFeatures] = {}
    commander_move = decision.kind is DecisionKind.COMMANDER_MOVE
    data: list[CardFeatures] = []
    for option in decision.options:
        facts = option.data
        build = facts if isinstance(facts, BuildFacts) else None
        if observation is None:
            data.append(NO_FEATURES if build is None else NO_FEATURES.with_facts(build))
            continue
        if commander_move and option.key == "stay":
            uid = decision.context.at
        else:
            uid = option.key if build is None else build.card
        features = None if uid is None else seen.get(uid)
        if features is None and uid is not None:
            card = observation.card(uid)
            if card is not None:
                features = seen[uid] = card_features(card)
        if features is None:
            features = NO_FEATURES
        data.append(features if build is None else features.with_facts(build))
    return data


class ContextFeatures:
    """A decision's context with the agent's features of the card it is about (``ship``,
    ``card``: None when it names none the agent sees) and, for a ship's move, the fighting
    value of the player's mobile fleet (``mobile_power``; None for other decisions)."""

    __slots__ = ("card", "context", "mobile_power", "ship")

    def __init__(
        self,
        context: DecisionContext,
        ship: CardFeatures | None = None,
        card: CardFeatures | None = None,
        mobile_power: int | None = None,
    ) -> None:
        self.context = context
        self.ship = ship
        self.card = card
        self.mobile_power = mobile_power

    def to_dict(self) -> dict[str, object]:
        """The mapping the context's features were before they were a record: the context's
        fields (``context_to_dict``), a card's features in place of its uid, the fleet's power."""
        data = context_to_dict(self.context)
        if self.ship is not None:
            data["ship"] = self.ship.to_dict()
        if self.card is not None:
            data["card"] = self.card.to_dict()
        if self.mobile_power is not None:
            data["mobile_power"] = self.mobile_power
        return data


def context_features(decision: Decision, observation: Observation | None) -> ContextFeatures:
    """The decision's context with the agent's features of what it is about
    (``ContextFeatures``)."""
    context = decision.context
    if observation is None:
        return ContextFeatures(context)
    ship = observation.card(context.ship) if context.ship is not None else None
    card = observation.card(context.card) if context.card is not None else None
    return ContextFeatures(
        context,
        None if ship is None else card_features(ship),
        None if card is None else card_features(card),
        (
            mobile_power(observation, decision.player)
            if decision.kind is DecisionKind.MOVE_SHIP
            else None
        ),
    )
