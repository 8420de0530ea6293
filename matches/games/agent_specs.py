"""Agent names as the service accepts them: the levels ``novice``, ``standard``, ``expert``
(``registry.LEVELS``: each names the agent that plays it now), ``random``, ``heuristic``,
``search``, ``search:N``, the frozen baselines ``heuristic-1.1``, ``search-1.1``,
``search-1.1:N``, and the agents written for a level (``LEVEL_AGENTS``: ``novice-1``,
``standard-1``, ``expert-1``, ``standard-2``, ``expert-2``, ``expert-3``).

A level is stored as the agent it names when the game is made (``stored_agent``), so a stored
game replays with the agent that played it even after the level is pointed elsewhere.

The engine decides what is valid (``agent_spec_error``) and what an agent costs
(``agent_cost``: CPU per game relative to the heuristic); this module is the one place the API,
the pages, the command and the services ask, and words the answer for people (gettext). There
is no second list of rules here: a spec is valid exactly when the engine says so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from django.utils.translation import gettext

from komandor.agents.registry import (
    BASELINES,
    LEVEL_AGENTS,
    LEVELS,
    SEARCH_DEFAULT_BUDGET,
    SEARCH_MAX_BUDGET,
    SEARCH_MIN_BUDGET,
    agent_cost,
    agent_spec_error,
    resolved_spec,
)
from matches.games.agent_ladder import read_ladder

# The agents offered by name (``search:N`` is ``search`` with its budget set), in the order
# the pages list them, each with what it is: the levels, today's agents, the frozen baselines.
AGENT_KINDS = (*LEVELS, "heuristic", "search", "random", *BASELINES, *LEVEL_AGENTS)
# The names that take a budget (``name:N``).
SEARCH_KINDS = ("search", "search-1.1")
# What the OpenAPI schema documents: N has at most as many digits as the largest budget (its
# exact range is in the description; the engine checks it).
_DIGITS_AFTER_FIRST = len(str(SEARCH_MAX_BUDGET)) - 1
AGENT_PATTERN = (
    rf"^({'|'.join([*LEVELS, *LEVEL_AGENTS])}|random|heuristic(-1\.1)?|search(-1\.1)?"
    rf"(:[1-9][0-9]{{0,{_DIGITS_AFTER_FIRST}}})?)$"
)
AGENT_SPEC_MAX_LENGTH = 16


def level_descriptions() -> dict[str, str]:
    """Each level's one line for players (the play page, the "AI levels" page)."""
    return {
        "novice": gettext(
            "plays sensibly but slips now and then: builds the wrong card, sends a ship the "
            "wrong way, fires at the wrong target — a level to learn the game against"
        ),
        "standard": gettext(
            "plays every decision by sound rules of thumb and does not slip — a fair, quick "
            "opponent and the tournaments' yardstick"
        ),
        "expert": gettext(
            "looks ahead: tries its options forward in worlds like the one it sees before it "
            "chooses, and thinks longer; the strongest level (see the ratings)"
        ),
    }


def agent_descriptions() -> dict[str, str]:
    """What each agent is, for the form's help and the API's description."""
    levels = {
        level: gettext("level: %(what)s (now %(agent)s)")
        % {"what": what, "agent": resolved_spec(level)}
        for level, what in level_descriptions().items()
    }
    return {
        **levels,
        "heuristic": gettext(
            "weighs each choice by a few rules of thumb (build what it can afford, attack when "
            "stronger) — plays like a careful beginner"
        ),
        "search": gettext(
            "where the opening decides (the Commander's place and the fleet's moves of the first "
            "turns) plays each option forward in worlds it cannot tell apart from what it saw "
            "(the opponent's hand and the decks dealt again) and takes the best; elsewhere plays "
            "as the heuristic. search:N sets its playouts per option, N from %(least)s to "
            "%(most)s (default %(default)s). Stronger and slower"
        )
        % {
            "least": SEARCH_MIN_BUDGET,
            "most": SEARCH_MAX_BUDGET,
            "default": SEARCH_DEFAULT_BUDGET,
        },
        "random": gettext("picks any legal choice at random — a floor to measure against"),
        "heuristic-1.1": gettext(
            "the heuristic as it played in agents 1.1, frozen: a fixed opponent to measure "
            "against, whatever the heuristic becomes"
        ),
        "search-1.1": gettext(
            "the search as it played in agents 1.1, frozen (search-1.1:N sets its playouts): a "
            "fixed opponent to measure against"
        ),
        "novice-1": gettext(
            "the heuristic with a learner's slips, drawn from its seed (the novice level's agent)"
        ),
        "standard-1": gettext(
            "plans its fleet: goes for the enemy Commander when it can win there, guards its "
            "own, blockades a victory one step away, spends its tokens (the standard level's "
            "agent)"
        ),
        "expert-1": gettext(
            "plays the Commander's place and the fleet's moves forward in worlds like the one it "
            "sees, and never takes a move that loses its Commander more often than the rules of "
            "thumb would (the expert level's agent before expert 3)"
        ),
        "standard-2": gettext(
            "standard 1 that keeps its Commander safe in battle: his ship waits in the second "
            "echelon or leaves the battle, and he moves off a ship the enemy outruns"
        ),
        "expert-2": gettext(
            "the expert's look ahead with standard 2's rules of thumb and Commander safety"
        ),
        "expert-3": gettext(
            "expert 2 that leaves where its Commander stands and goes to standard 2's rules "
            "and looks further ahead for the rest of the fleet (the expert level's agent)"
        ),
    }


def agent_problem(spec: object) -> str | None:
    """None when ``spec`` names an agent; else what is wrong with it, for a person."""
    if isinstance(spec, str) and len(spec) <= AGENT_SPEC_MAX_LENGTH:
        # Spelt as the schema says (no spaces, no leading zeros), and valid to the engine.
        if re.fullmatch(AGENT_PATTERN, spec) and agent_spec_error(spec) is None:
            return None
        kind, colon, budget = spec.partition(":")
        if kind in SEARCH_KINDS and colon and budget.isdigit() and budget[0] != "0":
            return gettext(
                "«%(spec)s»: the budget N of search:N is from %(least)s to %(most)s."
            ) % {
                "spec": spec,
                "least": SEARCH_MIN_BUDGET,
                "most": SEARCH_MAX_BUDGET,
            }
    shown = spec if isinstance(spec, str) else type(spec).__name__
    return gettext(
        "«%(spec)s» is not an agent: a level (%(levels)s), random, heuristic, search or "
        "search:N (N from 1 to %(most)s), an agent of a level (%(agents)s), or a frozen "
        "baseline: heuristic-1.1, "
        "search-1.1 or search-1.1:N."
    ) % {
        "spec": str(shown)[:40],
        "levels": ", ".join(LEVELS),
        "agents": ", ".join(LEVEL_AGENTS),
        "most": SEARCH_MAX_BUDGET,
    }


def stored_agent(spec: str) -> str:
    """What the service stores for a valid ``spec``: a level's agent, else the spec itself."""
    return resolved_spec(spec)


def measured_agent_cost(spec: str) -> float:
    """``agent_cost`` as measured by the ladder (``content/data/agent_ladder.json``) for the
    agent ``spec`` names, else the engine's own figure (an agent the ladder did not play, such
    as ``search:N`` at another budget). Never below 1: an agent cheaper than the heuristic
    (``random`` ends games sooner) is counted as the heuristic, so ``game_cost``'s sum of
    excesses stays a game's cost and the limits stay on the safe side. Raises ``ValueError``
    for a bad spec."""
    fallback = agent_cost(spec)
    ladder = read_ladder()
    rung = None if ladder is None else ladder.rung(spec)
    return fallback if rung is None or rung.cost is None else max(1.0, rung.cost)


def agents_problems(agents: object) -> list[str]:
    """What is wrong with one agent name or a pair of them (``agent_problem``);
    empty when they are right. The API, the form and the command all ask this."""
    if isinstance(agents, str):
        pair: list[object] = [agents]
    elif isinstance(agents, (list, tuple)) and len(agents) == 2:
        pair = list(agents)
    else:
        return [gettext("One agent name for both sides, or a pair of two names.")]
    return [problem for problem in map(agent_problem, pair) if problem is not None]


def game_cost(agents: Sequence[str]) -> float:
    """CPU of one game of ``agents`` (a pair: one per seat or side) relative to a heuristic
    game. ``agent_cost`` is an agent's game against the heuristic, so each side adds its excess
    over the heuristic's: search against search costs about twice search against heuristic."""
    first, second = agents
    return measured_agent_cost(first) + measured_agent_cost(second) - 1.0
