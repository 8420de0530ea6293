"""Both engine command lines print their usage with ``--help`` (and exit 0)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("module", "usage"),
    [
        ("komandor.scenario", "usage: python -m komandor.scenario [-h] file"),
        ("komandor.play", "usage: python -m komandor.play [-h]"),
    ],
)
def test_help_prints_the_usage_and_exits_0(module, usage):
    completed = subprocess.run(
        [sys.executable, "-m", module, "--help"], capture_output=True, text=True, cwd=ROOT
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.startswith(usage)
    assert f"\n    python -m {module} " in completed.stdout  # the docstring's example, as written
    assert completed.stderr == ""


def test_scenario_without_a_file_prints_the_usage_and_exits_2(capsys):
    from komandor.scenario import main

    assert main([]) == 2
    assert "usage: python -m komandor.scenario" in capsys.readouterr().err


def test_play_help_describes_the_deck_file_and_its_example_reads():
    """``play --help`` says what a deck file holds — commander, cards with count and card spec,
    setup_abilities — with an example whose cards the engine reads, not a pointer to the
    source."""
    import json
    import re

    from komandor.rules.decks import deck_from_dict

    completed = subprocess.run(
        [sys.executable, "-m", "komandor.play", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    text = completed.stdout
    for words in ("commander", '{"count": n, "card": {card spec}}', "setup_abilities", "DECK-1"):
        assert words in text
    example = text[text.index('    {"name"') : text.index("\npositional arguments")]
    cards = re.sub(r",\n\s*… 40 cards in all", "", example)
    data = json.loads(cards)
    data["cards"] += [
        {"count": 4, "card": {**data["cards"][1]["card"], "name": f"Крейсер {n}"}} for n in range(8)
    ]
    deck = deck_from_dict(data)
    assert len(deck.cards) == 42 and deck.setup_abilities == ("штурман",)  # folded (names.name_key)
