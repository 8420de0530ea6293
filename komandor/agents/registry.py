"""The agents by name: the names the service stores and the CLIs take (``make_agent``), what
each costs (``agent_cost``), and the version of how they choose (``AGENTS_VERSION``).

A name is ``random``, ``heuristic``, ``search`` or ``search:N`` (N playouts per searched
decision), the agents written for a level: ``novice-1``, ``standard-1`` and ``expert-1``
(``novice``, ``standard.StandardAgent``, ``expert.ExpertAgent``), ``standard-2``
(``standard2.Standard2Agent``: standard-1 keeping its Commander), ``expert-2`` (the expert
with standard-2's playouts) and ``expert-3`` (expert-2 leaving its Commander's placement and
moves, his carrier, the deployment before him and his guard to standard-2:
``expert.EXPERT_3_PARAMETERS``), the tuned ones (``tuned.py``: ``standard-t1``,
``standard-t2``, and ``expert-4``, expert-3 over ``standard-t2``), or a frozen baseline:
``heuristic-1.1`` and ``search-1.1`` (``search-1.1:N``) choose exactly as agents 1.1 did (the
heuristic and the search of 39ffb88), whatever ``heuristic`` and ``search`` become, so every
strength figure is measured against the same opponents
(``tests/engine/test_agent_baselines.py`` plays them against 39ffb88's own agents). Today the
plain names play the same as their 1.1 baselines; an agent that learns something new gets a
class of its own, and its 1.1 name keeps building the old one.

A **level** (``LEVELS``: ``novice``, ``standard``, ``expert``) is what a player picks: a name
for whichever agent plays that level now. Every function here takes a level where it takes an
agent spec and treats it as the agent it names (``resolved_spec``); what the service stores is
the resolved spec, so a stored game replays with the agent that played it even after its level
is pointed at another agent.

A *tunable* agent (``TUNABLE``) has a parameter space (``parameters.Parameter``s) and a builder
that takes values: ``make_agent(name, parameters={...})`` builds it with those values, the rest
at their defaults (a self-play tuning, ``manage.py tune``, plays such agents). Without
parameters it is the agent its name always built; the frozen baselines take none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from komandor.agents.expert import EXPERT_3_PARAMETERS, ExpertAgent
from komandor.agents.heuristic import (
    HEURISTIC_SPACE,
    WEIGHTS_1_1,
    HeuristicAgent,
    heuristic_weights,
)
from komandor.agents.novice import NoviceAgent
from komandor.agents.parameters import Parameter, values_checked
from komandor.agents.search import SEARCH_MARGIN, SearchAgent
from komandor.agents.simple import RandomAgent, ScriptedAgent
from komandor.agents.standard import STANDARD_SPACE, StandardAgent, standard_weights
from komandor.agents.standard2 import Standard2Agent
from komandor.agents.tuned import TUNED_AGENTS, TUNED_BUILDERS
from komandor.rules.decisions import Agent

__all__ = [
    "AGENTS",
    "AGENTS_VERSION",
    "BASELINES",
    "DEFAULT_LEVEL",
    "EXPERT_COST",
    "LEVELS",
    "LEVEL_AGENTS",
    "SEARCH_COST_PER_PLAYOUT",
    "SEARCH_DEFAULT_BUDGET",
    "SEARCH_MAX_BUDGET",
    "SEARCH_MIN_BUDGET",
    "TUNABLE",
    "Agent",
    "ExpertAgent",
    "HeuristicAgent",
    "NoviceAgent",
    "RandomAgent",
    "ScriptedAgent",
    "SearchAgent",
    "Standard2Agent",
    "agent_cost",
    "agent_spec_error",
    "make_agent",
    "parse_agent_spec",
    "resolved_spec",
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
    "novice-1": "the heuristic with a learner's seeded slips (the novice level)",
    "standard-1": "rules of a player who knows the game: fleet plans, Commander hunts, blockades",
    "expert-1": "heuristic playouts of more decisions, a Commander threat check (the expert level)",
    "standard-2": "standard-1 keeping its Commander safe: carrier, second echelon, withdrawal",
    "expert-2": "the expert searching with standard-2's playouts and answers",
    "expert-3": "expert-2 leaving its Commander's placement, moves and carrier to standard-2",
}
# The levels a player picks from, weakest first, each with the agent spec that plays it now
# (``standard``: ``standard-1``, under which the precons are balanced; standard-2 and
# standard-t2 are measured stronger, but the precons would need balancing again under them:
# docs/engine.md; ``expert``: ``expert-3``, whose Commander is lost early less often than
# ``expert-4``'s).
# Re-pointing a level changes new games only: stored ones keep the resolved spec.
LEVELS: dict[str, str] = {
    "novice": "novice-1",
    "standard": "standard-1",
    "expert": "expert-3",
}
DEFAULT_LEVEL = "standard"
# The agents written for a level (each a name of its own, so a level can move on while its
# stored games keep the agent that played them).
LEVEL_AGENTS: tuple[str, ...] = (
    "novice-1",
    "standard-1",
    "expert-1",
    "standard-2",
    "expert-2",
    "expert-3",
)
# The frozen baselines, each with the agent it is frozen from.
BASELINES: dict[str, str] = {"heuristic-1.1": "heuristic", "search-1.1": "search"}
# The experts (``expert.ExpertAgent``), each costing ``EXPERT_COST``.
_EXPERTS = frozenset({"expert-1", "expert-2", "expert-3", "expert-4"})
# The names that take a budget (``name:N``).
_SEARCHES = frozenset({"search", "search-1.1"})
# ``search:N``: N playouts per searched decision (``search.SearchAgent``).
SEARCH_MIN_BUDGET = 1
SEARCH_MAX_BUDGET = 1000
SEARCH_DEFAULT_BUDGET = 6
# CPU of one game of ``search:N`` against the heuristic, relative to a game of heuristic
# against heuristic: ``1 + SEARCH_COST_PER_PLAYOUT · N`` (measured, docs/engine.md).
SEARCH_COST_PER_PLAYOUT = 5.3
# CPU of one game of ``expert-1`` against the heuristic, relative to a heuristic game (measured
# by the ladder run, docs/PERFORMANCE.md "The AI levels' costs").
EXPERT_COST = 80.0


def resolved_spec(spec: str) -> str:
    """The agent spec a level names (``LEVELS``), or ``spec`` itself (stripped) when it is no
    level. What the service stores for a game, so its replay does not follow a remapped level.
    """
    stripped = spec.strip()
    return LEVELS.get(stripped, stripped)


def parse_agent_spec(spec: str) -> tuple[str, int | None]:
    """``(name, budget)`` of an agent spec: a level (that of its agent), ``random``,
    ``heuristic``, ``heuristic-1.1``, ``novice-1``, ``search`` or ``search-1.1`` (the default
    budget), ``search:N`` or ``search-1.1:N``. Raises ``ValueError`` with
    ``agent_spec_error``'s message."""
    name, colon, budget_text = resolved_spec(spec).partition(":")
    if name not in AGENTS:
        known = ", ".join([*LEVELS, *AGENTS, *(f"{search}:N" for search in sorted(_SEARCHES))])
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
    if name in _EXPERTS:
        return EXPERT_COST
    return 1.0 if budget is None else 1.0 + SEARCH_COST_PER_PLAYOUT * budget


def _heuristic(name: str, seed: int, budget: int | None) -> Agent:
    return HeuristicAgent(name)


def _heuristic_1_1(name: str, seed: int, budget: int | None) -> Agent:
    return HeuristicAgent(name, WEIGHTS_1_1)


def _search(name: str, seed: int, budget: int | None) -> Agent:
    assert budget is not None
    return SearchAgent(budget, seed=seed, name=name, policy=HeuristicAgent())


def _search_1_1(name: str, seed: int, budget: int | None) -> Agent:
    assert budget is not None
    return SearchAgent(budget, seed=seed, name=name, policy=HeuristicAgent(weights=WEIGHTS_1_1))


def _standard(name: str, seed: int, budget: int | None) -> Agent:
    return StandardAgent(name)


def _standard_2(name: str, seed: int, budget: int | None) -> Agent:
    return Standard2Agent(name)


def _expert(name: str, seed: int, budget: int | None) -> Agent:
    # Its playouts and the decisions it does not search are the standard level's agent's.
    return ExpertAgent(policy=StandardAgent(), seed=seed, name=name)


def _expert_2(name: str, seed: int, budget: int | None) -> Agent:
    # The expert's search with standard-2 (Commander safety) as its playouts and answers.
    return ExpertAgent(policy=Standard2Agent(), seed=seed, name=name)


def _expert_3(name: str, seed: int, budget: int | None) -> Agent:
    # expert-2 with the Commander's own decisions left to standard-2 (``EXPERT_3_PARAMETERS``).
    return ExpertAgent(
        policy=Standard2Agent(), seed=seed, name=name, parameters=EXPERT_3_PARAMETERS
    )


def _random(name: str, seed: int, budget: int | None) -> Agent:
    return RandomAgent(seed, name)


def _novice_1(name: str, seed: int, budget: int | None) -> Agent:
    return NoviceAgent(seed, name)


# How each name is built: (its name as given, the seed, the budget) → the agent.
_BUILDERS: dict[str, Callable[[str, int, int | None], Agent]] = {
    "random": _random,
    "heuristic": _heuristic,
    "search": _search,
    "heuristic-1.1": _heuristic_1_1,
    "search-1.1": _search_1_1,
    "novice-1": _novice_1,
    "standard-1": _standard,
    "expert-1": _expert,
    "standard-2": _standard_2,
    "expert-2": _expert_2,
    "expert-3": _expert_3,
}

# The tuned agents (``tuned.py``): a level's agent with the numbers a self-play tuning shipped,
# each a frozen name of its own (``standard-t1``: standard-1 with SPSA run 3's weights).
AGENTS.update(TUNED_AGENTS)
_BUILDERS.update(TUNED_BUILDERS)


def _heuristic_tuned(
    name: str, seed: int, budget: int | None, values: Mapping[str, float]
) -> Agent:
    return HeuristicAgent(name, heuristic_weights(values))


def _search_tuned(name: str, seed: int, budget: int | None, values: Mapping[str, float]) -> Agent:
    assert budget is not None
    policy = HeuristicAgent(weights=heuristic_weights(values))
    return SearchAgent(budget, seed=seed, name=name, policy=policy, margin=values["search_margin"])


def _standard_tuned(name: str, seed: int, budget: int | None, values: Mapping[str, float]) -> Agent:
    return StandardAgent(name, standard_weights(values))


def _standard_2_tuned(
    name: str, seed: int, budget: int | None, values: Mapping[str, float]
) -> Agent:
    # standard-2's safety rules over standard-1's plan with these weights (its own pinned
    # weights, ``STANDARD_2_WEIGHTS``, are the space's defaults).
    return Standard2Agent(name, standard_weights(values))


# The search's own numbers; its space adds its playout policy's (the heuristic's).
SEARCH_SPACE: tuple[Parameter, ...] = (
    Parameter("search_margin", SEARCH_MARGIN, 0.0, 0.5, c_end=0.02),
)


# The tunable agents, each with its parameter space, and how each is built from values (every
# name of its space given, checked against the bounds). A new tunable agent adds one line to each.
TUNABLE: dict[str, tuple[Parameter, ...]] = {
    "heuristic": HEURISTIC_SPACE,
    "search": (*SEARCH_SPACE, *HEURISTIC_SPACE),
    "standard-1": STANDARD_SPACE,
    "standard-2": STANDARD_SPACE,
}
_TUNED_BUILDERS: dict[str, Callable[[str, int, int | None, Mapping[str, float]], Agent]] = {
    "heuristic": _heuristic_tuned,
    "search": _search_tuned,
    "standard-1": _standard_tuned,
    "standard-2": _standard_2_tuned,
}


def make_agent(name: str, *, seed: int = 0, parameters: Mapping[str, float] | None = None) -> Agent:
    """The agent a spec names (``parse_agent_spec``), called by its spec (a level's agent by
    the spec the level resolves to); ``random``, the novice and the searches seeded (the match
    seed and the seat). ``parameters``: values for a tunable
    agent's parameters (``TUNABLE``), the others at their defaults. Raises ``ValueError`` for
    a bad spec, parameters given to an agent that takes none, an unknown parameter or a value
    outside its bounds."""
    kind, budget = parse_agent_spec(name)
    shown = kind if budget is None else resolved_spec(name)
    if parameters is None:
        return _BUILDERS[kind](shown, seed, budget)
    space = TUNABLE.get(kind)
    if space is None:
        tunable = ", ".join(TUNABLE)
        raise ValueError(f"agent {kind!r} takes no parameters (tunable: {tunable})")
    return _TUNED_BUILDERS[kind](shown, seed, budget, values_checked(space, parameters, agent=kind))
