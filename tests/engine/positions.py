"""Build a game position from compact, JSON-compatible data, for rules tests.

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

Each card has a label, unique across both players; ``uid[label]`` is its engine uid. ``card`` is
a name from ``CARDS`` or a whole card dict. Without ``zone`` a card with ``at`` (a label of an
object, or a sector ``"s<n>"``) or a space object is in play; other keys: ``zone`` (``hand``,
``deck``, ``production``, ``losses``, ``situations``), ``tokens`` (production tokens),
``controller``, ``tapped``, ``damage``, ``built_turn``. Labelled deck cards lie on top in their
listed order, then ``deck: n`` inert cards. Each player's agent answers with the ``script``
keys (``"run:{home}"``: labels in braces become uids), then as ``HeuristicAgent``; ``seen``
lists what it was asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matches.engine.agents import HeuristicAgent, ScriptedAgent
from matches.engine.cards import card_from_dict
from matches.engine.decisions import Agent, Decision
from matches.engine.dice import FixedDice
from matches.engine.events import EventLog
from matches.engine.game import Game
from matches.engine.state import GameState, Phase, Zone
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

    def choose(self, decision: Decision) -> int:
        index = self.inner.choose(decision)
        self.decisions.append(decision)
        phase = self.state.phase.value if self.state is not None else ""
        self.seen.append((phase, decision.kind, decision.options[index].key))
        return index


def position(
    data: Mapping[str, Any], *, dice: list[int] | None = None
) -> tuple[Game, dict[str, str]]:
    """The ``Game`` at the described position and the uids of the labelled cards."""
    specs: list[list[dict[str, Any]]] = []
    labels: list[list[str]] = []
    for player in data["players"]:
        cards = dict(player.get("cards", {}))
        specs.append([_card_dict(entry["card"]) for entry in cards.values()])
        specs[-1] += [CARDS[FILLER]] * player.get("deck", 0)
        labels.append(list(cards))
    commanders = [
        card_from_dict(
            {
                "kind": "commander",
                "name": f"Командор {index}",
                "initiative": player.get("initiative", 5),
                **({"victory": player["victory"]} if player.get("victory") else {}),
            }
        )
        for index, player in enumerate(data["players"])
    ]
    uid = {
        label: f"p{index}.{number:02d}"
        for index, names in enumerate(labels)
        for number, label in enumerate(names)
    }
    agents = [
        RecordingAgent(
            ScriptedAgent(
                [key.format(**uid) for key in player.get("script", ())],
                fallback=HeuristicAgent(),
            )
        )
        for player in data["players"]
    ]
    game = Game(
        decks=[[card_from_dict(spec) for spec in deck] for deck in specs],
        commanders=commanders,
        agents=agents,
        dice=FixedDice(dice or []),
        log=EventLog(),
    )
    state = game.state
    for agent in agents:
        agent.state = state
    sectors = [0]
    for index, player in enumerate(data["players"]):
        for label, entry in player.get("cards", {}).items():
            card = state.cards[uid[label]]
            at = entry.get("at")
            if at is not None and at.startswith("s") and at not in uid:
                sectors.append(int(at[1:]))
            zone = Zone(entry.get("zone", "play" if at or card.kind.value == "space_object"
                                  else "deck"))  # fmt: skip
            if zone is not Zone.DECK:
                state.move(card.uid, zone, where=uid.get(at, at))
            card.controller = entry.get("controller", index)
            card.tokens = entry.get("tokens", 0)
            card.tapped = entry.get("tapped", False)
            card.damage = entry.get("damage", 0)
            card.built_turn = entry.get("built_turn", 0)
        for name in ("resources", "action_tokens", "commerce_tokens", "pending_rewards"):
            setattr(state.players[index], name, player.get(name, 0))
        state.players[index].commander_at = uid.get(player.get("commander_at", ""))
    state.next_sector = max(sectors) + 1
    state.turn = data.get("turn", 1)
    state.priority = data.get("priority", 0)
    state.phase = Phase(data.get("phase", "start"))
    return game, uid


def _card_dict(card: str | Mapping[str, Any]) -> dict[str, Any]:
    return dict(CARDS[card]) if isinstance(card, str) else dict(card)


def seen(game: Game, player: int) -> list[tuple[str, str, str]]:
    """(phase, kind, key) of the decisions ``player`` was asked (those with a real choice)."""
    agent = game.agents[player]
    assert isinstance(agent, RecordingAgent)
    return agent.seen
