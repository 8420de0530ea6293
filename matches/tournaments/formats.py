"""Tournament formats as pure functions: who meets whom, round by round (no Django here).

Entries are numbered by seed (0 = first listed, the strongest seed). A round is a list of
``PairingPlan``s; each pairing plays ``games`` games, each seed twice with the seats swapped.
Formats whose next round depends on results (Swiss, single elimination, the head-to-head test)
get the results of every earlier round as ``SeriesResult``s and return the next round, or None
when the tournament is over. Every format knows its planned game count up front (the
head-to-head test's is its cap: it may stop earlier).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from matches.tournaments import doctor, spsa, swap
from matches.tournaments.statistics import SprtDecision, sprt_decision

ROUND_ROBIN = "round_robin"
DOUBLE_ROUND_ROBIN = "double_round_robin"
SWISS = "swiss"
SINGLE_ELIMINATION = "single_elimination"
GAUNTLET = "gauntlet"
HEAD_TO_HEAD = "head_to_head"
SWAP = swap.SWAP  # the swap test: entries 0 and 1 are a deck and its changed copy (``swap``)
DOCTOR = doctor.DOCTOR  # the deck doctor: a deck, its candidate swaps, the field (``doctor``)
TUNING = spsa.TUNING  # an agent's parameters tuned by self-play on the entries (``spsa``)
FORMATS = (
    ROUND_ROBIN,
    DOUBLE_ROUND_ROBIN,
    SWISS,
    SINGLE_ELIMINATION,
    GAUNTLET,
    HEAD_TO_HEAD,
    SWAP,
    DOCTOR,
    TUNING,
)

# The head-to-head test's game cap and block: the tournament form's bound, far past where the
# test decides (a block of 10¹² would be planned, counted and paired as one).
MAX_HEAD_TO_HEAD_GAMES = 10_000
HEAD_TO_HEAD_DEFAULTS = {"delta": 0.1, "alpha": 0.05, "beta": 0.05, "max_games": 400, "block": 20}


class FormatError(ValueError):
    """Bad format options: ``fields`` maps an option name to its problem."""

    def __init__(self, fields: dict[str, str]) -> None:
        self.fields = fields
        super().__init__("; ".join(f"{name}: {problem}" for name, problem in fields.items()))


@dataclass(frozen=True, slots=True)
class PairingPlan:
    a: int
    b: int
    games: int


@dataclass(frozen=True, slots=True)
class SeriesResult:
    round: int
    a: int
    b: int
    a_wins: int
    b_wins: int
    draws: int

    @property
    def winner(self) -> int:
        """The series winner: more wins; when level, the higher seed (the lower number)."""
        if self.a_wins != self.b_wins:
            return self.a if self.a_wins > self.b_wins else self.b
        return min(self.a, self.b)


# --- the formats' own pairing logic ------------------------------------------------------------


def round_robin_pairs(count: int) -> list[tuple[int, int]]:
    return [(i, j) for i in range(count) for j in range(i + 1, count)]


def gauntlet_pairs(count: int, challenger: int = 0) -> list[tuple[int, int]]:
    return [(challenger, other) for other in range(count) if other != challenger]


def bracket_order(size: int) -> list[int]:
    """Seed positions of a bracket of ``size`` (a power of two): 1–8, 4–5, 2–7, 3–6 for 8,
    so the top seeds can meet only in the last rounds."""
    order = [0]
    while len(order) < size:
        doubled = len(order) * 2
        order = [seed for top in order for seed in (top, doubled - 1 - top)]
    return order


def elimination_slots(count: int) -> list[int | None]:
    """First-round slots: the seeded bracket, None where a top seed gets a bye."""
    size = 1 << max(1, math.ceil(math.log2(count)))
    return [seed if seed < count else None for seed in bracket_order(size)]


def elimination_round(
    slots: Sequence[int | None], results: Mapping[frozenset[int], SeriesResult]
) -> tuple[list[tuple[int, int]], list[int | None] | None]:
    """The pairs of this bracket round still to play, and the next round's slots once every
    tie of this one has a result (None until then)."""
    pairs: list[tuple[int, int]] = []
    advancing: list[int | None] = []
    for a, b in zip(slots[::2], slots[1::2], strict=True):
        if a is None or b is None:
            advancing.append(a if b is None else b)
            continue
        result = results.get(frozenset((a, b)))
        if result is None:
            pairs.append((a, b))
        advancing.append(result.winner if result else None)
    complete = not pairs
    return pairs, advancing if complete else None


# Steps the top-down search may take before the matching decides instead: ample for the
# ordinary Swiss round (a few dozen steps), and a bound on the search that grows
# exponentially when many entries share a score and most pairs have met.
SWISS_SEARCH_STEPS = 2000


def swiss_pairs(
    count: int,
    scores: Mapping[int, float],
    played: set[frozenset[int]],
    byes: set[int],
) -> tuple[list[tuple[int, int]], int | None]:
    """One Swiss round: by score, then seed; the lowest-ranked entry without a bye yet sits out
    when the count is odd; no rematch when any pairing avoids it.

    The usual top-down pairing (each entry meets the highest-ranked one it has not met, with
    backtracking) is tried first within ``SWISS_SEARCH_STEPS``; when that runs out, or no
    pairing avoids every rematch, a maximum-weight matching (``swiss_matching``, polynomial)
    decides. Either way the round takes bounded time."""
    ranked = sorted(range(count), key=lambda entry: (-scores.get(entry, 0.0), entry))
    bye = None
    if count % 2:
        bye = next((e for e in reversed(ranked) if e not in byes), ranked[-1])
        ranked.remove(bye)
    try:
        pairs = _pair_without_rematch(ranked, played, [SWISS_SEARCH_STEPS])
    except _SearchExhausted:
        pairs = None
    if pairs is None:
        pairs = swiss_matching(ranked, scores, played)
    return pairs, bye


class _SearchExhausted(Exception):
    pass


def _pair_without_rematch(
    ranked: list[int], played: set[frozenset[int]], steps: list[int]
) -> list[tuple[int, int]] | None:
    if not ranked:
        return []
    steps[0] -= 1
    if steps[0] < 0:
        raise _SearchExhausted
    first, rest = ranked[0], ranked[1:]
    for index, opponent in enumerate(rest):
        if frozenset((first, opponent)) in played:
            continue
        tail = _pair_without_rematch(rest[:index] + rest[index + 1 :], played, steps)
        if tail is not None:
            return [(first, opponent), *tail]
    return None


def swiss_matching(
    ranked: Sequence[int], scores: Mapping[int, float], played: set[frozenset[int]]
) -> list[tuple[int, int]]:
    """Everyone in ``ranked`` (an even number, best first) paired by a maximum-weight perfect
    matching (networkx's blossom algorithm, O(n³)): first the fewest rematches, then the
    smallest score differences, then the smallest distances in the ranking (both squared, so
    two near pairs beat one near and one far). Integer weights, so the choice is exact and
    deterministic."""
    import networkx as nx  # the one user; keeps the formats' import light

    n = len(ranked)
    position = {entry: index for index, entry in enumerate(ranked)}
    half_points = {entry: round(2 * scores.get(entry, 0.0)) for entry in ranked}
    spread = max(half_points.values(), default=0) - min(half_points.values(), default=0)
    # One step of score difference outweighs any sum of ranking distances (each below n²).
    worst = spread * spread * n**3 + n * n  # the largest cost of one pair
    fresh = (worst + 1) * (n // 2 + 1)  # one rematch fewer outweighs every other cost
    graph = nx.Graph()
    for i, a in enumerate(ranked):
        for b in ranked[i + 1 :]:
            gap = half_points[a] - half_points[b]
            cost = gap * gap * n**3 + (position[a] - position[b]) ** 2
            rematch = frozenset((a, b)) in played
            graph.add_edge(a, b, weight=(0 if rematch else fresh) + worst - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = [(a, b) if position[a] < position[b] else (b, a) for a, b in matching]
    return sorted(pairs, key=lambda pair: position[pair[0]])


def swiss_standing(history: Sequence[SeriesResult], byes: set[int]) -> dict[int, float]:
    """Round points: 1 for a series won, ½ for a level one, 1 for a bye."""
    scores: dict[int, float] = dict.fromkeys(byes, 1.0)
    for result in history:
        for side, won, lost in (
            (result.a, result.a_wins, result.b_wins),
            (result.b, result.b_wins, result.a_wins),
        ):
            points = 1.0 if won > lost else 0.5 if won == lost else 0.0
            scores[side] = scores.get(side, 0.0) + points
    return scores


# --- one interface for the tournament services -------------------------------------------------


def normalized_options(
    *, format: str, count: int, games: int, options: Mapping[str, Any]
) -> dict[str, Any]:
    """The format's options checked and with defaults; raises ``FormatError``."""
    problems: dict[str, str] = {}
    if format not in FORMATS:
        raise FormatError(
            {
                "format": gettext("Unknown format %(format)s; known: %(known)s.")
                % {"format": format, "known": ", ".join(FORMATS)}
            }
        )
    if games < 2 or games % 2:
        problems["games_per_pairing"] = gettext(
            "An even number, at least 2: each seed is played twice."
        )
    if count < 2:
        problems["decks"] = gettext("At least two decks.")
    result: dict[str, Any] = {}
    if format == SWISS:
        rounds = options.get("rounds", max(1, math.ceil(math.log2(max(count, 2)))))
        if not _whole(rounds) or not 1 <= rounds <= max(count - 1, 1):
            problems["rounds"] = gettext("A whole number from 1 to %(most)s.") % {
                "most": max(count - 1, 1)
            }
        result["rounds"] = rounds
    if format in (HEAD_TO_HEAD, SWAP):
        defaults = HEAD_TO_HEAD_DEFAULTS if format == HEAD_TO_HEAD else swap.DEFAULTS
        if format == HEAD_TO_HEAD and count != 2:
            problems["decks"] = gettext("Exactly two decks: A and B.")
        if format == SWAP and count < 3:
            problems["decks"] = gettext("The deck, its changed copy and at least one opponent.")
        result = {**defaults, **{k: options[k] for k in defaults if k in options}}
        for name in ("delta", "alpha", "beta"):
            value = result[name]
            if (
                not isinstance(value, int | float)
                or isinstance(value, bool)
                or not (0 < value < 0.5)
            ):
                problems[name] = gettext("A number between 0 and 0.5.")
        for name in ("max_games", "block"):
            value = result[name]
            if format == SWAP and name == "block":
                if not _whole(value) or not 1 <= value <= 50:
                    problems[name] = gettext("A whole number from 1 to 50.")
            elif not _whole(value) or value < 2 or value % 2 or value > MAX_HEAD_TO_HEAD_GAMES:
                problems[name] = gettext("An even whole number from 2 to %(most)s.") % {
                    "most": MAX_HEAD_TO_HEAD_GAMES
                }
        if (
            format == HEAD_TO_HEAD
            and not problems.keys() & {"block", "max_games"}
            and result["block"] > result["max_games"]
        ):
            problems["block"] = gettext("At most the game cap (max_games).")
    if format == DOCTOR:
        result = doctor.normalized(options, count)
        problems.update(doctor.problems(result, count))
    if format == TUNING:
        result = {**spsa.DEFAULTS, **options}
        problems.update(spsa.problems(result, count))
        if games != spsa.GAMES_PER_PAIRING:
            problems["games_per_pairing"] = gettext("Two: one seed, seats swapped.")
    unknown = set(options) - set(result)
    for name in sorted(unknown):
        problems[name] = gettext("Not an option of the %(format)s format.") % {"format": format}
    if problems:
        raise FormatError(problems)
    return result


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def planned_games(*, format: str, count: int, games: int, options: Mapping[str, Any]) -> int:
    if format == ROUND_ROBIN:
        return len(round_robin_pairs(count)) * games
    if format == DOUBLE_ROUND_ROBIN:
        return 2 * len(round_robin_pairs(count)) * games
    if format == GAUNTLET:
        return (count - 1) * games
    if format == SWISS:
        return options["rounds"] * (count // 2) * games
    if format == SINGLE_ELIMINATION:
        return (count - 1) * games
    if format == TUNING:
        return spsa.planned_games(options)
    return options["max_games"]  # HEAD_TO_HEAD, SWAP, DOCTOR: the cap


def next_round(
    *,
    format: str,
    count: int,
    games: int,
    options: Mapping[str, Any],
    history: Sequence[SeriesResult],
) -> list[PairingPlan] | None:
    """The pairings of the round after ``history`` (every earlier round complete), or None
    when the tournament is over."""
    played_rounds = max((result.round for result in history), default=0)
    if format in (ROUND_ROBIN, GAUNTLET):
        if played_rounds:
            return None
        pairs = round_robin_pairs(count) if format == ROUND_ROBIN else gauntlet_pairs(count)
        return [PairingPlan(a, b, games) for a, b in pairs]
    if format == DOUBLE_ROUND_ROBIN:
        if played_rounds >= 2:
            return None
        # The second leg has every pairing the other way round (deck B listed, and seated, first).
        flip = played_rounds == 1
        return [
            PairingPlan(b, a, games) if flip else PairingPlan(a, b, games)
            for a, b in round_robin_pairs(count)
        ]
    if format == SWISS:
        if played_rounds >= options["rounds"]:
            return None
        byes = swiss_byes(count=count, history=history)
        scores = swiss_standing(history, byes)
        played = {frozenset((r.a, r.b)) for r in history}
        pairs, _ = swiss_pairs(count, scores, played, byes)
        return [PairingPlan(a, b, games) for a, b in pairs]
    if format == SINGLE_ELIMINATION:
        return _elimination_next(count, games, history)
    if format == DOCTOR:
        planned = doctor.next_round(count, options, history)
        return [PairingPlan(a, b, games) for a, b, games in planned] if planned else None
    if format == SWAP:
        swap_pairs = swap.next_round(count, options, history)
        return [PairingPlan(a, b, 2) for a, b in swap_pairs] if swap_pairs else None
    if format == TUNING:
        tuning_pairs = spsa.next_round(count, options, history)
        return [PairingPlan(a, b, spsa.GAMES_PER_PAIRING) for a, b in tuning_pairs or []] or None
    return _head_to_head_next(options, history)


def seed_key(*, format: str, round: int, slot: int, a: int, b: int) -> str:
    """What a pairing's seeds derive from (with the tournament's seed and the game number):
    its own coordinates, except in the swap test, where A's and B's pairings share them."""
    if format == SWAP:
        return swap.seed_key(round, slot)
    if format == DOCTOR:
        return doctor.seed_key(round, b)
    if format == TUNING:
        return spsa.seed_key(round, slot)
    return f"{round}:{slot}:{a}:{b}"


def final_decision(
    *, format: str, options: Mapping[str, Any], history: Sequence[SeriesResult], count: int = 0
) -> str:
    """The verdict stored on a finished tournament ("" for formats without one)."""
    if format == HEAD_TO_HEAD:
        return head_to_head_decision(options, history).value
    if format == SWAP:
        return swap.verdict(options, history).code
    if format == DOCTOR:
        return doctor.decision(options, count, history)
    if format == TUNING:
        return spsa.decision(options, history)
    return ""


# The formats whose pairing sides play with parameter values of their own (``side_values``).
VALUED = (TUNING,)


def side_values(
    *, format: str, options: Mapping[str, Any], round: int, history: Sequence[SeriesResult]
) -> tuple[dict[str, float], dict[str, float]] | None:
    """The agent parameter values of each pairing's side A and side B in round ``round``
    (``history``: the rounds before it), for a format whose sides play with their own values
    (the tuning); None for the others, whose agents play as their names build them."""
    if format == TUNING:
        return spsa.side_values(options, round, history)
    return None


def swiss_byes(*, count: int, history: Sequence[SeriesResult]) -> set[int]:
    """Who sat out each round so far (the entry of an odd field not in that round's pairs)."""
    byes: set[int] = set()
    if count % 2 == 0:
        return byes
    rounds = sorted({result.round for result in history})
    for number in rounds:
        present = {side for r in history if r.round == number for side in (r.a, r.b)}
        byes.update(set(range(count)) - present)
    return byes


def elimination_bracket(
    count: int, history: Sequence[SeriesResult]
) -> tuple[list[tuple[int, int]], int | None]:
    """The ties of the current bracket round still to play, or (no ties) the champion. Two
    entries meet at most once in a knockout, so results are looked up by the pair alone."""
    slots: list[int | None] = elimination_slots(count)
    results = {frozenset((r.a, r.b)): r for r in history}
    while True:
        pairs, advancing = elimination_round(slots, results)
        if pairs or advancing is None:
            return pairs, None
        if len(advancing) == 1:
            return [], advancing[0]
        slots = advancing


def _elimination_next(
    count: int, games: int, history: Sequence[SeriesResult]
) -> list[PairingPlan] | None:
    pairs, _ = elimination_bracket(count, history)
    return [PairingPlan(a, b, games) for a, b in pairs] or None


def head_to_head_decision(
    options: Mapping[str, Any], history: Sequence[SeriesResult]
) -> SprtDecision:
    wins = sum(r.a_wins for r in history)
    losses = sum(r.b_wins for r in history)
    draws = sum(r.draws for r in history)
    return sprt_decision(
        wins=wins,
        draws=draws,
        losses=losses,
        delta=options["delta"],
        alpha=options["alpha"],
        beta=options["beta"],
    )


def _head_to_head_next(
    options: Mapping[str, Any], history: Sequence[SeriesResult]
) -> list[PairingPlan] | None:
    played = sum(r.a_wins + r.b_wins + r.draws for r in history)
    if head_to_head_decision(options, history) is not SprtDecision.UNDECIDED:
        return None
    left = options["max_games"] - played
    if left <= 0:
        return None
    return [PairingPlan(0, 1, min(options["block"], left))]
