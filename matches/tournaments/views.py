"""Tournament and match pages: parse the request, call one selector or service, render."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Page, Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_POST

from cardbase.display_names import card_names_shown
from config.numbers import whole_number
from komandor.agents.registry import SEARCH_DEFAULT_BUDGET
from matches.games.agent_specs import agent_descriptions
from matches.lab import swap_tests, verdicts
from matches.lab.doctor import doctor_report
from matches.models import Status
from matches.replays import services as replay_services
from matches.replays.board import replay_page
from matches.tournaments import budget, errors, estimates, extend, selectors, services
from matches.tournaments.card_figures import SORT_KEYS, card_figures_deck, sorted_figures
from matches.tournaments.card_tallies import card_figures, entry_cards_visible
from matches.tournaments.forms import TournamentForm
from matches.tournaments.heatmap import heatmap
from matches.words.labels import termination_label

MATCHES_PER_PAGE = 50


def tournament_list(request):
    tournaments = selectors.tournaments_visible(user=request.user)[:100]
    return render(request, "matches/tournament_list.html", {"tournaments": tournaments})


@login_required
def tournament_new(request):
    decks = selectors.enterable_decks(user=request.user)
    form = TournamentForm(request.POST or None, decks=decks)
    limited = False
    estimate = None
    if request.method == "POST" and form.is_valid():
        estimate = _estimate(form)
    if request.method == "POST" and form.is_valid() and "estimate" not in request.POST:
        data = form.cleaned_data
        versions = [selectors.latest_version(deck=deck) for deck in form.ordered_decks()]
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
        except errors.TournamentError as error:
            for field, messages in error.fields.items():
                for message in messages:
                    form.add_error(field if field in form.fields else None, message)
        except errors.LimitExceeded as error:
            form.add_error(None, error.message)
            limited = True
        else:
            return redirect("matches:tournament", tournament.pk)
    status = 429 if limited else 200
    context = {
        "form": form,
        "estimate": estimate,
        "agents": [
            {"name": name, "text": text, "seconds": estimates.agent_game_seconds()[name]}
            for name, text in agent_descriptions().items()
        ],
        "agent_costs": estimates.agent_costs(),
        "heuristic_seconds": budget.expected_game_cpu(agents=["heuristic", "heuristic"]),
        "workers": estimates.workers(),
        "search_default": SEARCH_DEFAULT_BUDGET,
    }
    return render(request, "matches/tournament_new.html", context, status=status)


def _estimate(form: TournamentForm) -> estimates.Estimate | None:
    """The checked form's tournament: how many games and how long (before it starts)."""
    data = form.cleaned_data
    return estimates.tournament_estimate(
        format=data["format"],
        count=len(data["decks"]),
        games_per_pairing=data["games_per_pairing"],
        options=form.options(),
        agents=[data["agent_a"], data["agent_b"]],
    )


def tournament_detail(request, tournament_id: int):
    tournament = get_object_or_404(
        selectors.with_entries(selectors.tournaments_visible(user=request.user)), pk=tournament_id
    )
    # A page of games read through the pairings' counters: flat with the games stored.
    games = selectors.TournamentGames(tournament=tournament, light=True)
    # TournamentGames is sliced only, which is all a Paginator does with its list.
    matches: Page[Any] = Paginator(games, MATCHES_PER_PAGE).get_page(  # type: ignore[arg-type]
        request.GET.get("page")
    )
    matches.object_list = _game_rows(matches.object_list)
    context = {
        **results_context(request, tournament),
        "matches": matches,
        "can_extend": extend.can_extend(tournament),
    }
    return render(request, "matches/tournament_detail.html", context)


def _game_rows(games) -> list[dict]:
    """A page of games as the table shows them; the words of each deck version, result and
    ending made once for the page, not once a row."""
    labels: dict[int, str] = {}
    endings: dict[str, str] = {}
    results = {None: gettext("draw"), 0: gettext("seat 1 wins"), 1: gettext("seat 2 wins")}
    rows = []
    for game in games:
        for version in (game.seat0, game.seat1):
            if version.pk not in labels:
                labels[version.pk] = selectors.version_label(version)
        if game.termination not in endings:
            endings[game.termination] = termination_label(game.termination)
        rows.append(
            {
                "id": game.pk,
                "url": reverse("matches:match", args=[game.pk]),
                "seat0": labels[game.seat0_id],
                "seat1": labels[game.seat1_id],
                "result": results[game.winner_seat],
                "ending": endings[game.termination],
                "turns": game.turns,
            }
        )
    return rows


def tournament_live(request, tournament_id: int):
    """The results part of the page alone: the page's script swaps it in while it runs."""
    tournament = get_object_or_404(
        selectors.with_entries(selectors.tournaments_visible(user=request.user)), pk=tournament_id
    )
    return render(request, "matches/_tournament_results.html", results_context(request, tournament))


def _next_sort(key: str, current: str) -> str:
    """A column's link: names A→Z first, figures highest first; again: the other way."""
    first, second = (key, f"-{key}") if key == "name" else (f"-{key}", key)
    return second if current == first else first


def results_context(request, tournament) -> dict:
    """Progress, standings, pairings, heatmap, the swap verdict and the card figures of one
    deck (``?deck=`` entry, ``?sort=`` column)."""
    results = selectors.tournament_results(tournament=tournament)
    rank = card_figures_deck(
        tournament=tournament, results=results, asked=request.GET.get("deck", "")
    )
    sort = request.GET.get("sort", "-drawn_games")
    running = tournament.status == Status.RUNNING
    is_owner = tournament.owner_id == request.user.pk
    swap = swap_tests.swap_summary(tournament=tournament)
    # Stored sums (matches/tournaments/card_tallies.py): a read of a few rows, live too; a
    # private deck's cards only for its owner.
    figures = [f for f in card_figures(tournament=tournament, user=request.user) if f.rank == rank]
    cards_visible = entry_cards_visible(tournament=tournament, user=request.user)
    shown = card_names_shown({f.name for f in figures})  # the page's language
    figures = [dataclasses.replace(f, name=shown.get(f.name, f.name)) for f in figures]
    return {
        "tournament": tournament,
        "running": running,
        "progress": selectors.progress(tournament=tournament),
        "results": results,
        "heatmap": heatmap(labels=results["labels"], pairings=results["pairings"]),
        "swap": swap,
        "swap_lead": swap and verdicts.swap_sentence(tournament=tournament, summary=swap),
        "field_lead": verdicts.field_summary(
            tournament=tournament, results=results, is_owner=is_owner
        ),
        "doctor": doctor_report(tournament=tournament),
        "figure_decks": [
            {"rank": r, "name": results["labels"][r]} for r in sorted(results["labels"])
        ],
        "figure_rank": rank,
        "figures_hidden": not cards_visible.get(rank, True),
        "figure_sort": sort,
        "figures": sorted_figures(figures, sort),
        "sort_links": {
            key: f"?deck={rank}&sort={_next_sort(key, sort)}#card-figures" for key in SORT_KEYS
        },
        "is_owner": is_owner,
    }


@login_required
@require_POST
def tournament_more(request, tournament_id: int):
    tournament = get_object_or_404(
        selectors.tournaments_visible(user=request.user), pk=tournament_id
    )
    if tournament.owner_id != request.user.pk:
        raise PermissionDenied
    try:
        games = int(request.POST.get("games", ""))
    except ValueError:
        games = 0
    try:
        extend.tournament_more(tournament=tournament, games=games)
    except (errors.TournamentError, errors.LimitExceeded) as error:
        messages = getattr(error, "fields", {}).get("games") or [error.message]
        return render(
            request,
            "matches/refused.html",
            {"title": tournament.name, "message": " ".join(messages), "back": tournament},
            status=429 if isinstance(error, errors.LimitExceeded) else 400,
        )
    return redirect("matches:tournament", tournament.pk)


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
    step = whole_number(request.GET.get("step", "0"), max_digits=9)
    if step is None:
        raise Http404("step must be a whole number")
    hidden = not selectors.match_cards_visible(match=match, user=request.user)
    replay = None if hidden else replay_page(match=match, step=step)
    unavailable = (
        ""
        if replay is not None or hidden
        else replay_services.match_replay_unavailable(match=match)
    )
    seats = (match.seat0, match.seat1)
    language = get_language() or ""
    names = (
        replay.names
        if replay is not None
        else [seat.deck.localised_name(language) for seat in seats]
    )
    context = {
        "match": match,
        "replay": replay,
        "replay_hidden": hidden,
        "unavailable": unavailable,
        "seats": [
            {"name": name, "version": seat.number, "agent": agent}
            for name, seat, agent in zip(names, seats, match.agents, strict=True)
        ],
        "winner": names[match.winner_seat] if match.winner_seat is not None else "",
    }
    return render(request, "matches/match_detail.html", context)
