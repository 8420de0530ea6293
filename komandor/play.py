r"""Play one match from the command line.

    python -m komandor.play DECK_A.json DECK_B.json --agents heuristic random \
        --seed 7 [--turn-cap 60] [--log match.jsonl]

Prints the summary (winner, reason, turns, losses) as JSON; --log writes the JSON-lines event
log. The same decks, seed and agents always give the same log.

A deck file is one JSON object (what a deck page's «Deck file (JSON)» exports):

  name              free text
  commander         the Commander's card: {"kind": "commander", "name", "initiative", ...}
  cards             40 to 100 cards (DECK-1), at most 4 with one name (DECK-3); each entry is
                    a card spec, or {"count": n, "card": {card spec}} for n copies
  setup_abilities   optional: ability cards of the deck pre-chosen before the game, by name or
                    by card spec (ABIL-5): at most 3 (ABIL-3), none "special" (ABIL-7)

A card spec is a card in the engine's schema (komandor/rules/cards.py): "kind" (ship,
space_object, ground_unit, military_building, civil_building, tactical, situation, upgrade,
ability, commander), "name", "cost" and the stats of its kind, the book's notation accepted
("strength": "8(5)", "shield": "С3", "lasers": "2/4", "size": "СК"); card effects as data
(docs/effects.md). A bad file is reported with every problem and exit status 2. A deck:

    {"name": "Пример",
     "commander": {"kind": "commander", "name": "Командор", "initiative": 5},
     "cards": [
       {"count": 4, "card": {"kind": "space_object", "name": "Планета", "cost": 4,
                             "object_type": "planet", "income": {"resources": 2}}},
       {"count": 4, "card": {"kind": "ship", "name": "Крейсер", "cost": 5, "size": "СК",
                             "strength": "8(5)", "armor": 2, "speed": 6,
                             "weapons": {"plasma": 5}}},
       {"count": 2, "card": {"kind": "ability", "name": "Штурман",
                             "variants": ["+1 к инициативе", "+1 к скорости"]}},
       … 40 cards in all
     ],
     "setup_abilities": ["Штурман"]}
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from komandor.agents.registry import AGENTS, agent_spec_error, make_agent
from komandor.rules import rules
from komandor.rules.decks import DeckError, deck_from_dict
from komandor.rules.match import run_match
from komandor.words.deck_problems import deck_error_text


def _agent_spec(spec: str) -> str:
    error = agent_spec_error(spec)
    if error is not None:
        raise argparse.ArgumentTypeError(error)
    return spec


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m komandor.play",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("decks", nargs=2, type=Path, help="two deck JSON files")
    parser.add_argument(
        "--agents",
        nargs=2,
        default=["heuristic", "heuristic"],
        type=_agent_spec,
        metavar="AGENT",
        help=f"one per deck: {', '.join(sorted(AGENTS))}, search:N (default: heuristic heuristic)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--turn-cap", type=int, default=rules.DEFAULT_TURN_CAP)
    parser.add_argument("--log", type=Path, help="write the JSON-lines event log here")
    args = parser.parse_args(argv)
    decks = []
    for path in args.decks:
        try:
            decks.append(deck_from_dict(json.loads(path.read_text(encoding="utf-8"))))
        except DeckError as error:
            print(f"{path}: {deck_error_text(error)}", file=sys.stderr)
            return 2
        except (OSError, json.JSONDecodeError) as error:
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
