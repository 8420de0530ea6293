"""Worker hosts of their own for a test: network namespaces (``ip netns``) joined to this host
by veth pairs on a bridge, each with its own address, so a worker there reaches the web host's
PostgreSQL and Redis over a link the test can cut (``ip link set … down``) and restore.

The web host is this one (the root namespace): the test process, a PostgreSQL proxy and a
Redis of the test's own, listening on the bridge's address. Nothing of the machine's shared
services is touched; every interface and namespace made here is removed at the end. Needs
root and iproute2; skips without them, fails so under ``REQUIRE_SERVICES=1`` (CI).
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass

import pytest


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


def require_namespaces() -> None:
    problem = None
    if shutil.which("ip") is None:
        problem = "iproute2 (ip) is not installed"
    elif os.geteuid() != 0:
        problem = "making network namespaces needs root"
    if problem:
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail(f"REQUIRE_SERVICES=1 but {problem}")
        pytest.skip(problem)


@dataclass(frozen=True)
class WorkerHost:
    namespace: str
    address: str
    link: str  # this host's end of its veth pair

    @property
    def prefix(self) -> tuple[str, ...]:
        """What runs a command on this host."""
        return ("ip", "netns", "exec", self.namespace)

    def cut(self) -> None:
        """Its link goes down: packets to and from it are dropped, nothing is refused."""
        _ip("link", "set", self.link, "down")

    def restore(self) -> None:
        _ip("link", "set", self.link, "up")


@dataclass(frozen=True)
class TestNetwork:
    bridge_address: str  # the web host, as the worker hosts reach it
    hosts: list[WorkerHost]


@contextlib.contextmanager
def worker_hosts(count: int) -> Iterator[TestNetwork]:
    """``count`` worker hosts on a bridge of their own (10.213.N.0/24, N drawn at random so
    two runs on one machine do not meet)."""
    require_namespaces()
    tag = f"{random.randrange(16**4):04x}"
    subnet = f"10.213.{random.randrange(1, 255)}"
    bridge = f"kbr{tag}"
    made: list[tuple[str, ...]] = []  # what to delete, last made first
    try:
        _ip("link", "add", bridge, "type", "bridge")
        made.append(("link", "del", bridge))
        _ip("addr", "add", f"{subnet}.1/24", "dev", bridge)
        _ip("link", "set", bridge, "up")
        hosts = []
        for number in range(1, count + 1):
            namespace, outer, inner = f"kh{tag}{number}", f"kv{tag}{number}a", f"kv{tag}{number}b"
            _ip("netns", "add", namespace)
            made.append(("netns", "del", namespace))
            _ip("link", "add", outer, "type", "veth", "peer", "name", inner)
            made.append(("link", "del", outer))
            _ip("link", "set", outer, "master", bridge)
            _ip("link", "set", outer, "up")
            _ip("link", "set", inner, "netns", namespace)
            address = f"{subnet}.{10 + number}"
            inside = ("netns", "exec", namespace, "ip")
            _ip(*inside, "addr", "add", f"{address}/24", "dev", inner)
            _ip(*inside, "link", "set", inner, "up")
            _ip(*inside, "link", "set", "lo", "up")
            hosts.append(WorkerHost(namespace, address, outer))
        yield TestNetwork(f"{subnet}.1", hosts)
    finally:
        for command in reversed(made):
            with contextlib.suppress(subprocess.CalledProcessError):
                _ip(*command)
