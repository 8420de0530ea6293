"""A real ASGI server (daphne, as scripts/run.sh and production run it) on this test run's
PostgreSQL database and the real Redis channel layer, and real WebSocket clients."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import requests
from websockets.sync.client import connect

from tests.matches.workers import shared_database_url

ROOT = Path(__file__).resolve().parents[3]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def asgi_server(*, database_url: str | None = None, **settings: str) -> Iterator[str]:
    """daphne serving ``config.asgi`` on a free port, on ``database_url`` (this test run's
    PostgreSQL database by default); yields its base URL."""
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url or shared_database_url(),
        "PYTHONPATH": str(ROOT),
        "THROTTLE_ANON": "",
        "THROTTLE_USER": "",
        "THROTTLE_GAME_ACTION": "",
        "THROTTLE_FRIEND_TABLE": "",
        **settings,
    }
    if not env.get("REDIS_URL"):
        env.pop("REDIS_URL", None)  # the embedded default: the in-memory channel layer
    log = open(ROOT / f".pytest-daphne-{port}.log", "w")  # noqa: SIM115
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "config.asgi:application",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if process.poll() is not None:
                raise RuntimeError(Path(log.name).read_text())
            try:
                if requests.get(f"{base}/api/health/", timeout=30).status_code < 500:
                    break
            except requests.RequestException:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("daphne did not start:\n" + Path(log.name).read_text())
            time.sleep(0.3)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
        Path(log.name).unlink(missing_ok=True)


class Socket:
    """A WebSocket client of one game, on a session cookie; every message it receives is kept
    (with the raw text) by a reader thread."""

    def __init__(self, base: str, game_id: int, session: str | None) -> None:
        url = base.replace("http://", "ws://") + f"/ws/friend-games/{game_id}/"
        headers = {"Cookie": f"sessionid={session}"} if session else {}
        opened = connect(url, origin=base, additional_headers=headers, open_timeout=30)
        self.connection = opened.__enter__()  # websockets wants its context; closed by close()
        self.messages: list[tuple[dict[str, Any], str]] = []
        self._new: queue.Queue[None] = queue.Queue()
        self._lock = threading.Lock()
        self.closed = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            for raw in self.connection:
                with self._lock:
                    self.messages.append((json.loads(raw), raw))
                self._new.put(None)
        except Exception:  # the socket closed
            pass
        finally:
            self.closed.set()
            self._new.put(None)

    def latest(self) -> dict[str, Any] | None:
        with self._lock:
            return self.messages[-1][0]["game"] if self.messages else None

    def wait_for(self, test: Callable[[dict[str, Any]], bool], timeout: float = 30) -> dict:
        """The first game view received (or already kept) that passes ``test``."""
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            with self._lock:
                fresh = self.messages[seen:]
                seen = len(self.messages)
            for message, _raw in fresh:
                if test(message["game"]):
                    return message["game"]
            left = deadline - time.monotonic()
            if left <= 0 or (self.closed.is_set() and self._new.empty()):
                raise AssertionError(f"no such message within {timeout} s: {self.latest()}")
            with contextlib.suppress(queue.Empty):
                self._new.get(timeout=left)

    def close(self) -> None:
        self.connection.close()
        self._thread.join(timeout=10)
