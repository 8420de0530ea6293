"""How long a tournament will take, shown before it starts: games × expected CPU per game
(``services.expected_game_cpu``: the agents' cost included, the same figure the per-user limit
counts) ÷ the worker processes that play them: those the workers' sweeps reported lately
(``WorkerSeen``), one when tasks run in the web process (no broker), else
``TOURNAMENT_WORKERS`` until a worker has reported (issue 36: the form assumed two while
``scripts/run.sh`` starts one)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db.models import Sum

from komandor.rules import rules
from matches.games.agent_specs import AGENT_KINDS, agents_problems, measured_agent_cost
from matches.models import WorkerSeen
from matches.tournaments import formats
from matches.tournaments.budget import expected_game_cpu
from matches.tournaments.clock import db_now
from matches.tournaments.progress import sweep_seconds


def worker_seen(*, name: str, processes: int) -> None:
    """A worker's sweep says it is alive, with ``processes`` playing batches."""
    WorkerSeen.objects.update_or_create(
        name=name, defaults={"processes": max(1, processes), "seen_at": db_now()}
    )


def workers() -> int:
    """Worker processes that play batches now, for the estimate."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return 1  # no broker: the web process plays them itself
    lately = db_now() - timedelta(seconds=3 * sweep_seconds())
    seen = WorkerSeen.objects.filter(seen_at__gte=lately).aggregate(n=Sum("processes"))["n"]
    return max(1, seen or int(getattr(settings, "TOURNAMENT_WORKERS", 2)))


@dataclass(frozen=True, slots=True)
class Estimate:
    games: int
    game_cpu: float  # expected seconds of CPU of one game
    cpu: float  # seconds of CPU of every game
    workers: int
    wall: float  # seconds with every worker busy


def tournament_estimate(
    *,
    format: str,
    count: int,
    games_per_pairing: int,
    options: Mapping[str, Any],
    agents: Sequence[str],
    turn_cap: int = rules.DEFAULT_TURN_CAP,
) -> Estimate | None:
    """None when the input cannot be planned (too few decks, a bad agent or option)."""
    if count < 2 or games_per_pairing < 2 or agents_problems(list(agents)):
        return None
    try:
        normalized = formats.normalized_options(
            format=format, count=count, games=games_per_pairing, options=dict(options)
        )
    except formats.FormatError:
        return None
    games = formats.planned_games(
        format=format, count=count, games=games_per_pairing, options=normalized
    )
    game_cpu = expected_game_cpu(agents=agents, turn_cap=turn_cap)
    cpu = games * game_cpu
    return Estimate(games, game_cpu, cpu, workers(), cpu / workers())


def agent_game_seconds() -> dict[str, float]:
    """Expected CPU seconds of one game with the agent on both sides, per offered agent."""
    return {kind: expected_game_cpu(agents=[kind, kind]) for kind in AGENT_KINDS}


def agent_costs() -> dict[str, float]:
    """Each offered agent's measured cost (``agent_specs.measured_agent_cost``: its game
    against the heuristic, relative to a heuristic game), for the page's live update."""
    return {kind: measured_agent_cost(kind) for kind in AGENT_KINDS}
