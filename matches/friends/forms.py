"""The forms of games between two people: a new table and joining one (parse only; the
services decide)."""

from __future__ import annotations

from typing import cast

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from decks.models import Deck
from matches.models import AwayClock
from matches.tournaments.forms import HeroChoiceField
from matches.tournaments.selectors import enterable_decks

RANDOM_SEAT = "random"
NO_CLOCK = "none"
# The clocks a creator picks from: each player's minutes + seconds added per decision.
CLOCKS = {
    NO_CLOCK: (None, 0),
    "5+3": (5 * 60, 3),
    "20+10": (20 * 60, 10),
    "45+20": (45 * 60, 20),
}


def _own_decks(user):
    """The decks a player brings to a table: his own and the precons."""
    return enterable_decks(user=user).filter(Q(owner=user) | Q(owner__isnull=True))


class NewTableForm(forms.Form):
    deck = HeroChoiceField(
        label=_("My deck"), queryset=Deck.objects.none(), help_text=_("One of yours or a precon.")
    )
    seat = forms.ChoiceField(
        label=_("Turn order"),
        choices=[
            ("0", _("I play first")),
            ("1", _("I play second")),
            (RANDOM_SEAT, _("At random")),
        ],
        initial=RANDOM_SEAT,
        widget=forms.RadioSelect,
    )
    clock = forms.ChoiceField(
        label=_("Clock"),
        choices=[
            (NO_CLOCK, _("No clock")),
            ("5+3", _("5 minutes + 3 seconds a decision")),
            ("20+10", _("20 minutes + 10 seconds a decision")),
            ("45+20", _("45 minutes + 20 seconds a decision")),
        ],
        initial=NO_CLOCK,
        help_text=_("A player whose time runs out loses."),
    )
    away_clock = forms.ChoiceField(
        label=_("When a player disconnects"),
        choices=[
            (AwayClock.RUNNING, _("his clock keeps running")),
            (AwayClock.PAUSED, _("his clock is paused until he is back")),
        ],
        initial=AwayClock.RUNNING,
        required=False,  # absent: running, as before the option
        widget=forms.RadioSelect,
        help_text=_(
            "With a clock: a player who does not come back within the grace period loses "
            "either way."
        ),
    )
    spectators = forms.BooleanField(label=_("Others may watch"), required=False, initial=True)
    open_hand = forms.BooleanField(
        label=_("Spectators may see my hand"),
        required=False,
        help_text=_("Only if my opponent allows it too."),
    )
    listed = forms.BooleanField(
        label=_("List the table among the open tables"),
        required=False,
        help_text=_("Anyone signed in may then take the second seat."),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["deck"]).queryset = _own_decks(user)

    def chosen_seat(self) -> int | None:
        seat = self.cleaned_data["seat"]
        return None if seat == RANDOM_SEAT else int(seat)

    def clean_away_clock(self) -> str:
        return self.cleaned_data.get("away_clock") or AwayClock.RUNNING

    def chosen_clock(self) -> tuple[int | None, int]:
        return CLOCKS[self.cleaned_data["clock"]]


class JoinTableForm(forms.Form):
    deck = HeroChoiceField(
        label=_("My deck"), queryset=Deck.objects.none(), help_text=_("One of yours or a precon.")
    )
    open_hand = forms.BooleanField(
        label=_("Spectators may see my hand"),
        required=False,
        help_text=_("Only if my opponent allows it too."),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["deck"]).queryset = _own_decks(user)
