"""What the rules modules need of a game in progress: ``Table``, a ``typing.Protocol``.

``game.Game`` is the one implementation. ``effects``, ``effect_play``, ``fights`` and
``commerce`` take a ``Table`` instead of a ``Game``, so ``game.py`` imports them and none of them
imports ``game.py`` — the engine's import graph has no cycle, even for the type checker
(``tests/test_import_cycles.py``). ``Table`` is generic in the type of its effects
(``effects.Effects``, which itself holds a table), so this module needs nothing of ``effects.py``;
the rules modules write ``Table[Effects]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

from komandor.rules.battle import Combatant
from komandor.rules.decisions import Agent, DecisionKind, Option
from komandor.rules.dice import Dice
from komandor.rules.events import EventLog
from komandor.rules.facts import NO_CONTEXT, DecisionContext
from komandor.rules.state import GameState
from komandor.rules.victory import Outcome

EffectsT_co = TypeVar("EffectsT_co", covariant=True)


class Table(Protocol[EffectsT_co]):
    """A game in progress as the rules modules see it: its state, agents, dice, log, card
    effects, and the game's own steps that they call back (asking, drawing, losing a card,
    checking the Commanders …)."""

    @property
    def state(self) -> GameState: ...

    @property
    def agents(self) -> Sequence[Agent]: ...

    @property
    def dice(self) -> Dice: ...

    @property
    def log(self) -> EventLog: ...

    @property
    def effects(self) -> EffectsT_co: ...

    def ask(
        self,
        player: int,
        kind: DecisionKind,
        options: Sequence[Option],
        context: DecisionContext = NO_CONTEXT,
    ) -> Option:
        """The player's agent picks one of the legal ``options`` (``Decision``)."""
        ...

    def draw(self, player: int, count: int) -> int: ...

    def shuffle_deck(self, player: int) -> None: ...

    def lose_card(self, uid: str, cause: str) -> None: ...

    def refresh_combatant(self, fighter: Combatant) -> None: ...

    def refresh_combatants(self, fighters: Iterable[Combatant]) -> None: ...

    def declare_variant(self, player: int, uid: str) -> None: ...

    def preselected(self, player: int) -> list[str]: ...

    def move_commander(self, player: int) -> None: ...

    def stop_if(self, outcome: Outcome | None) -> None:
        """End the match with ``outcome`` when there is one (raises ``game.MatchOver``)."""
        ...

    def check_commanders(self) -> None: ...
