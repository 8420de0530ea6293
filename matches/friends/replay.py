"""A finished game between two people stepped through on the board (issue 33), with the replay
of games against the AI (``replays.board.seat_replay_page``): from the viewer's seat (a
spectator: the first player's side at the bottom), every hand shown since the game is over.

A game the engine ended is checked to end as stored (the same winner); one ended by a
resignation, a clock, a forfeit, an agreed draw or idleness stops where its actions stop."""

from __future__ import annotations

from komandor.rules.match import ENGINE_VERSION
from komandor.rules.match_state import MatchState, decode_actions
from komandor.rules.victory import Termination
from matches.friends.selectors import player_names
from matches.friends.services import friend_game_setup
from matches.models import FriendGame
from matches.replays.board import ReplayPage, seat_replay_page

BY_THE_RULES = frozenset(termination.value for termination in Termination)


def friend_game_replayable(game: FriendGame) -> bool:
    """Over, and played: both seats taken (a table that expired waiting has no game)."""
    return game.is_over and game.guest_deck_id is not None


def friend_replay_page(*, game: FriendGame, seat: int | None, step: int) -> ReplayPage | None:
    """The finished game at decision ``step`` (the end past the last) seen from ``seat``; None
    when it is not over, or this engine cannot rebuild it as the game that was stored."""
    if not friend_game_replayable(game) or game.engine_version != ENGINE_VERSION:
        return None
    names = player_names(game)

    def names_of(state: MatchState) -> list[str]:
        return names

    return seat_replay_page(
        setup=friend_game_setup(game),
        actions=decode_actions(bytes(game.actions or b"")),
        step=step,
        seat=seat,
        names_of=names_of,
        winner=game.winner,
        by_the_rules=game.termination in BY_THE_RULES,
    )
