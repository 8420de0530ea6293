from django.core.management.base import BaseCommand, CommandError

from content.loader import ContentError, content_load


class Command(BaseCommand):
    help = "Load the shipped catalogue data files (content/data) — idempotent."

    def handle(self, *args, **options):
        try:
            report = content_load()
        except ContentError as error:
            raise CommandError(
                "Content not loaded; nothing was changed:\n" + "\n".join(error.problems)
            ) from error
        self.stdout.write(report.summary())
        self.stdout.write("changed" if report.changed else "nothing changed")
