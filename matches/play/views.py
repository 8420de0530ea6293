"""The pages of a game against the AI: a new game, my games, and the game itself.

The game page shows the board as my seat sees it (everything once the game is over), the
pending decision as a form of buttons and what happened since my last decision in words.
An action is a POST of the option's ``key`` and the state ``version`` the page showed:
without JavaScript the answer is a redirect back to the game page (a refused action leaves
its message there); with it (``Accept: application/json``) the answer is the page's parts
rendered again by the same templates, which ``static/matches/play.js`` swaps in place.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from config.numbers import whole_number
from decks.selectors import current_version
from matches.games.agent_ladder import read_ladder
from matches.models import HumanMatch
from matches.play.forms import NewGameForm, agent_name
from matches.play.levels import level_rows, other_rows
from matches.play.parts import changed_parts, render_parts
from matches.play.replay import human_replay_page
from matches.play.selectors import (
    game_threats,
    human_match_for,
    human_match_names,
    human_match_result,
    human_matches_of,
)
from matches.play.services import (
    HumanMatchError,
    HumanMatchUnavailable,
    IllegalActionError,
    StaleActionError,
    human_match_act,
    human_match_events_since_turn,
    human_match_start,
    human_match_state,
)
from matches.tournaments.errors import LimitExceeded
from matches.words.board import board_for, card_names, narrate
from matches.words.game_log import CATEGORY_LABELS, game_log, recent_turns_start

RECENT_TURNS = 3  # the log a page read shows (earlier turns: fetched when asked for)
NOT_A_VERSION = gettext_lazy("The move names no position of the game: nothing was applied.")


@login_required
def play_list(request):
    games = list(human_matches_of(request.user))
    context = {
        "in_progress": [game for game in games if not game.is_finished],
        "finished": [game for game in games if game.is_finished],
    }
    return render(request, "matches/play/list.html", context)


def play_levels(request):
    """The "AI levels" page: each level, its line and its rating, then the other agents, and
    how the ladder was measured. Open to everyone: a player picks a level knowing it."""
    ladder = read_ladder()
    context = {
        "levels": level_rows(ladder),
        "others": other_rows(ladder),
        "facts": None if ladder is None else ladder.facts,
    }
    return render(request, "matches/play/levels.html", context)


@login_required
def play_new(request):
    form = NewGameForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            match = human_match_start(
                owner=request.user,
                deck=current_version(deck=data["deck"]),
                opponent=current_version(deck=data["opponent"]),
                agent=data["agent"],
                seat=form.chosen_seat(),
            )
        except HumanMatchError as error:  # a deck the engine cannot play, say
            for field, problems in error.fields.items():
                for problem in problems:
                    form.add_error(field if field in form.fields else None, problem)
        except LimitExceeded as error:  # too many games in progress
            form.add_error(None, error.message)
            return render(request, "matches/play/new.html", {"form": form}, status=429)
        else:
            return redirect("matches:play-game", match.pk)
    return render(request, "matches/play/new.html", {"form": form})


@login_required
def play_game(request, match_id: int):
    match = human_match_for(request.user, match_id)
    whole_log = request.GET.get("log") == "all"
    try:
        context = game_context(match, log_from=0 if whole_log else None)
    except HumanMatchUnavailable as error:
        return unavailable(request, error)
    rendered = render_parts(context, request)
    context["parts"] = {element.replace("-", "_"): html for element, html in rendered.items()}
    _parts, digests = changed_parts(rendered, ())
    context["digests"] = ",".join(f"{element}:{value}" for element, value in digests.items())
    return render(request, "matches/play/game.html", context)


@login_required
@require_POST
def play_act(request, match_id: int):
    match = human_match_for(request.user, match_id)
    key = request.POST.get("key", "")
    version = whole_number(request.POST.get("version"), max_digits=9)
    message, status = "", 200
    try:
        if version is None:
            raise IllegalActionError(NOT_A_VERSION)
        match = human_match_act(match, key=key, version=version)
    except StaleActionError as error:
        message, status = str(error), 409
    except IllegalActionError as error:
        message, status = str(error), 400
    except HumanMatchUnavailable as error:
        return unavailable(request, error)
    if status != 200:
        match = human_match_for(request.user, match_id)  # as it is now, not as it was asked
    if not wants_json(request):
        if message:
            messages.error(request, message)
        return redirect("matches:play-game", match.pk)
    seen = whole_number(request.POST.get("log_events"), max_digits=9)
    context = game_context(match, log_from=seen)
    rendered = render_parts(context, request)
    have = request.POST.get("have", "").split(",")
    parts, digests = changed_parts(rendered, have)
    return JsonResponse(
        {
            "code": {200: "ok", 400: "illegal_action", 409: "stale_action"}[status],
            "message": message,
            "version": context["version"],
            "finished": context["finished"],
            "parts": parts,
            "digests": digests,
            "log": render_to_string(
                "matches/board/_log_turns.html", {"turns": context["log"]}, request
            ),
            "log_events": context["log_events"],
        },
        status=status,
    )


def wants_json(request) -> bool:
    """The page's script asks for the parts as JSON; a form post gets a redirect."""
    return "application/json" in request.headers.get("Accept", "")


def unavailable(request, error: HumanMatchUnavailable):
    """A game this engine cannot rebuild (another engine version played it): 410 with why."""
    if wants_json(request):
        body = {"code": "game_unavailable", "message": str(error), "parts": {}}
        return JsonResponse(body, status=410)
    context = {"message": str(error)}
    return render(request, "matches/play/unavailable.html", context, status=410)


def game_context(match: HumanMatch, *, log_from: int | None = None) -> dict:
    """The game page's context. ``log_from``: the log's events from there on (what an action
    adds to the log the page shows); None: the last turns (a page read)."""
    state = human_match_state(match)
    finished = match.is_finished
    seat = match.human_seat
    viewer = None if finished else seat  # a finished game shows everything
    names = human_match_names(match, state)
    events = human_match_events_since_turn(match)
    events_all = state.log.records
    since = len(events_all) - len(events)  # the person's previous decision
    board = board_for(state, viewer=viewer, names=names, reveal=finished, since=since)
    cards = card_names(state)
    if log_from is None:
        log_from = recent_turns_start(events_all, RECENT_TURNS)
    log_from = min(log_from, len(events_all))
    log = game_log(events_all, viewer=seat, names=names, cards=cards, start=log_from)
    return {
        "match": match,
        "finished": finished,
        "seat": seat,
        "names": names,
        "agent": agent_name(match.agent),
        "me": names[seat],
        "them": names[1 - seat],
        "result": human_match_result(match),  # None while it goes on
        "winner": None if match.winner is None else names[match.winner],
        "version": match.version,
        "board": board,
        # The board words the decision when it is mine (never the AI's: it answers at once).
        "decision": None if finished else board.decision,
        "narration": narrate(events, viewer=viewer, names=names, cards=cards),
        "action_url": reverse("matches:play-act", args=[match.pk]),
        "threats": game_threats(state, names=names, cards=cards),
        "log": log,
        "log_events": len(events_all),
        "log_earlier": log_from > 0,  # turns before those shown (the whole log: the API)
        "log_url": reverse("ai-game-log", args=[match.pk]),
        "log_categories": [(key, str(label)) for key, label in CATEGORY_LABELS.items()],
        "replay_url": reverse("matches:play-replay", args=[match.pk]) if finished else "",
    }


@login_required
def play_replay(request, match_id: int):
    """A finished game stepped through on the board, from the person's seat."""
    match = human_match_for(request.user, match_id)
    if not match.is_finished:
        return redirect("matches:play-game", match.pk)
    step = whole_number(request.GET.get("step"), max_digits=6) or 0
    replay = human_replay_page(match=match, step=step)
    if replay is None:
        return unavailable(request, HumanMatchUnavailable(match))
    seat = match.human_seat
    context = {
        "match": match,
        "replay": replay,
        "me": replay.names[seat],
        "them": replay.names[1 - seat],
        "result": human_match_result(match),
        "winner": None if match.winner is None else replay.names[match.winner],
    }
    return render(request, "matches/play/replay.html", context)
