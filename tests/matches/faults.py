"""Faults a test can inject without touching the machine's shared services: a Redis server of
its own it can kill and restart, a TCP proxy in front of PostgreSQL it can make refuse
connections, and the test process's Celery producer pointed at another broker."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from config.celery import app

# The workers under test heal within seconds: a sweep every second, leases of 3 s, untaken
# batches sent again after 3 s of idle workers, two quick retries of an outage; and the
# broker's own redelivery kept at its hour, so only the leases and the sweep can heal.
FAST_HEALING = {
    "TOURNAMENT_SWEEP_SECONDS": "1",
    "BATCH_LEASE_SECONDS": "3",
    "BATCH_RESEND_SECONDS": "3",
    "BATCH_RETRIES": "2",
    "CELERY_VISIBILITY_TIMEOUT": "3600",
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PrivateRedis:
    """``redis-server`` on a free port, without persistence (the worst case: a restart loses
    every message), that the test may kill and start again on the same port."""

    def __init__(
        self, config: Path | None = None, folder: Path | None = None, host: str = "127.0.0.1"
    ) -> None:
        """Without ``config``, no persistence; with it (e.g. ``deploy/redis.conf``), that
        configuration, its files in ``folder``. ``host``: the address it listens on (also
        127.0.0.1), e.g. a test network's bridge. Skips without ``redis-server`` (the README's
        first run), fails so under REQUIRE_SERVICES=1 (CI)."""
        if shutil.which("redis-server") is None:
            if os.environ.get("REQUIRE_SERVICES") == "1":
                pytest.fail("REQUIRE_SERVICES=1 but redis-server is not installed")
            pytest.skip("redis-server is not installed")
        self.port = free_port()
        self.host = host
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None
        self.config = config
        self.folder = folder

    def start(self) -> None:
        config = [str(self.config)] if self.config else []  # a file comes first
        persistence = (
            ["--dir", str(self.folder)] if self.config else ["--save", "", "--appendonly", "no"]
        )
        self.process = subprocess.Popen(
            [
                *("redis-server", *config, "--port", str(self.port)),
                *("--bind", *dict.fromkeys(("127.0.0.1", self.host))),
                *("--protected-mode", "no", *persistence),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        import redis

        client = redis.Redis.from_url(self.url, socket_connect_timeout=0.5)
        for _ in range(100):
            with contextlib.suppress(redis.ConnectionError):
                if client.ping():
                    return
            time.sleep(0.05)
        raise RuntimeError(f"redis-server on {self.port} did not start")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class RefusingProxy:
    """A TCP proxy to ``host:port`` on a free local port. ``refuse()`` closes its listening
    socket and every open connection (new connections are refused, as by a server that is
    down); ``accept()`` listens again."""

    def __init__(self, host: str, port: int, listen: str = "127.0.0.1") -> None:
        self.target = (host, port)
        self.listen = listen
        self.port = free_port()
        self.listener: socket.socket | None = None
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        self.accept()

    def accept(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((self.listen, self.port))
        listener.listen(64)
        self.listener = listener
        threading.Thread(target=self._serve, args=(listener,), daemon=True).start()

    def refuse(self) -> None:
        if self.listener is not None:
            # shutdown first: a close alone leaves the thread blocked in accept() listening
            # (Linux), so one more connection would still get through.
            with contextlib.suppress(OSError):
                self.listener.shutdown(socket.SHUT_RDWR)
            self.listener.close()
            self.listener = None
        with self.lock:
            for sock in self.open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self.open.clear()

    close = refuse

    def _serve(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # refused: the listener is closed
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.open.update((client, upstream))
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)


def _forget_connections() -> None:
    # Only this app's references: kombu keeps one pool per broker URL in a registry of its
    # own, so closing one here would hand a closed pool to the next user of that URL.
    app._pool = None
    app.amqp._producer_pool = None


@contextlib.contextmanager
def producer_broker(url: str) -> Iterator[None]:
    """This test process sends its tasks to ``url`` (the site's side of a private broker)."""
    previous = app.conf.broker_url
    _forget_connections()
    app.conf.broker_url = url
    try:
        yield
    finally:
        _forget_connections()
        app.conf.broker_url = previous
