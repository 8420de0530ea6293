"""Run a tournament in this process with a progress bar; write its results as CSV and/or JSON.

    manage.py run_tournament --owner NAME --decks 3 7 12 [--format round_robin] [--games 10]
        [--agents standard [search:4]] [--seed 0] [--turn-cap 30] [--options '{"rounds": 3}']
        [--csv results.csv] [--json results.json]

``--decks`` takes deck ids (latest version) or ``ID:VERSION``. The games are played here, batch
by batch, exactly as the workers play them (same seeds, same results), and stored.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from komandor.agents.registry import DEFAULT_LEVEL
from komandor.rules import rules
from matches.api.views import pairings_csv
from matches.tournaments import errors, selectors, services
from matches.tournaments.formats import FORMATS


def _ref(text: str) -> tuple[int, int | None]:
    deck, _, version = text.partition(":")
    try:
        return int(deck), int(version) if version else None
    except ValueError as error:
        raise CommandError(f"--decks: {text!r} is not ID or ID:VERSION") from error


class Command(BaseCommand):
    help = "Run a tournament in this process, with a progress bar and CSV/JSON results."

    def add_arguments(self, parser):
        parser.add_argument("--owner", required=True, help="the organiser's username")
        parser.add_argument("--name", default="run_tournament")
        parser.add_argument("--decks", nargs="+", required=True, metavar="ID[:VERSION]")
        parser.add_argument("--format", default="round_robin", choices=FORMATS)
        parser.add_argument("--games", type=int, default=10, help="games per pairing (even)")
        parser.add_argument(
            "--agents",
            nargs="+",
            default=[DEFAULT_LEVEL],
            metavar="AGENT",
            help=(
                "a level (novice, standard, expert), random, heuristic, search or search:N; "
                "one for both sides, or deck A's and B's"
            ),
        )
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument(
            "--turn-cap", type=int, default=rules.DEFAULT_TURN_CAP, help="turns before a draw"
        )
        parser.add_argument("--options", default="{}", help="format options as JSON")
        parser.add_argument("--csv", type=Path, help="write per-pairing results here")
        parser.add_argument("--json", type=Path, help="write standings and pairings here")

    def handle(self, *args, **options):
        owner = get_user_model().objects.filter(username=options["owner"]).first()
        if owner is None:
            raise CommandError(f"--owner: no user {options['owner']!r}")
        try:
            format_options = json.loads(options["options"])
        except json.JSONDecodeError as error:
            raise CommandError(f"--options: not JSON: {error}") from error
        versions, problems = selectors.versions_of_refs(
            user=owner, refs=[_ref(text) for text in options["decks"]]
        )
        if problems:
            raise CommandError("--decks: " + "; ".join(problems))
        agents = options["agents"]
        try:
            tournament = services.tournament_create(
                owner=owner,
                request=services.TournamentRequest(
                    name=options["name"],
                    format=options["format"],
                    versions=versions,
                    games_per_pairing=options["games"],
                    agents=agents[0] if len(agents) == 1 else agents,
                    seed=options["seed"],
                    turn_cap=options["turn_cap"],
                    options=format_options if isinstance(format_options, dict) else {},
                ),
                dispatch=False,
            )
        except (errors.TournamentError, errors.LimitExceeded) as error:
            raise CommandError(error.message) from error
        with tqdm(total=tournament.total, unit="game", file=sys.stderr) as bar:

            def advance(current):
                bar.total = current.total
                bar.update(current.done - bar.n)

            tournament = services.tournament_play_inline(tournament=tournament, on_batch=advance)
            bar.update(tournament.done - bar.n)
        results = selectors.tournament_results(tournament=tournament)
        if options["csv"]:
            options["csv"].write_text(pairings_csv(results["pairings"]), encoding="utf-8")
        if options["json"]:
            body = {
                "tournament": tournament.pk,
                "standings": results["standings"],
                "pairings": results["pairings"],
            }
            options["json"].write_text(
                json.dumps(body, ensure_ascii=False, indent=2), encoding="utf-8"
            )
        for row in results["standings"]:
            self.stdout.write(
                f"{row['name']}: {row['wins']}-{row['losses']}-{row['draws']}, "
                f"rating {row['rating']} {row['rating_ci95']}"
            )
        self.stdout.write(
            f"tournament {tournament.pk}: {tournament.done} games, {tournament.status}"
        )
