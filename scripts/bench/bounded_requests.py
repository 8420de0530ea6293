"""CPU and answer size of the requests issue 18 bounded, measured in process.

    .venv/bin/python scripts/bench/bounded_requests.py

Makes a throwaway SQLite database in a temporary folder with the shipped content, then:
an anonymous ``/api/decks/validate/`` of a 40,000-line text (240 KB), A with the text bounds
lifted as before issue 18 and B as shipped, alternating, and of
the longest text still read (400 lines of unknown names, each a fuzzy search and a line of the
answer); the admin's card import preview of a CSV of 2,000 rows (the row bound) and of a
4.9 MB CSV (refused before any row is checked).
"""

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scripts.bench.throwaway_site import throwaway_site  # noqa: E402

HEADER = (
    "game,key,card_type,name_ru,cost,rarity,source_book,source_section,attributes.size,"
    "attributes.strength,attributes.critical,attributes.armor,attributes.speed,"
    "attributes.shield.type,attributes.shield.power,attributes.weapons.plasma.power"
)


def rows_csv(count: int, padding: int = 0) -> str:
    rows = [
        f"komandor,bench-{n},ship,Корабль {n},5,common,b,{'s' * padding},SK,8,5,3,6,C,3,5"
        for n in range(count)
    ]
    return "\n".join([HEADER, *rows]) + "\n"


def main() -> None:
    with throwaway_site("bounded-bench-"):
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.core.files.uploadedfile import SimpleUploadedFile
        from django.test import Client

        settings.API_THROTTLE_RATES = {}
        settings.ALLOWED_HOSTS = ["testserver"]
        client = Client()

        def measure(label: str, call) -> None:
            start = time.process_time()
            response = call()
            cpu = time.process_time() - start
            print(f"{label}: {response.status_code}, {cpu:.3f} s CPU, {len(response.content):,} B")

        def validate(text: str):
            return client.post(
                "/api/decks/validate/", {"text": text}, content_type="application/json"
            )

        validate("1 Прогрев")  # the name index, built once per process
        from decks import text_format

        bounds = (text_format.MAX_TEXT_LINES, text_format.MAX_LINE_LENGTH)
        for _ in range(3):  # A: the text bounds lifted (as before issue 18), B: as shipped
            text_format.MAX_TEXT_LINES = text_format.MAX_LINE_LENGTH = 10**9
            measure("A validate, 40,000 lines, unbounded", lambda: validate("1 Ы\n" * 40_000))
            text_format.MAX_TEXT_LINES, text_format.MAX_LINE_LENGTH = bounds
            measure("B validate, 40,000 lines", lambda: validate("1 Ы\n" * 40_000))
        measure("validate, 400 unknown names", lambda: validate("1 Нет такой карты\n" * 400))
        admin = Client()
        admin.force_login(get_user_model().objects.create_superuser("bench", password="b-1-pw"))

        def preview(text: str):
            upload = SimpleUploadedFile("cards.csv", text.encode())
            return admin.post(
                "/admin/cardbase/card/import/", {"file": upload, "file_format": "csv"}
            )

        measure("import preview, 2,000 rows", lambda: preview(rows_csv(2_000)))
        big = rows_csv(20_000, padding=170)
        print(f"(4.9 MB file: {len(big.encode()) / 1e6:.1f} MB)")
        measure("import preview, 4.9 MB CSV", lambda: preview(big))
        print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
