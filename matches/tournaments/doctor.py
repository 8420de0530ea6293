"""The deck doctor as a tournament format (pure, no Django): which candidate swaps make a deck
better against a field, found by screening and proven by a paired sequential test.

Entries: 0 is the deck as it is, 1…K its candidates (each the deck with one swap, −k of one
card and +k of another), K+1… the field. Every pairing of a round against opponent ``o`` shares
its seeds (``seed_key``: the round and the opponent), so the deck and each candidate play the
same deals in the same seats: their difference on those deals is paired.

1. **Screening** (successive halving, ``screen_games`` games): stage ``j`` plays the deck and
   the surviving candidates against every opponent on ``block_j`` seed pairs; the better half
   by mean paired difference (candidate's score minus the deck's on the same deals, over every
   stage so far) goes on, until ``finalists`` are left. This only ranks: it tries many
   candidates on few deals, so its best looks better than it is (the winner's curse), and
   nothing it finds is called better.
2. **Confirmation**: the finalists play on fresh seeds (new rounds), two games per opponent
   per round, each judged by the swap test's paired SPRT (``swap.verdict``, the same units,
   interval and verdict codes) with α split over the finalists (Bonferroni); a finalist
   leaves once its test decides, and it all stops when none is left or the cap ``max_games``
   leaves no room for another round. Only a finalist whose SPRT says ``swap_better`` is a
   suggestion.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from matches.tournaments import swap

DOCTOR = "doctor"
DEFAULTS: dict[str, Any] = {
    "delta": 0.1,
    "alpha": 0.05,
    "beta": 0.05,
    "max_games": 800,  # the whole run: screening and confirmation
    "candidates": 0,  # K, set by the service: entries 1…K
    "finalists": 3,
    "screen_games": 0,  # set from max_games when 0: the screening's share, fixed at the start
    "swaps": [],  # per candidate: [card removed, card added, copies] (ids), for the pages
}
SCREEN_SHARE = 0.5
FIRST_BLOCK = 2  # seed pairs per opponent a candidate plays at least in the first stage
GAMES_PER_SEED = 2  # one seed, both seats

BETTER, NONE, UNDECIDED = "doctor_better", "doctor_none", "doctor_undecided"


@dataclass(frozen=True, slots=True)
class Result:
    """One pairing's games (``formats.SeriesResult`` has these fields)."""

    round: int
    a: int
    b: int
    a_wins: int
    b_wins: int
    draws: int


def stage_sizes(candidates: int, finalists: int) -> list[int]:
    """Candidates in each screening stage: halved (rounded up) until ``finalists`` are left;
    empty when there are no more candidates than finalists (nothing to screen)."""
    sizes = [candidates]
    while sizes[-1] > finalists:
        sizes.append(math.ceil(sizes[-1] / 2))
    return sizes[:-1]


def stage_blocks(*, candidates: int, finalists: int, field: int, screen_games: int) -> list[int]:
    """Seed pairs per opponent in each screening stage: its share of ``screen_games`` (equal
    shares), at least one."""
    sizes = stage_sizes(candidates, finalists)
    if not sizes:
        return []
    share = screen_games / len(sizes)
    return [max(1, int(share // ((size + 1) * field * GAMES_PER_SEED))) for size in sizes]


def least_games(*, candidates: int, finalists: int, field: int) -> int:
    """The smallest cap that plays every screening stage once and one confirmation round."""
    sizes = stage_sizes(candidates, finalists)
    confirm = min(candidates, finalists) + 1
    return sum(size + 1 for size in sizes) * field * GAMES_PER_SEED + (
        confirm * field * GAMES_PER_SEED
    )


def most_candidates(*, budget: int, finalists: int, field: int, most: int) -> int:
    """The most candidates (up to ``most``) whose screening fits the screening's share of
    ``budget`` with ``FIRST_BLOCK`` seed pairs per opponent in its first stage (or, with no
    more candidates than finalists, one confirmation round fits); 0 when none fits."""
    share = int(budget * SCREEN_SHARE)
    for count in range(most, 0, -1):
        if count <= finalists:
            if (count + 1) * field * GAMES_PER_SEED <= budget:
                return count
            continue
        blocks = stage_blocks(
            candidates=count, finalists=finalists, field=field, screen_games=share
        )
        if blocks[0] >= FIRST_BLOCK:
            return count
    return 0


def normalized(options: Mapping[str, Any], count: int) -> dict[str, Any]:
    """The options with defaults and the screening's share fixed (``screen_games``)."""
    result = {**DEFAULTS, **{k: options[k] for k in DEFAULTS if k in options}}
    if not result["screen_games"]:
        result["screen_games"] = int(result["max_games"] * SCREEN_SHARE)
    return result


def problems(options: Mapping[str, Any], count: int) -> dict[str, str]:
    """What is wrong with normalised options for ``count`` entries (English; the caller
    translates the keys it shows)."""
    found: dict[str, str] = {}
    for name in ("delta", "alpha", "beta"):
        value = options[name]
        if not _number(value) or not 0 < value < 0.5:
            found[name] = "between 0 and 0.5"
    for name in ("max_games", "candidates", "finalists", "screen_games"):
        if not _whole(options[name]) or options[name] < 1:
            found[name] = "a whole number, at least 1"
    swaps = options["swaps"]
    if not isinstance(swaps, list) or (swaps and len(swaps) != options.get("candidates")):
        found["swaps"] = "one [removed, added, copies] per candidate"
    if found:
        return found
    field = count - 1 - options["candidates"]
    if field < 1:
        found["candidates"] = "the deck, its candidates and at least one opponent"
        return found
    least = least_games(
        candidates=options["candidates"], finalists=options["finalists"], field=field
    )
    if options["max_games"] < least:
        found["max_games"] = f"at least {least} for these candidates and opponents"
    return found


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seed_key(round: int, b: int) -> str:
    """Every entry's pairing against opponent ``b`` in a round plays the same deals."""
    return f"doctor:{round}:{b}"


def _score(result: Any) -> float:
    return result.a_wins + result.draws / 2


def _games(result: Any) -> int:
    return result.a_wins + result.b_wins + result.draws


def screening(options: Mapping[str, Any], count: int, history: Sequence[Any]) -> dict[int, dict]:
    """Per candidate: the stages it played, its games and mean paired difference (its win
    rate minus the deck's on the same deals), from the screening rounds of ``history``."""
    stages = len(stage_sizes(options["candidates"], options["finalists"]))
    base: dict[tuple[int, int], float] = {}
    rows: dict[int, dict] = {}
    for result in history:
        if result.round > stages:
            continue
        if result.a == 0:
            base[(result.round, result.b)] = _score(result)
    for result in history:
        if result.round > stages or result.a == 0:
            continue
        key = (result.round, result.b)
        if key not in base:
            continue
        row = rows.setdefault(result.a, {"stages": set(), "games": 0, "gain": 0.0})
        row["stages"].add(result.round)
        row["games"] += _games(result)
        row["gain"] += _score(result) - base[key]
    return {
        entry: {
            "stages": len(row["stages"]),
            "games": row["games"],
            "difference": row["gain"] / row["games"] if row["games"] else None,
        }
        for entry, row in rows.items()
    }


def _ranked(rows: Mapping[int, dict], entries: Sequence[int]) -> list[int]:
    """``entries`` best first: more stages survived, then the larger mean difference, then
    the lower entry number (deterministic)."""
    return sorted(
        entries,
        key=lambda e: (
            -rows.get(e, {}).get("stages", 0),
            -(rows.get(e, {}).get("difference") or 0.0),
            e,
        ),
    )


def survivors(
    options: Mapping[str, Any], count: int, history: Sequence[Any], stage: int
) -> list[int]:
    """The candidates playing screening stage ``stage`` (0-based), or the finalists when
    ``stage`` is the number of stages."""
    candidates = list(range(1, options["candidates"] + 1))
    sizes = stage_sizes(options["candidates"], options["finalists"])
    alive = candidates
    for number in range(stage):
        keep = sizes[number + 1] if number + 1 < len(sizes) else options["finalists"]
        rows = screening(options, count, [r for r in history if r.round <= number + 1])
        alive = _ranked(rows, alive)[:keep]
    return sorted(alive)


def confirm_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The confirming SPRT's options: α split over the finalists (Bonferroni)."""
    finalists = max(1, min(options["finalists"], options["candidates"]))
    return {**options, "alpha": options["alpha"] / finalists}


def confirmation(
    options: Mapping[str, Any], count: int, history: Sequence[Any], entry: int
) -> swap.Verdict:
    """The finalist's paired SPRT against the deck on the confirmation rounds' fresh seeds."""
    stages = len(stage_sizes(options["candidates"], options["finalists"]))
    rounds = {r.round for r in history if r.round > stages and r.a == entry}
    paired = [
        Result(r.round, 0 if r.a == 0 else 1, r.b, r.a_wins, r.b_wins, r.draws)
        for r in history
        if r.round in rounds and r.a in (0, entry)
    ]
    return swap.verdict(confirm_options(options), paired)


def finalists(options: Mapping[str, Any], count: int, history: Sequence[Any]) -> list[int]:
    stages = len(stage_sizes(options["candidates"], options["finalists"]))
    return survivors(options, count, history, stages)


def next_round(
    count: int, options: Mapping[str, Any], history: Sequence[Any]
) -> list[tuple[int, int, int]] | None:
    """The next round's (entry, opponent, games), or None when the run is over."""
    sizes = stage_sizes(options["candidates"], options["finalists"])
    played = max((r.round for r in history), default=0)
    field = range(options["candidates"] + 1, count)
    if played < len(sizes):
        blocks = stage_blocks(
            candidates=options["candidates"],
            finalists=options["finalists"],
            field=len(field),
            screen_games=options["screen_games"],
        )
        entries = [0, *survivors(options, count, history, played)]
        games = GAMES_PER_SEED * blocks[played]
        return [(entry, opponent, games) for opponent in field for entry in entries]
    open_ = [
        entry
        for entry in finalists(options, count, history)
        if confirmation(options, count, history, entry).code == "swap_undecided"
    ]
    if not open_:
        return None
    round_games = (len(open_) + 1) * len(field) * GAMES_PER_SEED
    if options["max_games"] - sum(_games(r) for r in history) < round_games:
        return None
    return [(entry, opponent, GAMES_PER_SEED) for opponent in field for entry in [0, *open_]]


def decision(options: Mapping[str, Any], count: int, history: Sequence[Any]) -> str:
    verdicts = [
        confirmation(options, count, history, entry).code
        for entry in finalists(options, count, history)
    ]
    if "swap_better" in verdicts:
        return BETTER
    if verdicts and "swap_undecided" not in verdicts:
        return NONE
    return UNDECIDED


def report(options: Mapping[str, Any], count: int, history: Sequence[Any]) -> dict[str, Any]:
    """Everything the page, the API and the export show: the screening (labelled so), the
    finalists' confirmations, the suggestions (only SPRT-confirmed, best difference first),
    the games played and the decision."""
    rows = screening(options, count, history)
    chosen = finalists(options, count, history)
    confirmed = {entry: confirmation(options, count, history, entry) for entry in chosen}
    better = [e for e in chosen if confirmed[e].code == "swap_better"]
    better.sort(key=lambda e: (-(confirmed[e].difference or 0.0), e))
    return {
        "decision": decision(options, count, history),
        "games": sum(_games(r) for r in history),
        "screening": [
            {"entry": entry, **rows[entry]}
            for entry in _ranked(rows, list(range(1, options["candidates"] + 1)))
            if entry in rows
        ],
        "finalists": [{"entry": e, **confirmed[e].to_dict()} for e in chosen],
        "suggestions": better,
        "alpha_per_finalist": confirm_options(options)["alpha"],
    }
