"""Reads for games between two people: who sees which table, and what each viewer may know.

A seat's view is built from ``MatchState.observation(seat)``, his own pending decision and the
events told as he may know them; a spectator's from what both seats see alike (no hand, no
deck order; both hands only when both players allowed it); the seed only once the game is
over. The same view goes to the API answer and to the viewer's WebSocket.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import get_language, gettext

from komandor.rules.event_records import Event, EventKind
from komandor.rules.match_state import MatchState
from matches.friends.services import (
    clock_left_ms,
    clock_paused_seat,
    friend_game_settle,
    friend_game_state,
    no_such_game,
)
from matches.models import FriendGame, FriendGameStatus
from matches.words.board import Board, board_for, card_names, decision_view, narrate

SPECTATOR = None  # the viewer who holds no seat


def friend_games_of(user) -> QuerySet[FriendGame]:
    """The user's tables (created or joined), last changed first."""
    if not getattr(user, "is_authenticated", False):
        return FriendGame.objects.none()
    return FriendGame.objects.filter(Q(creator=user) | Q(guest=user)).select_related(
        "creator", "guest", "creator_deck__deck", "guest_deck__deck"
    )


def open_tables(user) -> QuerySet[FriendGame]:
    """Tables listed as open, waiting for an opponent and not yet expired (not the user's
    own)."""
    fresh = timezone.now() - timedelta(seconds=settings.FRIEND_TABLE_WAIT_SECONDS)
    tables = FriendGame.objects.filter(
        status=FriendGameStatus.WAITING, listed=True, created_at__gt=fresh
    )
    if getattr(user, "is_authenticated", False):
        tables = tables.exclude(creator=user)
    return tables.select_related("creator", "creator_deck__deck").order_by("-created_at")


def friend_game_viewable(user, pk: int) -> tuple[FriendGame, int | None]:
    """The game ``pk`` and the user's seat in it (None: a spectator). A game is hidden (404)
    from anyone without a seat unless it is under way or over and allows spectators."""
    game = (
        FriendGame.objects.select_related(
            "creator", "guest", "creator_deck__deck", "guest_deck__deck"
        )
        .filter(pk=pk)
        .first()
    )
    if game is None:
        raise no_such_game()
    seat = game.seat_of(user)
    if seat is None and (game.status == FriendGameStatus.WAITING or not game.spectators):
        raise no_such_game()
    friend_game_settle(game)
    return game, seat


def player_names(game: FriendGame) -> list[str]:
    """Each seat's player: the user name and the deck's name in the page's language ("an
    opponent" for the seat nobody has taken yet)."""
    language = get_language() or ""
    names = []
    for seat in (0, 1):
        user = game.user_of(seat)
        version = game.deck_of(seat)
        if user is None or version is None:
            names.append(gettext("an opponent"))
        else:
            names.append(f"{user.get_username()} ({version.deck.localised_name(language)})")
    return names


def friend_game_result(game: FriendGame) -> dict[str, Any] | None:
    if not game.is_over:
        return None
    return {
        "winner": game.winner,
        "termination": game.termination,
        "reason": game.reason,
        "turns": game.turns,
    }


def friend_game_summary(game: FriendGame, seat: int | None) -> dict[str, Any]:
    """What the lists show of a table (no replay needed); the invite only to its creator."""
    left = clock_left_ms(game)
    running = game.to_move if game.status == FriendGameStatus.IN_PROGRESS else None
    paused = clock_paused_seat(game)
    summary: dict[str, Any] = {
        "id": game.pk,
        "status": game.status,
        "version": game.version,
        "seat": seat,
        "players": [
            {
                "seat": index,
                "user": user.get_username() if (user := game.user_of(index)) else None,
                "deck": None if (v := game.deck_of(index)) is None else v.deck_id,
                "deck_version": None if v is None else v.number,
            }
            for index in (0, 1)
        ],
        "to_move": game.to_move,
        "clock": None
        if left is None
        else {
            "seconds": game.clock_seconds,
            "increment": game.clock_increment,
            "left_ms": left,
            "running": running if paused is None else None,
            "paused": paused,
            "away_clock": game.away_clock,
        },
        "draw_offer": game.draw_offer,
        "spectators": game.spectators,
        "hands_open": game.hands_open,
        "result": friend_game_result(game),
        "seed": game.seed if game.is_over else None,
        "rematch": getattr(getattr(game, "rematch", None), "pk", None),
        "created_at": game.created_at,
        "updated_at": game.updated_at,
    }
    if seat is not None and seat == game.creator_seat and game.invite_token:
        summary["invite_token"] = game.invite_token
    return summary


def public_observation(state: MatchState, *, hands: bool) -> dict[str, Any]:
    """What a spectator may know: everything face up, the counts of hidden cards, the dice;
    both hands only with ``hands``."""
    seen = state.observation(0).to_dict()
    seen["player"] = None
    seen["hand"] = []
    if hands:
        seen["hands"] = [state.observation(seat).hand() for seat in (0, 1)]
    return seen


def public_events(events: Sequence[Event], names: list[str], cards) -> list[str]:
    """The events both seats are told alike (so nobody's hidden card)."""
    told = []
    for event in events:
        if event.kind is EventKind.CHOICE:
            continue
        first = narrate([event], viewer=0, names=names, cards=cards)
        if first and first == narrate([event], viewer=1, names=names, cards=cards):
            told.extend(first)
    return told


def _events_since(game: FriendGame, played, seat: int | None) -> list[Event]:
    """The events since the viewer's previous decision (a spectator: since the previous
    decision of the player now to decide, as that player is told them)."""
    if seat is None:
        decision = played.state.decision
        seat = decision.player if decision is not None else None
    start = 0
    for index in range(len(played.players) - 1, -1, -1):
        if seat is None or played.players[index] == seat:
            start = played.marks[index]
            break
    return played.state.log.records[start:]


def friend_game_narration(game: FriendGame, seat: int | None) -> list[str]:
    """What happened since the viewer's last decision, in words, as he may know it (all of
    it once the game is over)."""
    played = friend_game_state(game)
    names = player_names(game)
    cards = card_names(played.state)
    events = _events_since(game, played, seat)
    if game.is_over:
        return narrate(events, viewer=None, names=names, cards=cards)
    if seat is None:
        return public_events(events, names, cards)
    return narrate(events, viewer=seat, names=names, cards=cards)


def friend_game_detail(game: FriendGame, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` (None: a spectator) may see of the game now."""
    detail = friend_game_summary(game, seat)
    if game.status == FriendGameStatus.WAITING:
        return {**detail, "observation": None, "decision": None, "events": []}
    state = friend_game_state(game).state
    names = player_names(game)
    cards = card_names(state)
    told = friend_game_narration(game, seat)
    if game.is_over:
        observation = public_observation(state, hands=True)
    elif seat is None:
        observation = public_observation(state, hands=game.hands_open)
    else:
        observation = state.observation(seat).to_dict()
    decision = state.decision
    shown = None
    if seat is not None and not game.is_over and decision is not None and decision.player == seat:
        view = decision_view(decision, names=names, cards=cards)
        shown = {
            "kind": decision.kind,
            "prompt": view.prompt,
            "options": [{"key": option.key, "label": option.label} for option in view.options],
        }
    return {**detail, "observation": observation, "decision": shown, "events": told}


def friend_game_board(game: FriendGame, seat: int | None) -> Board:
    """The board of the page: a seat's own, everything once over, a spectator's without the
    hands (unless both players opened them) and without anyone's decision. The cards shown
    since the viewer's previous decision are marked so (``_events_since``)."""
    played = friend_game_state(game)
    state = played.state
    names = player_names(game)
    since = len(state.log) - len(_events_since(game, played, seat))
    if game.is_over:  # ended by the engine, or by time, a resignation, an agreement
        board = board_for(state, viewer=None, names=names, since=since)
        return dataclasses.replace(board, decision=None, waiting_for="", is_over=True)
    if seat is not None:
        return board_for(state, viewer=seat, names=names, since=since)
    board = board_for(state, viewer=0, names=names, since=since)
    if game.hands_open:
        board = board_for(state, viewer=None, names=names, since=since)
        return dataclasses.replace(board, decision=None)
    players = [dataclasses.replace(p, hand=None, is_viewer=False) for p in board.players]
    return dataclasses.replace(board, players=players, decision=None, viewer=None)
