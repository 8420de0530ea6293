"""The replay page's content: a stored match stopped at one decision, drawn on the board a
spectator sees (every card), with what happened since the decision before told in words.

Steps are decisions (``replay.replay_walk``): step k shows the table as decision k is asked,
the decision with the option that was chosen, and the events that led there; turn by turn is
the first decision of each turn. ``seat_replay_page`` is the replay of a game a person played
(against the AI, or against another person): his side at the bottom, every hand shown."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from komandor.rules.match import MatchSetup
from komandor.rules.match_state import MatchState
from matches.models import Match
from matches.replays import services as replay_services
from matches.replays.walk import ReplayWalk, replay_walk
from matches.words.board import Board, board_for, card_names
from matches.words.decision_text import DecisionView
from matches.words.event_text import narrate
from matches.words.player_names import match_player_names


@dataclass(frozen=True)
class _AtStep:
    board: Board
    names: list[str]
    cards: dict[str, str]


@dataclass(frozen=True)
class ReplayPage:
    step: int
    last: int
    board: Board
    decision: DecisionView | None  # the decision asked at this step (None at the end)
    chosen: int | None  # its option chosen in the match
    told: list[str]  # what happened since the decision before, in words
    steps: dict[str, int]  # the navigation's targets: first, previous_turn, previous, …
    names: list[str]

    @property
    def chosen_label(self) -> str:
        if self.decision is None or self.chosen is None:
            return ""
        return self.decision.options[self.chosen].label


def replay_page(*, match: Match, step: int) -> ReplayPage | None:
    """The match at decision ``step`` (the end past the last); None when it cannot be
    rebuilt (``replay_services.match_replay_unavailable`` says why)."""

    def names_of(state: MatchState) -> list[str]:
        commanders = [player.commander.name for player in state.state.players]
        return match_player_names(match=match, commanders=commanders)

    walk = replay_services.match_replay_step(
        match=match, step=step, at_step=board_at_step(names_of, seat=None)
    )
    return None if walk is None else page_of_walk(walk)


def seat_replay_page(
    *,
    setup: MatchSetup,
    actions: Sequence[int],
    step: int,
    seat: int | None,
    names_of: Callable[[MatchState], list[str]],
    winner: int | None,
    by_the_rules: bool = True,
) -> ReplayPage | None:
    """A finished game a person played, at decision ``step`` (the end past the last), drawn
    from ``seat`` (None: a spectator's, the first player's side at the bottom) with every hand
    shown. ``by_the_rules``: the engine ended it, with ``winner`` (otherwise it stopped where
    a player resigned, ran out of time or agreed a draw). None when this engine does not
    rebuild the stored game (another engine version played it): never a position of another
    one."""
    walk = replay_walk(
        setup=setup,
        actions=actions,
        step=step,
        at_step=board_at_step(names_of, seat=seat),
        complete=by_the_rules,
    )
    if walk is None:
        return None
    if by_the_rules and (walk.outcome is None or walk.outcome.winner != winner):
        return None
    return page_of_walk(walk)


def board_at_step(
    names_of: Callable[[MatchState], list[str]], *, seat: int | None
) -> Callable[[MatchState], _AtStep]:
    """What a replay draws at its step: every card shown, the seat's side at the bottom (a
    spectator: the first player's)."""

    def at_step(state: MatchState) -> _AtStep:
        names = names_of(state)
        board = board_for(state, viewer=seat, names=names, reveal=True)
        return _AtStep(board, names, card_names(state))

    return at_step


def page_of_walk(walk: ReplayWalk[_AtStep]) -> ReplayPage:
    """The replay page at the walk's step, with its navigation by decision and by turn."""
    seen = walk.at_step
    step, last = walk.step, walk.last
    board = seen.board
    if step == last:  # over (a game stopped outside the rules still had a decision asked)
        board = dataclasses.replace(board, decision=None, waiting_for="", is_over=True)
    return ReplayPage(
        step=step,
        last=last,
        board=board,
        decision=board.decision,
        chosen=walk.chosen,
        told=narrate(
            walk.step_events, viewer=None, names=seen.names, cards=seen.cards, choices=True
        ),
        steps={
            "first": 0,
            "previous_turn": max((s for s in walk.turn_steps if s < step), default=0),
            "previous": max(0, step - 1),
            "next": min(last, step + 1),
            "next_turn": min((s for s in walk.turn_steps if s > step), default=last),
            "last": last,
        },
        names=seen.names,
    )
