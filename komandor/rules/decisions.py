"""Every choice the rules give a player goes through one interface.

The engine builds a ``Decision``: whose it is, what kind (``DecisionKind``), and an explicit
tuple of legal ``Option``s in a stable order, each with its stable key. The player's ``Agent``
returns the index of the option it picks. Agents never see or change the state directly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Protocol

from komandor.rules.facts import NO_CONTEXT, NO_FACTS, DecisionContext, OptionFacts
from komandor.rules.observation import Observation


class DecisionKind(StrEnum):
    """What a decision asks, by the part of the turn it belongs to. The values are a public
    contract: the API, the logs, stored games and scenario scripts name decisions by them."""

    ABILITY_REPLACE = "ability.replace"
    ABILITY_VARIANT = "ability.variant"
    BATTLE_ALLOW_WITHDRAW = "battle.allow_withdraw"
    BATTLE_ATTACK = "battle.attack"
    BATTLE_COUNTER_FIRE = "battle.counter_fire"
    BATTLE_ECHELON_ENTER = "battle.echelon_enter"
    BATTLE_EVADE = "battle.evade"
    BATTLE_INCREASE_DISTANCE = "battle.increase_distance"
    BATTLE_LANDING = "battle.landing"
    BATTLE_NOVA_SHIELD = "battle.nova_shield"
    BATTLE_NOVA_TARGETS = "battle.nova_targets"
    BATTLE_ORDER = "battle.order"
    BATTLE_RAM_DODGE = "battle.ram_dodge"
    BATTLE_RESUME_CLOSING = "battle.resume_closing"
    BATTLE_SECOND_ECHELON = "battle.second_echelon"
    BATTLE_STOP_CLOSING = "battle.stop_closing"
    BATTLE_WITHDRAW = "battle.withdraw"
    CAPTURE_CIVIL_BUILDING = "capture.civil_building"
    COMMANDER_MOVE = "commander.move"
    COMMERCE_ESCORT = "commerce.escort"
    COMMERCE_RUN = "commerce.run"
    DICE_REROLL = "dice.reroll"
    EFFECT_PLAY = "effect.play"
    EFFECT_SEARCH = "effect.search"
    EFFECT_TARGET = "effect.target"
    EFFECT_TO_DECK = "effect.to_deck"
    MOVE_GROUND = "move.ground"
    MOVE_SHIP = "move.ship"
    PLACE_GROUND = "place.ground"
    PLACE_SHIP = "place.ship"
    PRODUCTION_BUILD = "production.build"
    PRODUCTION_DISCARD_ABILITY = "production.discard_ability"
    SETUP_ABILITY = "setup.ability"
    SETUP_BUILD = "setup.build"
    SETUP_COMMANDER = "setup.commander"
    SETUP_REDEAL = "setup.redeal"
    SETUP_RETURN_CARD = "setup.return_card"


@dataclass(frozen=True, slots=True, init=False)
class Option:
    """One legal choice. ``key`` is stable and compact (used by scripted agents and logs);
    ``data`` carries what the engine needs to apply it, as a typed record of its kind's family
    (``facts``; ``NO_FACTS`` when the key says it all). No words: what an option reads as, in
    Russian or English, is the words' business (``matches/words/decision_text.py``), from the
    decision's kind, the key and the data."""

    key: str
    data: OptionFacts = NO_FACTS

    def __init__(self, key: str, data: OptionFacts = NO_FACTS) -> None:
        # Thousands are built per match; setting the slots directly is about four times faster
        # than the frozen dataclass's generated __init__.
        _set_option_key(self, key)
        _set_option_data(self, data)


# The slots' descriptors (a frozen dataclass forbids ``self.key = …``).
_set_option_key: Final[Callable[[Option, str], None]] = vars(Option)["key"].__set__
_set_option_data: Final[Callable[[Option, OptionFacts], None]] = vars(Option)["data"].__set__


@dataclass(frozen=True, slots=True, init=False)
class Decision:
    player: int
    kind: DecisionKind
    options: tuple[Option, ...]
    context: DecisionContext = NO_CONTEXT

    def __init__(
        self,
        player: int,
        kind: DecisionKind,
        options: tuple[Option, ...],
        context: DecisionContext = NO_CONTEXT,
    ) -> None:
        # Hundreds per match: the slots set directly, as ``Option`` does.
        _set_decision_player(self, player)
        _set_decision_kind(self, kind)
        _set_decision_options(self, options)
        _set_decision_context(self, context)

    def index_of(self, key: str) -> int:
        for index, option in enumerate(self.options):
            if option.key == key:
                return index
        keys = ", ".join(option.key for option in self.options)
        raise IllegalChoiceError(f"{key!r} is not a legal {self.kind} choice; legal: {keys}")


_set_decision_player: Final[Callable[[Decision, int], None]] = vars(Decision)["player"].__set__
_set_decision_kind: Final[Callable[[Decision, DecisionKind], None]] = vars(Decision)["kind"].__set__
_set_decision_options: Final[Callable[[Decision, tuple[Option, ...]], None]] = vars(Decision)[
    "options"
].__set__
_set_decision_context: Final[Callable[[Decision, DecisionContext], None]] = vars(Decision)[
    "context"
].__set__


class IllegalChoiceError(ValueError):
    """An agent (or a script) picked something that is not among the legal options."""


class Agent(Protocol):
    """A player of matches, as the rules ask it: every agent (``komandor.agents``) and a match
    state's ``Seat``. ``observation`` is what its player may know (``Observation``); None only
    in a battle fought outside a game (battle scenarios and rules tests).

    An agent whose class sets ``samples_worlds = False`` (it never calls
    ``MatchObservation.sample_world``) is asked by the rules themselves in ``run_match``,
    given a plain ``Observation``; any other agent is asked through a match state."""

    name: str

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        """Return the index of the chosen option in ``decision.options``."""
        ...


def decide(agent: Agent, decision: Decision, observation: Observation | None = None) -> Option:
    """Ask ``agent`` (given its player's ``observation`` when there is one) and check its
    answer: the checked entry point for any outside choice."""
    if not decision.options:
        raise ValueError(f"decision {decision.kind!r} offers no options")
    if len(decision.options) == 1:
        return decision.options[0]
    index = agent.choose(decision, observation)
    if not isinstance(index, int) or not 0 <= index < len(decision.options):
        raise IllegalChoiceError(
            f"agent {agent.name!r} answered {index!r} to {decision.kind!r}, which has "
            f"{len(decision.options)} options"
        )
    return decision.options[index]
