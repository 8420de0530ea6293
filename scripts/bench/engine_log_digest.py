"""One SHA-256 per kind of match over the full event logs of many seeds: run it before and
after an engine change that must not alter any match (a speed-up), and compare the lines.

    .venv/bin/python scripts/bench/engine_log_digest.py [--seeds 200] [--against-interpreted]
        [--engine-as VERSION]

Kinds: the standard test decks (heuristic pair, heuristic vs random), the generated effect
decks (heuristic pair, heuristic vs random, random pair) and the shipped precons (heuristic
pair, each ordered pairing in turn). Each log is encoded as JSON with sorted keys, as the
byte-identical replay tests do.

``--against-interpreted`` (``scripts/test.sh`` runs it): the digests of the compiled engine,
then the same run again in a child process on the interpreted one (``KOMANDOR_ENGINE``); any
difference fails (exit 1). It refuses to run where the engine is not compiled.

``--engine-as 0.5.0``: the logs hashed with the version stamp of their ``match`` event read as
0.5.0 — engine 0.6.0 played every match as 0.5.0 did, and this compared its logs with 0.5.0's
digests (everything else byte for byte). Engine 0.7.0 fixed rules (issue 30, item 8): its
digests are its own (docs/PERFORMANCE.md, «Log digests»).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import komandor  # noqa: E402
from komandor.agents.registry import make_agent  # noqa: E402
from komandor.rules.decks import deck_from_dict  # noqa: E402
from komandor.rules.effect_decks import effect_deck  # noqa: E402
from komandor.rules.match import run_match  # noqa: E402
from tests.engine.deck_data import standard_deck  # noqa: E402

STANDARD = [deck_from_dict(standard_deck("a", initiative=5)), deck_from_dict(standard_deck("b"))]
PRECONS = [
    deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "content" / "precons").glob("*.json"))
]
PAIRINGS = [(a, b) for a in PRECONS for b in PRECONS if a is not b]


def effect_pair(seed: int) -> list[Any]:
    return [deck_from_dict(effect_deck(seed * 2 + side)) for side in (0, 1)]


KINDS: dict[str, tuple[Callable[[int], list[Any]], tuple[str, str]]] = {
    "standard hh": (lambda seed: STANDARD, ("heuristic", "heuristic")),
    "standard hr": (lambda seed: STANDARD, ("heuristic", "random")),
    "effects hh": (effect_pair, ("heuristic", "heuristic")),
    "effects hr": (effect_pair, ("heuristic", "random")),
    "effects rr": (effect_pair, ("random", "random")),
    "precons hh": (lambda seed: list(PAIRINGS[seed % len(PAIRINGS)]), ("heuristic", "heuristic")),
}


def digest(
    decks_for: Callable[[int], list[Any]],
    agents: tuple[str, str],
    seeds: int,
    engine_as: str | None = None,
) -> str:
    sha = hashlib.sha256()
    for seed in range(seeds):
        players = [make_agent(name, seed=seed + i) for i, name in enumerate(agents)]
        result = run_match(decks=decks_for(seed), agents=players, seed=seed, log=True)
        events = result.log.events
        if engine_as is not None:  # the version stamp of the first event, as another version's
            events[0] = {**events[0], "engine": engine_as}
        sha.update(json.dumps(events, ensure_ascii=False, sort_keys=True).encode())
        sha.update(b"\n")
    return sha.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument(
        "--against-interpreted",
        action="store_true",
        help="compare the compiled engine's digests with the interpreted engine's",
    )
    parser.add_argument(
        "--engine-as",
        metavar="VERSION",
        help="hash the match event's engine version as VERSION: compares the logs of a new "
        "version that plays as an old one with the old one's digests",
    )
    args = parser.parse_args()
    if args.against_interpreted and komandor.ENGINE != "compiled":
        raise SystemExit(f"The engine is not compiled ({komandor.ENGINE_REASON}).")
    lines = []
    for kind, (decks_for, agents) in KINDS.items():
        lines.append(f"{kind}: {digest(decks_for, agents, args.seeds, args.engine_as)}")
        print(lines[-1], flush=True)
    if args.against_interpreted:
        interpreted = subprocess.run(
            [sys.executable, __file__, "--seeds", str(args.seeds)]
            + (["--engine-as", args.engine_as] if args.engine_as else []),
            env={**os.environ, "KOMANDOR_ENGINE": "interpreted"},
            check=True,
            capture_output=True,
            text=True,
        ).stdout.splitlines()
        differ = [f"interpreted {line}" for line in interpreted if line not in lines]
        if differ or len(interpreted) != len(lines):
            print("\n".join(["The interpreted engine plays differently:", *differ]))
            sys.exit(1)
        print(f"compiled = interpreted: identical logs ({args.seeds} seeds × {len(KINDS)} kinds)")


if __name__ == "__main__":
    main()
