"""The Elo ladder of the named agents: paired, seat-swapped games between every two of them on the
precon pairings, a Bradley–Terry fit, and the file the "AI levels" page reads.

    .venv/bin/python scripts/agent_ladder.py [--agents novice standard expert heuristic-1.1
        search-1.1 random] [--games-per-pair 112] [--jobs 2] [--seed 310000]
        [--out content/data/agent_ladder.json]

A level (``novice``, ``standard``, ``expert``) stands for the agent it names now; agents named
twice (a level and its agent) play once. Every two agents play the same games: game ``k`` deals
the ``(k // 2) mod 56``-th ordered pairing of the 8 precons with match seed ``--seed + k // 2``,
the first agent in seat ``k mod 2`` (so each deal is played with the seats swapped), each agent
seeded from the match seed and its seat as the service seeds it. The fit is the tournaments'
own (``matches.tournaments.statistics.bradley_terry``, a draw half a win each way), written
with ``matches.games.agent_ladder``. Each agent's cost is the mean CPU of its games against
``heuristic-1.1`` (which must be on the list) over that of ``heuristic-1.1`` against itself on
the same deals (played too, for the costs only, not rated). Prints the table, the engine
(compiled or interpreted) and the load.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import komandor  # noqa: E402
from komandor.agents.registry import (  # noqa: E402
    LEVELS,
    agent_spec_error,
    make_agent,
    resolved_spec,
)
from komandor.rules.decks import Deck, deck_from_dict  # noqa: E402
from komandor.rules.match import run_match  # noqa: E402
from matches.games.agent_ladder import (  # noqa: E402
    COST_BASE,
    LADDER_FILE,
    PairResult,
    fit_ladder,
    ladder_record,
)

DEFAULT_AGENTS = [*LEVELS, "heuristic-1.1", "search-1.1", "random"]
# Seeds no other script of the project plays (issue 31: measure on games nothing was tuned on).
DEFAULT_SEED = 310_000

_PAIRINGS: list[tuple[Deck, Deck]] = []


def precon_pairings() -> list[tuple[Deck, Deck]]:
    decks = [
        deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
        for path in sorted((ROOT / "content" / "precons").glob("*.json"))
    ]
    return [(a, b) for a in decks for b in decks if a is not b]


def play(job: tuple[str, str, int, int]) -> tuple[str, str, float, float]:
    """One game: ``(a, b, a's score, the game's CPU in seconds)``."""
    a, b, game, seed_base = job
    if not _PAIRINGS:
        _PAIRINGS.extend(precon_pairings())
    deal, a_seat = divmod(game, 2)
    seed = seed_base + deal
    names = [a, b] if a_seat == 0 else [b, a]
    start = time.process_time()
    agents = [make_agent(name, seed=seed * 2 + seat) for seat, name in enumerate(names)]
    result = run_match(
        decks=list(_PAIRINGS[deal % len(_PAIRINGS)]), agents=agents, seed=seed, log=False
    )
    cpu = time.process_time() - start
    winner = result.outcome.winner
    score = 0.5 if winner is None else float(winner == a_seat)
    return a, b, score, cpu


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--agents", nargs="+", default=DEFAULT_AGENTS)
    parser.add_argument("--games-per-pair", type=int, default=112, help="even; 112 = 2 × 56")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", type=Path, default=LADDER_FILE)
    args = parser.parse_args(argv)
    for spec in args.agents:
        error = agent_spec_error(spec)
        if error:
            parser.error(error)
    if args.games_per_pair < 2 or args.games_per_pair % 2:
        parser.error("--games-per-pair must be even (games come in seat-swapped pairs)")
    specs = list(dict.fromkeys(resolved_spec(spec) for spec in args.agents))
    if COST_BASE not in specs:
        parser.error(f"{COST_BASE} must be on the list: every cost is relative to it")
    if len(specs) < 2:
        parser.error("at least two different agents")
    engine = komandor.ENGINE
    load_before = load()
    print(f"{len(specs)} agents: {', '.join(specs)}; engine {engine}; load {load_before}")
    rated = list(itertools.combinations(specs, 2))
    # The base against itself: for the costs only (a game against oneself rates nothing).
    jobs = [
        (a, b, game, args.seed)
        for a, b in [*rated, (COST_BASE, COST_BASE)]
        for game in range(args.games_per_pair)
    ]
    tallies: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    game_cpu: dict[str, list[float]] = defaultdict(list)
    started = time.monotonic()
    with Pool(args.jobs) as pool:
        for a, b, score, cpu in pool.imap_unordered(play, jobs, chunksize=4):
            tally = tallies[a, b]
            tally[0 if score == 1 else 1 if score == 0 else 2] += 1
            if COST_BASE in (a, b):
                game_cpu[b if a == COST_BASE else a].append(cpu)
    wall = time.monotonic() - started
    pairs = [PairResult(a, b, *tallies[a, b]) for a, b in rated]
    rungs = fit_ladder(specs, pairs, game_cpu=game_cpu)
    facts = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "command": " ".join(["scripts/agent_ladder.py", *(argv or sys.argv[1:])]),
        "agents": specs,
        "games_per_pair": args.games_per_pair,
        "seeds": f"{args.seed}–{args.seed + args.games_per_pair // 2 - 1}",
        "engine": engine,
        "jobs": args.jobs,
        "load_before": load_before,
        "load_after": load(),
        "wall_s": round(wall),
        "cost_base": COST_BASE,
    }
    levels = {level: resolved_spec(level) for level in LEVELS}
    record = ladder_record(rungs=rungs, pairs=pairs, levels=levels, facts=facts)
    args.out.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{'agent':<16}{'rating':>8}  {'95 % interval':<16}{'games':>6}  W-D-L{'cost':>14}")
    for rung in rungs:
        named = [level for level, spec in levels.items() if spec == rung.spec]
        label = rung.spec + (f" ({', '.join(named)})" if named else "")
        print(
            f"{label:<28}{rung.rating:>8.0f}  [{rung.low:.0f}, {rung.high:.0f}]{rung.games:>6}  "
            f"{rung.wins}-{rung.draws}-{rung.losses}  ×{rung.cost}"
        )
    for pair in pairs:
        print(f"  {pair.a} vs {pair.b}: {pair.a_wins}-{pair.draws}-{pair.b_wins}")
    print(f"wrote {args.out}; wall {wall:.0f} s; load after {facts['load_after']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
