"""Every choice of many seeded precon matches, recorded or compared with a recording: run it
with ``--record`` on one engine (e.g. main's tree, through a git worktree) and with
``--compare`` on another, to show that a change (features moved from the rules to the agents)
leaves every choice of the heuristic as it was.

    .venv/bin/python scripts/bench/engine_choices.py --record FILE [--matches 1000]
    .venv/bin/python scripts/bench/engine_choices.py --compare FILE

Match ``seed`` plays the shipped precons' ordered pairing ``seed % pairings`` with the
heuristic on both sides (``--agents`` to change). A recording holds one line per match: the
seed, the number of choices and the option index of every choice (``MatchResult.actions``).
The comparison prints the matches, the decisions compared and how many differ (the first
decision where a match parts from its recording); exit 1 when any does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import komandor  # noqa: E402
from komandor.agents.registry import make_agent  # noqa: E402
from komandor.rules.decks import deck_from_dict  # noqa: E402
from komandor.rules.match import run_match  # noqa: E402

PRECONS = [
    deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "content" / "precons").glob("*.json"))
]
PAIRINGS = [(a, b) for a in PRECONS for b in PRECONS if a is not b]


def choices(seed: int, agents: tuple[str, str]) -> list[int]:
    players = [make_agent(name, seed=seed + i) for i, name in enumerate(agents)]
    decks = list(PAIRINGS[seed % len(PAIRINGS)])
    return run_match(decks=decks, agents=players, seed=seed, log=False).actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--record", metavar="FILE", type=Path)
    what.add_argument("--compare", metavar="FILE", type=Path)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--agents", nargs=2, default=("heuristic", "heuristic"))
    args = parser.parse_args()
    agents = (args.agents[0], args.agents[1])
    if args.record is not None:
        with args.record.open("w", encoding="utf-8") as out:
            for seed in range(args.matches):
                out.write(json.dumps([seed, choices(seed, agents)]) + "\n")
        print(f"recorded {args.matches} matches ({komandor.ENGINE} engine) in {args.record}")
        return
    matches = decisions = different = 0
    for line in args.compare.read_text(encoding="utf-8").splitlines():
        seed, recorded = json.loads(line)
        played = choices(seed, agents)
        matches += 1
        decisions += len(recorded)
        if played != recorded:
            different += 1
            at = next(
                (i for i, (a, b) in enumerate(zip(played, recorded, strict=False)) if a != b),
                min(len(played), len(recorded)),
            )
            print(f"seed {seed}: parts from the recording at choice {at}")
    print(
        f"{matches} matches, {decisions:,} decisions, {different} matches different "
        f"({komandor.ENGINE} engine, agents {' / '.join(agents)})"
    )
    if different:
        sys.exit(1)


if __name__ == "__main__":
    main()
