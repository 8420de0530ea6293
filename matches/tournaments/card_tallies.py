"""Card figures stored, not recomputed (issue 36).

Every batch adds its new games' tallies to ``CardTally`` — per tournament, deck version and
card, the sums the figures come from — in the transaction that records the batch
(``batches.batch_record``), so a tournament's figures are a read of a few rows however many
games it has, and a card's figures across public tournaments a sum over the rows of that
card. The addition is one ``INSERT … ON CONFLICT DO UPDATE`` that adds to what is there (both
databases have it), so batches of one tournament recorded at once never lose a game; its
rows go in one order, so two such statements wait for each other rather than deadlock.

Who sees what follows the decks' pages (``decks.selectors.version_visible``): a private deck
in a public tournament shows its name and results, never its cards, so its figures are left
out for everyone but its owner, and a card page (for everyone) counts only the precons' and
public decks' versions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db import connection
from django.db.models import Q, Sum

from decks.models import Visibility
from decks.selectors import version_visible
from matches.models import CardTally, Match, Tournament
from matches.tournaments.card_figures import (
    TALLY_FIELDS,
    CardFigures,
    TallySums,
    game_points,
    sums_from_games,
)
from matches.tournaments.selectors import tournament_entries

_CHUNK = 50  # rows per statement: 12 parameters each, well within SQLite's limit


def games_tallied(rows: Iterable[Match]) -> Iterable[tuple[int, int, dict]]:
    """``(deck version, points, tally)`` per seat of every game that carries a tally (a game
    ended by the per-game limit has none)."""
    for match in rows:
        tallies = (match.summary or {}).get("cards")
        if not tallies:
            continue
        for seat, version in ((0, match.seat0_id), (1, match.seat1_id)):
            yield version, game_points(match.winner_seat, seat), tallies[seat]


def card_tallies_add(*, tournament_id: int, rows: Sequence[Match]) -> None:
    """Add the games ``rows`` (new to the tournament) to its sums; in the caller's
    transaction."""
    sums = sorted(sums_from_games(games_tallied(rows)).items())
    table = CardTally._meta.db_table
    columns = ["tournament_id", "deck_version_id", "name", *TALLY_FIELDS]
    added = ", ".join(f"{field} = {table}.{field} + excluded.{field}" for field in TALLY_FIELDS)
    for start in range(0, len(sums), _CHUNK):
        chunk = sums[start : start + _CHUNK]
        values = ", ".join(["(" + ", ".join(["%s"] * len(columns)) + ")"] * len(chunk))
        parameters = [
            value
            for (version, name), found in chunk
            for value in (
                tournament_id,
                version,
                name,
                *(getattr(found, field) for field in TALLY_FIELDS),
            )
        ]
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {table} ({', '.join(columns)}) VALUES {values} "
                f"ON CONFLICT (tournament_id, deck_version_id, name) DO UPDATE SET {added}",
                parameters,
            )


def _sums(row: dict) -> TallySums:
    return TallySums(**{field: row[field] for field in TALLY_FIELDS})


def entry_cards_visible(*, tournament: Tournament, user=None) -> dict[int, bool]:
    """Per entry rank: whether ``user`` may see its deck version's cards."""
    return {
        entry.rank: version_visible(version=entry.deck_version, user=user)
        for entry in tournament_entries(tournament=tournament)
    }


def card_figures(*, tournament: Tournament, user=None) -> list[CardFigures]:
    """The tournament's card figures per entry and card, by entry rank then card name; the
    entries whose deck version ``user`` may not see are left out."""
    ranks = {
        entry.deck_version_id: entry.rank
        for entry in tournament_entries(tournament=tournament)
        if version_visible(version=entry.deck_version, user=user)
    }
    rows = CardTally.objects.filter(tournament=tournament, deck_version__in=list(ranks))
    figures = [
        _sums(row).figures(rank=ranks[row["deck_version"]], name=row["name"])
        for row in rows.values("deck_version", "name", *TALLY_FIELDS)
    ]
    return sorted(figures, key=lambda f: (f.rank, f.name))


# Deck versions everyone may see the cards of (``version_visible`` for a stranger).
SEEN_BY_ALL = Q(deck_version__deck__owner__isnull=True) | (
    Q(deck_version__deck__visibility=Visibility.PUBLIC)
    & ~Q(deck_version__visibility=Visibility.PRIVATE)
)


def card_public_figures(*, name: str) -> CardFigures | None:
    """The card's figures over every game of public tournaments, every deck that everyone may
    see and that played it pooled (the same bias as in a tournament, and more: decks differ)."""
    rows = CardTally.objects.filter(SEEN_BY_ALL, name=name, tournament__is_public=True)
    totals = rows.aggregate(**{field: Sum(field) for field in TALLY_FIELDS})
    if not totals["games"]:
        return None
    return _sums(totals).figures(rank=0, name=name)
