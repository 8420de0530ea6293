r"""Balance of the precons, measured: every precon against every other, one agent on both sides.

    .venv/bin/python scripts/precon_balance.py [--agent standard] [--games 200] [--processes 2] \
        [--seed 0] [--doc docs/starter-set.md] [--no-write]

Reads the shipped deck files (``content/precons/*.json``, written by ``manage.py
export_precons``), so no database is needed. Each pairing plays ``--games`` games: seeds
``seed … seed + games/2 − 1``, each seed twice with the seats swapped, the agent ``--agent``
(a level or an agent's name, ``make_agent``; default the ``standard`` level) on both sides,
seat ``s`` seeded ``2 × seed + s``. A draw scores half a win.
Writes, between ``<!-- balance:start -->`` and ``<!-- balance:end -->`` in ``--doc``, the
win-rate matrix with Wilson 95 % intervals (``matches/tournaments/statistics.py``), each precon's
score against the whole field (aim: 40–60 %), every card of the starter set
(``content/data/komandor/starter/``) that never entered play nor had an effect fire in any of
those games (read from the engine's event log), how each precon wins (by termination) and, per
pairing, how often a deck ran out and whether deck size decides it (``DECIDED_BY_SIZE``).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from komandor.agents.registry import make_agent, resolved_spec  # noqa: E402
from komandor.rules.decks import Deck, deck_from_dict  # noqa: E402
from komandor.rules.match import ENGINE_VERSION, run_match  # noqa: E402
from komandor.rules.names import name_key  # noqa: E402
from matches.tournaments.statistics import wilson_interval  # noqa: E402

PRECON_DIR = ROOT / "content" / "precons"
SET_DIR = ROOT / "content" / "data" / "komandor" / "starter"
DOC = ROOT / "docs" / "starter-set.md"
START, END = "<!-- balance:start -->", "<!-- balance:end -->"
AGENT = "standard"  # the default level (issue 31, item 7)
MAX_PROCESSES = 2
# Events that put a card into play (on the table, on the Commander, under another card) or
# apply its static effect.
FIELD_AIM = (0.40, 0.60)  # each precon's score against the field (issue 31, item 7)
DECK_OUT = "deck_out"
# The order of the win columns (``komandor.rules.victory.Termination``).
COMMANDER_LOST = "commander_lost"
WIN_KINDS = (COMMANDER_LOST, "procurator", "trader", "pirate", "no_commander_carrier", DECK_OUT)
# A pairing is decided by deck size when one deck wins this share of its games by deck-out.
DECIDED_BY_SIZE = 0.5
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
    # (termination, winner: "a", "b" or "draw") → games
    endings: Counter[tuple[str, str]] = field(default_factory=Counter)

    @property
    def score_a(self) -> float:
        return self.wins_a + self.draws / 2

    def add(self, other: PairingResult) -> None:
        self.games += other.games
        self.wins_a += other.wins_a
        self.wins_b += other.wins_b
        self.draws += other.draws
        self.played |= other.played
        self.endings.update(other.endings)


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


def play_seed(task: tuple[str, str, int, str]) -> PairingResult:
    """One seed of one pairing: two games, seats swapped."""
    a, b, seed, agent = task
    decks = {name: load_deck(name) for name in (a, b)}
    result = PairingResult(a, b)
    for seats in ((a, b), (b, a)):
        pair = [decks[name] for name in seats]
        agents = [make_agent(agent, seed=seed * 2 + seat) for seat in range(2)]
        match = run_match(decks=pair, agents=agents, seed=seed)
        result.games += 1
        winner = match.outcome.winner
        if winner is None:
            result.draws += 1
            side = "draw"
        elif seats[winner] == a:
            result.wins_a += 1
            side = "a"
        else:
            result.wins_b += 1
            side = "b"
        result.endings[(match.outcome.termination.value, side)] += 1
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


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


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
    sizes: dict[str, int],
    agent: str = AGENT,
    load: str = "",
) -> str:
    """The markdown between the markers."""
    lines = [
        f"Measured by `scripts/precon_balance.py --agent {agent} --games {games} --seed {seed}` "
        f"(engine {ENGINE_VERSION}, `{agent}` = `{resolved_spec(agent)}` on both sides, {games} "
        f"games per pairing: {games // 2} seeds, each played twice with the seats swapped; a draw "
        f"counts half). {len(results) * games} games in {seconds:.0f} s, load average {load}. "
        "Each cell is the row deck's score "
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
    low, high = FIELD_AIM
    outside = [titles[n] for n, rate in field_rates.items() if not low <= rate <= high]
    band = f"{percent(low)}–{percent(high)} %"
    lines += [
        "",
        f"Against the field every precon scores within {band}."
        if not outside
        else f"Outside {band} against the field: {', '.join(outside)}.",
        "",
        "Cards of the set never played in these games (never entered play, no effect fired): "
        + (", ".join(f"«{name}»" for name in never) if never else "none.")
        + "",
    ]
    draws = sum(p.draws for p in results.values())
    lines.append(f"Draws: {draws} of {len(results) * games} games.")
    lines += ["", *endings_report(names, results, sizes=sizes, titles=titles)]
    return "\n".join(lines) + "\n"


def endings_report(
    names: list[str],
    results: dict[tuple[str, str], PairingResult],
    *,
    sizes: dict[str, int],
    titles: dict[str, str],
) -> list[str]:
    """How each precon wins, and which pairings deck size decides (``DECIDED_BY_SIZE``)."""
    wins: dict[str, Counter[str]] = {name: Counter() for name in names}
    losses_out: Counter[str] = Counter()
    losses_commander: Counter[str] = Counter()
    for (a, b), pairing in results.items():
        for (termination, side), count in pairing.endings.items():
            if side == "draw":
                continue
            winner, loser = (a, b) if side == "a" else (b, a)
            wins[winner][termination] += count
            if termination == DECK_OUT:
                losses_out[loser] += count
            elif termination == COMMANDER_LOST:
                losses_commander[loser] += count
    kinds = [kind for kind in WIN_KINDS if any(wins[name][kind] for name in names)]
    lines = [
        "How each precon wins (all its games against the field; *by fighting*: every win that is "
        "not the opponent's deck running out):",
        "",
        "| precon | cards | wins | "
        + " | ".join(f"`{kind}`" for kind in kinds)
        + " | by fighting | lost its Commander | lost by running out |",
        "| --- | ---: | ---: | " + " | ".join("---:" for _ in kinds) + " | ---: | ---: | ---: |",
    ]
    for name in names:
        total = sum(wins[name].values())
        fought = total - wins[name][DECK_OUT]
        share = f"{percent(fought / total)} %" if total else "—"
        lines.append(
            f"| {titles[name]} | {sizes[name]} | {total} | "
            + " | ".join(str(wins[name][kind]) for kind in kinds)
            + f" | {fought} ({share}) | {losses_commander[name]} | {losses_out[name]} |"
        )
    decided = []
    rows = []
    for (a, b), pairing in sorted(results.items()):
        outs = {a: pairing.endings[(DECK_OUT, "a")], b: pairing.endings[(DECK_OUT, "b")]}
        all_outs = sum(outs.values()) + pairing.endings[(DECK_OUT, "draw")]
        top = max((a, b), key=lambda name: (outs[name], sizes[name]))
        other = b if top == a else a
        relation = (
            "larger" if sizes[top] > sizes[other] else "equal" if sizes[top] == sizes[other] else
            "smaller"
        )  # fmt: skip
        flag = outs[top] / pairing.games >= DECIDED_BY_SIZE
        if flag:
            decided.append(f"{titles[a]} – {titles[b]} ({titles[top]}, {relation} deck)")
        rows.append(
            f"| {titles[a]} ({sizes[a]}) – {titles[b]} ({sizes[b]}) | "
            f"{percent(all_outs / pairing.games)} % | {titles[top]} ({relation}) | "
            f"{percent(outs[top] / pairing.games)} % | {'yes' if flag else 'no'} |"
        )
    lines += [
        "",
        "Deck-outs by pairing. A pairing is *decided by deck size* when one deck wins at least "
        f"{percent(DECIDED_BY_SIZE)} % of the pairing's games by the other deck running out "
        "(WIN-4, WIN-11): whatever happened in the rest, outlasting would then win the pairing. "
        "Counted for any deck that does so, the larger one or not (between decks within a card "
        "or two of each other who runs out first also turns on card draw and, in a tie, on "
        "initiative priority).",
        "",
        "| pairing (cards) | ended by a deck running out | deck winning most of them | "
        "its wins by deck-out, of the games | decided by deck size |",
        "| --- | ---: | --- | ---: | --- |",
        *rows,
        "",
        "Pairings decided by deck size: " + (", ".join(decided) if decided else "none") + ".",
    ]
    return lines


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
    parser.add_argument(
        "--agent", default=AGENT, help="agent on both sides: a level or an agent's spec"
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
    try:
        make_agent(args.agent)
    except ValueError as error:
        parser.error(str(error))
    titles = {name: load_deck(name).name for name in names}
    sizes = {name: len(load_deck(name).cards) for name in names}
    pairs = list(itertools.combinations(names, 2))
    tasks = [
        (a, b, seed, args.agent)
        for a, b in pairs
        for seed in range(args.seed, args.seed + args.games // 2)
    ]
    load_before = load_average()
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
        sizes=sizes,
        agent=args.agent,
        load=f"before {load_before}, after {load_average()}",
    )
    print(text)
    print(f"{len(cards)} cards in the set, {len(cards) - len(never)} played", file=sys.stderr)
    if not args.no_write:
        write_section(args.doc, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
