"""The match CLI: deck files in, summary out, optional JSON-lines log."""

import json

import pytest

from komandor.play import main
from tests.engine.deck_data import standard_deck


@pytest.fixture
def deck_files(tmp_path):
    paths = []
    for name, initiative in (("a", 5), ("b", 4)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(standard_deck(name, initiative=initiative)), encoding="utf-8")
        paths.append(str(path))
    return paths


def test_play_prints_summary_and_writes_log(deck_files, tmp_path, capsys):
    log = tmp_path / "match.jsonl"
    code = main([*deck_files, "--agents", "heuristic", "random", "--seed", "3", "--log", str(log)])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["seed"] == 3 and summary["players"][1]["agent"] == "random"
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert events[0]["type"] == "match" and events[-1]["type"] == "victory"
    assert events[-1]["winner"] == summary["winner"]


def test_same_seed_same_log_file(deck_files, tmp_path, capsys):
    logs = []
    for name in ("one", "two"):
        path = tmp_path / f"{name}.jsonl"
        main([*deck_files, "--seed", "9", "--log", str(path)])
        logs.append(path.read_bytes())
    capsys.readouterr()
    assert logs[0] == logs[1]


def test_bad_deck_file_is_reported(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"commander": {"kind": "ship"}, "cards": []}), encoding="utf-8")
    assert main([str(bad), str(bad)]) == 2
    err = capsys.readouterr().err
    assert "DECK-1" in err and "commander" in err
