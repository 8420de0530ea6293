"""The sweep every worker runs: a thread of the worker's main process that calls
``tournaments_sweep`` every ``TOURNAMENT_SWEEP_SECONDS`` (0 = off).

Why a thread in each worker and not Celery beat: beat is one more process that must run
exactly once somewhere and that nobody notices is missing; a beat message also travels through
the broker, the very thing whose loss the sweep must repair. The sweep thread runs wherever a
worker runs (Redis or the embedded filesystem broker), talks to the database directly, and
several workers sweeping at once is harmless because ``tournament_advance`` is idempotent (the
next round is written under the tournament's row lock after a check that nobody wrote it).
"""

from __future__ import annotations

import logging
import threading

from django.db import close_old_connections, connections

log = logging.getLogger(__name__)


class Sweeper(threading.Thread):
    def __init__(self, interval: float, *, name: str = "", processes: int = 0) -> None:
        super().__init__(name="tournament-sweep", daemon=True)
        self.interval = interval
        self.worker = name
        self.processes = processes
        self.stopping = threading.Event()

    def run(self) -> None:
        from matches.tournaments.estimates import worker_seen
        from matches.tournaments.tasks import tournaments_sweep

        while not self.stopping.wait(self.interval):
            try:
                close_old_connections()
                if self.worker:  # the form's estimate counts the workers seen lately
                    worker_seen(name=self.worker, processes=self.processes)
                sent = tournaments_sweep()
                if sent:
                    log.warning("sweep sent %s batches again", sent)
            except Exception:  # the database or broker is down: try again next time
                log.exception("tournament sweep failed")
            finally:
                connections.close_all()

    def stop(self) -> None:
        self.stopping.set()


_sweeper: Sweeper | None = None


def start(*, name: str = "", processes: int = 0) -> Sweeper | None:
    """Start this worker's sweep; ``name`` and ``processes`` (its pool) are reported with it."""
    global _sweeper
    from matches.tournaments.progress import sweep_seconds

    interval = sweep_seconds()
    if interval <= 0 or _sweeper is not None:
        return _sweeper
    _sweeper = Sweeper(interval, name=name, processes=processes)
    _sweeper.start()
    return _sweeper


def stop() -> None:
    if _sweeper is not None:
        _sweeper.stop()
