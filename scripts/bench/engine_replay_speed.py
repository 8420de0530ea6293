"""Today's rules against an older engine's on that engine's own games, move for move (issue 30,
"the interpreted engine no slower than 0.4.0 on 0.4.0's games").

    KOMANDOR_ENGINE=interpreted .venv/bin/python scripts/bench/engine_replay_speed.py \\
        [--against f533bd2] [--seeds 60] [--rounds 2]

Engine 0.4.0's heuristic (agents 1.0) cannot play on today's engine: its knowledge lived in
0.4.0's rules. So the games are 0.4.0's own: for each seed, the older engine (``--against``'s
sources, interpreted, ``engine_matches.load_engine_copy``) plays a precon pairing of its own
precon files with its heuristic on both sides, and the option key of every choice is recorded.
Then both engines replay those keys with their scripted agent — the same decks, seed and
choices, so the same game — and today's replay must end as the older one did (winner,
termination, turns, every player's losses and tokens); a game today's rules play differently
(engine 0.5.0 changed what some effect cards do) is left out and counted.

Timed, for every kept seed in an order rotating from seed to seed: the fixed reference workload
(``engine_speed.reference``), the older engine's replay and today's, each with
``time.process_time``, log off. Printed: each engine's total replay CPU over the reference's, and
today's over the older one's. Agents cost nothing here (a scripted agent reads a list), so the
figure is the rules' own: what each engine does to play the same game.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import komandor  # noqa: E402
from komandor.agents.simple import ScriptedAgent  # noqa: E402
from komandor.rules.decks import deck_from_dict  # noqa: E402
from komandor.rules.match import ENGINE_VERSION, run_match  # noqa: E402
from scripts.bench.engine_matches import load_engine_copy  # noqa: E402
from scripts.bench.engine_speed import alternate, load, reference  # noqa: E402
from scripts.bench.precon_files import precon_files  # noqa: E402


class Recorder:
    """An older engine's agent whose every choice is kept as its option key."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name
        self.keys: list[str] = []

    def choose(self, decision: Any, *observation: Any) -> int:
        index: int = self.inner.choose(decision)
        self.keys.append(decision.options[index].key)
        return index


def ending(summary: dict[str, Any]) -> tuple[Any, ...]:
    """What two replays of one game must agree on."""
    players = tuple(
        (p["losses"], p["ships"], p["objects"], p["commerce_tokens"], p["action_tokens"])
        for p in summary["players"]
    )
    return (summary["winner"], summary["termination"], summary["turns"], players)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="f533bd2", help="the older engine's commit (0.4.0)")
    parser.add_argument("--seeds", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    files = precon_files(args.against)
    pairs = [(a, b) for a in range(len(files)) for b in range(len(files)) if a != b]
    with tempfile.TemporaryDirectory() as directory:
        load_engine_copy(Path(directory), "engine_replayed", args.against)
        theirs = {
            name: importlib.import_module(f"engine_replayed.{name}")
            for name in ("agents", "decks", "match")
        }
        print(f"today: komandor ({komandor.ENGINE}, engine {ENGINE_VERSION})")
        print(f"against: {args.against} (interpreted, engine {theirs['match'].ENGINE_VERSION})")
        kept: dict[int, tuple[Callable[[], object], Callable[[], object]]] = {}
        for seed in range(args.seeds):
            a, b = pairs[seed % len(pairs)]
            their_decks = [theirs["decks"].deck_from_dict(files[i]) for i in (a, b)]
            our_decks = [deck_from_dict(files[i]) for i in (a, b)]
            recorders = [
                Recorder(theirs["agents"].make_agent("heuristic", seed=seed * 2 + side))
                for side in (0, 1)
            ]
            played = theirs["match"].run_match(
                decks=their_decks, agents=recorders, seed=seed, log=False
            )
            scripts = [recorder.keys for recorder in recorders]
            try:
                ours = run_match(
                    decks=our_decks,
                    agents=[ScriptedAgent(k) for k in scripts],
                    seed=seed,
                    log=False,
                )
                same = ending(ours.summary) == ending(played.summary)
            except Exception:  # an illegal key or a script run out: a different game
                same = False
            if not same:
                continue
            kept[seed] = (
                replay(
                    theirs["match"].run_match,
                    theirs["agents"].ScriptedAgent,
                    their_decks,
                    scripts,
                    seed,
                ),
                replay(run_match, ScriptedAgent, our_decks, scripts, seed),
            )
        print(
            f"{len(kept)} of {args.seeds} games replay the same on both engines "
            f"({args.seeds - len(kept)} play differently on today's rules and are left out); "
            f"{args.rounds} rounds; load average before {load()}"
        )
        alternate(
            list(kept),
            {
                "reference": lambda seed: reference,
                "against": lambda seed: kept[seed][0],
                "today": lambda seed: kept[seed][1],
            },
            args.rounds,
        )


def replay(
    run: Callable[..., Any],
    scripted: Callable[..., Any],
    decks: Sequence[Any],
    scripts: list[list[str]],
    seed: int,
) -> Callable[[], object]:
    def thunk() -> object:
        return run(decks=decks, agents=[scripted(keys) for keys in scripts], seed=seed, log=False)

    return thunk


if __name__ == "__main__":
    main()
