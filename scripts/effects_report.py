"""Reachability of the effect language: play random matches between effect-carrying decks and
count how often every window, action kind (``modify`` by each ``until``, ``search`` in the deck
and in the losses), selector key, condition key and cost (a failed roll too) took effect.

    .venv/bin/python scripts/effects_report.py [--matches 1000] [--seed 0]

A report, not a test (docs/effects.md, «Reachability»): every line should show a count above
zero. The decks are generated from the vocabulary (``komandor/rules/effect_decks.py``, this
project's own test cards); the agents are random, so every legal play gets its chance. The
items and the counting are ``komandor/rules/effect_vocabulary.py``, which the scenario tests
use too. Exit status 1 if anything stayed at zero.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from komandor.agents.registry import RandomAgent
from komandor.rules.decks import deck_from_dict
from komandor.rules.effect_decks import effect_deck
from komandor.rules.effect_vocabulary import ITEMS, fired
from komandor.rules.match import run_match


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    counts: Counter[str] = Counter()
    for number in range(args.matches):
        seed = args.seed + number
        decks = [deck_from_dict(effect_deck(seed * 2 + side)) for side in (0, 1)]
        result = run_match(
            decks=decks, agents=[RandomAgent(seed), RandomAgent(seed + 7)], seed=seed
        )
        counts += fired(result.log, result.state)
    print(f"{args.matches} random matches, effect-carrying decks (seed {args.seed})")
    for item in ITEMS:
        count = counts[item]
        print(f"{item:32} {count:8}{'   <-- never fired' if count == 0 else ''}")
    least = min(ITEMS, key=lambda item: counts[item])
    print(f"{len(ITEMS)} items; least: {least} {counts[least]}")
    return 1 if counts[least] == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
