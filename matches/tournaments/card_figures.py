"""Card figures of a tournament: per deck and card, how the deck scored when the card was drawn,
when it was played and when it was never drawn, with Wilson intervals.

Each stored game carries per seat a tally of its cards (``matches.games.card_tally``: copies drawn,
played, in play at the end). A win scores 1, a draw ½; a game ended by the per-game limit has
no tally and is left out. "Improvement when drawn" is the score when drawn minus the score
when never drawn, with Newcombe's interval built from the two Wilson intervals.

**The bias** (shown beside the table): these figures are observational. A game that lasts
longer draws more cards, so a card that shines in long games (or in games the deck was
winning anyway) looks better than it is, and a card that needs a good start looks worse; a
card played only when ahead borrows the win. The swap test (``matches.tournaments.swap``) measures a
card's worth directly: the same deals with and without it.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from matches.games.card_tally import AT_END, DRAWN, PLAYED
from matches.models import Tournament
from matches.tournaments.statistics import wilson_interval

SORT_KEYS = (
    "name",
    "drawn_games",
    "drawn_rate",
    "played_rate",
    "not_drawn_rate",
    "improvement",
    "played_games",
)


@dataclass(frozen=True, slots=True)
class Rate:
    """A score over ``games`` games with its 95 % Wilson interval (None: no games)."""

    games: int
    score: float  # wins + draws / 2
    rate: float | None
    ci95: tuple[float, float] | None

    @classmethod
    def of(cls, score: float, games: int) -> Rate:
        if not games:
            return cls(0, 0.0, None, None)
        return cls(games, score, score / games, wilson_interval(score, games))


def improvement(drawn: Rate, not_drawn: Rate) -> tuple[float | None, tuple[float, float] | None]:
    """Score when drawn minus score when never drawn, with Newcombe's hybrid score interval
    (method 10: the two Wilson intervals combined)."""
    if drawn.rate is None or not_drawn.rate is None:
        return None, None
    assert drawn.ci95 is not None and not_drawn.ci95 is not None
    p1, (l1, u1) = drawn.rate, drawn.ci95
    p2, (l2, u2) = not_drawn.rate, not_drawn.ci95
    difference = p1 - p2
    low = difference - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = difference + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return difference, (low, high)


@dataclass(frozen=True, slots=True)
class CardFigures:
    rank: int  # the deck's entry
    name: str  # the card's name
    games: int  # games of the deck with a tally
    drawn_games: int
    drawn: Rate
    played: Rate
    not_drawn: Rate
    improvement: float | None
    improvement_ci95: tuple[float, float] | None
    copies_drawn: int  # summed over the games
    copies_played: int
    copies_at_end: int

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("drawn", "played", "not_drawn"):
            rate = data[key]
            rate["ci95"] = list(rate["ci95"]) if rate["ci95"] else None
        if self.improvement_ci95 is not None:
            data["improvement_ci95"] = list(self.improvement_ci95)
        return data

    def sort_value(self, key: str) -> Any:
        values = {
            "name": self.name,
            "drawn_games": self.drawn_games,
            "played_games": self.played.games,
            "drawn_rate": self.drawn.rate,
            "played_rate": self.played.rate,
            "not_drawn_rate": self.not_drawn.rate,
            "improvement": self.improvement,
        }
        return values[key]


@dataclass(slots=True)
class TallySums:
    """One deck's games summed for one card: what its figures are computed from, and what
    ``CardTally`` stores. Points are doubled scores (a win 2, a draw 1)."""

    games: int = 0
    drawn_games: int = 0
    drawn_points: int = 0
    not_drawn_points: int = 0
    played_games: int = 0
    played_points: int = 0
    copies_drawn: int = 0
    copies_played: int = 0
    copies_at_end: int = 0

    def add(self, points: int, row: list[int]) -> None:
        """One game in which the deck scored ``points`` with ``row`` of this card's tally."""
        self.games += 1
        self.copies_drawn += row[DRAWN]
        self.copies_played += row[PLAYED]
        self.copies_at_end += row[AT_END]
        if row[DRAWN]:
            self.drawn_games += 1
            self.drawn_points += points
        else:
            self.not_drawn_points += points
        if row[PLAYED]:
            self.played_games += 1
            self.played_points += points

    def merge(self, other: TallySums) -> None:
        for name in TALLY_FIELDS:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def figures(self, *, rank: int, name: str) -> CardFigures:
        drawn = Rate.of(self.drawn_points / 2, self.drawn_games)
        not_drawn = Rate.of(self.not_drawn_points / 2, self.games - self.drawn_games)
        difference, interval = improvement(drawn, not_drawn)
        return CardFigures(
            rank=rank,
            name=name,
            games=self.games,
            drawn_games=drawn.games,
            drawn=drawn,
            played=Rate.of(self.played_points / 2, self.played_games),
            not_drawn=not_drawn,
            improvement=difference,
            improvement_ci95=interval,
            copies_drawn=self.copies_drawn,
            copies_played=self.copies_played,
            copies_at_end=self.copies_at_end,
        )


TALLY_FIELDS = tuple(TallySums.__dataclass_fields__)


def game_points(winner: int | None, seat: int) -> int:
    """A seat's doubled score: 2 for a win, 1 for a draw, 0 for a loss."""
    return 1 if winner is None else 2 * int(winner == seat)


def sums_from_games(games: Iterable[tuple[Any, int, Mapping[str, list[int]]]]) -> dict:
    """``(key, points, tally)`` rows (``key``: a deck entry or version) → ``TallySums`` per
    (key, card name)."""
    sums: dict[tuple[Any, str], TallySums] = {}
    for key, points, tally in games:
        for name, row in tally.items():
            found = sums.get((key, name))
            if found is None:
                found = sums[(key, name)] = TallySums()
            found.add(points, row)
    return sums


def figures_from_games(
    games: Iterable[tuple[int, float, Mapping[str, list[int]]]],
) -> list[CardFigures]:
    """``(rank, the deck's score in the game, its tally)`` rows → figures per deck and card."""
    sums = sums_from_games((rank, round(score * 2), tally) for rank, score, tally in games)
    return [found.figures(rank=rank, name=name) for (rank, name), found in sorted(sums.items())]


def card_figures_deck(*, tournament: Tournament, results: Mapping[str, Any], asked: str) -> int:
    """Whose figures the page shows: the entry ``asked`` for when it is one; else the hero of
    a gauntlet or swap test (entry 0), or the deck on top of the standings."""
    labels = results["labels"]
    if asked.isdigit() and int(asked) in labels:
        return int(asked)
    if tournament.format in ("gauntlet", "swap") or not results["standings"]:
        return 0
    return int(results["standings"][0]["entry"])


def sorted_figures(figures: list[CardFigures], key: str) -> list[CardFigures]:
    """By ``key`` (``SORT_KEYS``; a leading ``-`` for descending), figures without a value last."""
    descending = key.startswith("-")
    key = key.lstrip("-")
    if key not in SORT_KEYS:
        key, descending = "drawn_games", True
    present = [f for f in figures if f.sort_value(key) is not None]
    missing = [f for f in figures if f.sort_value(key) is None]
    present.sort(key=lambda f: (f.sort_value(key), f.name), reverse=descending)
    return present + missing


CSV_COLUMNS = [
    "entry",
    "deck",
    "card",
    "games",
    "drawn_games",
    "drawn_rate",
    "drawn_ci95_low",
    "drawn_ci95_high",
    "played_games",
    "played_rate",
    "played_ci95_low",
    "played_ci95_high",
    "not_drawn_games",
    "not_drawn_rate",
    "not_drawn_ci95_low",
    "not_drawn_ci95_high",
    "improvement",
    "improvement_ci95_low",
    "improvement_ci95_high",
    "copies_drawn",
    "copies_played",
    "copies_at_end",
]


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.4f}"


def _cell(text: str) -> str:
    """A name as a spreadsheet reads it: never as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def card_figures_csv(figures: Iterable[CardFigures], labels: Mapping[int, str]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for f in figures:
        row: list[Any] = [f.rank, _cell(labels.get(f.rank, "")), _cell(f.name), f.games]
        row.append(f.drawn_games)
        for rate in (f.drawn, f.played, f.not_drawn):
            if rate is not f.drawn:
                row.append(rate.games)
            low, high = rate.ci95 or (None, None)
            row += [_number(rate.rate), _number(low), _number(high)]
        low, high = f.improvement_ci95 or (None, None)
        row += [_number(f.improvement), _number(low), _number(high)]
        row += [f.copies_drawn, f.copies_played, f.copies_at_end]
        writer.writerow(row)
    return out.getvalue()
