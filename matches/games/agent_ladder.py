"""The Elo ladder of the named agents: how strong each AI level is, and what a game of it costs.

``scripts/agent_ladder.py`` plays paired, seat-swapped games between every two agents and writes
``content/data/agent_ladder.json`` with ``ladder_record``; the "AI levels" page, the play page
and the per-user estimates read it back with ``read_ladder``. The ratings are the tournaments'
own Bradley–Terry fit (``tournaments.statistics.bradley_terry``), on the Elo scale, centred on
the agents' mean. The cost of an agent is measured, not guessed: the mean CPU of its games
against ``heuristic-1.1`` relative to that of ``heuristic-1.1``'s games against itself, on the
same deals (``agent_cost``'s meaning, which the per-user limits count).

Pure Python (no Django): the script and the pages share it.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from komandor.agents.registry import LEVELS, resolved_spec
from matches.tournaments.statistics import bradley_terry

LADDER_FILE = Path(__file__).resolve().parents[2] / "content" / "data" / "agent_ladder.json"
# The agent every cost is relative to: a game of it against itself costs 1.
COST_BASE = "heuristic-1.1"


@dataclass(frozen=True, slots=True)
class PairResult:
    """The games of agent ``a`` against agent ``b`` (specs), from ``a``'s side."""

    a: str
    b: str
    a_wins: int
    b_wins: int
    draws: int


@dataclass(frozen=True, slots=True)
class Rung:
    """One agent on the ladder."""

    spec: str
    rating: float  # Elo scale, centred on the ladder's mean
    low: float  # the 95 % interval
    high: float
    games: int
    wins: int
    draws: int
    losses: int
    cost: float | None  # CPU of its game against COST_BASE, relative to COST_BASE × 2
    cpu_per_game_ms: float | None  # CPU of its game against COST_BASE, milliseconds


@dataclass(frozen=True, slots=True)
class Ladder:
    rungs: tuple[Rung, ...]  # strongest first
    levels: Mapping[str, str]  # level → the agent spec it named when the ladder was played
    pairs: tuple[PairResult, ...]
    facts: Mapping[str, Any]  # date, command, seeds, games per pair, load, engine

    def rung(self, spec: str) -> Rung | None:
        """The rung of an agent spec or of a level's agent as the levels stand *now*."""
        wanted = resolved_spec(spec)
        return next((rung for rung in self.rungs if rung.spec == wanted), None)


def fit_ladder(
    specs: Sequence[str],
    results: Iterable[PairResult],
    *,
    game_cpu: Mapping[str, Sequence[float]] | None = None,
) -> tuple[Rung, ...]:
    """The rungs of ``specs`` from their games (Bradley–Terry), strongest first. ``game_cpu``:
    the CPU (seconds) of each game of an agent against ``COST_BASE`` (``COST_BASE``'s own:
    its games against itself), for the costs (``agent_costs``)."""
    index = {spec: number for number, spec in enumerate(specs)}
    rows = list(results)
    ratings = bradley_terry(
        len(specs), [(index[r.a], index[r.b], r.a_wins, r.b_wins, r.draws) for r in rows]
    )
    cpu = game_cpu or {}
    costs = agent_costs(cpu)
    rungs = []
    for spec, rating in zip(specs, ratings, strict=True):
        wins = sum(r.a_wins for r in rows if r.a == spec) + sum(
            r.b_wins for r in rows if r.b == spec
        )
        losses = sum(r.b_wins for r in rows if r.a == spec) + sum(
            r.a_wins for r in rows if r.b == spec
        )
        draws = sum(r.draws for r in rows if spec in (r.a, r.b))
        games = cpu.get(spec)
        rungs.append(
            Rung(
                spec=spec,
                rating=round(rating.elo, 1),
                low=round(rating.elo_low, 1),
                high=round(rating.elo_high, 1),
                games=wins + draws + losses,
                wins=wins,
                draws=draws,
                losses=losses,
                cost=costs.get(spec),
                cpu_per_game_ms=round(1000 * statistics.fmean(games), 3) if games else None,
            )
        )
    return tuple(sorted(rungs, key=lambda rung: (-rung.rating, rung.spec)))


def agent_costs(game_cpu: Mapping[str, Sequence[float]]) -> dict[str, float]:
    """Each agent's mean game CPU against ``COST_BASE`` over ``COST_BASE``'s against itself
    (``agent_cost``'s meaning). Empty when the base's own games were not measured."""
    base_games = game_cpu.get(COST_BASE)
    if not base_games:
        return {}
    base = statistics.fmean(base_games)
    return {
        spec: round(statistics.fmean(games) / base, 2) for spec, games in game_cpu.items() if games
    }


def ladder_record(
    *,
    rungs: Sequence[Rung],
    pairs: Sequence[PairResult],
    levels: Mapping[str, str],
    facts: Mapping[str, Any],
) -> dict[str, Any]:
    """The ladder file's content (``read_ladder`` reads it back)."""
    return {
        "facts": dict(facts),
        "levels": dict(levels),
        "agents": [asdict(rung) for rung in rungs],
        "pairs": [asdict(pair) for pair in pairs],
    }


def ladder_from_record(record: Mapping[str, Any]) -> Ladder:
    return Ladder(
        rungs=tuple(Rung(**rung) for rung in record["agents"]),
        levels=dict(record["levels"]),
        pairs=tuple(PairResult(**pair) for pair in record["pairs"]),
        facts=dict(record["facts"]),
    )


def read_ladder(path: Path | None = None) -> Ladder | None:
    """The ladder the last run wrote (``LADDER_FILE``), or None when there is none; read again
    when the file changes."""
    path = LADDER_FILE if path is None else path
    try:
        modified = path.stat().st_mtime_ns
    except OSError:
        return None
    return _read(path, modified)


@lru_cache(maxsize=4)
def _read(path: Path, modified: int) -> Ladder:
    return ladder_from_record(json.loads(path.read_text(encoding="utf-8")))


def level_rungs(ladder: Ladder | None) -> dict[str, Rung | None]:
    """Each level (``LEVELS``, weakest first) with the rung of the agent it names now."""
    return {level: None if ladder is None else ladder.rung(level) for level in LEVELS}
