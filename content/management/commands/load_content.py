from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from content.loader import DATA_DIR, ContentError, content_load


class Command(BaseCommand):
    help = "Load the shipped catalogue data files (content/data) — idempotent."

    def add_arguments(self, parser):
        parser.add_argument(
            "--data-dir", type=Path, default=DATA_DIR, help="Folder of the data files."
        )
        parser.add_argument(
            "--take-file",
            action="store_true",
            help="Where an editor changed a row since the last load and the file disagrees, "
            "take the file's side (by default the editor's row is kept and the conflict listed).",
        )

    def handle(self, *args, **options):
        try:
            report = content_load(data_dir=options["data_dir"], take_file=options["take_file"])
        except ContentError as error:
            raise CommandError(
                "Content not loaded; nothing was changed:\n" + "\n".join(error.problems)
            ) from error
        self.stdout.write(report.summary())
        self.stdout.write("changed" if report.changed else "nothing changed")
