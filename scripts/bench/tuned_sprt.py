"""Is a tuned agent better than the agent it was tuned from? A paired, seat-swapped SPRT.

    .venv/bin/python scripts/bench/tuned_sprt.py [--agent standard-t1] [--opponent standard-1]
        [--delta 0.02] [--alpha 0.05] [--beta 0.05] [--max-games 20000] [--first-seed 31000000]
        [--jobs 2] [--progress 1000]

Games come in pairs: pair ``k`` plays the ``k mod 56``-th ordered pairing of the 8 precons
(``content/precons/*.json``, every ordered pair in turn, so every 56 pairs cover them all) with
match seed ``first_seed + k``, once with the agent in seat 0 and once in seat 1: the decks, the
seats and the deal even out. Each agent is seeded from the match seed and its seat, as the
service seeds them. The first seed is far from the seeds the other scripts use (0, 1, 2, …), so
these are games neither the tuning nor another measurement played.

After every pair, in pair order, the tournaments' SPRT (``matches.tournaments.statistics``:
H0 50 %, H1 50 % + ``delta``, α, β; a draw counts half) is updated; the run stops at the first
pair at which it decides, or at ``--max-games`` undecided. Prints the games, W-D-L, the score
with its Wilson interval, the LLR and its bounds, the decision, the wall time and the load
before and after. Not a test: figures go to docs/engine.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from komandor.agents.registry import agent_spec_error, make_agent  # noqa: E402
from komandor.rules.decks import Deck, deck_from_dict  # noqa: E402
from komandor.rules.match import run_match  # noqa: E402
from matches.tournaments.statistics import (  # noqa: E402
    SprtDecision,
    sprt_bounds,
    sprt_decision,
    sprt_llr,
    wilson_interval,
)

FIRST_SEED = 31_000_000
_PAIRINGS: list[tuple[Deck, Deck]] = []


def precon_pairings() -> list[tuple[Deck, Deck]]:
    decks = [
        deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
        for path in sorted((ROOT / "content" / "precons").glob("*.json"))
    ]
    return [(a, b) for a in decks for b in decks if a is not b]


def play_pair(job: tuple[int, int, str, str]) -> tuple[int, float]:
    """Pair ``k``: the agent's score over its two games (0, ½, 1, 1½ or 2)."""
    k, first_seed, spec, opponent = job
    if not _PAIRINGS:
        _PAIRINGS.extend(precon_pairings())
    seed = first_seed + k
    decks = list(_PAIRINGS[k % len(_PAIRINGS)])
    score = 0.0
    for seat in (0, 1):
        names = [spec, opponent] if seat == 0 else [opponent, spec]
        agents = [make_agent(name, seed=seed * 2 + i) for i, name in enumerate(names)]
        winner = run_match(decks=decks, agents=agents, seed=seed, log=False).outcome.winner
        score += 0.5 if winner is None else float(winner == seat)
    return k, score


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--agent", default="standard-t1")
    parser.add_argument("--opponent", default="standard-1")
    parser.add_argument("--delta", type=float, default=0.02, help="H1 = 0.5 + delta")
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--max-games", type=int, default=20_000, help="the cap (even)")
    parser.add_argument("--first-seed", type=int, default=FIRST_SEED)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--progress", type=int, default=0, help="print every N games")
    args = parser.parse_args(argv)
    for spec in (args.agent, args.opponent):
        error = agent_spec_error(spec)
        if error:
            parser.error(error)
    if args.max_games < 2 or args.max_games % 2:
        parser.error("--max-games must be even (games come in seat-swapped pairs)")
    lower, upper = sprt_bounds(alpha=args.alpha, beta=args.beta)
    print(
        f"{args.agent} vs {args.opponent}: SPRT H0 50 %, H1 {50 + 100 * args.delta:g} %, "
        f"alpha {args.alpha}, beta {args.beta}, bounds {lower:.2f} / {upper:.2f}; first seed "
        f"{args.first_seed}; jobs {args.jobs}; load before {load()}",
        flush=True,
    )
    started = time.monotonic()
    wins = draws = losses = 0
    decision = SprtDecision.UNDECIDED
    jobs = [(k, args.first_seed, args.agent, args.opponent) for k in range(args.max_games // 2)]
    with Pool(args.jobs) as pool:
        for _k, score in pool.imap(play_pair, jobs, chunksize=8):
            # Two games: a score of 2 is two wins, 1½ a win and a draw, and so on.
            won, half = divmod(round(2 * score), 2)
            wins += won
            draws += half
            losses += 2 - won - half
            games = wins + draws + losses
            if args.progress and games % args.progress == 0:
                llr = sprt_llr(wins=wins, draws=draws, losses=losses, delta=args.delta)
                print(f"  {games} games: {wins}-{draws}-{losses}, LLR {llr:.2f}", flush=True)
            decision = sprt_decision(
                wins=wins,
                draws=draws,
                losses=losses,
                delta=args.delta,
                alpha=args.alpha,
                beta=args.beta,
            )
            if decision is not SprtDecision.UNDECIDED:
                pool.terminate()
                break
    games = wins + draws + losses
    score = wins + draws / 2
    low, high = wilson_interval(score, games)
    llr = sprt_llr(wins=wins, draws=draws, losses=losses, delta=args.delta)
    print(
        f"{games} games: {wins}-{draws}-{losses} (W-D-L), score {100 * score / games:.2f} % "
        f"[Wilson 95 %: {100 * low:.2f}–{100 * high:.2f} %], LLR {llr:.2f}, SPRT "
        f"{decision.value}; wall {time.monotonic() - started:.0f} s; load after {load()}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
