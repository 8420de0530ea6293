"""The swap-test form of a deck page: which card goes, which comes in, how many, against whom."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from cardbase.display_names import shown_name
from cardbase.models import Card
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
        self.fields["remove"].choices = [
            (card.pk, f"{count} × {shown_name(card.name_ru, card.name_en)}")
            for card, count in entries
        ]
        self.fields["add"].queryset = (
            Card.objects.filter(game__slug="komandor")
            .exclude(card_type="commander")
            .order_by("name_ru", "id")
        )

    def options(self) -> dict:
        return {"delta": self.cleaned_data["delta"], "max_games": self.cleaned_data["max_games"]}
