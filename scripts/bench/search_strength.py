"""How strong the search agent is: paired, seat-swapped games on the shipped precons, an SPRT.

    .venv/bin/python scripts/bench/search_strength.py [--agent search] [--opponent heuristic]
        [--games 1000] [--jobs 2] [--delta 0.05] [--alpha 0.05] [--beta 0.05]
    .venv/bin/python scripts/bench/search_strength.py --budgets 4 8 16 32 --games 200

Games come in pairs: pair ``k`` plays the ``k mod 56``-th ordered pairing of the 8 precons
(``content/precons/*.json``, every ordered pair cycled) with match seed ``k``, once with the
agent in seat 0 and once in seat 1, so the decks, the seats and the dice even out
(``--first-seed F``: match seed F + k, for games no other measurement played). Each agent
is seeded from the match seed and its seat (as ``make_agent`` is by the service). A draw counts
half. After every game, in game order, the tournaments' own SPRT
(``matches.tournaments.statistics``: H0 = 50 %, H1 = 50 % + ``delta``, α, β) is updated; the first
game at which it decides is printed, and the run goes on to ``--games`` (or, with ``--stop``,
ends with the pair in which it decided) for the win rate and its Wilson interval, and how many
of the agent's games it lost by its Commander taken by turn 3
(``EARLY_TURNS``). CPU per decision is the process time of each ``choose`` of the agent (every
decision with two options or more, searched or not): the mean and the 95th percentile; also per
game.

``--expert-playouts N`` and ``--expert-worlds M`` measure an expert (``--agent expert-3``)
with N playouts per searched decision and at most M worlds instead of its own (the opponent
keeps its own).

``--budgets`` plays ``--games`` games at each budget (``search:N``) and prints one line each:
the curve of strength against budget. ``--opponent random`` plays against the random agent.
Prints the load average before and after. Not a test: figures go to docs/engine.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics as stats
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from komandor.agents.registry import (  # noqa: E402
    Agent,
    ExpertAgent,
    HeuristicAgent,
    agent_spec_error,
    make_agent,
    parse_agent_spec,
)
from komandor.agents.search import (  # noqa: E402
    SEARCH_HORIZON,
    SEARCH_MARGIN,
    SEARCHED_KINDS,
    SEARCHED_UNTIL_TURN,
    SearchAgent,
)
from komandor.rules.decisions import Decision  # noqa: E402
from komandor.rules.decks import Deck, deck_from_dict  # noqa: E402
from komandor.rules.match import run_match  # noqa: E402
from komandor.rules.observation import Observation  # noqa: E402
from komandor.rules.victory import Termination  # noqa: E402
from matches.tournaments.statistics import (  # noqa: E402
    SprtDecision,
    sprt_bounds,
    sprt_decision,
    sprt_llr,
    wilson_interval,
)


def precon_pairings() -> list[tuple[Deck, Deck]]:
    decks = [
        deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
        for path in sorted((ROOT / "content" / "precons").glob("*.json"))
    ]
    return [(a, b) for a in decks for b in decks if a is not b]


class Timed:
    """An agent whose every answer's process time is kept (CPU per decision)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.times: list[float] = []

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        start = time.process_time()
        index = self.agent.choose(decision, observation)
        self.times.append(time.process_time() - start)
        return index


@dataclass(frozen=True)
class Game:
    index: int
    score: float  # the agent's: 1 a win, ½ a draw, 0 a loss
    turns: int
    times: list[float]  # CPU of each of the agent's decisions, seconds
    lost_commander_early: bool = False  # the agent's Commander lost by turn ``EARLY_TURNS``


_PAIRINGS: list[tuple[Deck, Deck]] = []
# A Commander lost by this turn is counted apart (issue 31: ≤ 2 % of an agent's games).
EARLY_TURNS = 3


@dataclass(frozen=True)
class Variant:
    """A search agent other than ``make_agent``'s (the alternatives in docs/engine.md)."""

    kinds: frozenset[str] = SEARCHED_KINDS
    until_turn: int = SEARCHED_UNTIL_TURN
    margin: float = SEARCH_MARGIN
    horizon: int = SEARCH_HORIZON
    # The measured agent, an expert (``expert.ExpertAgent``), with these playouts per searched
    # decision and at most these worlds (0: its own): ``--expert-playouts``, ``--expert-worlds``.
    expert_playouts: int = 0
    expert_worlds: int = 0


def with_budget(agent: Agent, seed: int, variant: Variant) -> Agent:
    """``agent``, if an expert and ``variant`` sets its playouts or worlds, built again with
    them (its policy and name as ``make_agent`` built them, ``seed`` its seed)."""
    if not isinstance(agent, ExpertAgent) or not (variant.expert_playouts or variant.expert_worlds):
        return agent
    parameters = agent.parameters
    return ExpertAgent(
        policy=agent._policy,
        seed=seed,
        name=agent.name,
        parameters=replace(
            parameters,
            playouts=variant.expert_playouts or parameters.playouts,
            max_worlds=variant.expert_worlds or parameters.max_worlds,
        ),
    )


def build(spec: str, seed: int, variant: Variant) -> Agent:
    name, budget = parse_agent_spec(spec)
    if name != "search" or variant == Variant():
        return make_agent(spec, seed=seed)
    assert budget is not None
    return SearchAgent(
        budget,
        seed=seed,
        name=spec,
        policy=HeuristicAgent(),
        kinds=variant.kinds,
        until_turn=variant.until_turn,
        margin=variant.margin,
        horizon=variant.horizon,
    )


def play(job: tuple[int, int, str, str, Variant]) -> Game:
    index, first_seed, spec, opponent, variant = job
    if not _PAIRINGS:
        _PAIRINGS.extend(precon_pairings())
    pair, seat = divmod(index, 2)
    seed = first_seed + pair
    decks = list(_PAIRINGS[pair % len(_PAIRINGS)])
    names = [spec, opponent] if seat == 0 else [opponent, spec]
    agents = [build(name, seed * 2 + i, variant) for i, name in enumerate(names)]
    agents[seat] = with_budget(agents[seat], seed * 2 + seat, variant)
    timed = Timed(agents[seat])
    agents[seat] = timed
    result = run_match(decks=decks, agents=agents, seed=seed, log=False)
    outcome = result.outcome
    winner = outcome.winner
    score = 0.5 if winner is None else float(winner == seat)
    early = (
        outcome.termination is Termination.COMMANDER_LOST
        and winner == 1 - seat
        and outcome.turn <= EARLY_TURNS
    )
    return Game(index, score, result.state.turn, timed.times, early)


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def run(spec: str, opponent: str, games: int, jobs: int, args: argparse.Namespace) -> dict:
    wins = draws = losses = 0
    decided_at, decision = None, SprtDecision.UNDECIDED
    times: list[float] = []
    per_game: list[float] = []
    turns: list[int] = []
    lost_early = 0
    started = time.monotonic()
    variant = Variant(
        frozenset(args.kinds) if args.kinds else SEARCHED_KINDS,
        args.until_turn,
        args.margin,
        args.horizon,
        args.expert_playouts,
        args.expert_worlds,
    )
    jobs_list = [(index, args.first_seed, spec, opponent, variant) for index in range(games)]
    with Pool(jobs) as pool:
        for game in pool.imap(play, jobs_list):
            if game.score == 1:
                wins += 1
            elif game.score == 0:
                losses += 1
            else:
                draws += 1
            times.extend(game.times)
            per_game.append(sum(game.times))
            turns.append(game.turns)
            lost_early += game.lost_commander_early
            if decided_at is None:
                verdict = sprt_decision(
                    wins=wins,
                    draws=draws,
                    losses=losses,
                    delta=args.delta,
                    alpha=args.alpha,
                    beta=args.beta,
                )
                if verdict is not SprtDecision.UNDECIDED:
                    decided_at, decision = game.index + 1, verdict
            if args.progress and (game.index + 1) % args.progress == 0:
                score = wins + draws / 2
                print(
                    f"  {game.index + 1} games: {score / (game.index + 1):.3f} "
                    f"({wins}-{draws}-{losses}), {time.monotonic() - started:.0f} s, "
                    f"load {load()}",
                    flush=True,
                )
            if args.stop and decided_at is not None and game.index % 2 == 1:
                games = game.index + 1  # decided, and the pair is whole: stop here
                break
    score = wins + draws / 2
    low, high = wilson_interval(score, games)
    return {
        "agent": spec,
        "opponent": opponent,
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "rate": score / games,
        "wilson": (low, high),
        "llr": sprt_llr(wins=wins, draws=draws, losses=losses, delta=args.delta),
        "sprt": decision.value,
        "sprt_at": decided_at,
        "decisions": len(times),
        "cpu_mean_ms": 1000 * stats.fmean(times) if times else 0.0,
        "cpu_p95_ms": 1000 * percentile(times, 0.95),
        "cpu_game_s": stats.fmean(per_game),
        "turns_median": stats.median(turns),
        "lost_commander_early": lost_early,
        "wall_s": time.monotonic() - started,
    }


def describe(result: dict) -> str:
    low, high = result["wilson"]
    sprt = result["sprt"] + (f" at game {result['sprt_at']}" if result["sprt_at"] else "")
    return (
        f"{result['agent']} vs {result['opponent']}: {result['games']} games, "
        f"{result['wins']}-{result['draws']}-{result['losses']} (W-D-L), "
        f"score {100 * result['rate']:.1f} % [Wilson 95 %: {100 * low:.1f}–{100 * high:.1f} %], "
        f"SPRT {sprt} (LLR {result['llr']:.2f}); CPU per decision mean "
        f"{result['cpu_mean_ms']:.1f} ms, p95 {result['cpu_p95_ms']:.1f} ms "
        f"({result['decisions']} decisions); CPU per game {result['cpu_game_s']:.2f} s; "
        f"median turns {result['turns_median']}; own Commander lost by turn {EARLY_TURNS} in "
        f"{result['lost_commander_early']} games "
        f"({100 * result['lost_commander_early'] / result['games']:.1f} %); "
        f"wall {result['wall_s']:.0f} s"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--agent", default="search", help="the agent measured (default search)")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--budgets", type=int, nargs="+", help="curve mode: search:N for each")
    parser.add_argument("--games", type=int, default=1000, help="games per run (even)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--delta", type=float, default=0.05, help="H1 = 0.5 + delta")
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--kinds", nargs="+", help="decision kinds searched (an alternative)")
    parser.add_argument(
        "--until-turn",
        type=int,
        default=SEARCHED_UNTIL_TURN,
        help="search up to this turn (0: all)",
    )
    parser.add_argument("--margin", type=float, default=SEARCH_MARGIN, help="the agent's margin")
    parser.add_argument(
        "--horizon", type=int, default=SEARCH_HORIZON, help="playout turns (0: to the end)"
    )
    parser.add_argument(
        "--expert-playouts",
        type=int,
        default=0,
        help="an expert measured (--agent expert-N): its playouts per searched decision",
    )
    parser.add_argument(
        "--expert-worlds",
        type=int,
        default=0,
        help="an expert measured: the most worlds per searched decision",
    )
    parser.add_argument("--progress", type=int, default=0, help="print every N games")
    parser.add_argument(
        "--first-seed", type=int, default=0, help="pair k plays match seed first_seed + k"
    )
    parser.add_argument(
        "--stop",
        action="store_true",
        help="stop at the pair in which the SPRT decides (--games is then the most played)",
    )
    args = parser.parse_args(argv)
    specs = [f"search:{n}" for n in args.budgets] if args.budgets else [args.agent]
    for spec in [*specs, args.opponent]:
        error = agent_spec_error(spec)
        if error:
            parser.error(error)
    if args.games < 2 or args.games % 2:
        parser.error("--games must be even (games come in seat-swapped pairs)")
    lower, upper = sprt_bounds(alpha=args.alpha, beta=args.beta)
    print(
        f"SPRT H0 50 %, H1 {50 + 100 * args.delta:g} %, alpha {args.alpha}, beta {args.beta}: "
        f"bounds {lower:.2f} / {upper:.2f}; jobs {args.jobs}; load before {load()}",
        flush=True,
    )
    for spec in specs:
        print(describe(run(spec, args.opponent, args.games, args.jobs, args)), flush=True)
    print(f"load after {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
