"""Games between two people: open a table, join it, play, resign, draw, rematch (services).

A ``FriendGame`` is, as every match, its deck versions, a secret seed, the turn cap and the
option index of every choice (``actions``): the state is rebuilt from them, so any process can
serve any table and a restart loses nothing. The state after each action stays in the same
bounded per-process cache and runs on the same engine thread as games against the AI
(``matches/play/services.py``). An action names the version it was made on and is stored only
where the row is still at that version (compare-and-set): a stale one changes nothing.

Time is data on the row: each seat's milliseconds left, the running one counted from
``clock_since``; a seat whose last WebSocket closed is away from ``away_since``. A table whose
``away_clock`` is paused stops the running clock of an away player at ``away_since``; his
rejoin banks the time he used before leaving and starts his clock again from then. Nothing needs
a timer to be right: ``friend_game_settle`` (on every read and action, and every tick of a
connected socket) ends a game whose clock ran out (``timeout``), whose away player let his
grace period pass (``forfeit``), or that stood idle too long (expired).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from decks.models import DeckVersion
from komandor.rules import rules
from komandor.rules.decisions import IllegalChoiceError
from komandor.rules.match import ENGINE_VERSION, MatchSetup
from komandor.rules.match_state import MatchState, decode_actions, encode_actions
from matches.games.decks import playable_deck_of
from matches.games.entries import entry_problems
from matches.models import AwayClock, FriendGame, FriendGameStatus
from matches.play.seeds import secret_seed
from matches.play.services import (
    IllegalActionError,
    Played,
    StaleActionError,
    StateCache,
    in_engine,
    replayed,
)

__all__ = [
    "FriendGameError",
    "IllegalActionError",
    "StaleActionError",
    "friend_game_act",
    "friend_game_create",
    "friend_game_join",
]

CACHE_SIZE = 64
STATES = StateCache(CACHE_SIZE)
PLAYER = "person"  # each seat's name in the match's log

# Terminations besides the engine's (``komandor.rules.victory.Termination``).
TIMEOUT = "timeout"
FORFEIT = "forfeit"
RESIGNATION = "resignation"
AGREED_DRAW = "agreed_draw"
IDLE = "idle"


class FriendGameError(ValueError):
    """A refused request: ``code`` for clients, ``status`` its HTTP status, ``fields`` naming
    each bad field."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        status: int = 400,
        fields: dict[str, list[str]] | None = None,
    ) -> None:
        self.code = code
        self.message = message
        self.status = status
        self.fields = fields or {}
        super().__init__(message)


class FriendGameUnavailable(Exception):
    """The game's stored actions are not a game of this engine (another engine version)."""


# --- the match of a table --------------------------------------------------------------------


def friend_game_setup(game: FriendGame) -> MatchSetup:
    """What fixes the game besides its actions (reads the deck versions)."""
    versions = [game.deck_of(0), game.deck_of(1)]
    return MatchSetup(
        decks=[playable_deck_of(version=version).deck for version in versions],
        seed=game.seed,
        turn_cap=game.turn_cap,
        agent_names=(PLAYER, PLAYER),
    )


def _played(game: FriendGame, *, pop: bool = False) -> Played:
    actions = decode_actions(bytes(game.actions or b""))
    key = (game.pk, len(actions))
    played = STATES.get(key, pop=pop)
    if played is not None and played.state.history == actions:
        return played
    if game.engine_version != ENGINE_VERSION:
        raise FriendGameUnavailable(game.engine_version)
    setup = friend_game_setup(game)
    try:
        played = in_engine(lambda: replayed(setup, actions))
    except IllegalChoiceError as error:
        raise FriendGameUnavailable(game.engine_version) from error
    if not pop:
        STATES.put(key, played)
    return played


def friend_game_state(game: FriendGame) -> Played:
    """The played state at the game's stored version (cached, or replayed as after a
    restart)."""
    return _played(game)


# --- notifications ---------------------------------------------------------------------------


def group_name(game_id: int) -> str:
    return f"friend-game-{game_id}"


def notify(game: FriendGame) -> None:
    """Tell every socket of the table that the game changed (after the commit): each then
    sends its own viewer's view."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {
        "type": "game.changed",
        "version": game.version,
        "status": game.status,
        "changed": game.updated_at.isoformat() if game.updated_at else "",
    }
    game_id = game.pk
    transaction.on_commit(lambda: async_to_sync(layer.group_send)(group_name(game_id), message))


# --- time ------------------------------------------------------------------------------------


def _seconds(name: str) -> float:
    return float(getattr(settings, name))


def clock_left_ms(game: FriendGame, *, now: datetime | None = None) -> list[int] | None:
    """Each seat's milliseconds left as of ``now`` (the running clock counted down), or None
    without a clock."""
    if game.clock_seconds is None or not game.clock_left_ms:
        return None
    left = list(game.clock_left_ms)
    if game.status == FriendGameStatus.IN_PROGRESS and game.to_move is not None:
        now = now or timezone.now()
        since = game.clock_since or game.moved_at or now
        until = now
        paused = clock_paused_since(game)
        if paused is not None:  # stopped when he left (not at all if he left before)
            until = max(since, min(paused, now))
        elapsed = (until - since).total_seconds() * 1000
        left[game.to_move] = int(left[game.to_move] - elapsed)
    return left


def clock_paused_seat(game: FriendGame) -> int | None:
    """The seat whose clock is paused now (he is to move, away, and the table pauses it)."""
    return None if clock_paused_since(game) is None else game.to_move


def clock_paused_since(game: FriendGame) -> datetime | None:
    """When the running clock stopped: the player to move is away and the table pauses a
    disconnected player's clock (None: it runs)."""
    if game.away_clock != AwayClock.PAUSED or game.to_move is None or not game.clock_left_ms:
        return None
    if game.status != FriendGameStatus.IN_PROGRESS:
        return None
    return _away_since(game, game.to_move)


def _away_since(game: FriendGame, seat: int) -> datetime | None:
    away = (game.away_since or [None, None])[seat]
    return datetime.fromisoformat(away) if away else None


def _finish(game: FriendGame, *, winner: int | None, termination: str, reason: str) -> None:
    game.status = FriendGameStatus.FINISHED
    game.winner = winner
    game.termination = termination
    game.reason = reason
    game.to_move = None
    game.draw_offer = None


def _due(game: FriendGame, now: datetime) -> dict[str, Any] | None:
    """How the game ends by time as of ``now`` (fields to write), or None."""
    if game.status == FriendGameStatus.WAITING:
        if now - game.created_at > timedelta(seconds=_seconds("FRIEND_TABLE_WAIT_SECONDS")):
            return {"status": FriendGameStatus.EXPIRED, "invite_token": None, "listed": False}
        return None
    if game.status != FriendGameStatus.IN_PROGRESS:
        return None
    left = clock_left_ms(game, now=now)
    if left is not None and game.to_move is not None and left[game.to_move] <= 0:
        seat = game.to_move
        left[seat] = 0
        return {
            "status": FriendGameStatus.FINISHED,
            "winner": 1 - seat,
            "termination": TIMEOUT,
            "reason": _("Player %(seat)s ran out of time.") % {"seat": seat + 1},
            "clock_left_ms": left,
            "to_move": None,
            "draw_offer": None,
        }
    grace = timedelta(seconds=_seconds("FRIEND_GAME_GRACE_SECONDS"))
    for seat in (0, 1):
        away = _away_since(game, seat)
        if away is not None and now - away > grace:
            return {
                "status": FriendGameStatus.FINISHED,
                "winner": 1 - seat,
                "termination": FORFEIT,
                "reason": _("Player %(seat)s left the game and did not come back in time.")
                % {"seat": seat + 1},
                "clock_left_ms": left or [],
                "to_move": None,
                "draw_offer": None,
            }
    idle = timedelta(seconds=_seconds("FRIEND_GAME_IDLE_SECONDS"))
    if now - (game.moved_at or game.created_at) > idle:
        return {
            "status": FriendGameStatus.EXPIRED,
            "termination": IDLE,
            "reason": _("Nobody moved for too long: the game expired."),
            "to_move": None,
        }
    return None


def friend_game_settle(game: FriendGame) -> bool:
    """End the game if its time says so (a clock run out, a grace period passed, a table
    idle too long): written only while the row is still at its version; True if it ended."""
    now = timezone.now()
    fields = _due(game, now)
    if fields is None:
        return False
    fields["updated_at"] = now
    updated = FriendGame.objects.filter(
        pk=game.pk, version=game.version, status=game.status
    ).update(**fields)
    game.refresh_from_db()
    if updated:
        notify(game)
    return bool(updated)


# --- tables ----------------------------------------------------------------------------------


def open_tables_of(user) -> int:
    """The user's tables waiting or playing."""
    live = [FriendGameStatus.WAITING, FriendGameStatus.IN_PROGRESS]
    return FriendGame.objects.filter(Q(creator=user) | Q(guest=user), status__in=live).count()


def _check_limit(user) -> None:
    limit = settings.FRIEND_OPEN_TABLES_PER_USER
    if open_tables_of(user) >= limit:
        raise FriendGameError(
            "too_many_tables",
            _("You have %(count)s open tables, the most one may have: finish one first.")
            % {"count": limit},
            status=409,
        )


def _check_deck(user, version: DeckVersion, field: str = "deck") -> None:
    problems = entry_problems(user=user, versions=[version])
    if problems:
        raise FriendGameError("invalid", "; ".join(problems), fields={field: problems})


def friend_game_create(
    *,
    creator,
    deck: DeckVersion,
    seat: int | None = None,
    clock_seconds: int | None = None,
    clock_increment: int = 0,
    spectators: bool = True,
    open_hand: bool = False,
    listed: bool = False,
    away_clock: str = AwayClock.RUNNING,
) -> FriendGame:
    """A table of ``creator``'s ``deck`` waiting for an opponent; its seat ``seat`` (None:
    drawn); ``away_clock``: whether a disconnected player's clock runs or pauses during his
    grace period. The invite token is unguessable and taken by the first join."""
    _check_deck(creator, deck)
    _check_limit(creator)
    seconds = clock_seconds
    game = FriendGame.objects.create(
        creator=creator,
        creator_deck=deck,
        creator_seat=secrets.randbelow(2) if seat is None else seat,
        invite_token=secrets.token_urlsafe(24),
        listed=listed,
        spectators=spectators,
        creator_open_hand=open_hand,
        clock_seconds=seconds,
        clock_increment=clock_increment if seconds is not None else 0,
        clock_left_ms=[] if seconds is None else [seconds * 1000, seconds * 1000],
        away_clock=AwayClock(away_clock),
        sockets=[0, 0],
        away_since=[None, None],
        seed=secret_seed(),
        turn_cap=rules.DEFAULT_TURN_CAP,
        engine_version=ENGINE_VERSION,
    )
    return game


def _start(game: FriendGame) -> None:
    """The game's first decision: whose it is, and his clock starts."""
    played = _played(game)
    decision = played.state.decision
    now = timezone.now()
    game.to_move = None if decision is None else decision.player
    game.clock_since = now
    game.moved_at = now


def friend_game_join(*, user, token: str, deck: DeckVersion, open_hand: bool = False) -> FriendGame:
    """Take the second seat of the table whose invite is ``token`` with ``deck``; the token
    is spent. Refused: an unknown or spent token, one's own table, a deck one may not enter."""
    game = FriendGame.objects.filter(invite_token=token).first() if token else None
    if game is not None:
        friend_game_settle(game)
    if game is None or game.status != FriendGameStatus.WAITING:
        raise FriendGameError(
            "invite_invalid",
            _("This invitation is unknown, already used or expired."),
            status=404,
        )
    if game.creator_id == user.pk:
        raise FriendGameError(
            "own_table", _("This is your own table: send the link to a friend."), status=409
        )
    _check_deck(user, deck)
    _check_limit(user)
    game.guest = user
    game.guest_deck = deck
    game.guest_open_hand = open_hand
    game.status = FriendGameStatus.IN_PROGRESS
    _start(game)
    fields = {
        "guest": user,
        "guest_deck": deck,
        "guest_open_hand": open_hand,
        "status": FriendGameStatus.IN_PROGRESS,
        "invite_token": None,
        "listed": False,
        "to_move": game.to_move,
        "clock_since": game.clock_since,
        "moved_at": game.moved_at,
        "updated_at": game.moved_at,
    }
    # Single use: only the first join of a waiting table takes it.
    taken = FriendGame.objects.filter(
        pk=game.pk, invite_token=token, status=FriendGameStatus.WAITING
    ).update(**fields)
    if not taken:
        raise FriendGameError(
            "invite_invalid",
            _("This invitation is unknown, already used or expired."),
            status=404,
        )
    game.refresh_from_db()
    notify(game)
    return game


def no_such_game() -> FriendGameError:
    """The refusal of a game one may not see: as if it did not exist (404)."""
    return FriendGameError("not_found", _("No such game."), status=404)


def seat_required(game: FriendGame, user) -> int:
    """The user's seat; a user without one is told the game does not exist (404)."""
    seat = game.seat_of(user)
    if seat is None:
        raise no_such_game()
    return seat


def _in_progress(game: FriendGame) -> None:
    if game.status != FriendGameStatus.IN_PROGRESS:
        raise FriendGameError(
            "game_over" if game.is_over else "not_started",
            _("The game is over.") if game.is_over else _("The game has not started yet."),
            status=409,
        )


def _write(game: FriendGame, version: int, fields: dict[str, Any]) -> None:
    """Store ``fields`` only while the game is still at ``version`` and in progress."""
    fields = {**fields, "updated_at": timezone.now()}
    updated = FriendGame.objects.filter(
        pk=game.pk, version=version, status=FriendGameStatus.IN_PROGRESS
    ).update(**fields)
    if not updated:
        game.refresh_from_db()
        raise StaleActionError(version=version, current=game.version)
    for name, value in fields.items():
        setattr(game, name, value)
    notify(game)


def friend_game_act(game: FriendGame, *, user, key: str, version: int) -> FriendGame:
    """Apply ``user``'s option ``key`` at state ``version``. Raises ``FriendGameError`` (no
    seat: 404; the game not in progress: 409), ``StaleActionError`` (another version: 409),
    ``IllegalActionError`` (not his decision, a key not offered: 400)."""
    seat = seat_required(game, user)
    game.refresh_from_db()
    friend_game_settle(game)
    if version != game.version:
        raise StaleActionError(version=version, current=game.version)
    _in_progress(game)
    now = timezone.now()
    left = clock_left_ms(game, now=now)
    played = _played(game, pop=True)
    actions = decode_actions(bytes(game.actions or b""))

    def act() -> None:
        decision = played.state.decision
        if decision is None or decision.player != seat:
            raise IllegalActionError(_("It is not your decision."))
        try:
            index = decision.index_of(key)
        except IllegalChoiceError as error:
            raise IllegalActionError(
                _("“%(key)s” is not one of the options offered.") % {"key": key}
            ) from error
        played.answer(index)

    try:
        in_engine(act)
    except IllegalActionError:
        if played.state.history == actions:
            STATES.put((game.pk, version), played)
        raise
    state = played.state
    fields: dict[str, Any] = {
        "actions": encode_actions(state.history),
        "version": len(state.history),
        "turns": state.state.turn,
        "moved_at": now,
        "clock_since": now,
    }
    if game.draw_offer is not None and game.draw_offer != seat:
        fields["draw_offer"] = None  # a move declines the opponent's offer
    if left is not None:
        if state.decision is not None and state.decision.player != seat:
            left[seat] += game.clock_increment * 1000  # his decision is done
        fields["clock_left_ms"] = left
    decision = state.decision
    fields["to_move"] = None if decision is None else decision.player
    if state.is_over:
        outcome = state.outcome
        fields.update(
            status=FriendGameStatus.FINISHED,
            winner=None if outcome is None else outcome.winner,
            termination="" if outcome is None else outcome.termination.value,
            reason="" if outcome is None else outcome.reason,
            draw_offer=None,
        )
    _write(game, version, fields)
    STATES.put((game.pk, game.version), played)
    return game


def friend_game_resign(game: FriendGame, *, user) -> FriendGame:
    """``user`` gives the game up: the other seat wins."""
    seat = seat_required(game, user)
    game.refresh_from_db()
    friend_game_settle(game)
    _in_progress(game)
    fields = {
        "status": FriendGameStatus.FINISHED,
        "winner": 1 - seat,
        "termination": RESIGNATION,
        "reason": _("Player %(seat)s resigned.") % {"seat": seat + 1},
        "to_move": None,
        "draw_offer": None,
        "clock_left_ms": clock_left_ms(game) or [],
    }
    _write(game, game.version, fields)
    return game


def friend_game_offer_draw(game: FriendGame, *, user) -> FriendGame:
    """``user`` offers a draw; if the opponent offered one already, it is agreed."""
    seat = seat_required(game, user)
    game.refresh_from_db()
    friend_game_settle(game)
    _in_progress(game)
    if game.draw_offer == 1 - seat:
        fields: dict[str, Any] = {
            "status": FriendGameStatus.FINISHED,
            "winner": None,
            "termination": AGREED_DRAW,
            "reason": _("The players agreed to a draw."),
            "to_move": None,
            "draw_offer": None,
            "clock_left_ms": clock_left_ms(game) or [],
        }
    else:
        fields = {"draw_offer": seat}
    _write(game, game.version, fields)
    return game


def friend_game_rematch(game: FriendGame, *, user) -> FriendGame:
    """A new game of the same two decks with the seats swapped, started at once (asked by
    either player of a finished game; asking again gives the same one)."""
    seat_required(game, user)
    existing = FriendGame.objects.filter(rematch_of=game).first()
    if existing is not None:
        return existing
    if game.status != FriendGameStatus.FINISHED:
        raise FriendGameError("not_finished", _("A rematch follows a finished game."), status=409)
    with transaction.atomic():
        rematch = FriendGame(
            creator=game.creator,
            guest=game.guest,
            creator_deck=game.creator_deck,
            guest_deck=game.guest_deck,
            creator_seat=game.guest_seat,
            spectators=game.spectators,
            creator_open_hand=game.creator_open_hand,
            guest_open_hand=game.guest_open_hand,
            clock_seconds=game.clock_seconds,
            clock_increment=game.clock_increment,
            away_clock=game.away_clock,
            clock_left_ms=[] if game.clock_seconds is None else [game.clock_seconds * 1000] * 2,
            sockets=[0, 0],
            away_since=[None, None],
            seed=secret_seed(),
            turn_cap=game.turn_cap,
            engine_version=ENGINE_VERSION,
            status=FriendGameStatus.IN_PROGRESS,
            rematch_of=game,
        )
        rematch.save()
        _start(rematch)
        rematch.save()
    notify(game)
    return rematch


# --- sockets: present and away ---------------------------------------------------------------


def _presence(game_id: int, change: Callable[[FriendGame], bool]) -> FriendGame | None:
    with transaction.atomic():
        game = FriendGame.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            return None
        if change(game):
            game.save(update_fields=["sockets", "away_since", "clock_left_ms", "clock_since"])
    return game


def friend_game_connected(game_id: int, seat: int) -> FriendGame | None:
    """A socket of ``seat`` opened: he is back (his grace period ends, and his clock, if it
    was paused, runs again from now)."""

    def change(game: FriendGame) -> bool:
        sockets = list(game.sockets or [0, 0])
        away = list(game.away_since or [None, None])
        if away[seat] is not None and game.to_move == seat and clock_paused_since(game):
            now = timezone.now()
            left = clock_left_ms(game, now=now)  # counted to when he left
            if left is not None:
                game.clock_left_ms = left
            game.clock_since = now
        sockets[seat] += 1
        away[seat] = None
        game.sockets, game.away_since = sockets, away
        return True

    return _presence(game_id, change)


def friend_game_disconnected(game_id: int, seat: int) -> FriendGame | None:
    """A socket of ``seat`` closed: with his last one, his grace period starts."""

    def change(game: FriendGame) -> bool:
        sockets = list(game.sockets or [0, 0])
        away = list(game.away_since or [None, None])
        sockets[seat] = max(0, sockets[seat] - 1)
        if sockets[seat] == 0 and game.status == FriendGameStatus.IN_PROGRESS:
            away[seat] = timezone.now().isoformat()
        game.sockets, game.away_since = sockets, away
        return True

    return _presence(game_id, change)


def friend_game_match_state(game: FriendGame) -> MatchState:
    return _played(game).state
