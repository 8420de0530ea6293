"""A single match played now, and a stored match replayed from its choices (only this engine
version's rules replay them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from decks.models import DeckVersion
from komandor.rules import rules
from komandor.rules.events import EventLog
from komandor.rules.match import ENGINE_VERSION, MatchSetup, replays_version
from komandor.rules.match_state import MatchState, decode_actions
from matches.games.decks import PlayableDeck, playable_deck_of
from matches.games.entries import entry_problems
from matches.games.playing import GAME_LIMIT, play_game
from matches.models import Match
from matches.replays.walk import ReplayWalk, T, match_setup, replay_walk, replayed
from matches.tournaments.batches import match_row
from matches.tournaments.budget import expected_game_cpu, game_cpu_limit
from matches.tournaments.errors import TournamentError
from matches.tournaments.services import agents_pair


def match_create(
    *,
    owner,
    versions: Sequence[DeckVersion],
    agents: str | Sequence[str] = "heuristic",
    seed: int = 0,
    turn_cap: int = rules.DEFAULT_TURN_CAP,
) -> Match:
    """One match, played now: bounded by the per-game CPU limit, so a request is never held
    long; agents whose game limit exceeds ``MATCH_SINGLE_CPU_SECONDS`` (a big search budget)
    are refused. ``versions`` are seats 0 and 1."""
    if len(versions) != 2:
        two = gettext("Exactly two decks: seats 0 and 1.")
        raise TournamentError("invalid", "decks", {"decks": [two]})
    pair = agents_pair(agents)
    cpu_limit = game_cpu_limit(agents=pair, turn_cap=turn_cap)
    most = float(getattr(settings, "MATCH_SINGLE_CPU_SECONDS", 60))
    if cpu_limit > most:
        message = gettext(
            "A single match is played at once, within %(most)s s of CPU; a game of these agents "
            "is expected to take %(game)s s. A smaller search budget N, or a tournament of two "
            "games (it runs on the workers)."
        ) % {"most": round(most), "game": round(expected_game_cpu(agents=pair, turn_cap=turn_cap))}
        raise TournamentError("invalid", message, {"agents": [message]})
    problems = entry_problems(user=owner, versions=versions)
    if problems:
        raise TournamentError("deck_not_playable", "; ".join(problems), {"decks": problems})
    record, _ = play_game(
        seats=[playable_deck_of(version=v) for v in versions],
        agents=pair,
        seed=seed,
        turn_cap=turn_cap,
        cpu_limit=cpu_limit,
    )
    row = match_row(
        record,
        owner=owner,
        seats=list(versions),
        agents=pair,
        seed=seed,
        turn_cap=turn_cap,
    )
    row.save()
    return row


def match_replay_possible(*, match: Match) -> bool:
    """Only this engine version's rules replay a game's choices, and only a whole game."""
    return replays_version(match.engine_version) and match.termination != GAME_LIMIT


def match_replay_unavailable(*, match: Match) -> str:
    """Why the match cannot be replayed, for the page and the API ("" when it can)."""
    if match.termination == GAME_LIMIT:
        return _("this match was ended by the per-game limit: there is no whole game to replay")
    if not replays_version(match.engine_version):
        return _(
            "this match was played by engine %(played)s; this site runs engine %(current)s, "
            "whose rules differ, so its moves no longer replay"
        ) % {"played": match.engine_version, "current": ENGINE_VERSION}
    return ""


def _seats(*, match: Match) -> list[PlayableDeck]:
    return [playable_deck_of(version=match.seat0), playable_deck_of(version=match.seat1)]


def _match_setup(*, match: Match) -> MatchSetup:
    return match_setup(
        seats=_seats(match=match), agents=match.agents, seed=match.seed, turn_cap=match.turn_cap
    )


def match_history(*, match: Match) -> list[int] | None:
    """The match's choices: stored with it, or — for a match recorded before they were kept —
    the game played again by its agents (this engine version only). None when it cannot be
    replayed."""
    if not match_replay_possible(match=match):
        return None
    if match.actions is not None:
        try:
            return decode_actions(bytes(match.actions))
        except ValueError:  # cut short: not a history this engine wrote
            return None
    _, result = play_game(
        seats=_seats(match=match),
        agents=match.agents,
        seed=match.seed,
        turn_cap=match.turn_cap,
        cpu_limit=game_cpu_limit(agents=match.agents, turn_cap=match.turn_cap),
    )
    if result is None or result.outcome.winner != match.winner_seat:
        return None
    return result.actions


def match_replay(*, match: Match) -> EventLog | None:
    """The match's whole log, rebuilt by applying its choices (no agent asked). None when it
    cannot be: another engine version played it, or the per-game limit ended it."""
    actions = match_history(match=match)
    if actions is None:
        return None
    replay = replayed(_match_setup(match=match), actions)
    if replay is None or replay.outcome is None or replay.outcome.winner != match.winner_seat:
        return None
    return replay.log


def match_replay_step(
    *, match: Match, step: int, at_step: Callable[[MatchState], T]
) -> ReplayWalk[T] | None:
    """The match replayed, ``at_step`` called with it stopped at decision ``step`` (the
    replay page draws its board there); None when it cannot be rebuilt."""
    actions = match_history(match=match)
    if actions is None:
        return None
    walk = replay_walk(setup=_match_setup(match=match), actions=actions, step=step, at_step=at_step)
    if walk is None or walk.outcome is None or walk.outcome.winner != match.winner_seat:
        return None  # not the stored game: never show a position of another one
    return walk
