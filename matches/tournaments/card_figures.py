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
from matches.models import Entry, Match, Tournament
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


class _Counter:
    __slots__ = ("at_end", "copies", "drawn", "games", "not_drawn", "played", "played_copies")

    def __init__(self) -> None:
        self.games = 0
        self.drawn = [0, 0.0]  # games, score
        self.played = [0, 0.0]
        self.not_drawn = [0, 0.0]
        self.copies = 0
        self.played_copies = 0
        self.at_end = 0


def figures_from_games(
    games: Iterable[tuple[int, float, Mapping[str, list[int]]]],
) -> list[CardFigures]:
    """``(rank, the deck's score in the game, its tally)`` rows → figures per deck and card."""
    counters: dict[tuple[int, str], _Counter] = {}
    for rank, score, tally in games:
        for name, row in tally.items():
            counter = counters.get((rank, name))
            if counter is None:
                counter = counters[(rank, name)] = _Counter()
            counter.games += 1
            counter.copies += row[DRAWN]
            counter.played_copies += row[PLAYED]
            counter.at_end += row[AT_END]
            bucket = counter.drawn if row[DRAWN] else counter.not_drawn
            bucket[0] += 1
            bucket[1] += score
            if row[PLAYED]:
                counter.played[0] += 1
                counter.played[1] += score
    figures = []
    for (rank, name), c in sorted(counters.items()):
        drawn = Rate.of(c.drawn[1], int(c.drawn[0]))
        not_drawn = Rate.of(c.not_drawn[1], int(c.not_drawn[0]))
        difference, interval = improvement(drawn, not_drawn)
        figures.append(
            CardFigures(
                rank=rank,
                name=name,
                games=c.games,
                drawn_games=drawn.games,
                drawn=drawn,
                played=Rate.of(c.played[1], int(c.played[0])),
                not_drawn=not_drawn,
                improvement=difference,
                improvement_ci95=interval,
                copies_drawn=c.copies,
                copies_played=c.played_copies,
                copies_at_end=c.at_end,
            )
        )
    return figures


def tournament_card_games(
    *, tournaments: Iterable[Tournament] | Any, matches: Any = None
) -> Iterable[tuple[int, int, float, Mapping[str, list[int]]]]:
    """``(tournament id, deck version id, score, tally)`` per seat of every game with a tally
    (of ``matches`` when given, a query of the tournaments' games)."""
    if matches is None:
        matches = Match.objects.filter(tournament__in=tournaments)
    rows = matches.values_list(
        "tournament_id", "seat0_id", "seat1_id", "winner_seat", "summary__cards"
    )
    for tournament_id, seat0, seat1, winner, tallies in rows.iterator(chunk_size=500):
        if not tallies:
            continue
        for seat, version in ((0, seat0), (1, seat1)):
            score = 0.5 if winner is None else float(winner == seat)
            yield tournament_id, version, score, tallies[seat]


def card_figures(*, tournament: Tournament) -> list[CardFigures]:
    """Every entry's card figures in this tournament, by entry rank then card name."""
    ranks = dict(Entry.objects.filter(tournament=tournament).values_list("deck_version_id", "rank"))
    return figures_from_games(
        (ranks[version], score, tally)
        for _, version, score, tally in tournament_card_games(tournaments=[tournament])
    )


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
