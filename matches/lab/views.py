"""Deck-lab pages: the swap test of a deck and "test this deck against the field"."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from cardbase.models import Card
from matches.lab import swap_tests
from matches.lab.forms import SwapTestForm
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
