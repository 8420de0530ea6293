"""The facts of a decision's options, as typed frozen records (issue 30, item 2).

Each option carries what the rules need to apply it, and what an agent or the words read of
it, in one record of its kind's family: uids, places, amounts, ranges, dice — no labels, no
prose, no features (what an option is worth is the agents' business, what it reads as the
words'). ``Option.key`` stays the stable, compact name of the choice; the record is its facts.

| Record | Decision kinds |
|---|---|
| ``NoFacts`` (``NO_FACTS``) | every option whose key says it all (``pass``, ``stay``, a uid …) |
| ``PlaceFacts`` | ``place.*``, ``move.ship``, ``move.ground``, ``battle.order`` |
| ``BuildFacts`` | ``setup.build``, ``production.build`` |
| ``VariantFacts`` | ``ability.variant`` |
| ``RedealFacts`` | ``setup.redeal`` |
| ``RunFacts`` | ``commerce.run`` |
| ``AttackFacts`` | ``battle.attack``, ``battle.counter_fire`` |
| ``TargetsFacts`` | ``battle.nova_targets`` |
| ``PlayFacts`` | ``effect.play`` |

A decision's context is a ``DecisionContext`` (``NO_CONTEXT`` when it names nothing);
``context_to_dict`` writes it as a mapping. An effect window's attack (``effects.Moment.attack``,
a decision's context ``attack``) is one of ``WindowAttack``: the attack declared
(``AttackFacts``), the play being answered (``AnsweredPlay``) or the ship just destroyed
(``ShipLost``).

``facts_to_dict`` writes any of them as the JSON-compatible mapping the options carried before
the records (the same keys and values): the one place a record becomes JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, is_dataclass
from typing import TYPE_CHECKING, Final

from komandor.rules.cards import CardSpec
from komandor.rules.effect_schema import Action

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


@dataclass(frozen=True, slots=True)
class NoFacts:
    """An option whose key is all there is to it."""


NO_FACTS: Final = NoFacts()


@dataclass(frozen=True, slots=True, init=False)
class PlaceFacts:
    """A place an option sends a card to: a space object's uid (its orbit, or the object for
    a ground card), an open-space sector (``s1`` …), or ``game.NEW_SECTOR``."""

    to: str

    def __init__(self, to: str) -> None:
        # Hundreds per match (every ship's move): the slot set directly, as ``Option`` does.
        _set_place_to(self, to)


_set_place_to: Final[Callable[[PlaceFacts, str], None]] = vars(PlaceFacts)["to"].__set__


@dataclass(frozen=True, slots=True, init=False)
class BuildFacts:
    """Paying ``amount`` resources towards ``card`` (in the hand or in production);
    ``complete``: the payment builds it."""

    card: str
    amount: int
    complete: bool

    def __init__(self, card: str, amount: int, complete: bool) -> None:
        # Thousands per match (every amount of every card in production): slots set directly.
        _set_build_card(self, card)
        _set_build_amount(self, amount)
        _set_build_complete(self, complete)


_set_build_card: Final[Callable[[BuildFacts, str], None]] = vars(BuildFacts)["card"].__set__
_set_build_amount: Final[Callable[[BuildFacts, int], None]] = vars(BuildFacts)["amount"].__set__
_set_build_complete: Final[Callable[[BuildFacts, bool], None]] = vars(BuildFacts)[
    "complete"
].__set__


@dataclass(frozen=True, slots=True)
class VariantFacts:
    """An ability card's variant, counted from 0 (the key ``v1`` is variant 0)."""

    variant: int


@dataclass(frozen=True, slots=True)
class RedealFacts:
    """A re-deal, and the number of cards it deals."""

    cards: int


@dataclass(frozen=True, slots=True, init=False)
class RunFacts:
    """A commercial run (or, with ``smuggling``, a smuggling run) to the object ``to``."""

    to: str
    smuggling: bool

    def __init__(self, to: str, smuggling: bool) -> None:
        # Every commercial run offered: slots set directly.
        _set_run_to(self, to)
        _set_run_smuggling(self, smuggling)


_set_run_to: Final[Callable[[RunFacts, str], None]] = vars(RunFacts)["to"].__set__
_set_run_smuggling: Final[Callable[[RunFacts, bool], None]] = vars(RunFacts)["smuggling"].__set__


@dataclass(frozen=True, slots=True, init=False)
class AttackFacts:
    """An attack: who attacks (several only in a joint bombing), with which mount (a weapon's
    key, ``ram``, ``bombs``, ``boarding`` or ``nova``), on which targets (none for a Nova,
    whose targets are chosen once it fires)."""

    attackers: tuple[str, ...]
    mount: str
    targets: tuple[str, ...]

    def __init__(self, attackers: tuple[str, ...], mount: str, targets: tuple[str, ...]) -> None:
        # Thousands per match (every attack of every round): slots set directly.
        _set_attack_attackers(self, attackers)
        _set_attack_mount(self, mount)
        _set_attack_targets(self, targets)


_set_attack_attackers: Final[Callable[[AttackFacts, tuple[str, ...]], None]] = vars(AttackFacts)[
    "attackers"
].__set__
_set_attack_mount: Final[Callable[[AttackFacts, str], None]] = vars(AttackFacts)["mount"].__set__
_set_attack_targets: Final[Callable[[AttackFacts, tuple[str, ...]], None]] = vars(AttackFacts)[
    "targets"
].__set__


@dataclass(frozen=True, slots=True)
class TargetsFacts:
    """The cards a Nova hits."""

    targets: tuple[str, ...]


# A play's cost, here beside the facts that carry it (``effects`` re-exports it): a compiled
# dataclass field typed by a class loads that class as its module loads, so the class a record
# names must be importable from here (the modules importing this one are not, yet).
@dataclass(frozen=True, slots=True)
class Cost:
    """What a play costs: action tokens, resources, and a D6 that must show ``roll`` or more."""

    action_tokens: int = 0
    resources: int = 0
    roll: int | None = None  # «D6 N+» (DICE-3): the effect happens only on N or more

    @classmethod
    def of_card(cls, spec: CardSpec) -> Cost:
        """The printed cost of a tactical or situation card (TACT-3, TACT-4, SIT-2)."""
        return cls(spec.action_tokens or 0, spec.resources or 0, spec.dice)

    @property
    def is_paid(self) -> bool:
        """Needs a payment or a roll: what SPECIAL-9 limits."""
        return bool(self.action_tokens or self.resources or self.roll)

    def to_dict(self) -> dict[str, int | None]:
        return {"action_tokens": self.action_tokens, "resources": self.resources, "roll": self.roll}


NO_COST: Final = Cost()


@dataclass(frozen=True, slots=True, init=False)
class PlayFacts:
    """A play of a card effect (``effects.Effect``): its key, cost and source (None: the
    Commander's ability), what kind of play it is (``effect``, ``put``, ``ability``,
    ``remove``) and its actions, and its target; for a play on several cards or on one the
    opponent picks, the cards in reach now (``candidates``), how many it takes (``pick``) and
    who picks them (``chooser``) — None when the play picks nothing later."""

    effect: str
    cost: Cost
    source: str | None
    play: str
    actions: tuple[Action, ...]
    target: str | None
    candidates: tuple[str, ...] | None
    pick: int | None
    chooser: str | None

    def __init__(
        self,
        effect: str,
        cost: Cost,
        source: str | None,
        play: str,
        actions: tuple[Action, ...],
        target: str | None,
        candidates: tuple[str, ...] | None = None,
        pick: int | None = None,
        chooser: str | None = None,
    ) -> None:
        # One per target of every effect offered in every window: slots set directly.
        _set_play_effect(self, effect)
        _set_play_cost(self, cost)
        _set_play_source(self, source)
        _set_play_play(self, play)
        _set_play_actions(self, actions)
        _set_play_target(self, target)
        _set_play_candidates(self, candidates)
        _set_play_pick(self, pick)
        _set_play_chooser(self, chooser)


_set_play_effect: Final[Callable[[PlayFacts, str], None]] = vars(PlayFacts)["effect"].__set__
_set_play_cost: Final[Callable[[PlayFacts, Cost], None]] = vars(PlayFacts)["cost"].__set__
_set_play_source: Final[Callable[[PlayFacts, str | None], None]] = vars(PlayFacts)["source"].__set__
_set_play_play: Final[Callable[[PlayFacts, str], None]] = vars(PlayFacts)["play"].__set__
_set_play_actions: Final[Callable[[PlayFacts, tuple[Action, ...]], None]] = vars(PlayFacts)[
    "actions"
].__set__
_set_play_target: Final[Callable[[PlayFacts, str | None], None]] = vars(PlayFacts)["target"].__set__
_set_play_candidates: Final[Callable[[PlayFacts, tuple[str, ...] | None], None]] = vars(PlayFacts)[
    "candidates"
].__set__
_set_play_pick: Final[Callable[[PlayFacts, int | None], None]] = vars(PlayFacts)["pick"].__set__
_set_play_chooser: Final[Callable[[PlayFacts, str | None], None]] = vars(PlayFacts)[
    "chooser"
].__set__


@dataclass(frozen=True, slots=True, init=False)
class AnsweredPlay:
    """The play the opponent may answer (the ``opponent_play`` window): its facts, the card
    being played (face up now: ``spec``, None for the Commander's ability) and its name, who
    plays it, in which battle, answering which attack."""

    play: PlayFacts
    spec: CardSpec | None
    name: str
    player: int
    # the battle (``battle.shown_battle`` reads it as a ``BattleView``); ``object | None``, not
    # ``object``: the compiled dataclass loads a lone class annotation's class, and fails on it
    battle: object | None
    attack: WindowAttack | None

    def __init__(
        self,
        play: PlayFacts,
        spec: CardSpec | None,
        name: str,
        player: int,
        battle: object | None,
        attack: WindowAttack | None,
    ) -> None:
        # One per effect play the opponent may answer: slots set directly.
        _set_answered_play(self, play)
        _set_answered_spec(self, spec)
        _set_answered_name(self, name)
        _set_answered_player(self, player)
        _set_answered_battle(self, battle)
        _set_answered_attack(self, attack)


_set_answered_play: Final[Callable[[AnsweredPlay, PlayFacts], None]] = vars(AnsweredPlay)[
    "play"
].__set__
_set_answered_spec: Final[Callable[[AnsweredPlay, CardSpec | None], None]] = vars(AnsweredPlay)[
    "spec"
].__set__
_set_answered_name: Final[Callable[[AnsweredPlay, str], None]] = vars(AnsweredPlay)["name"].__set__
_set_answered_player: Final[Callable[[AnsweredPlay, int], None]] = vars(AnsweredPlay)[
    "player"
].__set__
_set_answered_battle: Final[Callable[[AnsweredPlay, object | None], None]] = vars(AnsweredPlay)[
    "battle"
].__set__
_set_answered_attack: Final[Callable[[AnsweredPlay, WindowAttack | None], None]] = vars(
    AnsweredPlay
)["attack"].__set__


@dataclass(frozen=True, slots=True, init=False)
class ShipLost:
    """The ship just destroyed (the ``ship_destroyed`` window) and its player."""

    destroyed: str
    player: int

    def __init__(self, destroyed: str, player: int) -> None:
        # One per ship destroyed: slots set directly.
        _set_lost_destroyed(self, destroyed)
        _set_lost_player(self, player)


_set_lost_destroyed: Final[Callable[[ShipLost, str], None]] = vars(ShipLost)["destroyed"].__set__
_set_lost_player: Final[Callable[[ShipLost, int], None]] = vars(ShipLost)["player"].__set__


WindowAttack = AttackFacts | AnsweredPlay | ShipLost

OptionFacts = (
    NoFacts
    | PlaceFacts
    | BuildFacts
    | VariantFacts
    | RedealFacts
    | RunFacts
    | AttackFacts
    | TargetsFacts
    | PlayFacts
)


# ``DecisionContext``'s fields, its ``__slots__``: named apart because a compiled class does
# not show them (``context_to_dict`` walks them).
_CONTEXT_FIELDS: Final = (
    "at",
    "attack",
    "attacker",
    "battle",
    "card",
    "commander",
    "effect",
    "frm",
    "keep",
    "need",
    "phase",
    "purpose",
    "rammer",
    "range",
    "redeal",
    "resources",
    "roll",
    "round",
    "ship",
    "step",
    "target",
    "window",
)


class DecisionContext:
    """What a decision is about beside its options, one record for every kind (each kind sets
    the fields it names; the rest stay None): uids, a phase or window, numbers, and in a battle
    the battle itself (``battle.BattleView``, read only, for agents). No features, no words.

    Written once, in ``__init__``: every field is ``Final`` (the type checker refuses a
    change), and the record is slotted. Not a frozen dataclass: hundreds are built per match,
    and a frozen dataclass's fields can only be set through its descriptors (3 µs for this
    one, compiled), where a compiled class stores each field directly."""

    __slots__ = _CONTEXT_FIELDS

    # the card the decision is about (``ability.variant``, ``place.ground``, ``move.ground``,
    # ``production.discard_ability``, ``capture.civil_building``)
    card: Final[str | None]
    # the ship it is about (``place.ship``, ``move.ship``, ``commerce.*``,
    # ``battle.allow_withdraw``)
    ship: Final[str | None]
    commander: Final[bool]  # ``move.ship``: the ship carries its player's Commander
    at: Final[str | None]  # ``commander.move``: the Commander's carrier
    phase: Final[str | None]  # ``commander.move``: the phase (``Phase`` value)
    # ``setup.build``, ``production.build``: the player's resources, the card kinds of the step
    resources: Final[int | None]
    step: Final[tuple[str, ...]]
    redeal: Final[int | None]  # ``setup.redeal``: which re-deal it would be
    keep: Final[int | None]  # ``setup.return_card``: the hand kept
    frm: Final[str | None]  # ``effect.to_deck``: the zone the card comes from
    effect: Final[str | None]  # ``effect.target``: the effect whose targets are picked
    roll: Final[int | None]  # ``dice.reroll``: the roll
    purpose: Final[str | None]  # ``dice.reroll``: what the roll is for
    need: Final[int | None]  # ``dice.reroll``: the number needed, when there is one
    window: Final[str | None]  # ``effect.play``: the window (``Window`` value, ``on_play``)
    attack: Final[WindowAttack | None]  # ``effect.play``: the attack, play or loss it answers
    round: Final[int | None]  # in a battle's rounds: the round
    range: Final[str | None]  # in a battle's rounds: the range as it began (``Distance.key``)
    # in a battle: the battle, read only, for agents (``battle.shown_battle``: a ``BattleView``;
    # typed here as any object, as the rules' modules form layers and this one is below it)
    battle: Final[object]
    attacker: Final[str | None]  # ``battle.evade``: the shooter
    target: Final[str | None]  # ``battle.evade``, ``battle.nova_shield``: the card shot at
    rammer: Final[str | None]  # ``battle.ram_dodge``: the rammer

    def __init__(
        self,
        *,
        card: str | None = None,
        ship: str | None = None,
        commander: bool = False,
        at: str | None = None,
        phase: str | None = None,
        resources: int | None = None,
        step: tuple[str, ...] = (),
        redeal: int | None = None,
        keep: int | None = None,
        frm: str | None = None,
        effect: str | None = None,
        roll: int | None = None,
        purpose: str | None = None,
        need: int | None = None,
        window: str | None = None,
        attack: WindowAttack | None = None,
        round: int | None = None,
        range: str | None = None,
        battle: object = None,
        attacker: str | None = None,
        target: str | None = None,
        rammer: str | None = None,
    ) -> None:
        self.card = card
        self.ship = ship
        self.commander = commander
        self.at = at
        self.phase = phase
        self.resources = resources
        self.step = step
        self.redeal = redeal
        self.keep = keep
        self.frm = frm
        self.effect = effect
        self.roll = roll
        self.purpose = purpose
        self.need = need
        self.window = window
        self.attack = attack
        self.round = round
        self.range = range
        self.battle = battle
        self.attacker = attacker
        self.target = target
        self.rammer = rammer


NO_CONTEXT: Final = DecisionContext()


def context_to_dict(context: DecisionContext) -> dict[str, object]:
    """A decision's context as the mapping the decisions carried before the records: the
    fields it sets (not None; ``commander`` and ``step`` where their kinds set them), facts
    records as mappings; the battle as it is (a live object, never JSON)."""
    written: dict[str, object] = {}
    for name in _CONTEXT_FIELDS:
        value = getattr(context, name)
        if value is None or (name in ("commander", "step") and not value):
            continue
        written[name] = value if name == "battle" else _json(value)
    return written


def facts_to_dict(facts: DataclassInstance) -> dict[str, object]:
    """A facts record as a JSON-compatible mapping: its fields by name (tuples stay tuples,
    nested records become mappings); ``NO_FACTS`` is the empty mapping."""
    return {field.name: _json(getattr(facts, field.name)) for field in fields(facts)}


def _json(value: object) -> object:
    if isinstance(value, tuple):
        return tuple(_json(item) for item in value)
    if is_dataclass(value) and not isinstance(value, type):
        return facts_to_dict(value)
    return value
