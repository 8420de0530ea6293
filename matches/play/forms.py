"""The new-game form of a game against the AI: parses the page's fields; the service plays."""

from __future__ import annotations

import random
from typing import cast

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from decks.models import Deck
from komandor.agents.registry import DEFAULT_LEVEL, LEVELS, resolved_spec
from matches.play.levels import level_choices
from matches.tournaments.forms import HeroChoiceField
from matches.tournaments.selectors import enterable_decks

# Names of the agents a stored game may name (a level's current agent shows as the level).
AGENT_NAMES = {
    "novice": _("novice"),
    "standard": _("standard"),
    "expert": _("expert"),
    "heuristic": _("heuristic"),
    "search": _("search"),
    "heuristic-1.1": _("heuristic 1.1"),
    "search-1.1": _("search 1.1"),
    "novice-1": _("novice 1"),
    "standard-1": _("standard 1"),
    "expert-1": _("expert 1"),
    "standard-2": _("standard 2"),
    "expert-2": _("expert 2"),
    "expert-3": _("expert 3"),
}
RANDOM_SEAT = "random"


def agent_name(spec: str) -> str:
    """How a game's stored agent reads: the level that names it now, else its own name."""
    for level in LEVELS:
        if resolved_spec(level) == spec:
            return str(AGENT_NAMES[level])
    return str(AGENT_NAMES.get(spec, spec))


class NewGameForm(forms.Form):
    deck = HeroChoiceField(
        label=_("My deck"),
        queryset=Deck.objects.none(),
        help_text=_("One of your decks or a precon."),
    )
    opponent = HeroChoiceField(
        label=_("Opponent's deck"),
        queryset=Deck.objects.none(),
        help_text=_("Any deck you may enter in a tournament: yours, a public one or a precon."),
    )
    agent = forms.ChoiceField(
        label=_("AI level"),
        choices=level_choices,
        initial=DEFAULT_LEVEL,
        widget=forms.RadioSelect,
    )
    seat = forms.ChoiceField(
        label=_("Turn order"),
        choices=[
            ("0", _("I play first")),
            ("1", _("I play second")),
            (RANDOM_SEAT, _("At random")),
        ],
        initial="0",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["deck"]).queryset = enterable_decks(
            user=user
        ).filter(Q(owner=user) | Q(owner__isnull=True))
        cast(forms.ModelChoiceField, self.fields["opponent"]).queryset = enterable_decks(user=user)

    def chosen_seat(self) -> int:
        seat = self.cleaned_data["seat"]
        return random.SystemRandom().randrange(2) if seat == RANDOM_SEAT else int(seat)
