"""Games between two people, live: how long from one seat's action to the other seat's screen,
and how many WebSocket connections one server process holds.

    .venv/bin/python scripts/bench/friend_live.py [--moves 150] [--spectators 250,500,1000]

A throwaway site (SQLite, the shipped content, ``throwaway_site``; or PostgreSQL with
``--postgres URL``) served by one daphne process (``config.asgi``, as ``scripts/run.sh``
serves it); the channel layer is Redis when ``REDIS_URL`` is set, else the in-memory one.
Two players' real WebSocket clients:

* **action → other seat**: the mover posts his option by HTTP; the time until the other
  seat's socket receives the new state (*push*), and until the other seat has also fetched
  the page's parts as ``friends.js`` does on that message (*screen*). p50/p95 over the moves.
* **connections per process**: N spectator sockets opened on one game (one client process),
  then a move: the server's resident memory, and the time until every socket got the move.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests
import websockets

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts" / "bench"))

from throwaway_site import throwaway_site  # noqa: E402


@contextlib.contextmanager
def site(postgres: str | None):
    """The throwaway SQLite site, or the database ``postgres`` names made afresh (dropped and
    created, migrated, the shipped content loaded); yields a folder for the logs."""
    if not postgres:
        with throwaway_site("friend-bench-") as folder:
            yield folder
        return
    import psycopg

    server, name = postgres.rsplit("/", 1)
    with psycopg.connect(f"{server}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')
    os.environ.update(DJANGO_SETTINGS_MODULE="config.settings", DATABASE_URL=postgres)
    for command in (["migrate", "--no-input"], ["load_content"]):
        subprocess.run(
            [sys.executable, "manage.py", *command], cwd=ROOT, check=True, stdout=subprocess.DEVNULL
        )
    import django

    django.setup()
    with tempfile.TemporaryDirectory(prefix="friend-bench-") as folder:
        yield Path(folder)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def setup_game() -> tuple[int, dict[str, str]]:
    """A table of two precons, joined by players a and b; the session cookies of a, b and c
    (a spectator)."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from decks.models import Deck
    from matches.friends.services import friend_game_create, friend_game_join

    users = {name: get_user_model().objects.get_or_create(username=name)[0] for name in "abc"}
    decks = list(Deck.objects.filter(is_preconstructed=True).order_by("pk")[:2])
    versions = [deck.versions.order_by("-number").first() for deck in decks]
    game = friend_game_create(creator=users["a"], deck=versions[0], seat=0)
    game = friend_game_join(user=users["b"], token=game.invite_token, deck=versions[1])
    sessions = {}
    for name, user in users.items():
        client = Client()
        client.force_login(user)
        sessions[name] = client.cookies["sessionid"].value
    return game.pk, sessions


class Seat:
    def __init__(self, base: str, game_id: int, session: str) -> None:
        self.base, self.game_id, self.session = base, game_id, session
        self.http = requests.Session()
        self.http.cookies.update({"sessionid": session, "csrftoken": "x" * 32})
        self.http.headers["X-CSRFToken"] = "x" * 32
        self.latest: dict = {}
        self.changed = asyncio.Event()

    async def listen(self) -> None:
        url = self.base.replace("http", "ws") + f"/ws/friend-games/{self.game_id}/"
        headers = {"Cookie": f"sessionid={self.session}"}
        async with websockets.connect(url, origin=self.base, additional_headers=headers) as ws:
            async for raw in ws:
                self.latest = json.loads(raw)["game"]
                self.changed.set()

    async def at_least(self, version: int) -> dict:
        while self.latest.get("version", -1) < version:
            self.changed.clear()
            await self.changed.wait()
        return self.latest


async def measure_moves(base: str, game_id: int, sessions: dict, moves: int) -> dict:
    seats = [Seat(base, game_id, sessions["a"]), Seat(base, game_id, sessions["b"])]
    listeners = [asyncio.create_task(seat.listen()) for seat in seats]
    rng = random.Random(33)
    version = 0
    push, screen = [], []
    for _ in range(moves):
        views = [await seat.at_least(version) for seat in seats]
        if views[0]["status"] != "in_progress":
            break
        mover = views[0]["to_move"]
        view = await seats[mover].at_least(version)
        while not view.get("decision") or view["version"] != version:
            view = await seats[mover].at_least(version)
            await asyncio.sleep(0.01)
        key = rng.choice(view["decision"]["options"])["key"]
        other = seats[1 - mover]
        start = time.perf_counter()
        answer = await asyncio.to_thread(
            seats[mover].http.post,
            f"{base}/api/friend-games/{game_id}/actions/",
            json={"key": key, "version": version},
            timeout=60,
        )
        answer.raise_for_status()
        version = answer.json()["version"]
        await other.at_least(version)
        push.append(time.perf_counter() - start)
        parts = await asyncio.to_thread(
            other.http.get, f"{base}/play/friends/{game_id}/parts/", timeout=60
        )
        parts.raise_for_status()
        screen.append(time.perf_counter() - start)
    for task in listeners:
        task.cancel()
    return {"moves": len(push), "push": push, "screen": screen}


async def measure_connections(base: str, game_id: int, sessions: dict, count: int, pid: int):
    """``count`` spectator sockets, then one move: memory and the fan-out time."""
    url = base.replace("http", "ws") + f"/ws/friend-games/{game_id}/"
    headers = {"Cookie": f"sessionid={sessions['c']}"}
    before = rss_mb(pid)
    sockets = []
    for _ in range(count):
        ws = await websockets.connect(url, origin=base, additional_headers=headers)
        json.loads(await ws.recv())  # the whole state on opening
        sockets.append(ws)
    held = rss_mb(pid)
    seat = Seat(base, game_id, sessions["a"])
    view = seat.http.get(f"{base}/api/friend-games/{game_id}/", timeout=60).json()
    mover = Seat(base, game_id, sessions["a" if view["to_move"] == 0 else "b"])
    detail = mover.http.get(f"{base}/api/friend-games/{game_id}/", timeout=60).json()
    key = detail["decision"]["options"][0]["key"]

    async def told(ws) -> float:
        while True:
            message = json.loads(await ws.recv())
            if message["game"]["version"] > detail["version"]:
                return time.perf_counter()

    waits = [asyncio.create_task(told(ws)) for ws in sockets]
    start = time.perf_counter()
    answer = await asyncio.to_thread(
        mover.http.post,
        f"{base}/api/friend-games/{game_id}/actions/",
        json={"key": key, "version": detail["version"]},
        timeout=60,
    )
    answer.raise_for_status()
    arrivals = [t - start for t in await asyncio.gather(*waits)]
    for ws in sockets:
        await ws.close()
    return {
        "sockets": count,
        "rss_before_mb": round(before, 1),
        "rss_held_mb": round(held, 1),
        "kb_per_socket": round((held - before) * 1024 / count, 1),
        "fanout_p50_s": round(percentile(arrivals, 0.5), 3),
        "fanout_max_s": round(max(arrivals), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--spectators", default="250,500,1000")
    parser.add_argument(
        "--postgres",
        help="a PostgreSQL URL whose database this bench may drop and create (else SQLite)",
    )
    args = parser.parse_args()
    layer = "redis" if os.environ.get("REDIS_URL") else "in-memory"
    redis_url = os.environ.get("REDIS_URL", "")
    with site(args.postgres) as folder:
        os.environ["REDIS_URL"] = redis_url
        game_id, sessions = setup_game()
        second_id, second_sessions = setup_game()
        port = free_port()
        env = {**os.environ, "THROTTLE_USER": "", "THROTTLE_GAME_ACTION": ""}
        log = open(folder / "daphne.log", "w")  # noqa: SIM115
        server = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-p", str(port), "config.asgi:application"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    requests.get(f"{base}/api/health/", timeout=5)
                    break
                except requests.RequestException:
                    time.sleep(0.3)
            if args.moves:
                moves = asyncio.run(measure_moves(base, game_id, sessions, args.moves))
                print(json.dumps(summary(moves, layer)), flush=True)
            fanout = []
            for n in args.spectators.split(","):
                try:
                    fanout.append(
                        asyncio.run(
                            measure_connections(
                                base, second_id, second_sessions, int(n), server.pid
                            )
                        )
                    )
                except Exception as error:  # the server gave up: say how, keep the rest
                    fanout.append({"sockets": int(n), "failed": repr(error)})
                print(json.dumps(fanout[-1]), flush=True)
        finally:
            server.terminate()
            server.wait(timeout=20)
            log.close()
            problems = (folder / "daphne.log").read_text()[-3000:]
            if problems.strip():
                print("daphne's log ends:\n" + problems)
    print(json.dumps({"load_average": os.getloadavg()}))


def summary(moves: dict, layer: str) -> dict:
    return {
        "layer": layer,
        "moves": moves["moves"],
        "push_p50_ms": round(statistics.median(moves["push"]) * 1000, 1),
        "push_p95_ms": round(percentile(moves["push"], 0.95) * 1000, 1),
        "screen_p50_ms": round(statistics.median(moves["screen"]) * 1000, 1),
        "screen_p95_ms": round(percentile(moves["screen"], 0.95) * 1000, 1),
        "load_average": os.getloadavg(),
    }


if __name__ == "__main__":
    main()
