"""docs/API.md's Python walk-through, run as written against a live server: a real gunicorn
process on its own database with the shipped content (``scripts/served_site.py``, the helper
the Schemathesis run serves the site with), tasks run in the request (Celery's eager mode),
so the swap test it starts is played and its poll ends."""

import os
import re
import subprocess
import sys
from pathlib import Path

from scripts.served_site import served_site

ROOT = Path(__file__).resolve().parents[1]
USER, PASSWORD = "walker", "walk-through-password"
SETUP = f"""
from django.contrib.auth import get_user_model
get_user_model().objects.create_user({USER!r}, password={PASSWORD!r})
"""


def python_walkthrough() -> str:
    text = (ROOT / "docs" / "API.md").read_text(encoding="utf-8")
    [block] = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    return block


def test_the_python_walkthrough_runs_against_a_live_server():
    code = python_walkthrough()
    with served_site(suffix="walkthrough", setup=SETUP, env={"CELERY_BROKER_URL": ""}) as site:
        env = {**os.environ, "KC_BASE": site.base, "KC_USER": USER, "KC_PASSWORD": PASSWORD}
        run = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600
        )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "token scopes: ['read', 'decks', 'tournaments']" in out
    assert "imported 4 copies" in out
    assert "line 2:" in out and "Линкор класса “Химера”" in out  # the suggestion
    assert "legal: True" in out
    assert re.search(r": swap_\w+ after \d+ games", out), out
