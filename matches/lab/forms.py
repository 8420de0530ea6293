"""The swap-test form of a deck page: which card goes, which comes in, how many, against whom."""

from __future__ import annotations

from typing import cast

from django import forms
from django.utils.translation import gettext_lazy as _

from cardbase.display_names import shown_name
from cardbase.models import Card
from decks.models import Deck
from matches.models import Tournament
from matches.tournaments.errors import lab_copy_message
from matches.tournaments.forms import DeckChoiceField
from matches.tournaments.selectors import enterable_decks, tournaments_visible
from matches.tournaments.swap import DEFAULTS

FIELD_CHOICES = [
    ("precons", _("precons")),
    ("public", _("other players’ public decks")),
    ("mine", _("my other decks")),
]


class CardChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, card):
        name = shown_name(card.name_ru, card.name_en)
        return name if card.cost is None else f"{name} ({card.cost})"


class SwapTestForm(forms.Form):
    remove = forms.TypedChoiceField(label=_("Replace this card"), coerce=int)
    add = CardChoiceField(label=_("by this one"), queryset=Card.objects.none())
    copies = forms.IntegerField(label=_("Copies"), min_value=1, max_value=40, initial=1)
    field = forms.MultipleChoiceField(
        label=_("Against"),
        choices=FIELD_CHOICES,
        initial=["precons"],
        widget=forms.CheckboxSelectMultiple,
        help_text=_("At most 30 decks: the precons first, then the most recently changed."),
    )
    delta = forms.FloatField(
        label=_("δ"),
        min_value=0.01,
        max_value=0.49,
        initial=DEFAULTS["delta"],
        help_text=_(
            "The smallest difference worth finding: 0.1 means the change wins 10 % more of the "
            "deals where the two versions differ. A smaller δ needs many more games."
        ),
    )
    max_games = forms.IntegerField(
        label=_("Game cap"),
        min_value=4,
        max_value=4000,
        initial=DEFAULTS["max_games"],
        help_text=_("Both versions together; the test stops earlier once it can tell."),
    )
    seed = forms.IntegerField(label=_("Seed"), min_value=0, max_value=2**31 - 1, initial=0)

    def __init__(self, *args, entries=(), **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["remove"]).choices = [
            (card.pk, f"{count} × {shown_name(card.name_ru, card.name_en)}")
            for card, count in entries
        ]
        cast(forms.ModelChoiceField, self.fields["add"]).queryset = (
            Card.objects.filter(game__slug="komandor")
            .exclude(card_type="commander")
            .order_by("name_ru", "id")
        )

    def options(self) -> dict:
        return {"delta": self.cleaned_data["delta"], "max_games": self.cleaned_data["max_games"]}


class DoctorForm(forms.Form):
    """ "Suggest improvements": against whom, with which cards, within how many games."""

    field = forms.ChoiceField(
        label=_("Against"),
        choices=[
            ("precons", _("precons")),
            ("tournament", _("the decks of a tournament")),
            ("decks", _("decks I name")),
        ],
        initial="precons",
        widget=forms.RadioSelect,
    )
    tournament = forms.ModelChoiceField(
        label=_("Tournament"), queryset=Tournament.objects.none(), required=False
    )
    decks = DeckChoiceField(
        label=_("Decks"),
        queryset=Deck.objects.none(),
        required=False,
        help_text=_("At most 8 opponents are played."),
    )
    cards = forms.ChoiceField(
        label=_("Cards a swap may add"),
        choices=[("pool", _("the whole pool")), ("owned", _("only cards I own"))],
        initial="pool",
        widget=forms.RadioSelect,
    )
    budget_games = forms.IntegerField(
        label=_("Games at most"),
        min_value=1,
        max_value=20000,
        initial=800,
        help_text=_(
            "The screening takes half; the confirmation stops earlier once every finalist is "
            "decided."
        ),
    )
    delta = forms.FloatField(
        label=_("δ"),
        min_value=0.01,
        max_value=0.49,
        initial=DEFAULTS["delta"],
        help_text=_(
            "The smallest difference worth finding: 0.1 means the change wins 10 % more of the "
            "deals where the two versions differ."
        ),
    )

    def __init__(self, *args, user=None, deck=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.deck = deck
        visible = tournaments_visible(user=user)
        recent = list(visible.order_by("-id").values_list("pk", flat=True)[:50])
        cast(forms.ModelChoiceField, self.fields["tournament"]).queryset = visible.filter(
            pk__in=recent
        ).order_by("-id")
        cast(forms.ModelChoiceField, self.fields["decks"]).queryset = enterable_decks(
            user=user
        ).exclude(pk=deck.pk)

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if self.deck.lab_copy:  # the lab's copy for a run, not a deck to start one on
            raise forms.ValidationError(lab_copy_message(), code="lab_copy")
        if data.get("field") == "tournament" and not data.get("tournament"):
            self.add_error("tournament", _("Pick a tournament."))
        if data.get("field") == "decks" and not data.get("decks"):
            self.add_error("decks", _("Pick at least one deck."))
        return data

    def field_value(self):
        """The service's ``field``: "precons", {"tournament": id} or deck ids."""
        data = self.cleaned_data
        if data["field"] == "tournament":
            return {"tournament": data["tournament"].pk}
        if data["field"] == "decks":
            return [deck.pk for deck in data["decks"]]
        return "precons"
