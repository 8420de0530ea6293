from pathlib import Path

from django.core.management.base import BaseCommand

from decks.precons import deck_file_text, precon_files

PRECON_DIR = Path(__file__).resolve().parents[3] / "content" / "precons"


class Command(BaseCommand):
    help = (
        "Write every preconstructed deck's deck file (what python -m komandor.play "
        "plays) to content/precons/<key>.json; files of precons no longer loaded are removed."
    )

    def add_arguments(self, parser):
        parser.add_argument("--out", type=Path, default=PRECON_DIR, help="Folder to write to.")

    def handle(self, *args, **options):
        out: Path = options["out"]
        out.mkdir(parents=True, exist_ok=True)
        files = precon_files()
        for stale in sorted(set(p.name for p in out.glob("*.json")) - files.keys()):
            (out / stale).unlink()
            self.stdout.write(f"removed {stale}")
        for name, data in files.items():
            (out / name).write_text(deck_file_text(data), encoding="utf-8")
        self.stdout.write(f"{len(files)} precon deck files in {out}")
