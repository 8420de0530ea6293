"""Agents whose numbers come from a self-play tuning (``manage.py tune``, issue 31 item 6).

``standard-t1`` is ``standard-1`` (``standard.StandardAgent``: the same rules, the same code)
playing with ``WEIGHTS_T1``, the weights a SPSA run over the precons ended with: run 3 of
2026-11-28 (16,800 SPSA games, then tuned against start 671-561, SPRT H1 52 % accepted), its
record shipped as ``content/data/tuning/standard-t1.json`` (the games, every iteration, the
weights before and after, the SPRT). The numbers are written out here, frozen: the agent is
named, so a stored game replays with it, and neither a later tuning nor a change of
``StandardWeights``' defaults moves it. ``standard-1`` keeps its own (``StandardWeights()``).
"""

from __future__ import annotations

from komandor.agents.standard import StandardAgent, StandardWeights
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

# The tuned agents by name, with what each is (``registry.AGENTS``).
TUNED_AGENTS: dict[str, str] = {
    "standard-t1": "standard-1's rules with the weights of a self-play tuning (SPSA run 3)",
}


def standard_t1(name: str, seed: int, budget: int | None) -> Agent:
    """``standard-t1``: ``StandardAgent`` with ``WEIGHTS_T1`` (a registry builder)."""
    return StandardAgent(name, WEIGHTS_T1)
