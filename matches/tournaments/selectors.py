"""Reads for matches and tournaments: who may see what, progress, pairing figures, standings."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from django.db.models import F, Prefetch, Q, QuerySet, Sum
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from decks.models import Deck, DeckVersion, Visibility
from decks.selectors import deck_versions, version_visible
from matches.models import Entry, Match, Pairing, Problem, Status, Tournament
from matches.tournaments.errors import lab_copy_message
from matches.tournaments.statistics import (
    bradley_terry,
    games_to_separate,
    is_separated,
    wilson_interval,
)


def tournaments_visible(*, user) -> QuerySet[Tournament]:
    """Public tournaments, and the user's own."""
    visible = Q(is_public=True)
    if getattr(user, "is_authenticated", False):
        visible |= Q(owner=user)
    return Tournament.objects.filter(visible).select_related("owner")


# A deck version's card lists: large JSON that no tournament page or list of games shows.
_CARD_LISTS = ("snapshot", "card_specs")

# A tournament's entries with their deck versions and decks, without the versions' card lists.
ENTRIES = Prefetch(
    "entries",
    queryset=Entry.objects.select_related("deck_version__deck").defer(
        *(f"deck_version__{field}" for field in _CARD_LISTS)
    ),
)


def with_entries(tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """``tournaments`` with their entries read in one more query (``ENTRIES``), which
    :func:`tournament_entries` then serves to every part of a page."""
    return tournaments.prefetch_related(ENTRIES)


def tournament_entries(*, tournament: Tournament) -> list[Entry]:
    """The entries by rank, with their deck versions and decks: the prefetched ones when the
    tournament was read :func:`with_entries`, else read now."""
    if "entries" in getattr(tournament, "_prefetched_objects_cache", {}):
        return list(tournament.entries.all())
    entries = ENTRIES.queryset
    assert entries is not None  # ENTRIES is built with its queryset
    return list(entries.filter(tournament=tournament))


def matches_visible(*, user) -> QuerySet[Match]:
    """Matches of visible tournaments, and the user's own single matches."""
    visible = Q(tournament__in=tournaments_visible(user=user))
    if getattr(user, "is_authenticated", False):
        visible |= Q(tournament__isnull=True, owner=user)
    return Match.objects.filter(visible).select_related("seat0__deck", "seat1__deck")


def enterable_decks(*, user) -> QuerySet[Deck]:
    """Decks a user may enter: their own, public ones and precons (owner-less); not the
    copies the lab made for its runs (``Deck.lab_copy``)."""
    return (
        Deck.objects.filter(Q(owner=user) | Q(visibility=Visibility.PUBLIC) | Q(owner__isnull=True))
        .filter(lab_copy=False)
        .select_related("owner")
        .order_by("name", "id")
    )


def latest_version(*, deck: Deck) -> DeckVersion | None:
    return deck.versions.order_by("-number").first()


def version_label(version: DeckVersion) -> str:
    """The deck's name in the page's language (a precon's English one) and the version."""
    return f"{version.deck.localised_name(get_language() or '')} v{version.number}"


def tournament_problem(*, tournament: Tournament) -> dict[str, str] | None:
    """Why a running tournament is not progressing (``code``, ``message`` in the request's
    language, ``detail`` as the failure said it), or None."""
    if tournament.status != Status.RUNNING or not tournament.problem:
        return None
    try:
        message = str(Problem(tournament.problem).label)
    except ValueError:
        message = tournament.problem
    return {"code": tournament.problem, "message": message, "detail": tournament.problem_detail}


def progress(*, tournament: Tournament) -> dict[str, Any]:
    """``done``/``total``, the share done and, while running and progressing, an estimate of
    the seconds left at the rate so far; ``problem`` says why it is not progressing."""
    total = max(tournament.total, 1)
    eta = None
    problem = tournament_problem(tournament=tournament)
    if tournament.status == Status.RUNNING and tournament.done and problem is None:
        elapsed = (timezone.now() - tournament.created_at).total_seconds()
        eta = round(elapsed / tournament.done * (tournament.total - tournament.done))
    return {
        "done": tournament.done,
        "total": tournament.total,
        "percent": round(100 * tournament.done / total),
        "eta_seconds": eta,
        "problem": problem,
    }


@dataclass(frozen=True, slots=True)
class PairingFigures:
    """Deck ``a`` (the lower rank) against deck ``b`` over all their games, from ``a``'s side."""

    a: int
    b: int
    a_wins: int
    b_wins: int
    draws: int
    games: int
    win_rate: float  # (a's wins + draws / 2) / games
    ci95: tuple[float, float]
    separated: bool
    games_needed: int | None

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["ci95"] = list(self.ci95)
        return data


def pairing_figures(*, tournament: Tournament) -> list[PairingFigures]:
    """Per pair of entries, their games so far: a sum over the pairings' stored counters
    (``pairing_results.py``), one row per pairing, never a read of the games."""
    rows = (
        Pairing.objects.filter(tournament=tournament)
        .order_by()
        .values(x=F("a__rank"), y=F("b__rank"))
        .annotate(x_wins=Sum("a_wins"), y_wins=Sum("b_wins"), draws=Sum("draws"))
    )
    return pairing_figures_of(rows)


def pairing_figures_of(rows: Iterable[Mapping[str, Any]]) -> list[PairingFigures]:
    """Figures per pair of entries from rows of one seat order each (``x``, ``y`` the entries'
    ranks, ``x_wins``, ``y_wins``, ``draws``), folded over both seat orders."""
    totals: dict[tuple[int, int], list[int]] = {}
    for row in rows:
        x, y, x_wins, y_wins = row["x"], row["y"], row["x_wins"], row["y_wins"]
        if not x_wins + y_wins + row["draws"]:
            continue  # a pairing with no game stored yet
        key, wins = ((x, y), (x_wins, y_wins)) if x < y else ((y, x), (y_wins, x_wins))
        counts = totals.setdefault(key, [0, 0, 0])
        counts[0] += wins[0]
        counts[1] += wins[1]
        counts[2] += row["draws"]
    figures = []
    for (a, b), (a_wins, b_wins, draws) in sorted(totals.items()):
        games = a_wins + b_wins + draws
        score = a_wins + draws / 2
        figures.append(
            PairingFigures(
                a=a,
                b=b,
                a_wins=a_wins,
                b_wins=b_wins,
                draws=draws,
                games=games,
                win_rate=score / games,
                ci95=wilson_interval(score, games),
                separated=is_separated(score, games),
                games_needed=games_to_separate(score, games),
            )
        )
    return figures


def standings(
    *, tournament: Tournament, figures: list[PairingFigures] | None = None
) -> list[dict[str, Any]]:
    """Entries by Bradley–Terry rating fitted to all games, with W/L/D and the 95 % interval:
    ``rank`` is the standing (1 = first), ``entry`` the entry number (0 = first listed)."""
    entries = tournament_entries(tournament=tournament)
    figures = pairing_figures(tournament=tournament) if figures is None else figures
    ratings = bradley_terry(
        len(entries), [(f.a, f.b, f.a_wins, f.b_wins, f.draws) for f in figures]
    )
    rows: list[dict[str, Any]] = []
    for entry, rating in zip(entries, ratings, strict=True):
        wins = sum(f.a_wins for f in figures if f.a == entry.rank) + sum(
            f.b_wins for f in figures if f.b == entry.rank
        )
        losses = sum(f.b_wins for f in figures if f.a == entry.rank) + sum(
            f.a_wins for f in figures if f.b == entry.rank
        )
        draws = sum(f.draws for f in figures if entry.rank in (f.a, f.b))
        games = wins + losses + draws
        rows.append(
            {
                "rank": 0,  # the standing, set below
                "entry": entry.rank,
                "deck": entry.deck_version.deck_id,
                "version": entry.deck_version.number,
                "name": version_label(entry.deck_version),
                "games": games,
                "wins": wins,
                "losses": losses,
                "draws": draws,
                "score": (wins + draws / 2) / games if games else None,
                "rating": round(rating.elo, 1) if games else None,
                "rating_ci95": [round(rating.elo_low, 1), round(rating.elo_high, 1)]
                if games
                else None,
            }
        )
    rows.sort(key=lambda row: (-(row["rating"] or float("-inf")), row["entry"]))
    for standing, row in enumerate(rows, start=1):
        row["rank"] = standing
    return rows


class TournamentGames:
    """A tournament's stored games in the order they were planned (pairing by pairing, each
    pairing's games by number), for a ``Paginator``. Pairings are created round by round and,
    within a round, slot by slot, so their ids run in (round, slot) order. The count and the
    pairing a slice starts in come from the pairings' counters (``pairing_results.py``: one row
    per pairing); the slice is read along the games' unique index from there. In a pairing
    with all its games stored, game ``k`` is its ``k``-th, so the read starts at it; in one
    still being played it steps over at most that pairing's games. A page costs the same
    however many games are stored, the last as the first.

    ``light``: only what the page's list shows (no tallies or actions), the seats' deck
    versions taken from the entries."""

    ordered = True  # for ``Paginator``'s check

    def __init__(self, *, tournament: Tournament, light: bool = False) -> None:
        self.tournament = tournament
        self.light = light
        self._pairings: list[tuple[int, int, int]] | None = None

    def pairings(self) -> list[tuple[int, int, int]]:
        """``(pairing id, games stored, games planned)`` in id order."""
        if self._pairings is None:
            self._pairings = [
                (pk, a_wins + b_wins + draws, planned)
                for pk, a_wins, b_wins, draws, planned in Pairing.objects.filter(
                    tournament=self.tournament
                )
                .order_by("pk")
                .values_list("pk", "a_wins", "b_wins", "draws", "games")
            ]
        return self._pairings

    def count(self) -> int:
        return sum(stored for _, stored, _ in self.pairings())

    def __len__(self) -> int:
        return self.count()

    def _rows(self) -> QuerySet[Match]:
        rows = Match.objects.filter(tournament=self.tournament).order_by("pairing_id", "game")
        if self.light:
            return rows.only("pk", "seat0", "seat1", "winner_seat", "termination", "turns")
        return rows.select_related("seat0__deck", "seat1__deck").defer(
            *(f"{seat}__{field}" for seat in ("seat0", "seat1") for field in _CARD_LISTS)
        )

    def _start(self, start: int) -> tuple[tuple[int, int, int], int] | None:
        """The pairing the ``start``-th game is in, and how many of its games come before."""
        before = 0
        for pairing in self.pairings():
            if before + pairing[1] > start:
                return pairing, start - before
            before += pairing[1]
        return None

    def __getitem__(self, index: slice) -> list[Match]:
        if not isinstance(index, slice) or index.step is not None:
            raise TypeError("TournamentGames takes slices only")
        start, stop = index.start or 0, index.stop if index.stop is not None else self.count()
        wanted = stop - start
        if wanted <= 0:
            return []
        found = self._start(start)
        if found is None:
            return []
        (pairing_id, stored, planned), skip = found
        rows = self._rows()
        if stored == planned:  # games 0 … planned − 1, all stored: the skip-th is game skip
            games = list(rows.filter(pairing_id=pairing_id, game__gte=skip)[:wanted])
        else:
            games = list(rows.filter(pairing_id=pairing_id)[skip : skip + wanted])
        if len(games) < wanted:
            games += rows.filter(pairing_id__gt=pairing_id)[: wanted - len(games)]
        if self.light:
            self._seats_attach(games)
        return games

    def _seats_attach(self, games: list[Match]) -> None:
        """The seats' deck versions (with their decks) from the entries: one read, not a join
        per game."""
        versions = {
            entry.deck_version_id: entry.deck_version
            for entry in tournament_entries(tournament=self.tournament)
        }
        missing = {g.seat0_id for g in games} | {g.seat1_id for g in games}
        missing -= set(versions)
        if missing:  # not an entry's version: never written so, read all the same
            versions.update(
                (v.pk, v)
                for v in DeckVersion.objects.filter(pk__in=missing)
                .select_related("deck")
                .defer(*_CARD_LISTS)
            )
        for game in games:
            game.seat0 = versions[game.seat0_id]
            game.seat1 = versions[game.seat1_id]


def entry_labels(*, tournament: Tournament) -> dict[int, str]:
    return {
        entry.rank: version_label(entry.deck_version)
        for entry in tournament_entries(tournament=tournament)
    }


def tournament_results(*, tournament: Tournament) -> dict[str, Any]:
    """Everything the result page, the API and the exports show."""
    figures = pairing_figures(tournament=tournament)
    labels = entry_labels(tournament=tournament)
    return {
        "standings": standings(tournament=tournament, figures=figures),
        "pairings": [
            {**f.to_dict(), "a_name": labels[f.a], "b_name": labels[f.b]} for f in figures
        ],
        "labels": labels,
    }


def versions_of_refs(
    *, user, refs: list[tuple[int, int | None]]
) -> tuple[list[DeckVersion], list[str]]:
    """Deck versions for ``(deck id, version number or None = latest)``; problems for refs
    naming no deck the user may enter (a private deck of another user looks absent; his copy
    made by the deck lab says so)."""
    decks = {
        deck.pk: deck for deck in enterable_decks(user=user).filter(pk__in={d for d, _ in refs})
    }
    lab_copies = set(
        Deck.objects.filter(
            owner_id=getattr(user, "pk", None), lab_copy=True, pk__in={d for d, _ in refs}
        ).values_list("pk", flat=True)
    )
    versions, problems = [], []
    for deck_id, number in refs:
        deck = decks.get(deck_id)
        version = None
        if deck is not None:
            # Only the versions the deck's pages show this user: another player's version
            # saved while their deck was private looks absent, like a private deck.
            chosen = deck_versions(deck=deck, user=user).select_related("deck")
            version = (
                chosen.filter(number=number).first()
                if number
                else chosen.order_by("-number").first()
            )
        if deck_id in lab_copies:  # his, but the lab's: say what to do instead
            problems.append(lab_copy_message())
        elif version is None:
            problems.append(
                _("No version %(version)s of deck %(deck)s that you may enter.")
                % {"deck": deck_id, "version": number}
                if number
                else _("No deck %(deck)s that you may enter.") % {"deck": deck_id}
            )
        else:
            versions.append(version)
    return versions, problems


def match_cards_visible(*, match: Match, user) -> bool:
    """Whether ``user`` may see the cards of both decks of ``match`` (its replay and log):
    a tournament being public does not make a private deck's cards public."""
    return all(version_visible(version=v, user=user) for v in (match.seat0, match.seat1))
