"""Agent names as the service accepts them: ``random``, ``heuristic``, ``search``, ``search:N``,
and the frozen baselines ``heuristic-1.1``, ``search-1.1``, ``search-1.1:N``.

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
    SEARCH_DEFAULT_BUDGET,
    SEARCH_MAX_BUDGET,
    SEARCH_MIN_BUDGET,
    agent_cost,
    agent_spec_error,
)

# The agents offered by name (``search:N`` is ``search`` with its budget set), in the order
# the pages list them, each with what it is: today's, then the frozen baselines.
AGENT_KINDS = ("heuristic", "search", "random", *BASELINES)
# The names that take a budget (``name:N``).
SEARCH_KINDS = ("search", "search-1.1")
# What the OpenAPI schema documents: N has at most as many digits as the largest budget (its
# exact range is in the description; the engine checks it).
_DIGITS_AFTER_FIRST = len(str(SEARCH_MAX_BUDGET)) - 1
AGENT_PATTERN = (
    r"^(random|heuristic(-1\.1)?|search(-1\.1)?"
    rf"(:[1-9][0-9]{{0,{_DIGITS_AFTER_FIRST}}})?)$"
)
AGENT_SPEC_MAX_LENGTH = 16


def agent_descriptions() -> dict[str, str]:
    """What each agent is, for the form's help and the API's description."""
    return {
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
        "«%(spec)s» is not an agent: random, heuristic, search or search:N (N from 1 to "
        "%(most)s), or a frozen baseline: heuristic-1.1, search-1.1 or search-1.1:N."
    ) % {"spec": str(shown)[:40], "most": SEARCH_MAX_BUDGET}


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
    return agent_cost(first) + agent_cost(second) - 1.0
