"""The Celery app. The broker comes from the settings (``REDIS_URL``); ``CELERY_BROKER_URL``
may name another, e.g. ``filesystem://`` which ``scripts/run.sh`` uses when no Redis is
configured (folder ``CELERY_FILESYSTEM_DIR``)."""

import os
from pathlib import Path

from celery import Celery
from celery.signals import celeryd_init, worker_ready, worker_shutdown

# Importing any ``config`` module runs this first (``config/__init__``), so this default is
# every entry point's (wsgi, ``celery -A config``): production, the debug settings only when
# named (scripts/run.sh, scripts/test.sh and the tests name them; manage.py defaults to
# production too).
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

app = Celery("cardbase")
app.config_from_object("django.conf:settings", namespace="CELERY")

_broker = os.environ.get("CELERY_BROKER_URL", "")
if _broker.startswith("filesystem://"):
    folder = Path(os.environ.get("CELERY_FILESYSTEM_DIR", "var/celery-broker")).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    app.conf.broker_transport_options = {
        "data_folder_in": str(folder),
        "data_folder_out": str(folder),
        "control_folder": str(folder / "control"),
    }
else:
    # Redis redelivers a message not acknowledged within the visibility timeout (acks_late:
    # a batch is acknowledged when done), so it must exceed the longest batch: above
    # BATCH_MAX_SECONDS (3000 s, the most a batch of search games may take) plus its time
    # limit's margin (tests/matches/test_search_agents.py checks it); the tests that kill a
    # worker shorten it to see the redelivery quickly.
    app.conf.broker_transport_options = {
        "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "3600")),
        "unacked_restore_interval": int(os.environ.get("CELERY_RESTORE_INTERVAL", "10")),
        "unacked_restore_throttle": int(os.environ.get("CELERY_RESTORE_THROTTLE", "10")),
        # A worker killed while it held the restore lock leaves it held this long, and no
        # other worker restores an unacknowledged batch until it expires (kombu: 300 s).
        "unacked_mutex_expire": int(os.environ.get("CELERY_RESTORE_LOCK_SECONDS", "300")),
    }
app.conf.task_reject_on_worker_lost = True
app.conf.worker_prefetch_multiplier = 1
app.autodiscover_tasks()
# The tournaments' tasks live in a feature subpackage of ``matches`` (their names keep the old
# ``matches.tasks.*``, which queued messages and beat schedules carry).
app.autodiscover_tasks(["matches.tournaments"])


@celeryd_init.connect
def worker_statement_timeout(**_kwargs) -> None:
    """A worker (only a worker sends ``celeryd_init``) lifts the web requests' statement
    timeout before it connects: batches are bounded by their own CPU and time limits."""
    from django.conf import settings

    from config.settings.base import statement_timeout_set

    statement_timeout_set(settings.DATABASES["default"], settings.WORKER_STATEMENT_TIMEOUT_MS)


@worker_ready.connect
def sweep_start(sender=None, **_kwargs) -> None:
    """Each worker's main process sweeps the running tournaments
    (``matches/tournaments/sweep.py``) and reports itself with its pool's size (for the
    tournament form's estimate)."""
    from matches.tournaments import sweep

    controller = getattr(sender, "controller", None)
    sweep.start(
        name=getattr(sender, "hostname", "") or "",
        processes=int(getattr(controller, "concurrency", 0) or 1),
    )


@worker_shutdown.connect
def sweep_stop(**_kwargs) -> None:
    from matches.tournaments import sweep

    sweep.stop()


@celeryd_init.connect
def worker_debug_off(**_kwargs) -> None:
    """A worker runs with ``DEBUG`` off unless ``WORKER_DEBUG=1``, whatever ``DEBUG`` says:
    under ``DEBUG`` Django keeps every SQL statement of the process in memory (a batch worker
    grew about 2 MB per 1,000 games), and a worker serves no page that would show it. Sent
    before the pool forks, so every pool process inherits it."""
    from django.conf import settings

    if not settings.WORKER_DEBUG:
        settings.DEBUG = False
