"""The create-a-tournament form: parses the page's fields; the service checks the rest."""

from __future__ import annotations

from typing import cast

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from komandor.agents.registry import DEFAULT_LEVEL
from matches.games.agent_specs import AGENT_KINDS, AGENT_SPEC_MAX_LENGTH, agent_problem
from matches.models import Format

AGENT_HELP = _(
    "A level (novice, standard, expert), heuristic, search, search:N (N: the search's budget "
    "per decision) or random; what each is and how long it takes is said below the form."
)
# The fields only some formats use, and which (the page hides the others).
FORMAT_FIELDS = {
    "hero": ("gauntlet", "head_to_head"),
    "rounds": ("swiss",),
    "delta": ("head_to_head",),
    "max_games": ("head_to_head",),
}


class DeckLabels:
    def label_from_instance(self, deck):
        name = deck.localised_name(get_language() or "")
        if deck.owner_id is None:
            return _("%(name)s (precon)") % {"name": name}
        return _("%(name)s by %(owner)s") % {"name": name, "owner": deck.owner.username}


class DeckChoiceField(DeckLabels, forms.ModelMultipleChoiceField):
    pass


class HeroChoiceField(DeckLabels, forms.ModelChoiceField):
    pass


class AgentField(forms.CharField):
    """An agent name: one of the offered ones (a list to pick from) or ``search:N`` typed in;
    checked by ``agent_specs.agent_problem``, as the API and the command are."""

    def __init__(self, **kwargs):
        kwargs.setdefault("initial", DEFAULT_LEVEL)
        widget = forms.TextInput(attrs={"list": "agent-kinds", "autocomplete": "off"})
        super().__init__(max_length=AGENT_SPEC_MAX_LENGTH, widget=widget, **kwargs)

    def validate(self, value):
        super().validate(value)
        problem = agent_problem(value)
        if problem is not None:
            raise forms.ValidationError(problem, code="agent")


class TournamentForm(forms.Form):
    agent_kinds = AGENT_KINDS

    name = forms.CharField(label=_("Name"), max_length=200)
    format = forms.ChoiceField(
        label=_("Format"),
        # The swap test starts from a deck page (it builds the changed copy itself); a tuning
        # from ``manage.py tune``.
        choices=[
            choice for choice in Format.choices if choice[0] not in (Format.SWAP, Format.TUNING)
        ],
    )
    decks = DeckChoiceField(
        label=_("Decks"),
        queryset=None,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Tick every deck that plays, the hero too."),
    )
    hero = HeroChoiceField(
        label=_("Hero"),
        queryset=None,
        required=False,
        help_text=_(
            "Gauntlet: the deck that plays every other one. Head-to-head: deck A, tested "
            "against the other ticked deck (B)."
        ),
    )
    games_per_pairing = forms.IntegerField(
        label=_("Games per pairing"),
        min_value=2,
        max_value=1000,
        initial=10,
        help_text=_("Even: each seed is played twice with the seats swapped."),
    )
    agent_a = AgentField(label=_("Agent of deck A"), help_text=AGENT_HELP)
    agent_b = AgentField(
        label=_("Agent of deck B"),
        help_text=_("Deck A is the first of each pairing (the hero in a gauntlet)."),
    )
    seed = forms.IntegerField(
        label=_("Seed"),
        min_value=0,
        max_value=2**31 - 1,
        initial=0,
        help_text=_(
            "Fixes every shuffle and die roll: the same decks, agents and seed play exactly the "
            "same games again; another seed deals new ones."
        ),
    )
    rounds = forms.IntegerField(
        label=_("Swiss rounds"),
        min_value=1,
        required=False,
        help_text=_("Empty: enough rounds to find a winner (log₂ of the decks)."),
    )
    delta = forms.FloatField(
        label=_("Head-to-head: δ"),
        min_value=0.01,
        max_value=0.49,
        required=False,
        help_text=_(
            "The edge worth detecting: 0.1 asks «does A score at least 60 %?»; the test stops "
            "as soon as it can answer yes or no. Smaller δ, many more games. Empty: 0.1."
        ),
    )
    max_games = forms.IntegerField(
        label=_("Head-to-head: game cap"),
        min_value=2,
        max_value=10000,
        required=False,
        help_text=_("The test stops here even if undecided. Empty: 400."),
    )
    is_public = forms.BooleanField(
        label=_("Public"),
        required=False,
        initial=False,
        help_text=_("Everyone can see a public tournament; otherwise only you."),
    )

    def __init__(self, *args, decks=None, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["decks"]).queryset = decks
        cast(forms.ModelChoiceField, self.fields["hero"]).queryset = decks
        for name, formats in FORMAT_FIELDS.items():  # the page shows these for their formats
            # row_class: an attribute of our own on the field, read by the template
            self.fields[name].row_class = "format-only " + " ".join(  # type: ignore[attr-defined]
                f"for-{f}" for f in formats
            )

    def clean(self):
        super().clean()
        data = self.cleaned_data
        hero, decks = data.get("hero"), data.get("decks")
        if data.get("format") in FORMAT_FIELDS["hero"] and decks is not None:
            if hero is None:
                self.add_error("hero", _("Choose the hero among the ticked decks."))
            elif hero not in decks:
                self.add_error("hero", _("The hero must be one of the ticked decks."))
        return data

    def ordered_decks(self) -> list:
        """The ticked decks, the hero first where the format has one."""
        decks = list(self.cleaned_data["decks"])
        hero = self.cleaned_data.get("hero")
        if self.cleaned_data["format"] in FORMAT_FIELDS["hero"] and hero in decks:
            decks.remove(hero)
            decks.insert(0, hero)
        return decks

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
