"""The site served by a real gunicorn process for a test, with an environment of the test's
own (a database behind a proxy the test can cut, a broker that is down)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.matches.faults import free_port

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


@dataclass(frozen=True)
class SiteServer:
    base: str

    def get(self, path: str, **headers: str) -> Answer:
        request = urllib.request.Request(self.base + path, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return Answer(response.status, dict(response.headers), response.read())
        except urllib.error.HTTPError as error:
            return Answer(error.code, dict(error.headers), error.read())


@contextlib.contextmanager
def site_server(env: dict[str, str]) -> Iterator[SiteServer]:
    """gunicorn on a free port with the debug settings, ``DEBUG`` off and ``env`` on top;
    ready once ``/api/health/`` (which needs nothing but the process) answers."""
    port = free_port()
    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "REDIS_URL": "",
        **env,
    }
    environment.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}"),
            *("--workers", "1", "--threads", "2", "--log-level", "warning"),
        ],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    site = SiteServer(f"http://127.0.0.1:{port}")
    try:
        deadline = time.monotonic() + 60
        while True:
            if server.poll() is not None:
                raise RuntimeError(f"gunicorn stopped (exit {server.returncode})")
            with contextlib.suppress(OSError):
                if site.get("/api/health/").status == 200:
                    break
            if time.monotonic() > deadline:
                raise RuntimeError("gunicorn did not answer within 60 s")
            time.sleep(0.2)
        yield site
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
