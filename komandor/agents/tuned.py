"""Agents whose numbers come from a self-play tuning (``manage.py tune``, issue 31 item 6).

``standard-t2`` is ``standard-2`` (``standard2.Standard2Agent``: its Commander-safety rules over
``standard-1``'s plan) playing with ``WEIGHTS_T2``, the weights of the SPSA run of 2026-11-28
07:20 UTC over the shipped precons (16,800 SPSA games; tuned against start 726-618, SPRT H1
52 % accepted), its record shipped as ``content/data/tuning/standard-t2.json``. ``expert-4`` is
``expert-3`` (``expert.EXPERT_3_PARAMETERS``) searching with ``standard-t2`` as its playouts and
its answers to the decisions it leaves unsearched.

``standard-t1`` is ``standard-1`` (``standard.StandardAgent``: the same rules, the same code)
playing with ``WEIGHTS_T1``, the weights a SPSA run over the precons ended with: run 3 of
2026-11-28 (16,800 SPSA games, then tuned against start 671-561, SPRT H1 52 % accepted), its
record shipped as ``content/data/tuning/standard-t1.json`` (the games, every iteration, the
weights before and after, the SPRT). The numbers are written out here, frozen: the agent is
named, so a stored game replays with it, and neither a later tuning nor a change of
``StandardWeights``' defaults moves it. ``standard-1`` keeps its own (``StandardWeights()``).
"""

from __future__ import annotations

from collections.abc import Callable

from komandor.agents.expert import EXPERT_3_PARAMETERS, ExpertAgent
from komandor.agents.standard import StandardAgent, StandardWeights
from komandor.agents.standard2 import Standard2Agent
from komandor.rules.decisions import Agent

# The weights of run 3: θ after its 150 SPSA iterations, exactly as the record has them (the
# SPRT played these); ``procurator_saving`` is outside the tuned space: its default.
WEIGHTS_T1 = StandardWeights(
    attack_margin=1.504600708394618,
    kill_margin=1.0878149187268606,
    guard_share=0.012107984734885304,
    commander_focus=3.9775384322118184,
    blockade_worth=11.463594332366712,
    unblock_worth=6.304656752460215,
    capture_worth=0.39402926128816557,
    token_price_production=1.1376980650387272,
    token_price_other=1.6724330889841115,
    hunt_worth=28.13251197279717,
    hunted_guard=0.9608873795347586,
    procurator_saving=1.0,
    procurator_alarm=4.599006446231931,
    trader_alarm=4.7804204964364825,
)

# The weights of the standard-2 run (its record's θ after 150 SPSA iterations, exactly);
# ``procurator_saving`` is outside the tuned space: standard-2's own (1.0).
WEIGHTS_T2 = StandardWeights(
    attack_margin=1.5238585985611957,
    kill_margin=1.002987219080399,
    guard_share=0.0010180090666466104,
    commander_focus=7.56442127687437,
    blockade_worth=12.511710159667498,
    unblock_worth=17.467708572912326,
    capture_worth=0.20790631081114772,
    token_price_production=1.3169831215514258,
    token_price_other=1.635070597198268,
    hunt_worth=27.787200010802483,
    hunted_guard=0.8497924101559828,
    procurator_saving=1.0,
    procurator_alarm=4.016911929851838,
    trader_alarm=4.84112519954004,
)

# The tuned agents by name, with what each is (``registry.AGENTS``).
TUNED_AGENTS: dict[str, str] = {
    "standard-t1": "standard-1's rules with the weights of a self-play tuning (SPSA run 3)",
    "standard-t2": "standard-2's rules with the weights of a self-play tuning of standard-2",
    "expert-4": "expert-3 searching with standard-t2's playouts and answers (tuned weights)",
}


def standard_t1(name: str, seed: int, budget: int | None) -> Agent:
    """``standard-t1``: ``StandardAgent`` with ``WEIGHTS_T1`` (a registry builder)."""
    return StandardAgent(name, WEIGHTS_T1)


def standard_t2(name: str, seed: int, budget: int | None) -> Agent:
    """``standard-t2``: ``Standard2Agent`` with ``WEIGHTS_T2`` (a registry builder)."""
    return Standard2Agent(name, WEIGHTS_T2)


def expert_4(name: str, seed: int, budget: int | None) -> Agent:
    """``expert-4``: ``expert-3``'s search over ``standard-t2`` (a registry builder)."""
    policy = Standard2Agent(weights=WEIGHTS_T2)
    return ExpertAgent(policy=policy, seed=seed, name=name, parameters=EXPERT_3_PARAMETERS)


# How each tuned agent is built (``registry``'s builders: its name, the seed, the budget).
TUNED_BUILDERS: dict[str, Callable[[str, int, int | None], Agent]] = {
    "standard-t1": standard_t1,
    "standard-t2": standard_t2,
    "expert-4": expert_4,
}
