"""The simple players: uniform at random (``RandomAgent``) and from a script of option keys
(``ScriptedAgent``, the scenarios' and the positions' players)."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar

from komandor.agents.heuristic import HeuristicAgent
from komandor.rules.decisions import Agent, Decision, IllegalChoiceError
from komandor.rules.events import EventLog
from komandor.rules.game import Game
from komandor.rules.observation import Observation
from komandor.rules.position import Position, position_game


class RandomAgent:
    """Uniform over the legal options, from its own seeded generator."""

    __slots__ = ("_random", "name")

    # Never asks for a sampled world: ``run_match`` lets the rules ask it directly.
    samples_worlds: ClassVar[bool] = False

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self._random = random.Random(seed)
        self.name = name

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        return self._random.randrange(len(decision.options))


class ScriptedAgent:
    """Answers with option keys given in advance, then defers to ``fallback``.

    ``script`` is either one list of keys, answered in order whatever the decision, or a
    mapping from a decision kind to the keys answering that kind in order (scenario files).

    >>> from komandor.rules.decisions import DecisionKind, Option
    >>> keep = Decision(0, DecisionKind.SETUP_REDEAL, (Option("keep"), Option("redeal")))
    >>> ScriptedAgent(["redeal"]).choose(keep)
    1
    >>> agent = ScriptedAgent({"setup.redeal": ["redeal"], "move.ship": ["s1"]}, RandomAgent())
    >>> agent.choose(keep), agent.unused()
    (1, {'move.ship': ['s1']})
    """

    __slots__ = ("_by_kind", "_fallback", "_queues", "name")

    def __init__(
        self,
        script: Iterable[str] | Mapping[str, Iterable[str]],
        fallback: Agent | None = None,
        name: str = "scripted",
    ) -> None:
        self._by_kind = isinstance(script, Mapping)
        if isinstance(script, Mapping):
            self._queues = {kind: deque(keys) for kind, keys in script.items()}
        else:
            self._queues = {"": deque(script)}
        self._fallback = fallback
        self.name = name

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        queue = self._queues.get(decision.kind if self._by_kind else "")
        if queue:
            return decision.index_of(queue.popleft())
        if self._fallback is None:
            raise IllegalChoiceError(f"the script ran out at a {decision.kind!r} decision")
        return self._fallback.choose(decision, observation)

    def unused(self) -> list[str] | dict[str, list[str]]:
        """The keys never asked for: a list, or by kind (only the kinds with keys left)."""
        if not self._by_kind:
            return list(self._queues[""])
        return {kind: list(keys) for kind, keys in self._queues.items() if keys}


def position_agents(position: Position) -> Sequence[ScriptedAgent]:
    """Each player of a position (``position.Position``): his script, then ``HeuristicAgent``."""
    return [ScriptedAgent(p.script, fallback=HeuristicAgent()) for p in position.players]


def scripted_game(position: Position, *, log: EventLog | None = None) -> Game:
    """A fresh ``Game`` at the position played by its ``position_agents`` (rules tests)."""
    return position_game(position, agents=position_agents(position), log=log)
