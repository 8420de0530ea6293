"""Deck-lab pages: the swap test of a deck and "test this deck against the field"."""

from __future__ import annotations

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cardbase.models import Card
from matches.lab import doctor, swap_tests
from matches.lab.forms import DoctorForm, SwapTestForm
from matches.models import Tournament
from matches.tournaments import errors, selectors


def _entries(version) -> list[tuple[Card, int]]:
    counts = {item["card_id"]: item["count"] for item in version.snapshot.get("entries", [])}
    cards = Card.all_objects.filter(pk__in=counts).order_by("name_ru", "id")
    return [(card, counts[card.pk]) for card in cards]


def _add_errors(form, error) -> None:
    for field, messages in error.fields.items():
        for message in messages:
            form.add_error(field if field in form.fields else None, message)


def _deck_and_version(request, deck_id: int):
    """A deck the user may enter and its latest version, or 404."""
    deck = get_object_or_404(selectors.enterable_decks(user=request.user), pk=deck_id)
    version = selectors.latest_version(deck=deck)
    if version is None:
        raise Http404("the deck has no saved version")
    return deck, version


@login_required
def swap_test_new(request, deck_id: int):
    deck, version = _deck_and_version(request, deck_id)
    form = SwapTestForm(request.POST or None, entries=_entries(version))
    status = 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = swap_tests.swap_test_create(
                owner=request.user,
                version=version,
                remove=Card.all_objects.get(pk=data["remove"]),
                add=data["add"],
                copies=data["copies"],
                field=swap_tests.field_versions(
                    user=request.user, groups=data["field"], exclude=[deck.pk]
                ),
                seed=data["seed"],
                options=form.options(),
            )
        except errors.TournamentError as error:
            _add_errors(form, error)
        except errors.LimitExceeded as error:
            form.add_error(None, error.message)
            status = 429
        else:
            return redirect("matches:tournament", tournament.pk)
    context = {"deck": deck, "version": version, "form": form}
    return render(request, "matches/swap_test_new.html", context, status=status)


@login_required
@require_POST
def field_test(request, deck_id: int):
    deck, version = _deck_and_version(request, deck_id)
    try:
        tournament = swap_tests.field_test_create(owner=request.user, version=version)
    except (errors.TournamentError, errors.LimitExceeded) as error:
        return render(
            request,
            "matches/refused.html",
            {"deck": deck, "message": error.message},
            status=429 if isinstance(error, errors.LimitExceeded) else 400,
        )
    return redirect("matches:tournament", tournament.pk)


@login_required
def doctor_new(request, deck_id: int):
    """ "Suggest improvements" on one of the player's decks: the form, then the run's page."""
    deck = get_object_or_404(request.user.decks, pk=deck_id)
    version = selectors.latest_version(deck=deck)
    form = DoctorForm(request.POST or None, user=request.user, deck=deck)
    status = 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = doctor.doctor_create(
                owner=request.user,
                deck=deck,
                field=form.field_value(),
                cards=data["cards"],
                budget_games=data["budget_games"],
                delta=data["delta"],
            )
        except errors.TournamentError as error:
            _add_errors(form, error)
            status = 400
        except errors.LimitExceeded as error:
            form.add_error(None, error.message)
            status = 429
        else:
            return redirect("matches:tournament", tournament.pk)
    context = {"deck": deck, "version": version, "form": form}
    return render(request, "matches/doctor_new.html", context, status=status)


@login_required
@require_POST
def doctor_apply(request, tournament_id: int):
    """ "Apply as a new version": the confirmed swap on the deck's current cards."""
    tournament = get_object_or_404(Tournament, pk=tournament_id, owner=request.user)
    try:
        entry = int(request.POST.get("entry", ""))
    except ValueError:
        entry = 0
    try:
        version = doctor.doctor_apply(tournament=tournament, entry=entry, user=request.user)
    except errors.TournamentError as error:
        problems = [m for found in error.fields.values() for m in found]
        return render(
            request,
            "matches/refused.html",
            {"title": tournament.name, "message": " ".join(problems), "back": tournament},
            status=400,
        )
    flash.success(
        request, _("Saved as version %(number)s of the deck.") % {"number": version.number}
    )
    return redirect("decks:detail", version.deck_id)
