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
from matches.models import HumanMatch
from matches.play.forms import AGENT_NAMES, NewGameForm
from matches.play.selectors import (
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
from matches.tournaments.selectors import latest_version
from matches.words.board import board_for, card_names, narrate

NOT_A_VERSION = gettext_lazy("The move names no position of the game: nothing was applied.")
# The parts of the game page an action changes: element id → template (the page includes
# the same templates, so both ways render the same HTML).
PARTS = {
    "play-status": "matches/play/_status.html",
    "play-narration": "matches/play/_narration.html",
    "play-decision": "matches/play/_decision_part.html",
    "play-board": "matches/play/_board_part.html",
}


@login_required
def play_list(request):
    games = list(human_matches_of(request.user))
    context = {
        "in_progress": [game for game in games if not game.is_finished],
        "finished": [game for game in games if game.is_finished],
    }
    return render(request, "matches/play/list.html", context)


@login_required
def play_new(request):
    form = NewGameForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            match = human_match_start(
                owner=request.user,
                deck=latest_version(deck=data["deck"]),
                opponent=latest_version(deck=data["opponent"]),
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
    try:
        context = game_context(match)
    except HumanMatchUnavailable as error:
        return unavailable(request, error)
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
    context = game_context(match)
    parts = {element: render_to_string(name, context, request) for element, name in PARTS.items()}
    return JsonResponse(
        {
            "code": {200: "ok", 400: "illegal_action", 409: "stale_action"}[status],
            "message": message,
            "version": context["version"],
            "finished": context["finished"],
            "parts": parts,
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


def game_context(match: HumanMatch) -> dict:
    state = human_match_state(match)
    finished = match.is_finished
    seat = match.human_seat
    viewer = None if finished else seat  # a finished game shows everything
    names = human_match_names(match, state)
    board = board_for(state, viewer=viewer, names=names)
    events = human_match_events_since_turn(match)
    return {
        "match": match,
        "finished": finished,
        "seat": seat,
        "names": names,
        "agent": AGENT_NAMES.get(match.agent, match.agent),
        "me": names[seat],
        "them": names[1 - seat],
        "result": human_match_result(match),  # None while it goes on
        "winner": None if match.winner is None else names[match.winner],
        "version": match.version,
        "board": board,
        # The board words the decision when it is mine (never the AI's: it answers at once).
        "decision": None if finished else board.decision,
        "narration": narrate(events, viewer=viewer, names=names, cards=card_names(state)),
        "action_url": reverse("matches:play-act", args=[match.pk]),
    }
