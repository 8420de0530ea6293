"""Real Celery worker processes for tests: against the real Redis (REDIS_URL) and this test
run's PostgreSQL database. REQUIRE_SERVICES=1 turns a missing service into a failure."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from config.celery import app

ROOT = Path(__file__).resolve().parents[2]


def _missing_services() -> str | None:
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        return "REDIS_URL is not set"
    try:
        import redis

        redis.Redis.from_url(redis_url, socket_connect_timeout=2).ping()
    except Exception as error:  # any failure to reach it
        return f"Redis at {redis_url} does not answer: {error}"
    if connection.vendor != "postgresql":
        return "the worker needs a database it can share: set DATABASE_URL to PostgreSQL"
    return None


def require_services() -> None:
    """Skip without Redis and PostgreSQL, but fail under REQUIRE_SERVICES=1 (CI)."""
    problem = _missing_services()
    if problem:
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail(f"REQUIRE_SERVICES=1 but {problem}")
        pytest.skip(problem)


@contextmanager
def own_queue() -> Iterator[str]:
    """Send this test's tasks to a queue of its own, through the real broker."""
    name = f"test-tournaments-{uuid.uuid4().hex[:8]}"
    previous = app.conf.task_default_queue, app.conf.task_always_eager
    app.conf.task_default_queue = name
    app.conf.task_always_eager = False
    try:
        yield name
    finally:
        app.conf.task_default_queue, app.conf.task_always_eager = previous


def shared_database_url() -> str:
    """The database pytest-django created for this run, for the worker process."""
    s = connection.settings_dict
    user = quote(s["USER"] or "")
    password = f":{quote(s['PASSWORD'])}" if s.get("PASSWORD") else ""
    host = s["HOST"] or "127.0.0.1"
    port = f":{s['PORT']}" if s.get("PORT") else ""
    return f"postgres://{user}{password}@{host}{port}/{s['NAME']}"


def worker_log_tails(lines: int = 30) -> str:
    """The last lines of every running test worker's log, for a failure message."""
    tails = []
    for log in sorted(ROOT.glob(".pytest-worker-*.log")):
        text = log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:]
        tails.append(f"--- {log.name}\n" + "\n".join(text))
    return "\n".join(tails)


class Worker:
    def __init__(
        self,
        queue: str,
        concurrency: int = 1,
        extra_env: dict | None = None,
        prefix: tuple[str, ...] = (),
        name: str = "",
    ) -> None:
        """A worker process; ``prefix`` runs it inside something (``ip netns exec NS``, for
        a worker host of its own), ``name`` its node name (a random one by default)."""
        env = {
            **os.environ,
            "DATABASE_URL": shared_database_url(),
            "DJANGO_SETTINGS_MODULE": "config.settings",
            # What the worker itself sends (the next round, the sweep) goes to its own queue.
            "CELERY_TASK_DEFAULT_QUEUE": queue,
            # Redeliver an unacknowledged batch of a killed worker after 3 s, not an hour.
            "CELERY_VISIBILITY_TIMEOUT": "3",
            "CELERY_RESTORE_INTERVAL": "1",
            "CELERY_RESTORE_THROTTLE": "1",
            # A worker SIGKILLed while holding kombu's restore lock must not keep the
            # replacement from restoring its batch for the default 5 minutes.
            "CELERY_RESTORE_LOCK_SECONDS": "5",
            **(extra_env or {}),
        }
        env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        self.log = open(  # noqa: SIM115 (closed in stop)
            ROOT / f".pytest-worker-{queue}.log", "ab"
        )
        self.name = name or uuid.uuid4().hex[:6]
        self.process = subprocess.Popen(
            [
                *prefix,
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "-Q",
                queue,
                "--concurrency",
                str(concurrency),
                "--pool",
                "prefork",
                "--loglevel",
                "INFO",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "-n",
                f"{self.name}@%h",
            ],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: SIGKILL takes the pool too
        )

    def kill(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()
        Path(self.log.name).unlink(missing_ok=True)


@contextmanager
def worker_pool() -> Iterator[Callable[..., Worker]]:
    """``start(concurrency)`` starts a worker on this test's own queue; all stop at the end."""
    started: list[Worker] = []
    with own_queue() as queue:

        def start(concurrency: int = 1, extra_env: dict | None = None) -> Worker:
            worker = Worker(queue, concurrency, extra_env)
            started.append(worker)
            return worker

        try:
            yield start
        finally:
            for worker in started:
                worker.stop()
