"""Random matches between effect-carrying decks (``komandor/rules/effect_decks.py``, this
project's own test cards): every invariant after every phase, and byte-identical replays.

Hypothesis plays ``EFFECT_MATCHES`` matches (derandomized, so a failure always reproduces).
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from komandor.agents.registry import HeuristicAgent, RandomAgent
from komandor.rules.decks import deck_from_dict
from komandor.rules.effect_decks import effect_deck
from komandor.rules.invariants import state_problems
from komandor.rules.match import run_match

EFFECT_MATCHES = 500


def play(seed: int, kinds: str, *, log: bool):
    decks = [deck_from_dict(effect_deck(seed * 2 + side)) for side in (0, 1)]
    agents = [RandomAgent(seed + i) if k == "r" else HeuristicAgent() for i, k in enumerate(kinds)]

    def observe(state):
        problems = state_problems(state)
        assert not problems, (seed, state.turn, state.phase, problems)

    return run_match(decks=decks, agents=agents, seed=seed, log=log, observer=observe)


def test_at_least_five_hundred_effect_matches():
    assert EFFECT_MATCHES >= 500


@settings(
    max_examples=EFFECT_MATCHES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(seed=st.integers(min_value=0, max_value=10**6), kinds=st.sampled_from(["rr", "hr", "rh"]))
def test_effect_decks_play_to_the_end_keeping_every_invariant(seed, kinds):
    result = play(seed, kinds, log=False)
    assert result.outcome.termination is not None


@settings(max_examples=20, derandomize=True, deadline=None, database=None)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_an_effect_match_replays_byte_for_byte(seed):
    first = play(seed, "hr", log=True)
    second = play(seed, "hr", log=True)
    encode = lambda r: json.dumps(r.log.events, ensure_ascii=False, sort_keys=True)  # noqa: E731
    assert encode(first) == encode(second)
    assert first.log.of_type("effect")  # effects were played
