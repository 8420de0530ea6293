"""The agents by name: the names the service stores and the CLIs take (``make_agent``), what
each costs (``agent_cost``), and the version of how they choose (``AGENTS_VERSION``).

A name is ``random``, ``heuristic``, ``search`` or ``search:N`` (N playouts per searched
decision), ``expert-1`` (the agent meant for the expert level, ``expert.ExpertAgent``), or a
frozen baseline: ``heuristic-1.1`` and ``search-1.1`` (``search-1.1:N``) choose exactly as
agents 1.1 did (the heuristic and the search of 39ffb88), whatever ``heuristic`` and ``search``
become, so every strength figure is measured against the same opponents
(``tests/engine/test_agent_baselines.py`` plays them against 39ffb88's own agents). Today the
plain names play the same as their 1.1 baselines; an agent that learns something new gets a
class of its own, and its 1.1 name keeps building the old one.
"""

from __future__ import annotations

from collections.abc import Callable

from komandor.agents.expert import ExpertAgent
from komandor.agents.heuristic import HeuristicAgent
from komandor.agents.search import SearchAgent
from komandor.agents.simple import RandomAgent, ScriptedAgent
from komandor.rules.decisions import Agent

__all__ = [
    "AGENTS",
    "AGENTS_VERSION",
    "BASELINES",
    "EXPERT_COST",
    "SEARCH_COST_PER_PLAYOUT",
    "SEARCH_DEFAULT_BUDGET",
    "SEARCH_MAX_BUDGET",
    "SEARCH_MIN_BUDGET",
    "Agent",
    "ExpertAgent",
    "HeuristicAgent",
    "RandomAgent",
    "ScriptedAgent",
    "SearchAgent",
    "agent_cost",
    "agent_spec_error",
    "make_agent",
    "parse_agent_spec",
]

# Bumped whenever a change alters how an agent chooses for the same decision and observation.
AGENTS_VERSION = "1.1"

# The agents ``make_agent`` builds, by name, with what each is.
AGENTS: dict[str, str] = {
    "random": "uniform over the legal options",
    "heuristic": "fixed rules of thumb, one answer per decision",
    "search": "heuristic playouts of every option in sampled worlds (search:N, N playouts)",
    "heuristic-1.1": "the heuristic of agents 1.1, frozen: a fixed opponent to measure against",
    "search-1.1": "the search of agents 1.1 (search-1.1:N), frozen: a fixed opponent",
    "expert-1": "heuristic playouts of more decisions, a Commander threat check (the expert level)",
}
# The frozen baselines, each with the agent it is frozen from.
BASELINES: dict[str, str] = {"heuristic-1.1": "heuristic", "search-1.1": "search"}
# The names that take a budget (``name:N``).
_SEARCHES = frozenset({"search", "search-1.1"})
# ``search:N``: N playouts per searched decision (``search.SearchAgent``).
SEARCH_MIN_BUDGET = 1
SEARCH_MAX_BUDGET = 1000
SEARCH_DEFAULT_BUDGET = 6
# CPU of one game of ``search:N`` against the heuristic, relative to a game of heuristic
# against heuristic: ``1 + SEARCH_COST_PER_PLAYOUT · N`` (measured, docs/engine.md).
SEARCH_COST_PER_PLAYOUT = 5.3
# CPU of one game of ``expert-1`` against the heuristic, relative to a heuristic game (measured,
# docs/engine.md "AI levels: expert").
EXPERT_COST = 145.0


def parse_agent_spec(spec: str) -> tuple[str, int | None]:
    """``(name, budget)`` of an agent spec: ``random``, ``heuristic``, ``heuristic-1.1``,
    ``search`` or ``search-1.1`` (the default budget), ``search:N`` or ``search-1.1:N``.
    Raises ``ValueError`` with ``agent_spec_error``'s message."""
    name, colon, budget_text = spec.strip().partition(":")
    if name not in AGENTS:
        known = ", ".join([*AGENTS, *(f"{search}:N" for search in sorted(_SEARCHES))])
        raise ValueError(f"unknown agent {spec!r}; known: {known}")
    if name not in _SEARCHES:
        if colon:
            raise ValueError(f"agent {name!r} takes no budget, got {spec!r}")
        return name, None
    if not colon:
        return name, SEARCH_DEFAULT_BUDGET
    text = budget_text.strip()
    if not text.isdigit() or not text.isascii():
        raise ValueError(f"search budget must be a whole number, got {budget_text!r}")
    budget = int(text)
    if not SEARCH_MIN_BUDGET <= budget <= SEARCH_MAX_BUDGET:
        raise ValueError(
            f"search budget must be {SEARCH_MIN_BUDGET}\u2013{SEARCH_MAX_BUDGET}, got {budget}"
        )
    return name, budget


def agent_spec_error(spec: str) -> str | None:
    """None when ``spec`` names an agent ``make_agent`` builds; else a short English message
    naming what is wrong (for the API, the forms and the commands)."""
    try:
        parse_agent_spec(spec)
    except ValueError as error:
        return str(error)
    return None


def agent_cost(spec: str) -> float:
    """CPU of one game with this agent, relative to a heuristic-against-heuristic game (for
    per-user limits): 1 for ``random`` and the heuristics, ``1 + SEARCH_COST_PER_PLAYOUT · N``
    for the searches with N playouts, ``EXPERT_COST`` for ``expert-1``. Raises ``ValueError``
    for a bad spec."""
    name, budget = parse_agent_spec(spec)
    if name == "expert-1":
        return EXPERT_COST
    return 1.0 if budget is None else 1.0 + SEARCH_COST_PER_PLAYOUT * budget


def _heuristic_1_1(name: str, seed: int, budget: int | None) -> Agent:
    return HeuristicAgent(name)


def _search_1_1(name: str, seed: int, budget: int | None) -> Agent:
    assert budget is not None
    return SearchAgent(budget, seed=seed, name=name, policy=HeuristicAgent())


def _expert(name: str, seed: int, budget: int | None) -> Agent:
    return ExpertAgent(policy=HeuristicAgent(), seed=seed, name=name)


def _random(name: str, seed: int, budget: int | None) -> Agent:
    return RandomAgent(seed, name)


# How each name is built: (its name as given, the seed, the budget) → the agent.
_BUILDERS: dict[str, Callable[[str, int, int | None], Agent]] = {
    "random": _random,
    "heuristic": _heuristic_1_1,
    "search": _search_1_1,
    "heuristic-1.1": _heuristic_1_1,
    "search-1.1": _search_1_1,
    "expert-1": _expert,
}


def make_agent(name: str, *, seed: int = 0) -> Agent:
    """The agent a spec names (``parse_agent_spec``), called by its spec; ``random`` and the
    searches seeded (the match seed and the seat). Raises ``ValueError`` for a bad spec."""
    kind, budget = parse_agent_spec(name)
    return _BUILDERS[kind](kind if budget is None else name.strip(), seed, budget)
