"""Run a swap test in this process: a deck against the field, as it is and with one card
swapped, on the same deals, until the sequential test can tell or the cap.

    manage.py swap_test --owner NAME --deck ID[:VERSION] --remove CARD_ID --add CARD_ID
        [--copies 1] [--field precons [public] [mine]] [--delta 0.1] [--max-games 400]
        [--block 2] [--seed 0] [--json verdict.json]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from cardbase.models import Card
from matches.lab import swap_tests
from matches.management.commands.run_tournament import _ref
from matches.tournaments import errors, selectors, services
from matches.words.labels import decision_label


class Command(BaseCommand):
    help = "Run a swap test (one card replaced by another) against a field, in this process."

    def add_arguments(self, parser):
        parser.add_argument("--owner", required=True, help="the user running it")
        parser.add_argument("--deck", required=True, metavar="ID[:VERSION]")
        parser.add_argument("--remove", type=int, required=True, help="card id to take out")
        parser.add_argument("--add", type=int, required=True, help="card id to put in")
        parser.add_argument("--copies", type=int, default=1)
        parser.add_argument(
            "--field", nargs="+", default=["precons"], choices=swap_tests.FIELD_GROUPS
        )
        parser.add_argument("--delta", type=float, default=0.1)
        parser.add_argument("--max-games", type=int, default=400)
        parser.add_argument("--block", type=int, default=2, help="seeds per opponent per round")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--json", type=Path, help="write the verdict here")

    def handle(self, *args, **options):
        owner = get_user_model().objects.filter(username=options["owner"]).first()
        if owner is None:
            raise CommandError(f"--owner: no user {options['owner']!r}")
        versions, problems = selectors.versions_of_refs(user=owner, refs=[_ref(options["deck"])])
        if problems:
            raise CommandError("--deck: " + "; ".join(problems))
        cards = {
            card.pk: card
            for card in Card.all_objects.filter(pk__in=[options["remove"], options["add"]])
        }
        for name in ("remove", "add"):
            if options[name] not in cards:
                raise CommandError(f"--{name}: no card {options[name]}")
        version = versions[0]
        try:
            tournament = swap_tests.swap_test_create(
                owner=owner,
                version=version,
                remove=cards[options["remove"]],
                add=cards[options["add"]],
                copies=options["copies"],
                field=swap_tests.field_versions(
                    user=owner, groups=options["field"], exclude=[version.deck_id]
                ),
                seed=options["seed"],
                options={
                    "delta": options["delta"],
                    "max_games": options["max_games"],
                    "block": options["block"],
                },
                dispatch=False,
            )
        except (errors.TournamentError, errors.LimitExceeded) as error:
            fields = getattr(error, "fields", {})
            detail = "; ".join(f"{k}: {' '.join(v)}" for k, v in fields.items())
            raise CommandError(detail or error.message) from error
        with tqdm(total=tournament.total, unit="game", file=sys.stderr) as bar:

            def advance(current):
                bar.update(current.done - bar.n)

            tournament = services.tournament_play_inline(tournament=tournament, on_batch=advance)
        verdict = swap_tests.swap_summary(tournament=tournament)
        assert verdict is not None  # the tournament is a swap test
        if options["json"]:
            body = {"tournament": tournament.pk, "name": tournament.name, **verdict}
            options["json"].write_text(json.dumps(body, ensure_ascii=False, indent=2), "utf-8")
        difference = verdict["difference"]
        interval = verdict["ci95"]
        self.stdout.write(
            f"{tournament.name}: {decision_label(verdict['verdict'])} "
            f"after {verdict['games']} games; "
            f"B − A = {'—' if difference is None else f'{100 * difference:+.1f}'} pp"
            + (f" [{100 * interval[0]:+.1f}, {100 * interval[1]:+.1f}]" if interval else "")
            + f"; tournament {tournament.pk}"
        )
