"""The catalogue at 50,000 cards, in process on PostgreSQL (not a test).

Times the card API uncached (``CATALOGUE_API_CACHE_SECONDS=0``, Django's test client, DEBUG
off, no throttles): the list's first and last page, stat filters (query language and
parameters), full-text and query-language searches; then the deck name index (a full build,
and the update after one card changed) and name suggestions for misspelt and partial names.
Each line gives p50 and p95 over ``--repeat`` requests after three warm-up requests.

    .venv/bin/python scripts/bench/catalogue_50k.py [--cards 50000] [--repeat 40]
        [--explain plans.txt]    # EXPLAIN (ANALYZE, BUFFERS) of each case's slowest query

Uses the database ``cardbase_50k`` (``BENCH_50K_DATABASE_URL``): created, migrated, given the
shipped content and filled with synthetic cards (``synthetic_catalogue.py``, seed 12) when it
holds fewer than ``--cards``, then ``VACUUM ANALYZE``d. Nothing else is touched.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]

from bench_database import database_ensure  # noqa: E402

DATABASE_URL = os.environ.get(
    "BENCH_50K_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/cardbase_50k"
)
CASES = {
    "card list, first page": "/api/cards/?page_size=50",
    "card list, last page": "/api/cards/?page_size=50&page=last",
    "card list, Komandor, by cost": "/api/cards/?game=komandor&ordering=cost",
    "stat filter, query language": "/api/cards/?q=speed%3E%3D6+weapon%3Aplasma",
    "stat filter, parameters": "/api/cards/?speed_min=6&weapon=plasma",
    "full text ?q=химера": "/api/cards/?q=%D1%85%D0%B8%D0%BC%D0%B5%D1%80%D0%B0",
    "full text, rare word ?q=бетельгейзе-7": "/api/cards/?q=%D0%B1%D0%B5%D1%82%D0%B5%D0%BB"
    "%D1%8C%D0%B3%D0%B5%D0%B9%D0%B7%D0%B5-7",
    "query language, combined": "/api/cards/?q=game%3Akomandor+type%3Aship+speed%3E%3D6"
    "+weapon%3Aplasma+%D0%A5%D0%B8%D0%BC%D0%B5%D1%80%D0%B0",
    "query language, OR and negation": "/api/cards/?q=%28type%3Atactical+OR+type%3Asituation%29"
    "+-rarity%3Acommon+cost%3C%3D2",
}


def configure() -> None:
    os.environ.update(
        DATABASE_URL=DATABASE_URL,
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        CATALOGUE_API_CACHE_SECONDS="0",
        THROTTLE_ANON="",
        THROTTLE_USER="",
        THROTTLE_PUBLIC_SEARCH="",
        LOG_LEVEL="ERROR",
    )
    os.environ.pop("REDIS_URL", None)
    database_ensure(DATABASE_URL)
    import django

    django.setup()


def prepare(cards: int) -> None:
    from django.core.management import call_command
    from django.db import connection
    from synthetic_catalogue import synthetic_catalogue_load

    from cardbase.models import Card, Game

    call_command("migrate", verbosity=0, interactive=False)
    if not Game.objects.filter(slug="komandor").exists():
        call_command("load_content", verbosity=0)
    started = time.perf_counter()
    written = synthetic_catalogue_load(count=cards)
    if written:
        print(f"wrote {written} synthetic cards in {time.perf_counter() - started:.1f} s")
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")  # fresh statistics, and a visibility map for counts
    print(f"database: {Card.all_objects.count()} cards")


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[max(0, round(0.95 * len(ordered)) - 1)]


def timed(call: Callable[[], object], repeat: int, warm: int = 3) -> tuple[float, float]:
    for _ in range(warm):
        call()
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        call()
        samples.append((time.perf_counter() - started) * 1000)
    return percentiles(samples)


def api_cases(repeat: int) -> dict[str, tuple[float, float]]:
    from django.test import Client

    client = Client()
    results = {}
    for name, url in CASES.items():

        def get(url: str = url) -> None:
            response = client.get(url)
            if response.status_code != 200:
                raise SystemExit(f"{url}: {response.status_code} {response.content[:300]!r}")

        results[name] = timed(get, repeat)
    return results


def explain(path: Path) -> None:
    """EXPLAIN (ANALYZE, BUFFERS) of the slowest SQL statement of each case."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    out = []
    for name, url in CASES.items():
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        worst = None
        for query in queries.captured_queries:
            sql = query["sql"]
            if not sql.lstrip().upper().startswith("SELECT"):
                continue
            with connection.cursor() as cursor:
                cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS) {sql}")
                plan = [row[0] for row in cursor.fetchall()]
            took = float(plan[-1].split(":")[1].split()[0])  # "Execution Time: 1.234 ms"
            if worst is None or took > worst[0]:
                worst = (took, sql, plan)
        if worst is not None:
            out += [f"## {name}: {url}", "", worst[1], "", *worst[2], "", ""]
    path.write_text("\n".join(out), encoding="utf-8")
    print(f"plans written to {path}")


def name_index_cases(repeat: int) -> dict[str, tuple[float, float]]:
    """The deck name index: built from nothing, brought up to date after one card changed,
    and the suggestions it offers for names not found."""
    import random

    from cardbase.models import Card
    from decks import selectors

    results = {}

    def full_build() -> None:
        selectors._index_cache.clear()
        selectors._komandor_index()

    results["name index, full build"] = timed(full_build, max(3, repeat // 8), warm=1)
    card = Card.objects.filter(key__startswith="synth-").order_by("id").first()
    original = card.name_ru

    def after_one_change() -> None:
        Card.objects.filter(pk=card.pk).update(name_ru=f"{original} (bench)")
        Card.objects.filter(pk=card.pk).update(name_ru=original)
        started = time.perf_counter()
        selectors._komandor_index()
        samples.append((time.perf_counter() - started) * 1000)

    samples: list[float] = []
    selectors._komandor_index()
    for _ in range(repeat):
        after_one_change()
    results["name index, after one card changed"] = percentiles(samples)

    index = selectors._komandor_index()
    rng = random.Random(7)
    names = list(Card.objects.filter(game__slug="komandor").values_list("name_ru", flat=True))
    typos = []
    for name in rng.sample(names, repeat):
        at = rng.randrange(len(name))
        typos.append(name[:at] + rng.choice("абвгдеклмнопрст") + name[at + 1 :])
    partials = [name.split("«")[-1].rstrip("»")[:6] for name in rng.sample(names, repeat)]
    for label, typed in (("misspelt", typos), ("partial", partials)):
        for word in typed[:3]:
            index.suggest(word)
        samples = []
        for word in typed:
            started = time.perf_counter()
            index.suggest(word)
            samples.append((time.perf_counter() - started) * 1000)
        results[f"suggestions, {label} name"] = percentiles(samples)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--cards", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--explain", type=Path, help="write the plans of the slowest queries")
    parser.add_argument("--only", choices=["api", "names"], help="run one half only")
    args = parser.parse_args()
    configure()
    prepare(args.cards)
    load_before = " / ".join(f"{value:.2f}" for value in os.getloadavg())
    results = {}
    if args.only != "names":
        results.update(api_cases(args.repeat))
    if args.only != "api":
        results.update(name_index_cases(args.repeat))
    load_after = " / ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"\n{args.repeat} runs each; load average before {load_before}, after {load_after}\n")
    print("| case | p50 ms | p95 ms |")
    print("| --- | ---: | ---: |")
    for name, (p50, p95) in results.items():
        print(f"| {name} | {p50:.1f} | {p95:.1f} |")
    if args.explain:
        explain(args.explain)


if __name__ == "__main__":
    main()
