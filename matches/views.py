"""Tournament and match pages: parse the request, call one selector or service, render."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from matches import selectors, services
from matches.engine_decks import playable_deck_of
from matches.event_text import describe, player_name
from matches.forms import TournamentForm
from matches.heatmap import heatmap
from matches.models import Status
from matches.replay import replay_step
from matches.replay_names import shown_in_language

MATCHES_PER_PAGE = 50


def tournament_list(request):
    tournaments = selectors.tournaments_visible(user=request.user)[:100]
    return render(request, "matches/tournament_list.html", {"tournaments": tournaments})


@login_required
def tournament_new(request):
    decks = selectors.enterable_decks(user=request.user)
    form = TournamentForm(request.POST or None, decks=decks)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        versions = [selectors.latest_version(deck=deck) for deck in data["decks"]]
        try:
            tournament = services.tournament_create(
                owner=request.user,
                request=services.TournamentRequest(
                    name=data["name"],
                    format=data["format"],
                    versions=[v for v in versions if v is not None],
                    games_per_pairing=data["games_per_pairing"],
                    agents=[data["agent_a"], data["agent_b"]],
                    seed=data["seed"],
                    options=form.options(),
                    is_public=data["is_public"],
                ),
            )
        except services.TournamentError as error:
            for field, messages in error.fields.items():
                for message in messages:
                    form.add_error(field if field in form.fields else None, message)
        except services.LimitExceeded as error:
            form.add_error(None, error.message)
        else:
            return redirect("matches:tournament", tournament.pk)
    status = 429 if any("at most" in str(e) for e in form.non_field_errors()) else 200
    return render(request, "matches/tournament_new.html", {"form": form}, status=status)


def tournament_detail(request, tournament_id: int):
    tournament = get_object_or_404(
        selectors.tournaments_visible(user=request.user), pk=tournament_id
    )
    results = selectors.tournament_results(tournament=tournament)
    matches = Paginator(
        tournament.matches.select_related("seat0__deck", "seat1__deck").order_by(
            "pairing__round", "pairing__slot", "game"
        ),
        MATCHES_PER_PAGE,
    ).get_page(request.GET.get("page"))
    context = {
        "tournament": tournament,
        "running": tournament.status == Status.RUNNING,
        "progress": selectors.progress(tournament=tournament),
        "results": results,
        "heatmap": heatmap(labels=results["labels"], pairings=results["pairings"]),
        "matches": matches,
        "is_owner": tournament.owner_id == request.user.pk,
    }
    return render(request, "matches/tournament_detail.html", context)


@login_required
@require_POST
def tournament_cancel(request, tournament_id: int):
    tournament = get_object_or_404(
        selectors.tournaments_visible(user=request.user), pk=tournament_id
    )
    if tournament.owner_id != request.user.pk:
        raise PermissionDenied
    services.tournament_cancel(tournament=tournament)
    return redirect("matches:tournament", tournament.pk)


def match_detail(request, match_id: int):
    match = get_object_or_404(selectors.matches_visible(user=request.user), pk=match_id)
    try:
        step = max(0, int(request.GET.get("step", "0")))
    except ValueError:
        raise Http404("step must be a whole number") from None
    replay = None
    if services.match_replay_possible(match=match):
        replay = replay_step(
            seats=[playable_deck_of(version=match.seat0), playable_deck_of(version=match.seat1)],
            agents=match.agents,
            seed=match.seed,
            turn_cap=match.turn_cap,
            step=step,
            cpu_limit=services.game_cpu_limit(),
        )
        if replay is not None and replay.events[-1].get("winner") != match.winner_seat:
            replay = None  # not the stored game: never show a position of another one
    context = {"match": match, "replay": replay, "winner": player_name(match.winner_seat)}
    if replay is not None:
        context.update(replay_context(shown_in_language(replay, match=match)))
    return render(request, "matches/match_detail.html", context)


def replay_context(replay) -> dict:
    names = replay.names
    step = replay.step
    last = len(replay.events) - 1
    previous_turn = max((i for i in replay.turn_starts if i < step), default=0)
    next_turn = min((i for i in replay.turn_starts if i > step), default=last)
    window = range(max(0, step - 6), min(last, step + 6) + 1)
    return {
        "step": step,
        "last": last,
        "steps": {
            "first": 0,
            "previous_turn": previous_turn,
            "previous": max(0, step - 1),
            "next": min(last, step + 1),
            "next_turn": next_turn,
            "last": last,
        },
        "event_text": describe(replay.events[step], names),
        "event_window": [
            {"index": i, "text": describe(replay.events[i], names), "current": i == step}
            for i in window
        ],
        "position": replay.position,
        "players": [{**p, "label": player_name(p["index"])} for p in replay.position["players"]],
    }
