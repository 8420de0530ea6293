"""A game against the AI survives a server restart: a new process, with nothing cached, reads
the game from the database exactly where the first left it (the same observation and the same
decision) and goes on from there. Both processes are ``manage.py shell`` on one SQLite file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# What both processes print: the game as its player sees it.
VIEW = """
import json
from matches.play.services import human_match_state
from matches.play.selectors import human_match_detail
def view(match):
    state = human_match_state(match)
    detail = human_match_detail(match)
    return {
        "id": match.pk,
        "version": match.version,
        "history": state.history,
        "observation": detail["observation"],
        "decision": detail["decision"],
        "first_key": state.decision.options[0].key,
    }
"""

FIRST = (
    VIEW
    + """
from decks.models import Visibility
from matches.play.services import human_match_act, human_match_start
from tests.decks.factories import UserFactory
from tests.matches.decks import playable_deck
owner = UserFactory(username="player")
mine = playable_deck(owner, "Баланс", visibility=Visibility.PRIVATE).versions.get()
theirs = playable_deck(owner, "Бомбардировщики").versions.get()
match = human_match_start(owner=owner, deck=mine, opponent=theirs, seed=11)
for _ in range(3):
    key = human_match_state(match).decision.options[0].key
    match = human_match_act(match, key=key, version=match.version)
print(json.dumps(view(match)))
"""
)

SECOND = (
    VIEW
    + """
from matches.play import services as human_play
from matches.play.services import human_match_act
from matches.models import HumanMatch
assert len(human_play.STATES) == 0
match = HumanMatch.objects.get()
before = view(match)
after = human_match_act(match, key=before["first_key"], version=match.version)
print(json.dumps({"before": before, "after_version": after.version}))
"""
)


def shell(code: str, env: dict[str, str]) -> dict:
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_game_resumes_in_a_new_process_exactly_where_it_was(tmp_path):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'game.sqlite3'}",
        "REDIS_URL": "",
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    first = shell(FIRST, env)
    second = shell(SECOND, env)
    before = second["before"]
    assert before == first
    assert before["decision"]["options"]
    assert second["after_version"] > first["version"]
