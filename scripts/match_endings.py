r"""How matches end: for any pairs of agents side by side, the report of issue 31, item 4.

    .venv/bin/python scripts/match_endings.py [--seeds 10] [--jobs 2] \
        [--pairs "heuristic-1.1 heuristic-1.1" "search-1.1 heuristic-1.1 seeds=5" …]
    .venv/bin/python scripts/match_endings.py --agents heuristic heuristic --against COMMIT

A report, not a test. Plays every ordered pairing of the shipped precons
(``content/precons/*.json``: 8 decks, 56 ordered pairings) × ``--seeds`` seeds (0 … N − 1)
for each pair of agent specs (any name ``make_agent`` reads; ``--agents A B`` is one pair; a
pair's own ``seeds=N`` overrides ``--seeds`` for it). Two different agents play every deal
twice, the seats swapped (same decks per seat, same seed), so every figure is per agent, not
per seat. Each game is played with its log on and observed (``scripts/endings/measure.py``);
the markdown printed for ``docs/starter-set.md`` is one table with a column per agent of each
pair (``scripts/endings/tally.py``): how the games ended (termination kinds, turn of the end,
deck-out share), the own Commander lost within the first 3 turns (and on turn 1), deck-outs
lost while dominating the table classified *missed* or *no way through*, the turns the opponent
stood one step from an extra victory and whether the agent could and did act against it,
attacks under a third of the defender's strength and the cards lost in them, cards lost and
the action tokens and resources left unspent at the end; then, per pair, the distribution of
the turn of the end and the termination kinds; with the command and the load average.
``--list`` then prints, per pair, the games to replay behind item 4's two rows (an agent's own
Commander lost within 3 turns, a *missed* deck-out): seed, precons and agents by seat.

``--against COMMIT`` plays on that commit's engine instead, with that commit's precons, and
prints only the turn-of-the-end distribution and termination kinds of ``--agents`` (its
``matches/engine/`` extracted as a package, ``scripts/bench/engine_matches.py``'s
``load_engine_copy``) — the "before" of a change to the rules or to the agents.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from komandor.agents.registry import make_agent, resolved_spec  # noqa: E402
from komandor.rules.match import ENGINE_VERSION  # noqa: E402
from scripts.bench.engine_matches import load, load_engine_copy  # noqa: E402
from scripts.bench.precon_files import precon_files  # noqa: E402
from scripts.endings.measure import (  # noqa: E402
    GameRecord,
    Verdict,
    commander_lost_by,
    deck_out_verdict,
    dominated_deck_out,
    record_game,
)
from scripts.endings.tally import columns, table  # noqa: E402

AGAINST_PACKAGE = "engine_endings"
BUCKETS: tuple[tuple[str, int, int], ...] = (
    ("1", 1, 1),
    ("2–3", 2, 3),
    ("4–7", 4, 7),
    ("8–15", 8, 15),
    ("16+", 16, 10**9),
)
MAX_JOBS = 2


@dataclass(frozen=True, slots=True)
class Ending:
    turn: int
    termination: str
    winner: int | None


# Set in each process by ``_start``: the engine package's modules and the decks, read once.
_ENGINE: dict[str, ModuleType] = {}
_DECKS: list[Any] = []


def _start(package: str, directory: str | None, commit: str | None) -> None:
    """Load the engine (``matches.engine``: today's by its flat module names, or a copy already
    written into ``directory``) and
    the precons of its time."""
    if directory is not None and directory not in sys.path:
        sys.path.insert(0, directory)
    for name in ("agents", "decks", "match"):
        _ENGINE[name] = importlib.import_module(f"{package}.{name}")
    _DECKS[:] = [_ENGINE["decks"].deck_from_dict(data) for data in precon_files(commit)]


def _play(job: tuple[int, int, int, Sequence[str]]) -> Ending:
    first, second, seed, agent_names = job
    make = _ENGINE["agents"].make_agent
    agents = [make(name, seed=seed + i) for i, name in enumerate(agent_names)]
    result = _ENGINE["match"].run_match(
        decks=[_DECKS[first], _DECKS[second]], agents=agents, seed=seed, log=False
    )
    outcome = result.outcome
    return Ending(outcome.turn, str(outcome.termination.value), outcome.winner)


def play_all(
    agent_names: Sequence[str], seeds: int, jobs: int, commit: str | None, directory: str | None
) -> list[Ending]:
    package = AGAINST_PACKAGE if commit else "matches.engine"
    count = len(precon_files(commit))
    work = [
        (a, b, seed, tuple(agent_names))
        for seed in range(seeds)
        for a in range(count)
        for b in range(count)
        if a != b
    ]
    if jobs <= 1:
        _start(package, directory, commit)
        return [_play(job) for job in work]
    with Pool(jobs, initializer=_start, initargs=(package, directory, commit)) as pool:
        return pool.map(_play, work, chunksize=8)


# A pair of agent specs and its seeds per ordered precon pairing.
Pair = tuple[str, str, int]


def parse_pair(text: str, seeds: int) -> Pair:
    """``"A B"`` or ``"A B seeds=N"``: two agent specs (``make_agent``'s), and N seeds for this
    pair instead of ``--seeds``."""
    words = text.split()
    if len(words) == 3 and words[2].startswith("seeds=") and words[2][6:].isdigit():
        return words[0], words[1], int(words[2][6:])
    if len(words) != 2:
        raise ValueError(f"a pair is two agent specs (and seeds=N), got {text!r}")
    return words[0], words[1], seeds


def _record(job: tuple[int, int, int, tuple[str, str]]) -> GameRecord:
    """One game, its seats named by the specs as given (``tally.columns`` finds each agent's
    seat by them): an agent calls itself by the spec it resolves to (a level by its agent's),
    or by a name of its own."""
    first, second, seed, names = job
    agents = [make_agent(name, seed=seed + i) for i, name in enumerate(names)]
    record = record_game([_DECKS[first], _DECKS[second]], agents, seed)
    return dataclasses.replace(record, agents=names)


def described_agents(pairs: Sequence[Pair]) -> str:
    """The agents of ``pairs``, each once, in order: a level with the agent it plays now
    (``expert (expert-1)``)."""
    seen: list[str] = []
    for first, second, _seeds in pairs:
        for name in (first, second):
            if name not in seen:
                seen.append(name)
    shown = [
        name if resolved_spec(name) == name.strip() else f"{name} ({resolved_spec(name)})"
        for name in seen
    ]
    return ", ".join(shown)


def _progress(records: Iterable[GameRecord], total: int) -> list[GameRecord]:
    """The records, in order, with a line on stderr at every tenth of the run (long runs)."""
    done: list[GameRecord] = []
    step = max(total // 10, 1)
    for record in records:
        done.append(record)
        if len(done) % step == 0:
            print(f"{len(done)}/{total} games", file=sys.stderr, flush=True)
    return done


@dataclass(frozen=True, slots=True)
class Played:
    """A recorded game and its deal: the precons by index (seat 0, seat 1) and the seed."""

    first: int
    second: int
    seed: int
    record: GameRecord


def record_all(pairs: Sequence[Pair], jobs: int) -> list[list[Played]]:
    """Every pair's games, recorded with their deals: each ordered precon pairing × the pair's
    seeds, twice with the seats swapped when the two agents differ."""
    count = len(precon_files(None))
    work: list[tuple[int, int, int, tuple[str, str]]] = []
    owner: list[int] = []
    for index, (first, second, seeds) in enumerate(pairs):
        orders = [(first, second)] if first == second else [(first, second), (second, first)]
        for seed in range(seeds):
            for a in range(count):
                for b in range(count):
                    if a != b:
                        for order in orders:
                            work.append((a, b, seed, order))
                            owner.append(index)
    if jobs <= 1:
        _start("matches.engine", None, None)
        records = _progress(map(_record, work), len(work))
    else:
        with Pool(jobs, initializer=_start, initargs=("matches.engine", None, None)) as pool:
            records = _progress(pool.imap(_record, work, chunksize=4), len(work))
    grouped: list[list[Played]] = [[] for _ in pairs]
    for index, (a, b, seed, _names), record in zip(owner, work, records, strict=True):
        grouped[index].append(Played(a, b, seed, record))
    return grouped


def notable_games(games: Sequence[Played], decks: Sequence[str]) -> list[str]:
    """The games behind issue 31 item 4's two rows, one line each, to replay: an agent's own
    Commander lost within the first 3 turns, a dominated deck-out classified *missed*."""
    lines: list[str] = []
    for game in games:
        record = game.record
        deal = (
            f"seed {game.seed}: {decks[game.first]} ({record.agents[0]}) vs "
            f"{decks[game.second]} ({record.agents[1]})"
        )
        for seat in (0, 1):
            if commander_lost_by(record, seat):
                lines.append(f"- {deal}: seat {seat} lost its Commander on turn {record.turn}")
        if deck_out_verdict(record) is Verdict.MISSED:
            out = dominated_deck_out(record)
            lines.append(f"- {deal}: seat {out} ran out dominating, missed, turn {record.turn}")
    return lines


def share(count: int, total: int) -> str:
    return f"{100 * count / total:.1f} %"


def report(endings: Sequence[Ending]) -> list[str]:
    """Markdown: buckets, turns, termination kinds, the headline shares."""
    total = len(endings)
    turns = [e.turn for e in endings]
    lines = ["| turn of the end | matches | share |", "|---|---:|---:|"]
    for label, low, high in BUCKETS:
        count = sum(1 for t in turns if low <= t <= high)
        lines.append(f"| {label} | {count} | {share(count, total)} |")
    by_turn = Counter(turns)
    lines += [
        "",
        "By turn: " + ", ".join(f"{t}: {by_turn[t]}" for t in sorted(by_turn)) + ".",
        "",
        "| termination | matches | share | mean turn |",
        "|---|---:|---:|---:|",
    ]
    kinds = Counter(e.termination for e in endings)
    for kind, count in kinds.most_common():
        mean = statistics.mean(e.turn for e in endings if e.termination == kind)
        lines.append(f"| {kind} | {count} | {share(count, total)} | {mean:.1f} |")
    turn1 = sum(1 for e in endings if e.termination == "commander_lost" and e.turn == 1)
    deck_out = kinds.get("deck_out", 0)
    draws = sum(1 for e in endings if e.winner is None)
    first_seat = sum(1 for e in endings if e.winner == 0)
    lines += [
        "",
        f"{total} matches; a Commander lost on turn 1: {share(turn1, total)}; ended by running "
        f"out of cards: {share(deck_out, total)}; mean turn {statistics.mean(turns):.2f}, "
        f"median {statistics.median(turns):g}; draws {draws}; the first seat won "
        f"{share(first_seat, total)}.",
    ]
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", nargs=2, default=["heuristic", "heuristic"])
    parser.add_argument(
        "--pairs", nargs="+", metavar="'A B [seeds=N]'", help="pairs of agents, side by side"
    )
    parser.add_argument("--seeds", type=int, default=10, help="seeds per ordered pairing")
    parser.add_argument("--jobs", type=int, default=MAX_JOBS, choices=range(1, MAX_JOBS + 1))
    parser.add_argument(
        "--list",
        action="store_true",
        help="also list the games lost by the Commander within 3 turns or a missed deck-out",
    )
    parser.add_argument(
        "--against", metavar="COMMIT", help="play on this commit's engine and precons instead"
    )
    args = parser.parse_args(argv)
    command = "scripts/match_endings.py " + " ".join(
        (f'"{a}"' if " " in a else a) for a in (sys.argv[1:] if argv is None else list(argv))
    )
    started, before = time.monotonic(), load()
    if args.against:
        against(args, command, started, before)
        return
    try:
        pairs = [parse_pair(text, args.seeds) for text in args.pairs or [" ".join(args.agents)]]
    except ValueError as error:
        parser.error(str(error))
    played = record_all(pairs, args.jobs)
    grouped = [[game.record for game in games] for games in played]
    described = "; ".join(
        f"{a} vs {b} × {seeds} seeds ({len(records)} games)"
        for (a, b, seeds), records in zip(pairs, grouped, strict=True)
    )
    print(
        f"`.venv/bin/python {command.strip()}` — agents {described_agents(pairs)}; engine "
        f"{ENGINE_VERSION} (this tree's engine), every ordered precon pairing: {described}; "
        f"{time.monotonic() - started:.0f} s, load average before {before}, after {load()}."
    )
    print()
    every = [c for pair, rs in zip(pairs, grouped, strict=True) for c in columns(pair[:2], rs)]
    print("\n".join(table(every)))
    for (first, second, _seeds), records in zip(pairs, grouped, strict=True):
        print()
        print(f"**{first} vs {second}**")
        print()
        endings = [Ending(r.turn, r.termination, r.winner) for r in records]
        print("\n".join(report(endings)))
    if args.list:
        decks = [data["name"] for data in precon_files(None)]
        for (first, second, _seeds), games in zip(pairs, played, strict=True):
            print()
            print(f"**{first} vs {second}: the games to read**")
            print()
            print("\n".join(notable_games(games, decks)) or "(none)")


def against(args: argparse.Namespace, command: str, started: float, before: str) -> None:
    """The "before": ``--agents`` on an older commit's engine and precons, the turn of the end
    and the termination kinds only."""
    with tempfile.TemporaryDirectory(prefix="endings-") as directory:
        load_engine_copy(Path(directory), AGAINST_PACKAGE, args.against)
        endings = play_all(args.agents, args.seeds, args.jobs, args.against, directory)
        version = importlib.import_module(f"{AGAINST_PACKAGE}.agents").AGENTS_VERSION
    print(
        f"`.venv/bin/python {command.strip()}` — {' vs '.join(args.agents)} (agents "
        f"{version}, engine of {args.against}), every ordered precon pairing × {args.seeds} "
        f"seeds, {time.monotonic() - started:.0f} s, load average before {before}, after "
        f"{load()}."
    )
    print()
    print("\n".join(report(endings)))


if __name__ == "__main__":
    main()
