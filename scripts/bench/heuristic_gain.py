r"""Is today's heuristic stronger than an older one? A paired, seat-swapped SPRT on the precons.

    .venv/bin/python scripts/bench/heuristic_gain.py [--against ecce34d] [--max-pairs 2000] \
        [--min-games 0] [--jobs 2] [--trace 50]

Today's ``HeuristicAgent`` (``komandor.agents.heuristic``) plays the ``HeuristicAgent`` of commit
``--against`` (its ``matches/engine/`` loaded as the package ``engine_gain`` with
``scripts/bench/engine_matches.py``'s ``load_engine_copy``; only its agent is used: both play
today's rules, so the rules are the same for both sides). Game pair ``k`` plays the ordered
precon pairing ``k mod 56`` with seed ``k // 56``, twice: today's agent in seat 0, then in
seat 1, the decks, seed and so the dice the same — a seat or deck advantage cancels.

After every pair the tournaments' own SPRT (``matches/tournaments/statistics.py``: ``sprt_llr``,
``sprt_bounds``, ``sprt_decision``; H0 50 %, H1 55 %, α = β = 0.05 by default, a draw half a
win) is checked; the run stops at its decision (or at ``--max-pairs``), and plays on to
``--min-games`` games when asked, the win rate then reported over all games. Printed: the LLR
trace every ``--trace`` pairs, the decision and where it came, the win rate with its Wilson
95 % interval (``wilson_interval``), the mean CPU per decision of each agent (the heuristic is
also the search's playout policy), the command and the load average.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from komandor.agents.features import context_features, option_features  # noqa: E402
from komandor.agents.registry import AGENTS_VERSION, HeuristicAgent  # noqa: E402
from komandor.rules.decks import deck_from_dict  # noqa: E402
from komandor.rules.facts import PlayFacts  # noqa: E402
from komandor.rules.match import run_match  # noqa: E402
from matches.tournaments.statistics import (  # noqa: E402
    SprtDecision,
    sprt_bounds,
    sprt_decision,
    sprt_llr,
    wilson_interval,
)
from scripts.bench.engine_matches import load, load_engine_copy  # noqa: E402
from scripts.bench.precon_files import precon_files  # noqa: E402

OLD_PACKAGE = "engine_gain"
DEFAULT_AGAINST = "ecce34d"
CHUNK = 56  # pairs played between two looks at the SPRT: one per ordered pairing
MAX_JOBS = 2


class TimedAgent:
    """An agent whose CPU time per decision is counted."""

    __slots__ = ("_inner", "decisions", "name", "seconds")

    def __init__(self, inner: Any, name: str) -> None:
        self._inner = inner
        self.name = name
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, decision: Any, observation: Any = None) -> int:
        start = time.process_time()
        index: int = self._inner.choose(decision, observation)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return index


class WithFeatures:
    """An older heuristic, which read its features from the options' data (the rules put them
    there before issue 30), given the decision with today's features module's (the same values:
    ``scripts/bench/engine_choices.py``)."""

    __slots__ = ("_inner", "name")

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self.name = inner.name

    def choose(self, decision: Any, observation: Any = None) -> int:
        index: int = self._inner.choose(_with_feature_dicts(decision, observation), observation)
        return index


@dataclass(frozen=True, slots=True)
class _DictOption:
    key: str
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class _DictDecision:
    player: int
    kind: Any
    options: tuple[_DictOption, ...]
    context: Mapping[str, Any]


def _facts_dict(facts: Any) -> dict[str, Any]:
    """An option's facts record as the mapping the options carried before the records (a
    play's cost as a mapping, its actions as they are; no None for what a play picks later)."""
    data = {field.name: getattr(facts, field.name) for field in fields(facts)}
    if isinstance(facts, PlayFacts):
        data["cost"] = facts.cost.to_dict()
        for name in ("candidates", "pick", "chooser"):
            if data[name] is None:
                del data[name]
    return data


def _with_feature_dicts(decision: Any, observation: Any) -> _DictDecision:
    """The decision as an older heuristic read it: each option's data a mapping, with today's
    features of the card or place it names (``features.option_features``)."""
    features = option_features(decision, observation)
    data = (
        [f.to_dict() for f in features]
        if features is not None
        else [_facts_dict(o.data) for o in decision.options]
    )
    options = tuple(_DictOption(o.key, d) for o, d in zip(decision.options, data, strict=True))
    return _DictDecision(
        decision.player, decision.kind, options, context_features(decision, observation).to_dict()
    )


@dataclass(frozen=True, slots=True)
class PairResult:
    """Today's agent's score in the two games (1, ½ or 0 each), and the CPU counts."""

    scores: tuple[float, float]
    new_cpu: tuple[float, int]
    old_cpu: tuple[float, int]


_DECKS: list[Any] = []
_OLD: list[Any] = []


def _start(directory: str) -> None:
    if directory not in sys.path:
        sys.path.insert(0, directory)
    _OLD[:] = [importlib.import_module(f"{OLD_PACKAGE}.agents").HeuristicAgent]
    _DECKS[:] = [deck_from_dict(data) for data in precon_files()]


def pairings() -> list[tuple[int, int]]:
    count = len(_DECKS)
    return [(a, b) for a in range(count) for b in range(count) if a != b]


def play_pair(number: int) -> PairResult:
    pairs = pairings()
    first, second = pairs[number % len(pairs)]
    seed = number // len(pairs)
    decks = [_DECKS[first], _DECKS[second]]
    scores = []
    new = TimedAgent(HeuristicAgent(), f"heuristic {AGENTS_VERSION}")
    old = TimedAgent(WithFeatures(_OLD[0]()), "heuristic old")
    for seat in (0, 1):
        agents = [new, old] if seat == 0 else [old, new]
        winner = run_match(decks=decks, agents=agents, seed=seed, log=False).outcome.winner
        scores.append(0.5 if winner is None else float(winner == seat))
    return PairResult(
        (scores[0], scores[1]), (new.seconds, new.decisions), (old.seconds, old.decisions)
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default=DEFAULT_AGAINST, metavar="COMMIT")
    parser.add_argument("--max-pairs", type=int, default=2000)
    parser.add_argument("--min-games", type=int, default=0)
    parser.add_argument("--delta", type=float, default=0.05, help="H1 = 50 %% + delta")
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--jobs", type=int, default=MAX_JOBS, choices=range(1, MAX_JOBS + 1))
    parser.add_argument("--trace", type=int, default=50, help="print the LLR every N pairs")
    args = parser.parse_args(argv)
    command = " ".join(sys.argv[1:] if argv is None else list(argv))
    lower, upper = sprt_bounds(alpha=args.alpha, beta=args.beta)
    print(
        f"`.venv/bin/python scripts/bench/heuristic_gain.py {command}`".replace(" `", "`")
        + f": heuristic {AGENTS_VERSION} (this tree) vs the heuristic of {args.against}, "
        f"paired seats, H0 50 %, H1 {50 + 100 * args.delta:g} %, α {args.alpha:g}, "
        f"β {args.beta:g}, bounds {lower:.3f} / {upper:.3f}; load average before {load()}"
    )
    started = time.monotonic()
    wins = draws = losses = 0.0
    new_cpu, old_cpu = [0.0, 0], [0.0, 0]
    decided: tuple[SprtDecision, int] | None = None
    played = 0
    with tempfile.TemporaryDirectory(prefix="gain-") as directory:
        load_engine_copy(Path(directory), OLD_PACKAGE, args.against)
        with Pool(args.jobs, initializer=_start, initargs=(directory,)) as pool:
            while played < args.max_pairs:
                if decided is not None and 2 * played >= args.min_games:
                    break
                numbers = range(played, min(played + CHUNK, args.max_pairs))
                for result in pool.map(play_pair, numbers, chunksize=4):
                    played += 1
                    for score in result.scores:
                        wins += score == 1.0
                        draws += score == 0.5
                        losses += score == 0.0
                    for total, (seconds, count) in (
                        (new_cpu, result.new_cpu),
                        (old_cpu, result.old_cpu),
                    ):
                        total[0] += seconds
                        total[1] += count
                    llr = sprt_llr(wins=wins, draws=draws, losses=losses, delta=args.delta)
                    if played % args.trace == 0:
                        print(
                            f"  pairs {played:5}  games {2 * played:5}  W-D-L "
                            f"{wins:g}-{draws:g}-{losses:g}  LLR {llr:+.3f}"
                        )
                    if decided is None:
                        verdict = sprt_decision(
                            wins=wins,
                            draws=draws,
                            losses=losses,
                            delta=args.delta,
                            alpha=args.alpha,
                            beta=args.beta,
                        )
                        if verdict is not SprtDecision.UNDECIDED:
                            decided = (verdict, played)
                            print(
                                f"  SPRT: {verdict.value} after {played} pairs ({2 * played} "
                                f"games), W-D-L {wins:g}-{draws:g}-{losses:g}, LLR {llr:+.3f}"
                            )
                    if decided is not None and 2 * played >= args.min_games:
                        break
    games = wins + draws + losses
    score = (wins + draws / 2) / games
    low, high = wilson_interval(wins + draws / 2, int(games))
    if decided is None:
        print(f"  SPRT: undecided after {played} pairs")
    print(
        f"Heuristic {AGENTS_VERSION} scored {100 * score:.1f} % over {games:g} games "
        f"(W-D-L {wins:g}-{draws:g}-{losses:g}), Wilson 95 % [{100 * low:.1f} %, "
        f"{100 * high:.1f} %]; CPU per decision: this tree's "
        f"{1e6 * new_cpu[0] / max(new_cpu[1], 1):.1f} µs over {new_cpu[1]} decisions, the old "
        f"one's {1e6 * old_cpu[0] / max(old_cpu[1], 1):.1f} µs over {old_cpu[1]}; "
        f"{time.monotonic() - started:.0f} s, load average after {load()}."
    )


if __name__ == "__main__":
    main()
