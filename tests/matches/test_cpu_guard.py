"""The per-game CPU guard (``matches.games.playing``): a game past its CPU limit is stopped at
its next decision, in any thread, and a fast game does not read the CPU clock at each of its
decisions (a system call)."""

import json
import threading
import time
from pathlib import Path

import pytest

from komandor.agents.heuristic import HeuristicAgent
from komandor.rules.decks import deck_from_dict
from komandor.rules.match import run_match
from matches.games import playing

ROOT = Path(__file__).resolve().parents[2]
PRECONS = [
    deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "content" / "precons").glob("*.json"))[:2]
]


def limited_pair(cpu_limit):
    budget = playing._CpuBudget(cpu_limit)
    return [playing._Limited(HeuristicAgent(), budget) for _ in (0, 1)]


def burn(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


class Slow:
    """The heuristic, spending some CPU before every answer."""

    def __init__(self):
        self.heuristic = HeuristicAgent()
        self.name = self.heuristic.name

    def choose(self, decision, observation=None):
        burn(0.002)
        return self.heuristic.choose(decision, observation)


def test_a_game_past_its_cpu_limit_stops_at_a_decision_outside_the_main_thread():
    budget = playing._CpuBudget(0.05)
    agents = [playing._Limited(Slow(), budget) for _ in (0, 1)]
    raised = []

    def play():
        try:
            run_match(decks=PRECONS, agents=agents, seed=3, log=False)
        except playing.GameLimitExceeded:
            raised.append(True)

    thread = threading.Thread(target=play)  # no CPU alarm outside the main thread
    thread.start()
    thread.join()
    assert raised == [True]


def test_a_game_within_its_limit_plays_to_its_end_reading_the_cpu_clock_rarely(monkeypatch):
    reads = []
    real = time.process_time

    def counted():
        reads.append(1)
        return real()

    monkeypatch.setattr(playing.time, "process_time", counted)
    result = run_match(decks=PRECONS, agents=limited_pair(60.0), seed=3, log=False)
    decisions = len(result.actions)
    assert decisions > 100
    assert len(reads) < decisions / 4


def test_the_first_decision_checks_the_budget():
    budget = playing._CpuBudget(0.0)
    burn(0.001)
    with pytest.raises(playing.GameLimitExceeded):
        budget.check()
