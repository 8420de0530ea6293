r"""The frozen agents make 39ffb88's choices: ``heuristic-1.1`` and ``search-1.1`` against the
heuristic and the search of 39ffb88 (agents 1.1 on engine 0.5.0), over seeded precon matches.

    .venv/bin/python scripts/agent_baselines.py [--seeds 200] [--first 0] \
        [--pairings hh sh] [--commit 39ffb88]

Each seed plays the same precon pairing (39ffb88's precon files, the pairing ``seed % 56``)
twice: on today's engine with today's agents by their frozen names, and on 39ffb88's engine
(``scripts/bench/engine_matches.py``'s ``load_engine_copy``, interpreted) with the agents
those names were frozen from (``komandor.agents.registry.BASELINES``). The chosen option
indices must be equal, decision for decision. Pairings: ``hh`` —
``heuristic-1.1`` on both sides; ``sh`` — ``search-1.1`` against ``heuristic-1.1``, the search
in seat ``seed % 2``. Each agent is seeded as the benchmarks seed it (the match seed plus the
seat). Prints one line per pairing (matches, decisions, differing matches) and the first
difference found; exits 1 on any.

Compared are the decisions both engines pose alike (the same player, kind and option keys at
the same place of the match): a rules change that alters a match (engine 0.7.0's rules fixes,
issue 30) makes the two engines pose another decision at some point, or tell the player
more (since 0.7.0 he knows the cards he saw go into the opponent's hand, and the search's
sampled worlds keep them), for reasons not the agents'; the rest of that match is not
compared, and such matches are counted apart.
``tests/engine/test_agent_baselines.py`` runs a few seeds; the figure of a full run is in
docs/engine.md ("Agent names").
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from komandor.agents.registry import BASELINES, make_agent  # noqa: E402
from komandor.rules.decks import deck_from_dict  # noqa: E402
from komandor.rules.match import run_match  # noqa: E402
from scripts.bench.engine_matches import load_engine_copy  # noqa: E402
from scripts.bench.precon_files import precon_files  # noqa: E402

COMMIT = "39ffb88"
PACKAGE = "agents_39ffb88"
# Each pairing: the frozen agents of seat 0 and seat 1 for an even seed (swapped for an odd).
PAIRINGS: dict[str, tuple[str, str]] = {
    "hh": ("heuristic-1.1", "heuristic-1.1"),
    "sh": ("search-1.1", "heuristic-1.1"),
}


@dataclass(frozen=True, slots=True)
class Difference:
    """The first decision both engines posed alike and the agents answered otherwise."""

    pairing: str
    seed: int
    agents: tuple[str, str]
    at: int  # the index of that decision among the match's decisions
    today: int  # today's choice there
    then: int  # the old engine's


@dataclass(frozen=True, slots=True)
class Tally:
    pairing: str
    matches: int
    decisions: int  # decisions compared (posed alike by both engines)
    differences: tuple[Difference, ...]
    parted: int = 0  # matches whose rules posed a different decision before their end


# One decision as an agent saw it: the player, the kind, the option keys, the answer, and
# whether the player, searching, had seen cards go into the opponent's hand
# (``Observation.hand_shown``).
Seen = tuple[int, str, tuple[str, ...], int, bool]


class Recorder:
    """An agent that passes each decision to ``inner`` and notes it in ``seen`` (shared by
    both seats, so in the match's order). Since engine 0.7.0 a player knows the cards he saw
    go into the opponent's hand and the worlds sampled for him keep them: agents that sample
    worlds (the search) may choose otherwise there, so such decisions are noted."""

    def __init__(self, inner: Any, seen: list[Seen]) -> None:
        self.inner = inner
        self.name = inner.name
        self.seen = seen
        self.samples = self.name.startswith("search")  # plays on in sampled worlds

    def choose(self, decision: Any, observation: Any = None) -> int:
        index: int = self.inner.choose(decision, observation)
        keys = tuple(option.key for option in decision.options)
        shown = (
            self.samples
            and observation is not None
            and bool(getattr(observation, "hand_shown", list)())
        )
        self.seen.append((decision.player, str(decision.kind), keys, index, shown))
        return index


def load_old_engine(directory: Path, commit: str = COMMIT) -> ModuleType:
    """``commit``'s engine under the flat names ``PACKAGE.match``, ``PACKAGE.agents`` …"""
    return load_engine_copy(directory, PACKAGE, commit)


def seat_agents(pairing: str, seed: int) -> tuple[str, str]:
    first, second = PAIRINGS[pairing]
    return (first, second) if seed % 2 == 0 else (second, first)


def compare(pairing: str, seeds: Sequence[int], commit: str = COMMIT) -> Tally:
    """Play ``seeds`` of ``pairing`` on both engines (the old one loaded as ``PACKAGE``,
    ``load_old_engine``) and tally the decisions both posed alike — the same player, kind and
    option keys, in the same place of the match — that the agents answered otherwise. Where
    the rules pose a different decision, or tell the player more (engine 0.7.0's rules
    fixes: the cards shown going into the opponent's hand), the matches part for reasons not
    the agents': the rest of that match is not compared (``parted``)."""
    old_match = importlib.import_module(f"{PACKAGE}.match")
    old_agents = importlib.import_module(f"{PACKAGE}.agents")
    old_decks = importlib.import_module(f"{PACKAGE}.decks")
    files = precon_files(commit)
    today_decks = [deck_from_dict(data) for data in files]
    then_decks = [old_decks.deck_from_dict(data) for data in files]
    pairs = [(a, b) for a in range(len(files)) for b in range(len(files)) if a != b]
    decisions = parted = 0
    differences: list[Difference] = []
    for seed in seeds:
        names = seat_agents(pairing, seed)
        pair = pairs[seed % len(pairs)]
        today: list[Seen] = []
        then: list[Seen] = []
        run_match(
            decks=[today_decks[i] for i in pair],
            agents=[
                Recorder(make_agent(name, seed=seed + seat), today)
                for seat, name in enumerate(names)
            ],
            seed=seed,
            log=False,
        )
        old_match.run_match(
            decks=[then_decks[i] for i in pair],
            agents=[
                Recorder(
                    old_agents.make_agent(BASELINES[name.partition(":")[0]], seed=seed + seat),
                    then,
                )
                for seat, name in enumerate(names)
            ],
            seed=seed,
            log=False,
        )
        for at, (now, old) in enumerate(zip(today, then, strict=False)):
            if now[:3] != old[:3] or now[4]:
                parted += 1  # the rules posed another decision here, or told the player more
                break
            decisions += 1
            if now[3] != old[3]:
                differences.append(Difference(pairing, seed, names, at, now[3], old[3]))
                break
        else:
            parted += len(today) != len(then)  # one match went on where the other had ended
    return Tally(pairing, len(seeds), decisions, tuple(differences), parted)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=200, help="matches per pairing")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--pairings", nargs="+", choices=sorted(PAIRINGS), default=["hh", "sh"])
    parser.add_argument("--commit", default=COMMIT)
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.seeds)
    failed = False
    with tempfile.TemporaryDirectory() as directory:
        load_old_engine(Path(directory), args.commit)
        for pairing in args.pairings:
            started = time.perf_counter()
            tally = compare(pairing, seeds, args.commit)
            print(
                f"{pairing} {' vs '.join(PAIRINGS[pairing])}: {tally.matches} matches "
                f"(seeds {seeds.start}–{seeds.stop - 1}), {tally.decisions} decisions compared, "
                f"{tally.parted} matches parted by the rules, "
                f"{len(tally.differences)} differing from {args.commit} "
                f"({time.perf_counter() - started:.0f} s)"
            )
            for difference in tally.differences[:1]:
                print(f"  first: {difference}")
            failed = failed or bool(tally.differences)
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
