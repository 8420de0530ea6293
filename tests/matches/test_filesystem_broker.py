"""The README's run command without Redis: scripts/run.sh points the site and its worker at
kombu's filesystem transport. Here the site side runs in a subprocess with that configuration
and creates a tournament; a real worker on the same folder plays it to the end."""

import os
import subprocess
import sys
import time

import pytest

from matches.models import Status, Tournament
from tests.matches.decks import four_decks
from tests.matches.workers import ROOT, Worker, require_services, shared_database_url

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

CREATE = """
from django.contrib.auth import get_user_model
from decks.models import Deck
from matches.tournaments.services import TournamentRequest, tournament_create
owner = get_user_model().objects.get(username="organiser")
versions = [deck.versions.get() for deck in Deck.objects.filter(owner=owner).order_by("id")]
tournament_create(owner=owner, request=TournamentRequest(
    name="без брокера", format="round_robin", versions=versions, games_per_pairing=2,
    agents="random", seed=2))
"""


def test_a_worker_on_the_filesystem_transport_plays_a_tournament(owner, tmp_path):
    require_services()  # a database both processes share
    four_decks(owner)
    broker = {
        "CELERY_BROKER_URL": "filesystem://",
        "CELERY_FILESYSTEM_DIR": str(tmp_path),
        "DATABASE_URL": shared_database_url(),
    }
    env = {**os.environ, **broker}
    for name in ("REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"):
        env.pop(name, None)
    worker = Worker("celery", extra_env={**broker, "REDIS_URL": ""})
    try:
        subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", CREATE], cwd=ROOT, env=env, check=True
        )
        tournament = Tournament.objects.get()
        deadline = time.monotonic() + 120
        while tournament.status == Status.RUNNING and time.monotonic() < deadline:
            time.sleep(0.1)
            tournament.refresh_from_db()
        assert (tournament.status, tournament.done, tournament.total) == (Status.FINISHED, 12, 12)
    finally:
        worker.stop()
