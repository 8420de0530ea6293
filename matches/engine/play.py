r"""Play one match from the command line.

    python -m matches.engine.play DECK_A.json DECK_B.json --agents heuristic random \
        --seed 7 [--turn-cap 60] [--log match.jsonl]

Each deck file holds ``{"name", "commander", "cards"}`` (see ``decks.py``). Prints the summary
as JSON; ``--log`` writes the JSON-lines event log.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from matches.engine import rules
from matches.engine.agents import AGENTS, make_agent
from matches.engine.decks import DeckError, deck_from_dict
from matches.engine.match import run_match


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m matches.engine.play",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("decks", nargs=2, type=Path, help="two deck JSON files")
    parser.add_argument(
        "--agents",
        nargs=2,
        default=["heuristic", "heuristic"],
        choices=sorted(AGENTS),
        metavar="AGENT",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--turn-cap", type=int, default=rules.DEFAULT_TURN_CAP)
    parser.add_argument("--log", type=Path, help="write the JSON-lines event log here")
    args = parser.parse_args(argv)
    decks = []
    for path in args.decks:
        try:
            decks.append(deck_from_dict(json.loads(path.read_text(encoding="utf-8"))))
        except (OSError, json.JSONDecodeError, DeckError) as error:
            print(f"{path}: {error}", file=sys.stderr)
            return 2
    agents = [make_agent(name, seed=args.seed + seat) for seat, name in enumerate(args.agents)]
    result = run_match(
        decks=decks, agents=agents, seed=args.seed, turn_cap=args.turn_cap, log=args.log is not None
    )
    if args.log is not None:
        args.log.write_text(result.log.to_jsonl(), encoding="utf-8")
    print(json.dumps(result.summary, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
