"""Tunable numbers of an agent: each a ``Parameter`` (its default, its bounds and how far a
self-play tuning probes around it), a tunable agent a tuple of them — its *space* — and a
builder that takes values (``registry.TUNABLE``).

A tuning (SPSA, fishtest's method: ``matches/tournaments/spsa.py``) plays the agent at
θ + c·Δ against θ − c·Δ and moves θ toward the side that won. ``c_end`` is the probe's
half-width at the end of a run (a difference one would expect to be worth a few per cent of
games), ``r_end`` the learning rate at the end, in units of ``c_end`` per game won: both as
fishtest's SPSA rows have them. No Django here: the engine's side of the seam.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Parameter:
    """One tunable number. ``default`` is what the agent plays with untuned; ``low``/``high``
    bound every value it may be given (a tuning's probes are clipped to them)."""

    name: str
    default: float
    low: float
    high: float
    c_end: float  # half-width of the last iteration's probe (fishtest's c_end)
    r_end: float = 0.002  # learning rate of the last iteration (fishtest's r_end)

    def __post_init__(self) -> None:
        if not self.low <= self.default <= self.high:
            raise ValueError(
                f"parameter {self.name!r}: default {self.default} outside [{self.low}, {self.high}]"
            )
        if self.c_end <= 0 or self.r_end <= 0:
            raise ValueError(f"parameter {self.name!r}: c_end and r_end must be positive")

    def clip(self, value: float) -> float:
        return min(self.high, max(self.low, value))


Space = tuple[Parameter, ...]


def defaults_of(space: Sequence[Parameter]) -> dict[str, float]:
    return {parameter.name: parameter.default for parameter in space}


def values_checked(
    space: Sequence[Parameter], values: Mapping[str, object] | None, *, agent: str
) -> dict[str, float]:
    """The space's defaults overridden by ``values``: every name known, every value a finite
    number within its bounds. Raises ``ValueError`` naming the agent, the parameter and the
    bounds (all the problems at once). ``values`` may hold anything (they come from stored
    JSON): each is checked here, not by the compiled engine's type checks."""
    merged = defaults_of(space)
    if not values:
        return merged
    by_name = {parameter.name: parameter for parameter in space}
    problems = []
    for name, value in values.items():
        parameter = by_name.get(name)
        if parameter is None:
            known = ", ".join(by_name) or "none"
            problems.append(f"unknown parameter {name!r} (known: {known})")
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            problems.append(f"{name}: a number, got {value!r}")
            continue
        if not math.isfinite(value) or not parameter.low <= value <= parameter.high:
            problems.append(f"{name} = {value!r} outside [{parameter.low}, {parameter.high}]")
            continue
        merged[name] = float(value)
    if problems:
        raise ValueError(f"agent {agent!r}: " + "; ".join(problems))
    return merged
