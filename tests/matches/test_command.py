"""manage.py run_tournament: plays in-process with a progress bar, writes CSV and JSON."""

import csv
import json

import pytest
from django.core.management import CommandError, call_command

from matches.models import Tournament
from tests.matches.decks import four_decks


def test_run_tournament_writes_csv_and_json(owner, tmp_path, capsys):
    decks = four_decks(owner)[:3]
    out_csv, out_json = tmp_path / "r.csv", tmp_path / "r.json"
    call_command(
        "run_tournament",
        "--owner",
        owner.username,
        "--decks",
        *[str(d.pk) for d in decks[:2]],
        f"{decks[2].pk}:1",
        "--games",
        "2",
        "--agents",
        "random",
        "--seed",
        "4",
        "--csv",
        str(out_csv),
        "--json",
        str(out_json),
    )
    tournament = Tournament.objects.get()
    assert (tournament.status, tournament.done) == ("finished", 6)
    rows = list(csv.DictReader(out_csv.open(encoding="utf-8")))
    assert len(rows) == 3 and sum(int(r["games"]) for r in rows) == 6
    body = json.loads(out_json.read_text(encoding="utf-8"))
    assert len(body["standings"]) == 3
    # ``rank`` is the standing (by rating), ``entry`` the order the decks were given in.
    assert [row["rank"] for row in body["standings"]] == [1, 2, 3]
    ratings = [row["rating"] for row in body["standings"]]
    assert ratings == sorted(ratings, reverse=True)
    assert sorted(row["entry"] for row in body["standings"]) == [0, 1, 2]
    captured = capsys.readouterr()
    assert "6/6" in captured.err  # the progress bar
    assert "tournament" in captured.out


def test_run_tournament_names_bad_arguments(owner):
    with pytest.raises(CommandError, match="--owner"):
        call_command("run_tournament", "--owner", "nobody", "--decks", "1", "2")
    with pytest.raises(CommandError, match="--decks"):
        call_command("run_tournament", "--owner", owner.username, "--decks", "999", "x")
