"""A finished game against the AI replayed on the board from the person's seat (issue 32):
the stored actions applied to a fresh match (``replays.walk``), stopped at one decision, every
hand shown since the game is over, the person's side at the bottom."""

from __future__ import annotations

from komandor.rules.match_state import MatchState, decode_actions
from matches.models import HumanMatch
from matches.play.selectors import human_match_names
from matches.play.services import human_match_setup
from matches.replays.board import ReplayPage, board_at_step, page_of_walk
from matches.replays.walk import replay_walk


def human_replay_page(*, match: HumanMatch, step: int) -> ReplayPage | None:
    """The finished game at decision ``step`` (the end past the last); None when this engine
    cannot rebuild it as the game that was stored (another engine version played it)."""
    if not match.is_finished:
        return None

    def names_of(state: MatchState) -> list[str]:
        return human_match_names(match, state)

    walk = replay_walk(
        setup=human_match_setup(match),
        actions=decode_actions(bytes(match.actions or b"")),
        step=step,
        at_step=board_at_step(names_of, seat=match.human_seat),
    )
    if walk is None or walk.outcome.winner != match.winner:
        return None  # not the stored game: never show a position of another one
    return page_of_walk(walk)
