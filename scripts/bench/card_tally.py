"""What collecting the card figures costs a tournament: the engine before the figures (no
``Card.entered`` flag, no tally) against today's engine plus ``card_tally`` of the end state.

    .venv/bin/python scripts/bench/card_tally.py [--seeds 120] [--rounds 3] [--base f533bd2]

``base`` is the commit before the figures (its ``matches/engine/`` is extracted with ``git
archive`` and imported as the package ``engine_base``). Every seed plays the same match — the
shipped precons, a pairing per seed, heuristic agents, log off as tournaments play — once on
each side, the order alternating from seed to seed, so drift of the shared machine falls on
both alike. Times are CPU (``time.process_time``) per match; inside the clock on both sides is
the JSON encoding of the summary the match row stores, and on the "figures" side the tally of
the end state, which rides in that summary (the bigger row is part of the cost). Printed per
round and over all: each side's total, the ratio figures / base (aim ≤ 1.05), the share of the
tally and its JSON alone, and the load average before and after.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from komandor.agents.registry import make_agent  # noqa: E402
from komandor.rules.decks import deck_from_dict  # noqa: E402
from komandor.rules.match import run_match  # noqa: E402
from matches.games.card_tally import card_tally  # noqa: E402
from scripts.bench.precon_files import precon_files  # noqa: E402

PACKAGE = "engine_base"
AIM = 1.05


def load_base(commit: str, directory: Path) -> ModuleType:
    archive = subprocess.run(
        ["git", "archive", commit, "matches/engine"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(directory)], input=archive, check=True)
    package = directory / PACKAGE
    (directory / "matches" / "engine").rename(package)
    for path in package.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("matches.engine", PACKAGE), encoding="utf-8")
    sys.path.insert(0, str(directory))
    return importlib.import_module(PACKAGE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--base", default="f533bd2")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        load_base(args.base, Path(folder))
        base_decks_module = importlib.import_module(f"{PACKAGE}.decks")
        base_match = importlib.import_module(f"{PACKAGE}.match")
        base_agents = importlib.import_module(f"{PACKAGE}.agents")
        files = precon_files()
        today = [deck_from_dict(f) for f in files]
        # The base engine plays its own time's precons (``precon_files``); when the rules
        # changed since, the ratio holds the rules' change as well as the tally's cost.
        base = [base_decks_module.deck_from_dict(f) for f in precon_files(args.base)]
        pairs = [(a, b) for a in range(len(files)) for b in range(len(files)) if a != b]

        def play_base(seed: int) -> float:
            a, b = pairs[seed % len(pairs)]
            agents = [base_agents.make_agent("heuristic", seed=seed + i) for i in (0, 1)]
            start = time.process_time()
            result = base_match.run_match(
                decks=[base[a], base[b]], agents=agents, seed=seed, log=False
            )
            json.dumps(result.summary)  # what the row stores
            return time.process_time() - start

        def play_today(seed: int) -> tuple[float, float]:
            a, b = pairs[seed % len(pairs)]
            agents = [make_agent("heuristic", seed=seed + i) for i in (0, 1)]
            start = time.process_time()
            result = run_match(decks=[today[a], today[b]], agents=agents, seed=seed, log=False)
            middle = time.process_time()
            json.dumps({**result.summary, "cards": card_tally(result.state)})  # the row, bigger
            end = time.process_time()
            return end - start, end - middle

        print(f"load average before: {os.getloadavg()}", flush=True)
        totals = [0.0, 0.0, 0.0]
        for number in range(1, args.rounds + 1):
            spent = [0.0, 0.0, 0.0]  # base, figures (engine + tally), tally alone
            for seed in range(args.seeds):
                if seed % 2:
                    spent[0] += play_base(seed)
                    whole, tally = play_today(seed)
                else:
                    whole, tally = play_today(seed)
                    spent[0] += play_base(seed)
                spent[1] += whole
                spent[2] += tally
            totals = [t + s for t, s in zip(totals, spent, strict=True)]
            print(
                f"round {number}: base {spent[0]:.2f} s, figures {spent[1]:.2f} s, "
                f"ratio {spent[1] / spent[0]:.3f}, tally alone {100 * spent[2] / spent[0]:.2f} %",
                flush=True,
            )
        ratio = totals[1] / totals[0]
        print(
            f"all {args.rounds} rounds × {args.seeds} matches: base {totals[0]:.2f} s, figures "
            f"{totals[1]:.2f} s, ratio {ratio:.3f} (aim ≤ {AIM}), tally alone "
            f"{100 * totals[2] / totals[0]:.2f} %"
        )
        print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
