"""The create-a-tournament form: parses the page's fields; the service checks the rest."""

from __future__ import annotations

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from matches.engine.agents import AGENTS
from matches.models import Format

AGENT_CHOICES = [(name, name) for name in sorted(AGENTS)]


class DeckChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, deck):
        name = deck.localised_name(get_language() or "")
        if deck.owner_id is None:
            return _("%(name)s (precon)") % {"name": name}
        return _("%(name)s by %(owner)s") % {"name": name, "owner": deck.owner.username}


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    format = forms.ChoiceField(label=_("Format"), choices=Format.choices)
    decks = DeckChoiceField(
        label=_("Decks"),
        queryset=None,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Gauntlet: the first deck ticked plays the field; head-to-head: A then B."),
    )
    games_per_pairing = forms.IntegerField(
        label=_("Games per pairing"),
        min_value=2,
        max_value=1000,
        initial=10,
        help_text=_("Even: each seed is played twice with the seats swapped."),
    )
    agent_a = forms.ChoiceField(
        label=_("Agent of deck A"), choices=AGENT_CHOICES, initial="heuristic"
    )
    agent_b = forms.ChoiceField(
        label=_("Agent of deck B"), choices=AGENT_CHOICES, initial="heuristic"
    )
    seed = forms.IntegerField(label=_("Seed"), min_value=0, max_value=2**31 - 1, initial=0)
    rounds = forms.IntegerField(label=_("Swiss rounds"), min_value=1, required=False)
    delta = forms.FloatField(
        label=_("Head-to-head: δ"), min_value=0.01, max_value=0.49, required=False
    )
    max_games = forms.IntegerField(
        label=_("Head-to-head: game cap"), min_value=2, max_value=10000, required=False
    )
    is_public = forms.BooleanField(label=_("Public"), required=False, initial=True)

    def __init__(self, *args, decks=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["decks"].queryset = decks

    def options(self) -> dict:
        data = self.cleaned_data
        options = {}
        if data["format"] == Format.SWISS and data.get("rounds"):
            options["rounds"] = data["rounds"]
        if data["format"] == Format.HEAD_TO_HEAD:
            for name in ("delta", "max_games"):
                if data.get(name) is not None:
                    options[name] = data[name]
        return options
