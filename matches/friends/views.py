"""The pages of games between two people, under ``/play/friends/``: my tables and the open
ones, a new table, joining one by its link, and the game itself.

The game page is the board of my seat (a spectator's: no hand; everything once it is over),
my decision as buttons, what happened since my last decision, the clocks and the buttons to
resign, offer a draw and ask a rematch. Without JavaScript every action is a form post and a
redirect back, and a refresh shows the game of now. With it, ``static/matches/play.js`` sends
the decision and swaps the parts in place (as against the AI), and
``static/matches/friends.js`` listens on the game's WebSocket (polling when it cannot open
one) and fetches the parts again when the other player moved.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from config.numbers import whole_number
from decks.selectors import current_version
from matches.friends import services
from matches.friends.forms import JoinTableForm, NewTableForm
from matches.friends.replay import friend_game_replayable, friend_replay_page
from matches.friends.selectors import (
    friend_game_board,
    friend_game_narration,
    friend_game_viewable,
    friend_games_of,
    open_tables,
    player_names,
)
from matches.friends.services import (
    FriendGameError,
    FriendGameUnavailable,
    clock_left_ms,
    clock_paused_seat,
)
from matches.models import FriendGame, FriendGameStatus
from matches.play.parts import board_parts_context
from matches.play.views import wants_json

NOT_A_VERSION = gettext_lazy("The move names no position of the game: nothing was applied.")
SPECTATOR_NARRATION = gettext_lazy("What happened lately")
# Element id → template: the table's parts, the board whole (a friend game's page swaps it in one
# piece; the game against the AI sends its board in smaller parts, matches/play/parts.py).
FRIEND_PARTS = {
    "play-status": "matches/friends/_status.html",
    "play-narration": "matches/play/_narration.html",
    "play-decision": "matches/play/_decision_part.html",
    "play-board": "matches/play/_board_part.html",
}


def _viewable(request, game_id: int) -> tuple[FriendGame, int | None]:
    try:
        return friend_game_viewable(request.user, game_id)
    except FriendGameError as error:
        raise Http404(error.message) from error


@login_required
def friends_list(request):
    games = list(friend_games_of(request.user))
    context = {
        "waiting": [g for g in games if g.status == FriendGameStatus.WAITING],
        "playing": [g for g in games if g.status == FriendGameStatus.IN_PROGRESS],
        "over": [g for g in games if g.is_over],
        "open_tables": list(open_tables(request.user)[:20]),
        "user": request.user,
    }
    return render(request, "matches/friends/list.html", context)


@login_required
def friends_new(request):
    form = NewTableForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        seconds, increment = form.chosen_clock()
        try:
            game = services.friend_game_create(
                creator=request.user,
                deck=current_version(deck=data["deck"]),
                seat=form.chosen_seat(),
                clock_seconds=seconds,
                clock_increment=increment,
                spectators=data["spectators"],
                open_hand=data["open_hand"],
                listed=data["listed"],
                away_clock=data["away_clock"],
            )
        except FriendGameError as error:
            for field, problems in error.fields.items():
                for problem in problems:
                    form.add_error(field if field in form.fields else None, problem)
            if not error.fields:
                form.add_error(None, error.message)
        else:
            return redirect("matches:friends-game", game.pk)
    return render(request, "matches/friends/new.html", {"form": form})


@login_required
def friends_join(request, token: str):
    table = FriendGame.objects.filter(invite_token=token).select_related("creator").first()
    if table is not None:
        services.friend_game_settle(table)
    if table is None or table.status != FriendGameStatus.WAITING:
        return render(request, "matches/friends/invite_gone.html", status=404)
    if table.creator_id == request.user.pk:
        return redirect("matches:friends-game", table.pk)
    form = JoinTableForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.friend_game_join(
                user=request.user,
                token=token,
                deck=current_version(deck=form.cleaned_data["deck"]),
                open_hand=form.cleaned_data["open_hand"],
            )
        except FriendGameError as error:
            for field, problems in error.fields.items():
                for problem in problems:
                    form.add_error(field if field in form.fields else None, problem)
            if not error.fields:
                form.add_error(None, error.message)
        else:
            return redirect("matches:friends-game", game.pk)
    return render(request, "matches/friends/join.html", {"form": form, "table": table})


def _clock_rows(game: FriendGame, names: list[str]) -> list[dict[str, Any]]:
    left = clock_left_ms(game)
    if left is None:
        return []
    running = game.to_move if game.status == FriendGameStatus.IN_PROGRESS else None
    paused = clock_paused_seat(game)
    return [
        {
            "seat": seat,
            "name": names[seat],
            "left_ms": max(0, left[seat]),
            "shown": _mm_ss(max(0, left[seat])),
            "running": running == seat and paused is None,
            "paused": paused == seat,
        }
        for seat in (0, 1)
    ]


def _minutes(seconds: float) -> str:
    """``seconds`` as minutes for a sentence: 3, 1.5, 0.1."""
    return f"{seconds / 60:.1f}".removesuffix(".0")


def _mm_ss(ms: int) -> str:
    seconds = ms // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def game_context(request, game: FriendGame, seat: int | None) -> dict[str, Any]:
    names = player_names(game)
    context: dict[str, Any] = {
        "game": game,
        "seat": seat,
        "names": names,
        "finished": game.is_over,
        "version": game.version,
        "clocks": _clock_rows(game, names),
        "grace_minutes": _minutes(settings.FRIEND_GAME_GRACE_SECONDS),
        "action_url": reverse("matches:friends-act", args=[game.pk]),
        "parts_url": reverse("matches:friends-parts", args=[game.pk]),
        "socket_path": f"/ws/friend-games/{game.pk}/",
        "winner": None if game.winner is None else names[game.winner],
        "rematch": getattr(game, "rematch", None) if game.is_over else None,
        "replay_url": reverse("matches:friends-replay", args=[game.pk])
        if friend_game_replayable(game)
        else "",
        "board": None,
        "decision": None,
        "narration": [],
    }
    if seat is not None and game.invite_token and seat == game.creator_seat:
        context["invite_url"] = request.build_absolute_uri(
            reverse("matches:friends-join", args=[game.invite_token])
        )
    if game.status != FriendGameStatus.WAITING:
        board = friend_game_board(game, seat)
        context["board"] = board
        context["decision"] = None if game.is_over or seat is None else board.decision
        context["narration"] = friend_game_narration(game, seat)
        context["parts"] = board_parts_context(context, request)
    if seat is not None:
        context["me"], context["them"] = names[seat], names[1 - seat]
    else:
        context["narration_title"] = SPECTATOR_NARRATION
    return context


@login_required
def friends_game(request, game_id: int):
    game, seat = _viewable(request, game_id)
    try:
        context = game_context(request, game, seat)
    except FriendGameUnavailable:
        raise Http404("This game cannot be rebuilt by this engine.") from None
    return render(request, "matches/friends/game.html", context)


@login_required
def friends_replay(request, game_id: int):
    """A finished game stepped through on the board, from the viewer's seat (a spectator's:
    the first player's side at the bottom), every hand shown. 404 while it goes on, and for
    whoever may not see the table."""
    game, seat = _viewable(request, game_id)
    if not friend_game_replayable(game):
        raise Http404("The game is not over.")
    step = whole_number(request.GET.get("step"), max_digits=6) or 0
    replay = friend_replay_page(game=game, seat=seat, step=step)
    if replay is None:
        raise Http404("This game cannot be rebuilt by this engine.")
    context = {
        "game": game,
        "seat": seat,
        "replay": replay,
        "names": replay.names,
        "winner": None if game.winner is None else replay.names[game.winner],
    }
    return render(request, "matches/friends/replay.html", context)


def _parts(request, game: FriendGame, seat: int | None) -> dict[str, str]:
    context = game_context(request, game, seat)
    parts = (
        FRIEND_PARTS
        if context["board"] is not None
        else {"play-status": FRIEND_PARTS["play-status"]}
    )
    return {element: render_to_string(name, context, request) for element, name in parts.items()}


@login_required
def friends_parts(request, game_id: int):
    """The page's parts as they are now (the script's update after a push or a poll)."""
    game, seat = _viewable(request, game_id)
    return JsonResponse(
        {
            "version": game.version,
            "status": game.status,
            # As the status part's ``data-paused`` says it: the seat, or "".
            "paused": "" if (paused := clock_paused_seat(game)) is None else str(paused),
            "parts": _parts(request, game, seat),
        }
    )


@login_required
@require_POST
def friends_act(request, game_id: int):
    game, seat = _viewable(request, game_id)
    if seat is None:
        raise Http404("No such game.")
    key = request.POST.get("key", "")
    version = whole_number(request.POST.get("version"), max_digits=9)
    message, status = "", 200
    try:
        if version is None:
            raise services.IllegalActionError(NOT_A_VERSION)
        game = services.friend_game_act(game, user=request.user, key=key, version=version)
    except services.StaleActionError as error:
        message, status = str(error), 409
    except services.IllegalActionError as error:
        message, status = str(error), 400
    except FriendGameError as error:
        message, status = error.message, error.status
    if status != 200:
        game, seat = _viewable(request, game_id)  # as it is now
    if not wants_json(request):
        if message:
            messages.error(request, message)
        return redirect("matches:friends-game", game.pk)
    codes = {200: "ok", 400: "illegal_action", 409: "stale_action"}
    return JsonResponse(
        {
            "code": codes.get(status, "refused"),
            "message": message,
            "version": game.version,
            "finished": game.is_over,
            "parts": _parts(request, game, seat),
        },
        status=status,
    )


def _seat_post(request, game_id: int, act) -> Any:
    game, seat = _viewable(request, game_id)
    if seat is None:
        raise Http404("No such game.")
    try:
        result = act(game)
    except FriendGameError as error:
        messages.error(request, error.message)
        return redirect("matches:friends-game", game.pk)
    except services.StaleActionError as error:
        messages.error(request, str(error))
        return redirect("matches:friends-game", game.pk)
    return redirect("matches:friends-game", result.pk)


@login_required
@require_POST
def friends_resign(request, game_id: int):
    return _seat_post(
        request, game_id, lambda game: services.friend_game_resign(game, user=request.user)
    )


@login_required
@require_POST
def friends_draw(request, game_id: int):
    return _seat_post(
        request, game_id, lambda game: services.friend_game_offer_draw(game, user=request.user)
    )


@login_required
@require_POST
def friends_rematch(request, game_id: int):
    return _seat_post(
        request, game_id, lambda game: services.friend_game_rematch(game, user=request.user)
    )
