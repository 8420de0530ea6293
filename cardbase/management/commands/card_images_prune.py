from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cardbase.image_keeping import orphans_remove


class Command(BaseCommand):
    help = (
        "Remove the card image files nothing needs any more: no card, no card's history and "
        "no open draft or proposal names them (cardbase/image_keeping.py). Files younger than "
        "--grace-hours are left alone: a photo is stored just before its proposal is saved."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--grace-hours",
            type=float,
            default=24.0,
            help="leave unneeded files younger than this alone (default 24)",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="list what would be removed; remove nothing"
        )

    def handle(self, *args, **options) -> None:
        grace = options["grace_hours"]
        if not grace >= 0:
            raise CommandError("--grace-hours must be a number of hours, 0 or more")
        pruned = orphans_remove(grace=timedelta(hours=grace), dry_run=options["dry_run"])
        for name in pruned.removed:
            self.stdout.write(name)
        verb = "would remove" if options["dry_run"] else "removed"
        self.stdout.write(
            f"{verb} {len(pruned.removed)} files; kept {pruned.needed} needed and "
            f"{pruned.kept_young} younger than {grace:g} h"
        )
