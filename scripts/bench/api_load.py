"""Load benchmark of the API under gunicorn and PostgreSQL (not a test).

Measures requests/s and p50/p95 latency at a fixed concurrency for: a trivial JSON view (the
ceiling of this stack on this machine), a 50-card list page, a full-text search, the query
language, a card detail and the deck validator (a 100-card deck in the text format) — all in
one run, so the ratio to the ceiling is meaningful.

    apt-get install -y wrk          # the load generator (C, cheap on CPU)
    .venv/bin/python scripts/bench/api_load.py [--connections 16] [--seconds 10] [--workers 3]

Uses the database ``BENCH_DATABASE_URL`` names (default ``cardbase_bench`` on the local
PostgreSQL; created and filled if missing:
the shipped content plus synthetic bench-only cards so a 50-card page is full). Nothing else
is touched; gunicorn is started and stopped by the script.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_database import database_analyze, database_ensure, database_name  # noqa: E402

PYTHON = sys.executable
DATABASE_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/cardbase_bench"
)
BENCH_CARDS = 1000

LUA_POST = """
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local body_file = io.open(%s, "rb")
wrk.body = body_file:read("*a")
body_file:close()
"""
LUA_DONE = """
done = function(summary, latency, requests)
  io.write(string.format("BENCH %d %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(95), summary.errors.status + summary.errors.connect
    + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
"""


def run(*args: str, env: dict[str, str]) -> str:
    return subprocess.run(
        args, cwd=ROOT, env=env, check=True, capture_output=True, text=True
    ).stdout


def prepare_database(env: dict[str, str]) -> None:
    """The database at ``env["DATABASE_URL"]`` (``BENCH_DATABASE_URL``): created if missing,
    migrated, given the shipped content and the bench cards."""
    database_ensure(env["DATABASE_URL"])
    run(PYTHON, "manage.py", "migrate", "--no-input", env=env)
    run(PYTHON, "manage.py", "load_content", env=env)
    code = f"""
from cardbase.models import Card, Game, search_text_of
game = Game.objects.get(slug="komandor")
have = Card.objects.filter(key__startswith="bench-").count()
cards = [
    Card(game=game, key=f"bench-{{n}}", name_ru=f"Тестовый крейсер {{n}}", card_type="ship",
         cost=1 + n % 12, source_book="benchmark", source_section="synthetic bench data",
         attributes={{"kind": "ship", "size": "SK", "ship_class": "крейсер", "strength": 8,
                     "critical": 5, "shield": {{"type": "C", "power": 3}}, "armor": 3,
                     "speed": 1 + n % 10, "weapons": {{"plasma": {{"power": 5}}}}}})
    for n in range(have, {BENCH_CARDS})
]
for card in cards:  # bulk_create skips save(), which derives search_text
    card.search_text = search_text_of(card)
Card.objects.bulk_create(cards)
print(Card.objects.count(), Card.objects.filter(game=game, name_ru__icontains="Химера").first().pk)
"""
    out = run(PYTHON, "manage.py", "shell", "-c", code, env=env).split()
    # Planner statistics for the rows just added: before autovacuum gets to them PostgreSQL
    # plans for an almost empty table (nested loops where hash joins belong).
    database_analyze(env["DATABASE_URL"])
    env["BENCH_CARD_ID"] = out[-1]
    print(
        f"database {database_name(env['DATABASE_URL'])}: {out[-2]} cards; detail card id {out[-1]}"
    )


def wait_for_port(port: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise SystemExit(f"gunicorn did not start on port {port}")


def lua_script(body: str | None) -> str:
    """A wrk script that reports p50/p95; with ``body`` it POSTs that JSON."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as lua:
        if body is not None:
            # Lua 5.1 strings know no \\u escapes, so the body travels in a file of its own.
            with tempfile.NamedTemporaryFile("wb", suffix=".json", delete=False) as payload:
                payload.write(body.encode())
            lua.write(LUA_POST % json.dumps(payload.name))
        lua.write(LUA_DONE)
    return lua.name


def validate_body() -> str:
    """100 cards: 25 synthetic bench cards × 4, and a Commander from the shipped content."""
    lines = ["Командор: Пират"] + [f"4 Тестовый крейсер {n}" for n in range(25)]
    return json.dumps({"text": "\n".join(lines)}, ensure_ascii=False)


def wrk(url: str, *, connections: int, seconds: int, script: str) -> dict[str, float]:
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "-s", script, url],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    match = re.search(r"BENCH (\d+) (\d+) (\d+) (\d+) (\d+)", out)
    if not match:
        raise SystemExit(f"could not read wrk output:\n{out}")
    requests, duration_us, p50_us, p95_us, errors = map(int, match.groups())
    return {
        "rps": requests / (duration_us / 1e6),
        "p50_ms": p50_us / 1000,
        "p95_ms": p95_us / 1000,
        "errors": errors,
    }


def _throttle_scopes() -> list[str]:
    """Every throttle scope the settings define; each is switched off by its variable."""
    sys.path.insert(0, str(ROOT))
    from config.settings.base import API_THROTTLE_RATES

    return list(API_THROTTLE_RATES)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        help="threads per worker; above 1 gunicorn runs gthread workers (with keep-alive)",
    )
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument(
        "--cache",
        choices=["redis", "off"],
        default="redis",
        help="the catalogue API response cache: in Redis as in production, or turned off",
    )
    args = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed: apt-get install -y wrk")

    env = {
        **os.environ,
        "DATABASE_URL": DATABASE_URL,
        "DEBUG": "0",
        "DB_CONN_MAX_AGE": "600",
        "LOG_LEVEL": "ERROR",
        # The debug settings, named (config.wsgi defaults to production), and no throttle:
        # the benchmark is one client asking as fast as it can on purpose.
        "DJANGO_SETTINGS_MODULE": "config.settings",
        **{f"THROTTLE_{scope.upper()}": "" for scope in _throttle_scopes()},
    }
    env.pop("REDIS_URL", None)
    if args.cache == "redis":
        env["REDIS_URL"] = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/2")
    else:
        env["CATALOGUE_API_CACHE_SECONDS"] = "0"
    prepare_database(env)
    load_before = " / ".join(f"{value:.2f}" for value in os.getloadavg())
    card_id = env["BENCH_CARD_ID"]
    endpoints = {
        "ceiling: /api/health/": "/api/health/",
        "card list, 50 per page": "/api/cards/?page_size=50",
        "search ?q=химера": "/api/cards/?q=%D1%85%D0%B8%D0%BC%D0%B5%D1%80%D0%B0",
        "query language": "/api/cards/?q=game%3Akomandor+type%3Aship+speed%3E%3D6+weapon%3Aplasma",
        "card detail": f"/api/cards/{card_id}/",
        "deck validate (POST, 100 cards)": "/api/decks/validate/",
    }
    bodies = {"deck validate (POST, 100 cards)": validate_body()}
    server = subprocess.Popen(
        [
            str(Path(PYTHON).with_name("gunicorn")),
            "config.wsgi:application",
            "--bind",
            f"127.0.0.1:{args.port}",
            "--workers",
            str(args.workers),
            *(
                ["--worker-class", "gthread", "--threads", str(args.threads)]
                if args.threads > 1
                else []
            ),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    results = {}
    try:
        wait_for_port(args.port)
        for name, path in endpoints.items():
            url = f"http://127.0.0.1:{args.port}{path}"
            body = bodies.get(name)
            check = ["curl", "-sf", "-o", "/dev/null", url]  # warm up, and fail on a non-2xx
            if body is not None:
                check += ["-H", "Content-Type: application/json", "--data-binary", body]
            subprocess.run(check, check=True)
            results[name] = wrk(
                url, connections=args.connections, seconds=args.seconds, script=lua_script(body)
            )
    finally:
        server.terminate()
        server.wait(timeout=20)
    ceiling = results["ceiling: /api/health/"]["rps"]
    workers = (
        f"{args.workers} gthread workers × {args.threads} threads"
        if args.threads > 1
        else f"{args.workers} sync workers"
    )
    load = " / ".join(f"{value:.2f}" for value in os.getloadavg())
    print(
        f"\ncatalogue cache {args.cache}; {args.connections} connections, {args.seconds}s each, "
        f"gunicorn {workers}, "
        f"PostgreSQL, DEBUG off; load average before the run {load_before}, after {load}\n"
    )
    print("| endpoint | req/s | p50 ms | p95 ms | of ceiling | errors |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, r in results.items():
        print(
            f"| {name} | {r['rps']:.0f} | {r['p50_ms']:.1f} | {r['p95_ms']:.1f} | "
            f"{r['rps'] / ceiling:.0%} | {r['errors']} |"
        )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
