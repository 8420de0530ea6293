"""Game positions for rules tests: ``komandor.rules.position`` with the test cards by name.

    game, uid = position({
        "priority": 0,
        "players": [
            {"initiative": 5, "commander_at": "home", "deck": 10,
             "cards": {"home": {"card": "planet"},
                       "cruiser": {"card": "exorcist", "at": "home"},
                       "chimera": {"card": "chimera", "zone": "hand"}}},
            {"initiative": 4, "commander_at": "raider", "deck": 10,
             "cards": {"raider": {"card": "magnum", "at": "s1"}}},
        ],
    })

The data is the engine's position format (``komandor/rules/position.py``, docs/scenarios.md);
``card`` may also name one of ``CARDS``, and ``deck: n`` adds ``n`` copies of the inert
``FILLER``. ``uid[label]`` is a card's engine uid. Each player's agent is wrapped in a
``RecordingAgent``, so ``seen`` lists what it was asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from komandor.agents.registry import Agent
from komandor.agents.simple import scripted_game
from komandor.rules.decisions import Decision
from komandor.rules.game import Game
from komandor.rules.observation import Observation
from komandor.rules.position import position_from_dict
from komandor.rules.state import GameState
from tests.engine.book_cards import CHIMERA_NOTATION, EXORCIST_NOTATION, MAGNUM_NOTATION
from tests.engine.deck_data import (
    ABILITY,
    ASTEROID,
    BATTERY,
    BOMBER,
    GROUND_UNIT,
    MARKET,
    PLANET,
    STATION,
    TACTIC,
    TRADER_SHIP,
)

CARDS: dict[str, dict[str, Any]] = {
    "exorcist": EXORCIST_NOTATION,
    "magnum": MAGNUM_NOTATION,
    "chimera": CHIMERA_NOTATION,
    "trader": TRADER_SHIP,
    "bomber": BOMBER,
    "planet": PLANET,
    "asteroid": ASTEROID,
    "station": STATION,
    "ground_unit": GROUND_UNIT,
    "battery": BATTERY,
    "market": MARKET,
    "tactic": TACTIC,
    "ability": ABILITY,
}
FILLER = "tactic"  # inert in every phase the engine plays


class RecordingAgent:
    """Passes every decision to ``inner`` and keeps (phase, kind, chosen key) in order."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = f"recording {inner.name}"
        self.seen: list[tuple[str, str, str]] = []
        self.decisions: list[Decision] = []
        self.state: GameState | None = None

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        index = self.inner.choose(decision, observation)
        self.decisions.append(decision)
        phase = self.state.phase.value if self.state is not None else ""
        self.seen.append((phase, decision.kind, decision.options[index].key))
        return index


def position(
    data: Mapping[str, Any], *, dice: list[int] | None = None
) -> tuple[Game, dict[str, str]]:
    """The ``Game`` at the described position and the uids of the labelled cards."""
    full = {"library": CARDS, "filler": FILLER, **data}
    if dice is not None:
        full["dice"] = list(dice)
    setup = position_from_dict(full)
    game = scripted_game(setup)
    game.agents = [RecordingAgent(agent) for agent in game.agents]
    for agent in game.agents:
        agent.state = game.state
    return game, dict(setup.uids)


def seen(game: Game, player: int) -> list[tuple[str, str, str]]:
    """(phase, kind, key) of the decisions ``player`` was asked (those with a real choice)."""
    agent = game.agents[player]
    assert isinstance(agent, RecordingAgent)
    return agent.seen


def two_homes(
    first: Mapping[str, Any] | None = None,
    second: Mapping[str, Any] | None = None,
    *,
    phase: str,
    priority: int = 0,
    dice: Any = None,
) -> tuple[Game, dict[str, str]]:
    """Player 0 (initiative 5) and player 1 (initiative 4), each with a planet and a cruiser on
    its orbit, the Commander on the planet; ``first``/``second`` add to each player's entry."""
    players = []
    for index, extra in enumerate((dict(first or {}), dict(second or {}))):
        players.append(
            {
                "initiative": 5 - index,
                "commander_at": f"home{index}",
                "deck": 10,
                **extra,
                "cards": {
                    f"home{index}": {"card": "planet"},
                    f"cruiser{index}": {"card": "exorcist", "at": f"home{index}"},
                    **extra.get("cards", {}),
                },
            }
        )
    return position({"priority": priority, "phase": phase, "players": players}, dice=dice)
