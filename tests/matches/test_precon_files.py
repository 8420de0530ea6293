"""The shipped precon deck files (``content/precons/*.json``): each is exactly the site's export
of that precon, and every one plays every other from its file alone — through ``run_match``
and through ``python -m komandor.play``, as the README shows."""

import importlib.util
import itertools
import json
import sys
from pathlib import Path

import pytest
import yaml

from content.loader import DATA_DIR
from decks.precons import deck_file_text, precon_files
from komandor.agents.registry import make_agent
from komandor.rules.decks import deck_from_dict
from komandor.rules.match import run_match
from komandor.rules.names import name_key
from tests.play_cli import play_cli

ROOT = Path(__file__).resolve().parents[2]
PRECON_DIR = ROOT / "content" / "precons"
PRECON_LISTS = DATA_DIR / "komandor" / "precons.yaml"
SEEDS = (1, 2)
BALANCE_SCRIPT = ROOT / "scripts" / "precon_balance.py"


def shipped_files() -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in PRECON_DIR.glob("*.json")}


def listed_keys() -> list[str]:
    if not PRECON_LISTS.exists():
        return []
    document = yaml.safe_load(PRECON_LISTS.read_text(encoding="utf-8"))
    return sorted(entry["key"] for entry in document.get("entries") or [])


def test_the_shipped_files_are_a_fresh_export_of_the_shipped_precons(shipped_content):
    fresh = {name: deck_file_text(data) for name, data in precon_files().items()}
    assert sorted(fresh) == [f"{key}.json" for key in listed_keys()]
    assert shipped_files() == fresh, "run: manage.py export_precons"


def test_every_precon_plays_every_other_from_its_file():
    files = {name: json.loads(text) for name, text in sorted(shipped_files().items())}
    assert len(files) == len(listed_keys())
    decks = {name: deck_from_dict(data) for name, data in files.items()}
    for (a, deck_a), (b, deck_b) in itertools.combinations(decks.items(), 2):
        for seed in SEEDS:
            for seats in ((deck_a, deck_b), (deck_b, deck_a)):  # each seed twice, seats swapped
                result = run_match(
                    decks=list(seats),
                    agents=[make_agent("heuristic", seed=seed + seat) for seat in range(2)],
                    seed=seed,
                    log=False,
                )
                assert result.outcome.winner in (0, 1, None), (a, b, seed)
                assert result.summary["turns"] >= 1


def test_the_readme_example_plays_two_shipped_files_with_the_cli(tmp_path):
    files = [PRECON_DIR / "pirate-raid.json", PRECON_DIR / "trade-network.json"]  # the README's
    log = tmp_path / "match.jsonl"
    summary = play_cli(*files, "--seed", "7", "--agents", "heuristic", "random", "--log", log)
    assert [p["deck"] for p in summary["players"]] == [
        json.loads(path.read_text(encoding="utf-8"))["name"] for path in files
    ]
    assert log.read_text(encoding="utf-8").count("\n") > 10


def _balance_script():
    spec = importlib.util.spec_from_file_location("precon_balance", BALANCE_SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses and worker processes look it up there
    spec.loader.exec_module(module)
    return module


def test_the_balance_script_writes_its_section_between_the_markers(tmp_path, capsys):
    balance = _balance_script()
    doc = tmp_path / "starter-set.md"
    doc.write_text(
        f"# Set\n\nBefore.\n\n{balance.START}\nold figures\n{balance.END}\n\nAfter.\n",
        encoding="utf-8",
    )
    assert balance.main(["--games", "2", "--processes", "1", "--doc", str(doc)]) == 0
    text = doc.read_text(encoding="utf-8")
    assert text.startswith("# Set\n\nBefore.\n\n") and text.endswith("\n\nAfter.\n")
    assert "old figures" not in text
    section = text.split(balance.START)[1].split(balance.END)[0]
    keys = listed_keys()
    rows = [line for line in section.splitlines() if line.startswith("| ") and "**" in line]
    assert len(rows) == len(keys)
    assert f"{len(keys) * (len(keys) - 1) // 2 * 2} games" in section
    assert "Cards of the set never played" in section
    assert "`standard` = `standard-1` on both sides" in section  # the default level, resolved
    assert "How each precon wins" in section and "Pairings decided by deck size:" in section


def test_the_balance_script_plays_the_agent_it_is_given(tmp_path):
    balance = _balance_script()
    doc = tmp_path / "starter-set.md"
    argv = ["--agent", "heuristic-1.1", "--games", "2", "--processes", "1", "--doc", str(doc)]
    assert balance.main(argv) == 0
    assert "`heuristic-1.1` = `heuristic-1.1` on both sides" in doc.read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        balance.main(["--agent", "no-such-agent", "--no-write"])


def test_a_pairing_is_decided_by_deck_size_when_one_deck_wins_half_its_games_by_deck_out():
    balance = _balance_script()
    names = ["big", "small", "other"]
    sizes = {"big": 60, "small": 45, "other": 45}
    titles = {name: name.title() for name in names}

    def pairing(a, b, endings):
        result = balance.PairingResult(a, b, games=sum(endings.values()))
        result.endings.update(endings)
        result.wins_a = sum(n for (_, side), n in endings.items() if side == "a")
        result.wins_b = result.games - result.wins_a
        return result

    results = {
        # Big outlasts Small in 5 of 10 games: decided by deck size, though Small wins the rest.
        ("big", "small"): pairing("big", "small", {("deck_out", "a"): 5, ("pirate", "b"): 5}),
        # 4 of 10 by deck-out: under half, not decided by it.
        ("big", "other"): pairing(
            "big", "other", {("deck_out", "a"): 4, ("commander_lost", "b"): 6}
        ),
        # The smaller of two equal decks cannot outlast by size, but a deck that wins half the
        # games by the other running out is counted whatever the sizes.
        ("small", "other"): pairing("small", "other", {("deck_out", "b"): 6, ("trader", "a"): 4}),
    }
    lines = balance.endings_report(names, results, sizes=sizes, titles=titles)
    text = "\n".join(lines)
    decided = text.split("Pairings decided by deck size: ")[1]
    assert decided == "Big – Small (Big, larger deck), Small – Other (Other, equal deck)."
    rows = {line.split(" | ")[0]: line for line in lines if line.startswith("| ")}
    # Columns: cards, wins, commander_lost, trader, pirate, deck_out, by fighting, lost its
    # Commander, lost by running out. Big wins 9 by deck-out and lost its Commander 6 times.
    assert rows["| Big"] == "| Big | 60 | 9 | 0 | 0 | 0 | 9 | 0 (0 %) | 6 | 0 |"
    assert rows["| Small"] == "| Small | 45 | 9 | 0 | 4 | 5 | 0 | 9 (100 %) | 0 | 11 |"
    assert rows["| Other"].endswith("| 6 (50 %) | 0 | 4 |")


def test_the_balance_script_counts_a_card_played_when_it_enters_play_or_its_effect_fires():
    balance = _balance_script()
    deck = deck_from_dict(json.loads((PRECON_DIR / "pirate-raid.json").read_text("utf-8")))
    first, second = deck.cards[0].name, deck.cards[-1].name
    events = [
        {"type": "built", "card": "p0.00"},
        {"type": "effect", "effect": f"p1.{len(deck.cards) - 1:02d}:0", "succeeded": True},
        {"type": "effect", "effect": "p1.00:0", "succeeded": False},  # a failed roll: not played
        {"type": "effect", "effect": "cmdr.0", "succeeded": True},
    ]
    played = balance.played_cards(events, [deck, deck])
    assert played == {name_key(first), name_key(second), name_key(deck.commander.name)}
