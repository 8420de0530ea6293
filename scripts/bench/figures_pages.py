"""CPU per request of a tournament's page and a card's page as games pile up (issue 36): the
card figures are read from the stored sums (``matches/tournaments/card_tallies.py``), the
standings, pairings and the list of games from the pairings' counters
(``matches/tournaments/pairing_results.py``), so both pages should stay flat. Beside them, in
the same run, the tournament page as it was before the counters (``--before``, on by default):
standings and pairings an SQL aggregate over every game, the list of games every game's row
counted and sorted, each row read whole; and what reading every game's tally (the card
figures before the sums) costs at the same size.

    .venv/bin/python scripts/bench/figures_pages.py [--games 40 2000 10000 20000] [--requests 15]

A throwaway SQLite site with the shipped content; a public round robin of two public precons
played for real (40 games, heuristic agents), then more rounds of its pairing stored (1,000
games each, as "run again with more games" adds) — copies of those games' rows (results,
tallies), added to the sums and counters by the same ``card_tallies_add`` and
``pairing_results_add`` a batch calls — up to each size. Each size:
the median CPU (ms) of ``--requests`` anonymous GETs of the tournament page (its first and its
last page of games) and of a card page (a card of the first precon), through Django's test
client in this process (``time.process_time``: the whole request, template included, and
SQLite, which runs in the process); of the page's card figures alone (``card_figures``) and
its results (``tournament_results``: standings and pairings); and of one pass over every
game's tally.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scripts.bench.throwaway_site import throwaway_site  # noqa: E402


def _median_cpu(call, requests: int) -> float:
    times = []
    for _ in range(requests):
        start = time.process_time()
        call()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def _page(client, url: str):
    def get() -> None:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)

    return get


def _pairing_figures_from_games(tournament):
    """The page's standings and pairings before the counters: an SQL aggregate over every
    game of the tournament (main before issue 36's hole 3 was closed)."""
    from django.db.models import Count, F, Q

    from matches.models import Match
    from matches.tournaments import selectors

    rows = (
        Match.objects.filter(tournament=tournament)
        .values(x=F("pairing__a__rank"), y=F("pairing__b__rank"))
        .annotate(
            x_wins=Count("id", filter=Q(winner_seat=F("a_seat"))),
            draws=Count("id", filter=Q(winner_seat__isnull=True)),
            games=Count("id"),
        )
    )
    return selectors.pairing_figures_of(
        {**row, "y_wins": row["games"] - row["x_wins"] - row["draws"]} for row in rows
    )


def _games_before(*, tournament, light: bool = False):
    """The list of games before the counters: every row counted, then sorted by pairing and
    game through a join, each row read whole with its decks."""
    return tournament.matches.select_related("seat0__deck", "seat1__deck").order_by(
        "pairing__round", "pairing__slot", "game"
    )


@contextmanager
def _before():
    """The tournament page's reads as they were before the pairings' counters."""
    from matches.tournaments import selectors

    kept = selectors.pairing_figures, selectors.TournamentGames
    selectors.pairing_figures = _pairing_figures_from_games
    selectors.TournamentGames = _games_before
    try:
        yield
    finally:
        selectors.pairing_figures, selectors.TournamentGames = kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[40, 2000, 10000, 20000])
    parser.add_argument("--requests", type=int, default=15)
    parser.add_argument(
        "--no-before", dest="before", action="store_false", help="skip the page as it was"
    )
    args = parser.parse_args()
    with throwaway_site("figures-bench-"):
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.test import Client

        from cardbase.models import Card
        from decks.models import Deck
        from matches.models import Entry, Match, Pairing, Tournament
        from matches.tournaments.card_figures import figures_from_games, game_points
        from matches.tournaments.card_tallies import card_figures, card_tallies_add
        from matches.tournaments.pairing_results import pairing_results_add
        from matches.tournaments.selectors import tournament_results
        from matches.tournaments.services import (
            TournamentRequest,
            tournament_create,
            tournament_play_inline,
        )

        settings.API_THROTTLE_RATES = {}
        settings.ALLOWED_HOSTS = ["testserver"]
        owner = get_user_model().objects.create_user("bench", password="bench-password-1")
        precons = list(Deck.objects.filter(is_preconstructed=True).order_by("precon_key")[:2])
        tournament = tournament_play_inline(
            tournament=tournament_create(
                owner=owner,
                request=TournamentRequest(
                    name="Bench",
                    format="round_robin",
                    versions=[d.versions.order_by("-number").first() for d in precons],
                    games_per_pairing=40,
                    agents="heuristic",
                    seed=1,
                    is_public=True,
                ),
                dispatch=False,
            )
        )
        played = list(Match.objects.filter(tournament=tournament))
        first = Pairing.objects.get(tournament=tournament)
        rounds = first.round
        held = precons[0].entries.values_list("card__name_ru", flat=True)
        card = Card.objects.filter(name_ru__in=list(held)).order_by("key").first()
        pages = {
            "tournament page": f"/tournaments/{tournament.pk}/",
            "card page": f"/games/komandor/cards/{card.key}/",
        }
        ranks = dict(
            Entry.objects.filter(tournament=tournament).values_list("deck_version", "rank")
        )
        client = Client()
        stored = len(played)
        print(f"load average {Path('/proc/loadavg').read_text().split()[0]}")
        before = " | page before | its last page before" if args.before else ""
        print(
            "| games stored | tournament page | its last page of games | its card figures"
            f" | its results (standings, pairings) | card page{before} | every tally read |"
        )
        print("| ---: " * (9 if args.before else 7) + "|")
        for wanted in sorted(args.games):
            while wanted > stored:
                # One more round of the same pairing, as "Run again with more games" adds
                # (at most 1,000 games a pairing), its games copies of the real ones.
                size = min(1000, wanted - stored)
                rounds += 1
                pairing = Pairing.objects.create(
                    tournament=tournament, round=rounds, slot=0, a=first.a, b=first.b, games=size
                )
                copies = []
                for game in range(size):
                    model = played[game % len(played)]
                    copy = Match(
                        **{
                            f.attname: getattr(model, f.attname)
                            for f in Match._meta.concrete_fields
                            if f.attname not in ("id", "pairing_id", "game")
                        }
                    )
                    copy.pairing, copy.game = pairing, game
                    copies.append(copy)
                chunk = Match.objects.bulk_create(copies)
                card_tallies_add(tournament_id=tournament.pk, rows=chunk)
                pairing_results_add(rows=chunk)
                stored += size
                Tournament.objects.filter(pk=tournament.pk).update(done=stored, total=stored)
            last = f"{pages['tournament page']}?page={math.ceil(max(stored, len(played)) / 50)}"
            cpu = {
                name: _median_cpu(_page(client, url), args.requests) for name, url in pages.items()
            }
            cpu["last page"] = _median_cpu(_page(client, last), args.requests)
            if args.before:
                with _before():
                    cpu["page before"] = _median_cpu(
                        _page(client, pages["tournament page"]), args.requests
                    )
                    cpu["last page before"] = _median_cpu(_page(client, last), args.requests)
            figures = _median_cpu(lambda: card_figures(tournament=tournament), args.requests)
            results = _median_cpu(lambda: tournament_results(tournament=tournament), args.requests)
            start = time.process_time()
            games = [
                (ranks[version], game_points(winner, seat) / 2, tallies[seat])
                for seat0, seat1, winner, summary in Match.objects.filter(
                    tournament=tournament
                ).values_list("seat0_id", "seat1_id", "winner_seat", "summary")
                for seat, version in ((0, seat0), (1, seat1))
                for tallies in [summary.get("cards")]
                if tallies
            ]
            figures_from_games(games)
            recompute = (time.process_time() - start) * 1000
            shown_before = (
                f" | {cpu['page before']:.1f} | {cpu['last page before']:.1f}"
                if args.before
                else ""
            )
            print(
                f"| {max(stored, len(played)):,} | {cpu['tournament page']:.1f} |"
                f" {cpu['last page']:.1f} | {figures:.1f} | {results:.1f} |"
                f" {cpu['card page']:.1f}{shown_before} | {recompute:.0f} |"
            )
        print(f"load average {Path('/proc/loadavg').read_text().split()[0]}")


if __name__ == "__main__":
    main()
