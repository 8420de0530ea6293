"""``standard-t1`` (issue 31 item 6): standard-1's rules with the weights a self-play tuning
shipped — registered, built with exactly the record's tuned values, deterministic per seed —
and standard-1 itself untouched."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from komandor.agents.registry import AGENTS, TUNABLE, agent_cost, make_agent
from komandor.agents.standard import STANDARD_SPACE, StandardAgent, StandardWeights
from komandor.agents.tuned import WEIGHTS_T1
from komandor.rules.decks import deck_from_dict
from komandor.rules.match import run_match

ROOT = Path(__file__).resolve().parents[2]
RECORD = json.loads((ROOT / "content/data/tuning/standard-t1.json").read_text(encoding="utf-8"))
PRECONS = [
    deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "content" / "precons").glob("*.json"))
]
PAIRS = [(a, b) for a in PRECONS for b in PRECONS if a is not b]


def test_standard_t1_is_standard_1_with_the_tuned_weights():
    assert "standard-t1" in AGENTS
    tuned = make_agent("standard-t1", seed=5)
    assert isinstance(tuned, StandardAgent) and tuned.name == "standard-t1"
    assert tuned.weights == WEIGHTS_T1 != StandardWeights()
    assert agent_cost("standard-t1") == 1.0
    assert "standard-t1" not in TUNABLE  # frozen: it takes no parameters
    with pytest.raises(ValueError, match="takes no parameters"):
        make_agent("standard-t1", parameters={"kill_margin": 1.1})
    # standard-1 keeps the weights it was measured with.
    plain = make_agent("standard-1", seed=5)
    assert isinstance(plain, StandardAgent) and plain.weights == StandardWeights()


def test_the_weights_are_the_shipped_records_tuned_values():
    assert RECORD["agent"] == "standard-1"
    assert RECORD["sprt"]["decision"] == "better"  # H1 accepted
    tuned = RECORD["theta_after"]
    assert set(tuned) == {parameter.name for parameter in STANDARD_SPACE}
    weights = asdict(WEIGHTS_T1)
    for name, value in tuned.items():
        assert weights[name] == pytest.approx(value, rel=1e-3), name
    # Every weight the tuning did not move is the default it started from.
    for name, value in asdict(StandardWeights()).items():
        if name not in tuned:
            assert weights[name] == value, name
    assert RECORD["theta_before"] == {p.name: p.default for p in STANDARD_SPACE}


@pytest.mark.parametrize("seed", [0, 17, 38])
def test_the_same_seed_gives_the_same_game_log(seed):
    def play(names: tuple[str, str]) -> list[str]:
        agents = [make_agent(name, seed=seed * 2 + i) for i, name in enumerate(names)]
        result = run_match(decks=list(PAIRS[seed % len(PAIRS)]), agents=agents, seed=seed)
        return list(result.log)

    assert play(("standard-t1", "standard-1")) == play(("standard-t1", "standard-1"))
    assert play(("standard-1", "standard-t1")) == play(("standard-1", "standard-t1"))
