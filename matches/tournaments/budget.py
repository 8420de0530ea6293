"""The CPU budget of games and batches: a game's expected CPU and CPU limit, the batch
size and its bound, and the per-user limits checked when games are queued."""

from __future__ import annotations

import math
from collections.abc import Sequence

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.translation import gettext

from komandor.rules import rules
from matches.games.agent_specs import game_cost
from matches.models import Status, Tournament
from matches.tournaments.errors import LimitExceeded, TournamentError

Item = tuple[int, int]  # (pairing id, game number)


MAX_BATCH_GAMES = 50


# Expected CPU seconds of one batch: batches of costly agents (search) hold fewer games, so a
# round's progress still moves and a lease or time limit is never near.
BATCH_CPU_SECONDS = 20.0


# A game's CPU limit is at least this many times its expected CPU (a long search game may take
# a few times the mean); with the heuristic the fixed ``MATCH_GAME_CPU_SECONDS`` is far above.
GAME_LIMIT_OVER_EXPECTED = 10


def limit(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def game_cpu_limit(*, agents: Sequence[str] = (), turn_cap: int = rules.DEFAULT_TURN_CAP) -> float:
    """Seconds of CPU after which a game with ``agents`` is ended (``game_limit``): the fixed
    ``MATCH_GAME_CPU_SECONDS``, or a multiple of a costly game's expected CPU."""
    fixed = float(getattr(settings, "MATCH_GAME_CPU_SECONDS", 10.0))
    if not agents:
        return fixed
    expected = expected_game_cpu(agents=agents, turn_cap=turn_cap)
    return max(fixed, GAME_LIMIT_OVER_EXPECTED * expected)


def expected_game_cpu(*, agents: Sequence[str], turn_cap: int = rules.DEFAULT_TURN_CAP) -> float:
    """Seconds of CPU one game is expected to take, for the per-user limit, the batch size and
    the form's estimate: the measured heuristic game at the default turn cap
    (``MATCH_EXPECTED_GAME_CPU_SECONDS``), scaled by the cap and by the agents' cost (a search
    agent costs many heuristic games, ``agent_specs.game_cost``)."""
    per_game = float(getattr(settings, "MATCH_EXPECTED_GAME_CPU_SECONDS", 0.05))
    return per_game * game_cost(agents) * max(turn_cap, 1) / rules.DEFAULT_TURN_CAP


def limits_check(*, owner, new_games: int, new_cpu: float) -> None:
    """The owner's running tournaments, games and expected CPU still to play, checked under
    the owner's row lock: concurrent creates by one user take turns, so none slips under a
    limit another is about to use up (locking only existing tournaments let eight parallel
    creates all pass)."""
    list(get_user_model().objects.select_for_update().filter(pk=owner.pk).values_list("pk"))
    running = list(
        Tournament.objects.filter(owner=owner, status=Status.RUNNING).values_list(
            "total", "done", "agents", "turn_cap"
        )
    )
    most = limit("TOURNAMENTS_RUNNING_PER_USER", 3)
    if len(running) >= most:
        raise LimitExceeded(
            "too_many_tournaments",
            gettext("At most %(most)s tournaments running at once; wait for one or cancel it.")
            % {"most": most},
        )
    queued = sum(total - done for total, done, _, _ in running) + new_games
    most = limit("MATCHES_QUEUED_PER_USER", 20000)
    if queued > most:
        raise LimitExceeded(
            "too_many_matches",
            gettext("At most %(most)s games queued per user; this would make %(queued)s.")
            % {"most": most, "queued": queued},
        )
    cpu = new_cpu + sum(
        (total - done) * expected_game_cpu(agents=agents, turn_cap=cap)
        for total, done, agents, cap in running
    )
    most = limit("CPU_SECONDS_QUEUED_PER_USER", 3600)
    if cpu > most:
        raise LimitExceeded(
            "too_much_cpu",
            gettext(
                "At most %(most)s s of expected CPU queued per user; this would make %(cpu)s s. "
                "A game costs by its agents (search: many times a heuristic game): fewer games, "
                "a smaller search budget, or wait for your tournaments to finish."
            )
            % {"most": most, "cpu": round(cpu)},
        )


def batch_size(*, games: int, game_cpu: float, workers_hint: int = 8) -> int:
    """Games per batch, whole seed pairs: big enough that a task is not one 3 ms game, small
    enough that a round spreads over several workers and that a batch is about
    ``BATCH_CPU_SECONDS`` of CPU at most (costly agents: fewer games, at least one pair)."""
    size = min(MAX_BATCH_GAMES, max(2, math.ceil(games / workers_hint)))
    size += size % 2
    by_cpu = int(BATCH_CPU_SECONDS // max(game_cpu, 1e-9))
    return max(2, min(size, by_cpu - by_cpu % 2))


def batches_of(
    items: Sequence[Item], *, game_cpu: float = 0.0, workers_hint: int = 8
) -> list[list[Item]]:
    """``items`` in batches of ``batch_size`` games (``game_cpu``: one game's expected CPU)."""
    size = batch_size(games=len(items), game_cpu=game_cpu, workers_hint=workers_hint)
    return [list(items[start : start + size]) for start in range(0, len(items), size)]


def batch_time_limit(*, tournament: Tournament, games: int) -> float:
    """Seconds within which a batch of ``games`` of this tournament ends even if every game
    runs to its CPU limit (the task's soft time limit is set above it)."""
    return games * game_cpu_limit(agents=tournament.agents, turn_cap=tournament.turn_cap)


def batch_max_seconds() -> float:
    """The longest a batch may take with every game run to its CPU limit
    (``BATCH_MAX_SECONDS``); the broker's visibility timeout is set above it."""
    return float(getattr(settings, "BATCH_MAX_SECONDS", 3000))


def batch_bound_check(*, agents: Sequence[str], turn_cap: int) -> None:
    """Refuse agents whose biggest batch (``batch_size``, each game run to its CPU limit)
    could outlast ``batch_max_seconds``: a search budget too big for this deployment."""
    game_cpu = expected_game_cpu(agents=agents, turn_cap=turn_cap)
    size = batch_size(games=MAX_BATCH_GAMES * 8, game_cpu=game_cpu)
    longest = size * game_cpu_limit(agents=agents, turn_cap=turn_cap)
    if longest > batch_max_seconds():
        message = gettext(
            "A game of these agents is expected to take %(game)s s of CPU: too long for the "
            "workers here (a batch of %(size)s games could take %(longest)s s, at most "
            "%(most)s s). A smaller search budget N, or a lower turn cap."
        ) % {
            "game": round(game_cpu),
            "size": size,
            "longest": round(longest),
            "most": round(batch_max_seconds()),
        }
        raise TournamentError("invalid", message, {"agents": [message]})
