"""Dice owned by the match: a seeded generator, or a fixed sequence for tests and scenarios.

All randomness of a match (D6 rolls and shuffles) goes through one ``Dice`` object, so a match
is reproducible from its seed, and a test can force any roll.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, MutableSequence
from typing import Protocol, TypeVar

from mypy_extensions import mypyc_attr

T = TypeVar("T")


@mypyc_attr(native_class=False)  # mypyc compiles no subclass of this builtin
class DiceExhaustedError(RuntimeError):
    """A fixed dice sequence ran out: the scenario did not give enough rolls."""


class Dice(Protocol):
    def d6(self) -> int:
        """Roll one six-sided die."""
        ...

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place."""
        ...


class SeededDice:
    """D6 and shuffles from one ``random.Random`` seeded by the match seed."""

    __slots__ = ("_random", "_state")

    def __init__(self, seed: int, state: tuple[object, ...] | None = None) -> None:
        """``state``: a generator's ``getstate()`` to roll on from, not ``seed`` (``copy``)."""
        if state is None:
            self._random = random.Random(seed)
        else:
            # Not ``Random(seed)``: seeding costs more than the copy (docs/PERFORMANCE.md).
            self._random = random.Random.__new__(random.Random)
            self._random.setstate(state)
        # The generator's state while it has not rolled since it was last read or set: a
        # checkpoint's dice are copied at every clone and never roll, so ``getstate`` (625
        # numbers made into Python integers) runs once per checkpoint, not once per copy.
        self._state = state

    def d6(self) -> int:
        self._state = None
        # randrange is stable across CPython versions for a given seed, unlike some helpers.
        return self._random.randrange(6) + 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._state = None
        self._random.shuffle(items)

    def __deepcopy__(self, memo: dict[int, object]) -> SeededDice:
        # Written out: a compiled (mypyc) class has no pickling protocol for ``copy`` to use.
        return self.copy()

    def copy(self) -> SeededDice:
        state = self._state
        if state is None:
            state = self._state = self._random.getstate()
        return SeededDice(0, state)


class FixedDice:
    """Rolls taken in order from a list; shuffles leave the order as given.

    >>> dice = FixedDice([2, 4, 4, 6])
    >>> [dice.d6() for _ in range(4)]
    [2, 4, 4, 6]
    """

    __slots__ = ("_index", "_rolls")

    def __init__(self, rolls: Iterable[int]) -> None:
        self._rolls = list(rolls)
        bad = [roll for roll in self._rolls if not 1 <= roll <= 6]
        if bad:
            raise ValueError(f"a D6 shows 1 to 6; the fixed sequence holds {bad}")
        self._index = 0

    @property
    def remaining(self) -> int:
        return len(self._rolls) - self._index

    def d6(self) -> int:
        if self._index >= len(self._rolls):
            raise DiceExhaustedError(
                f"the fixed dice sequence has only {len(self._rolls)} rolls; roll "
                f"#{self._index + 1} was asked for"
            )
        roll = self._rolls[self._index]
        self._index += 1
        return roll

    def shuffle(self, items: MutableSequence[T]) -> None:
        return None

    def __deepcopy__(self, memo: dict[int, object]) -> FixedDice:
        copied = FixedDice(self._rolls)
        copied._index = self._index
        return copied


class RecordingDice:
    """A match's dice, keeping every D6 it rolled (public: ``Observation.rolls``)."""

    __slots__ = ("_dice", "rolls")

    def __init__(self, dice: Dice) -> None:
        self._dice = dice
        self.rolls: list[int] = []

    def d6(self) -> int:
        roll = self._dice.d6()
        self.rolls.append(roll)
        return roll

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._dice.shuffle(items)

    def replace(self, dice: Dice) -> None:
        """Roll from ``dice`` from now on (a sampled world's fresh dice, ``MatchState.sample``)."""
        self._dice = dice

    def copy(self) -> RecordingDice:
        copied = RecordingDice(copy_dice(self._dice))
        copied.rolls = list(self.rolls)
        return copied


def copy_dice(dice: Dice) -> Dice:
    """Dice that roll from here on exactly as ``dice`` will (``Game.copy``)."""
    if isinstance(dice, (SeededDice, RecordingDice)):
        return dice.copy()
    copied: Dice = copy.deepcopy(dice)
    return copied
