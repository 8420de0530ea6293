"""The facts of many games (``measure.GameRecord``) summed per agent, and the table that puts
several agent pairs side by side (``table``).

Per agent, not per seat: a pair of two agents plays every deal twice with the seats swapped,
and an agent's column counts every game it played, in either seat (a pair of one agent with
itself: both seats of every game).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from scripts.endings.measure import (
    GameRecord,
    Verdict,
    commander_lost_by,
    deck_out_verdict,
    dominated_deck_out,
)


@dataclass(slots=True)
class AgentTally:
    """One agent's games in one pairing of agents."""

    games: int = 0
    wins: int = 0
    early: int = 0  # its Commander lost within its first 3 turns
    turn1: int = 0  # … on turn 1
    dominated: int = 0  # deck-outs it lost while leading on the table
    missed: int = 0
    no_way: int = 0
    threatened: int = 0  # turns the opponent was one step from an extra victory
    could: int = 0  # … in which an option acted against it
    did: int = 0  # … in which it took one
    attacks: int = 0
    thin: int = 0  # attacks under a third of the defender's fighting value
    thin_lost: int = 0  # its cards destroyed in them
    lost: int = 0  # its cards lost, all games
    tokens_won: list[int] = field(default_factory=list)
    tokens_lost: list[int] = field(default_factory=list)
    resources_won: list[int] = field(default_factory=list)
    resources_lost: list[int] = field(default_factory=list)

    def add(self, record: GameRecord, seat: int) -> None:
        """Count ``record`` for the agent in ``seat``."""
        self.games += 1
        won = record.winner == seat
        self.wins += won
        self.early += commander_lost_by(record, seat)
        self.turn1 += commander_lost_by(record, seat, within=1)
        if dominated_deck_out(record) == seat:
            self.dominated += 1
            verdict = deck_out_verdict(record)
            self.missed += verdict is Verdict.MISSED
            self.no_way += verdict is Verdict.NO_WAY_THROUGH
        threats = record.threats[seat]
        self.threatened += threats.turns
        self.could += threats.could
        self.did += threats.did
        for battle in record.battles:
            if battle.attacker == seat:
                self.attacks += 1
                if battle.thin:
                    self.thin += 1
                    self.thin_lost += battle.attacker_lost
        self.lost += record.lost[seat]
        if record.winner is not None:
            (self.tokens_won if won else self.tokens_lost).append(record.tokens[seat])
            (self.resources_won if won else self.resources_lost).append(record.resources[seat])


@dataclass(slots=True)
class Column:
    """An agent's column: its tally and the games of its pairing (for the game rows)."""

    title: str
    agent: AgentTally
    records: list[GameRecord]


def columns(pair: Sequence[str], records: Sequence[GameRecord]) -> list[Column]:
    """One column for an agent against itself, two for two agents (each against the other)."""
    first, second = pair
    names = [first] if first == second else [first, second]
    result = []
    for name in names:
        tally = AgentTally()
        for record in records:
            for seat in (0, 1):
                if record.agents[seat] == name:
                    tally.add(record, seat)
        other = second if name == first else first
        title = f"{name} ×2" if first == second else f"{name} (vs {other})"
        result.append(Column(title, tally, list(records)))
    return result


def _pct(count: int, total: int) -> str:
    return f"{100 * count / total:.1f} %" if total else "—"


def _mean(values: Sequence[int]) -> str:
    return f"{statistics.mean(values):.1f}" if values else "—"


def _per_game(count: int, games: int) -> str:
    return f"{count / games:.2f}" if games else "—"


def _ended(kind: str) -> Callable[[Column], str]:
    def cell(column: Column) -> str:
        records = column.records
        return _pct(sum(1 for r in records if r.termination == kind), len(records))

    return cell


def _turns(column: Column) -> str:
    turns = [r.turn for r in column.records]
    return f"{statistics.mean(turns):.1f} ({statistics.median(turns):g})" if turns else "—"


def _kinds(column: Column) -> str:
    kinds = Counter(r.termination for r in column.records)
    return ", ".join(f"{kind} {count}" for kind, count in kinds.most_common())


ROWS: tuple[tuple[str, Callable[[Column], str]], ...] = (
    ("games of the pairing", lambda c: str(len(c.records))),
    ("ended by a deck running out", _ended("deck_out")),
    ("ended by a Commander lost", _ended("commander_lost")),
    (
        "ended by Procurator / Trader / Pirate",
        lambda c: " / ".join(_ended(kind)(c) for kind in ("procurator", "trader", "pirate")),
    ),
    ("turn of the end: mean (median)", _turns),
    ("terminations", _kinds),
    ("games of the agent", lambda c: str(c.agent.games)),
    ("won", lambda c: _pct(c.agent.wins, c.agent.games)),
    (
        "own Commander lost within its first 3 turns (on turn 1)",
        lambda c: f"{_pct(c.agent.early, c.agent.games)} ({_pct(c.agent.turn1, c.agent.games)})",
    ),
    (
        "deck-outs lost while dominating: missed / no way through",
        lambda c: f"{c.agent.dominated}: {c.agent.missed} / {c.agent.no_way}",
    ),
    ("missed, of its games", lambda c: _pct(c.agent.missed, c.agent.games)),
    (
        "turns the opponent was one step from an extra victory",
        lambda c: str(c.agent.threatened),
    ),
    (
        "… it could act against it / did (of could)",
        lambda c: f"{_pct(c.agent.could, c.agent.threatened)} / {_pct(c.agent.did, c.agent.could)}",
    ),
    (
        "attacks under 1/3 of the defender's strength, per game (of its attacks)",
        lambda c: (
            f"{_per_game(c.agent.thin, c.agent.games)} ({_pct(c.agent.thin, c.agent.attacks)})"
        ),
    ),
    ("cards lost in them, per game", lambda c: _per_game(c.agent.thin_lost, c.agent.games)),
    ("cards lost, per game", lambda c: _per_game(c.agent.lost, c.agent.games)),
    (
        "unspent action tokens at the end: won / lost",
        lambda c: f"{_mean(c.agent.tokens_won)} / {_mean(c.agent.tokens_lost)}",
    ),
    (
        "unspent resources at the end: won / lost",
        lambda c: f"{_mean(c.agent.resources_won)} / {_mean(c.agent.resources_lost)}",
    ),
)


def table(all_columns: Sequence[Column]) -> list[str]:
    """Markdown: a row per measure, a column per agent of each pairing."""
    lines = [
        "| | " + " | ".join(c.title for c in all_columns) + " |",
        "|---|" + "---:|" * len(all_columns),
    ]
    for label, cell in ROWS:
        lines.append(f"| {label} | " + " | ".join(cell(c) for c in all_columns) + " |")
    return lines
