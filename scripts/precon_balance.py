r"""Balance of the precons, measured: every precon against every other with the heuristic agents.

    .venv/bin/python scripts/precon_balance.py [--games 200] [--processes 2] [--seed 0] \
        [--doc docs/starter-set.md] [--no-write]

Reads the shipped deck files (``content/precons/*.json``, written by ``manage.py
export_precons``), so no database is needed. Each pairing plays ``--games`` games: seeds
``seed … seed + games/2 − 1``, each seed twice with the seats swapped. A draw scores half a win.
Writes, between ``<!-- balance:start -->`` and ``<!-- balance:end -->`` in ``--doc``, the
win-rate matrix with Wilson 95 % intervals (``matches/tournaments/statistics.py``), each precon's
score against the whole field (aim: 35–65 %), and every card of the starter set
(``content/data/komandor/starter/``) that never entered play nor had an effect fire in any of
those games (read from the engine's event log).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from komandor.agents.registry import make_agent  # noqa: E402
from komandor.rules.decks import Deck, deck_from_dict  # noqa: E402
from komandor.rules.match import ENGINE_VERSION, run_match  # noqa: E402
from komandor.rules.names import name_key  # noqa: E402
from matches.tournaments.statistics import wilson_interval  # noqa: E402

PRECON_DIR = ROOT / "content" / "precons"
SET_DIR = ROOT / "content" / "data" / "komandor" / "starter"
DOC = ROOT / "docs" / "starter-set.md"
START, END = "<!-- balance:start -->", "<!-- balance:end -->"
AGENT = "heuristic"
MAX_PROCESSES = 2
# Events that put a card into play (on the table, on the Commander, under another card) or
# apply its static effect.
ENTERED = {"built", "placed", "upgraded", "ability_variant", "ability_preselected", "static"}


@dataclass
class PairingResult:
    a: str
    b: str
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    played: set[str] = field(default_factory=set)  # name keys of cards played

    @property
    def score_a(self) -> float:
        return self.wins_a + self.draws / 2

    def add(self, other: PairingResult) -> None:
        self.games += other.games
        self.wins_a += other.wins_a
        self.wins_b += other.wins_b
        self.draws += other.draws
        self.played |= other.played


def played_cards(events: Iterable[dict], decks: Sequence[Deck]) -> set[str]:
    """Name keys of the cards that entered play or whose effect fired, and both Commanders
    (in play from the start). A card's uid ``p<seat>.<n>`` is its place in its deck's list."""

    def name_of(uid: str) -> str | None:
        seat, _, number = uid.partition(".")
        if not seat.startswith("p") or not number.isdigit():
            return None
        return decks[int(seat[1:])].cards[int(number)].name

    names = [deck.commander.name for deck in decks]
    for event in events:
        kind = event.get("type")
        if kind in ENTERED and isinstance(event.get("card"), str):
            names.append(name_of(event["card"]))
        elif kind == "effect" and event.get("succeeded"):
            names.append(name_of(str(event.get("effect", "")).split(":")[0]))
    return {name_key(name) for name in names if name}


def play_seed(task: tuple[str, str, int]) -> PairingResult:
    """One seed of one pairing: two games, seats swapped."""
    a, b, seed = task
    decks = {name: load_deck(name) for name in (a, b)}
    result = PairingResult(a, b)
    for seats in ((a, b), (b, a)):
        pair = [decks[name] for name in seats]
        agents = [make_agent(AGENT, seed=seed * 2 + seat) for seat in range(2)]
        match = run_match(decks=pair, agents=agents, seed=seed)
        result.games += 1
        winner = match.outcome.winner
        if winner is None:
            result.draws += 1
        elif seats[winner] == a:
            result.wins_a += 1
        else:
            result.wins_b += 1
        result.played |= played_cards(match.log.events, pair)
    return result


_decks: dict[str, Deck] = {}


def load_deck(name: str) -> Deck:
    """A precon's engine deck by file stem, read once per process."""
    if name not in _decks:
        path = PRECON_DIR / f"{name}.json"
        _decks[name] = deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    return _decks[name]


def set_cards() -> dict[str, str]:
    """The starter set's cards, name key → Russian name, from its data files."""
    cards = {}
    for path in sorted(SET_DIR.glob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if document.get("model") != "card":
            continue
        for entry in document.get("entries") or []:
            cards[name_key(entry["name_ru"])] = entry["name_ru"]
    return cards


def percent(value: float) -> str:
    return f"{100 * value:.0f}"


def cell(score: float, games: int) -> str:
    low, high = wilson_interval(score, games)
    return f"{percent(score / games)} % [{percent(low)}–{percent(high)}]"


def report(
    names: list[str],
    results: dict[tuple[str, str], PairingResult],
    *,
    games: int,
    seed: int,
    seconds: float,
    never: list[str],
    titles: dict[str, str],
) -> str:
    """The markdown between the markers."""
    lines = [
        f"Measured by `scripts/precon_balance.py --games {games} --seed {seed}` (engine "
        f"{ENGINE_VERSION}, `{AGENT}` agents on both sides, {games} games per pairing: "
        f"{games // 2} seeds, each played twice with the seats swapped; a draw counts half). "
        f"{len(results) * games} games in {seconds:.0f} s. Each cell is the row deck's score "
        "against the column deck with its Wilson 95 % interval.",
        "",
        "| precon | " + " | ".join(titles[n] for n in names) + " | vs field |",
        "| --- | " + " | ".join("---" for _ in names) + " | --- |",
    ]
    field_rates = {}
    for row in names:
        cells, score, played = [], 0.0, 0
        for column in names:
            if row == column:
                cells.append("—")
                continue
            pairing = results.get((row, column))
            if pairing is not None:
                row_score = pairing.score_a
            else:
                pairing = results[(column, row)]
                row_score = pairing.games - pairing.score_a
            cells.append(cell(row_score, pairing.games))
            score += row_score
            played += pairing.games
        field_rates[row] = score / played
        lines.append(f"| {titles[row]} | " + " | ".join(cells) + f" | **{cell(score, played)}** |")
    outside = [titles[n] for n, rate in field_rates.items() if not 0.35 <= rate <= 0.65]
    lines += [
        "",
        "Against the field every precon scores between 35 % and 65 %."
        if not outside
        else f"Outside 35–65 % against the field: {', '.join(outside)}.",
        "",
        "Cards of the set never played in these games (never entered play, no effect fired): "
        + (", ".join(f"«{name}»" for name in never) if never else "none.")
        + "",
    ]
    draws = sum(p.draws for p in results.values())
    lines.append(f"Draws: {draws} of {len(results) * games} games.")
    return "\n".join(lines) + "\n"


def write_section(doc: Path, text: str) -> None:
    body = doc.read_text(encoding="utf-8") if doc.exists() else ""
    section = f"{START}\n{text}{END}"
    if START in body and END in body:
        head, _, rest = body.partition(START)
        _, _, tail = rest.partition(END)
        body = f"{head}{section}{tail}"
    else:
        body = f"{body.rstrip()}\n\n## Balance, measured\n\n{section}\n".lstrip()
    doc.write_text(body, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="scripts/precon_balance.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--games", type=int, default=200, help="games per pairing (even)")
    parser.add_argument("--processes", type=int, default=MAX_PROCESSES)
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--doc", type=Path, default=DOC)
    parser.add_argument("--no-write", action="store_true", help="print, do not write the doc")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error("--games must be even and at least 2 (each seed twice, seats swapped)")
    processes = max(1, min(args.processes, MAX_PROCESSES))
    names = sorted(path.stem for path in PRECON_DIR.glob("*.json"))
    if len(names) < 2:
        parser.error(f"fewer than two precon files in {PRECON_DIR}")
    titles = {name: load_deck(name).name for name in names}
    pairs = list(itertools.combinations(names, 2))
    tasks = [
        (a, b, seed) for a, b in pairs for seed in range(args.seed, args.seed + args.games // 2)
    ]
    started = time.monotonic()
    results = {(a, b): PairingResult(a, b) for a, b in pairs}
    with Pool(processes) as pool:
        for done, result in enumerate(pool.imap_unordered(play_seed, tasks, chunksize=8), 1):
            results[(result.a, result.b)].add(result)
            if done % 500 == 0:
                print(f"{done * 2} / {len(tasks) * 2} games", file=sys.stderr)
    seconds = time.monotonic() - started
    played = set().union(*(result.played for result in results.values()))
    cards = set_cards()
    never = sorted(name for key, name in cards.items() if key not in played)
    text = report(
        names,
        results,
        games=args.games,
        seed=args.seed,
        seconds=seconds,
        never=never,
        titles=titles,
    )
    print(text)
    print(f"{len(cards)} cards in the set, {len(cards) - len(never)} played", file=sys.stderr)
    if not args.no_write:
        write_section(args.doc, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
