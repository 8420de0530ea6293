"""The deck doctor on each precon: a copy of the precon (the doctor changes only a player's
own deck) against the other precons, the whole pool, the budget given; prints a Markdown
table of the suggestions, their confirmed differences, the games and the wall time.

    DATABASE_URL=sqlite:////tmp/doctor.sqlite3 .venv/bin/python manage.py migrate
    DATABASE_URL=sqlite:////tmp/doctor.sqlite3 .venv/bin/python manage.py load_content
    DATABASE_URL=sqlite:////tmp/doctor.sqlite3 .venv/bin/python scripts/bench/doctor_precons.py \\
        --budget 600 --delta 0.2

Games are played in this process, one after another (``tournament_play_inline``: the same
batches the workers play), so the wall time is one core's.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from decks.models import Deck  # noqa: E402
from decks.services import deck_clone  # noqa: E402
from matches.lab.doctor import doctor_create, doctor_report  # noqa: E402
from matches.tournaments.services import tournament_play_inline  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=600)
    parser.add_argument("--delta", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="", help="a precon key: that one alone")
    args = parser.parse_args()
    user, _ = get_user_model().objects.get_or_create(username="doctor-bench")
    user.set_unusable_password()
    user.save()
    precons = Deck.objects.filter(is_preconstructed=True).order_by("name")
    if args.only:
        precons = precons.filter(precon_key=args.only)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print()
    print(
        "| precon | candidates | suggestions (confirmed, paired 95 %) | decision | games | wall s |"
    )
    print("| --- | ---: | --- | --- | ---: | ---: |")
    total = 0.0
    for precon in precons:
        deck = deck_clone(deck=precon, owner=user)
        start = time.monotonic()
        run = doctor_create(
            owner=user,
            deck=deck,
            budget_games=args.budget,
            delta=args.delta,
            seed=args.seed,
            dispatch=False,
        )
        run = tournament_play_inline(tournament=run)
        wall = time.monotonic() - start
        total += wall
        report = doctor_report(tournament=run)
        found = (
            "; ".join(
                f"{s['text']}: {100 * s['difference']:+.1f} [{100 * s['ci95'][0]:+.1f}, "
                f"{100 * s['ci95'][1]:+.1f}]"
                for s in report["suggestions"]
            )
            or "—"
        )
        print(
            f"| {precon.name} | {run.options['candidates']} | {found} | {report['decision']} "
            f"| {report['games']} | {wall:.0f} |",
            flush=True,
        )
    print()
    print(
        f"{total:.0f} s in all; load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )


if __name__ == "__main__":
    main()
