"""CPU per request of a tournament's page and a card's page as games pile up (issue 36): the
card figures are read from the stored sums (``matches/tournaments/card_tallies.py``), so both
should stay flat; beside them, what reading every game's tally (the pages before issue 36)
costs at the same size.

    .venv/bin/python scripts/bench/figures_pages.py [--games 0 2000 10000 20000] [--requests 15]

A throwaway SQLite site with the shipped content; a public round robin of two public precons
played for real (40 games, heuristic agents), then more games of it stored — copies of those
games' rows (results, tallies), added to the sums by the same ``card_tallies_add`` a batch
calls — up to each size. Each size: the median CPU (ms) of ``--requests`` anonymous GETs of the
tournament page and of a card page (a card of the first precon), through Django's test client
in this process (``time.process_time``: the whole request, template included, and SQLite,
which runs in the process); of the page's card figures alone (``card_figures``) and its
results (``tournament_results``: standings and pairings, an SQL aggregate over the games);
and of one pass over every game's tally, what the page did before.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[0, 2000, 10000, 20000])
    parser.add_argument("--requests", type=int, default=15)
    args = parser.parse_args()
    with throwaway_site("figures-bench-"):
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.test import Client

        from cardbase.models import Card
        from decks.models import Deck
        from matches.models import Entry, Match
        from matches.tournaments.card_figures import figures_from_games, game_points
        from matches.tournaments.card_tallies import card_figures, card_tallies_add
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
        print(
            "| games stored | tournament page | its card figures | its results (SQL"
            " aggregate) | card page | every tally read (before) |"
        )
        print("| ---: | ---: | ---: | ---: | ---: | ---: |")
        for wanted in sorted(args.games):
            if wanted > stored:
                copies = []
                for number in range(stored, wanted):
                    model = played[number % len(played)]
                    copy = Match(
                        **{
                            f.attname: getattr(model, f.attname)
                            for f in Match._meta.concrete_fields
                            if f.attname not in ("id", "game")
                        }
                    )
                    copy.game = 10_000 + number  # beyond the pairing's own games
                    copies.append(copy)
                for start in range(0, len(copies), 1000):
                    chunk = Match.objects.bulk_create(copies[start : start + 1000])
                    card_tallies_add(tournament_id=tournament.pk, rows=chunk)
                stored = wanted
            cpu = {
                name: _median_cpu(_page(client, url), args.requests) for name, url in pages.items()
            }
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
            print(
                f"| {max(stored, len(played)):,} | {cpu['tournament page']:.1f} | {figures:.1f} | "
                f"{results:.1f} | {cpu['card page']:.1f} | {recompute:.0f} |"
            )
        print(f"load average {Path('/proc/loadavg').read_text().split()[0]}")


if __name__ == "__main__":
    main()
