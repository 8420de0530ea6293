"""A finished game against the AI replayed on the board from the person's seat (issue 32):
the stored actions applied to a fresh match (``replays.walk``), stopped at one decision, every
hand shown since the game is over, the person's side at the bottom
(``replays.board.seat_replay_page``, as for a game between two people)."""

from __future__ import annotations

from komandor.rules.match_state import MatchState, decode_actions
from matches.models import HumanMatch
from matches.play.selectors import human_match_names
from matches.play.services import human_match_setup
from matches.replays.board import ReplayPage, seat_replay_page


def human_replay_page(*, match: HumanMatch, step: int) -> ReplayPage | None:
    """The finished game at decision ``step`` (the end past the last); None when this engine
    cannot rebuild it as the game that was stored (another engine version played it)."""
    if not match.is_finished:
        return None

    def names_of(state: MatchState) -> list[str]:
        return human_match_names(match, state)

    return seat_replay_page(
        setup=human_match_setup(match),
        actions=decode_actions(bytes(match.actions or b"")),
        step=step,
        seat=match.human_seat,
        names_of=names_of,
        winner=match.winner,
    )
