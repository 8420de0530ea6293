"""Forms that parse the catalogue pages' GET parameters (filters and the search box)."""

from typing import cast

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cardbase.card_faces import size_label
from cardbase.selectors import CardFilterOptions, CardFilters
from cardbase.templatetags.catalogue import card_type_label, localized, rarity_label

ANY = ("", _("any"))
# In the interface's words and letters (ЛК in Russian, LS in English), as the card faces.
SIZE_CHOICES = [ANY, *((size, lazy(size_label, str)(size)) for size in ("LK", "SK", "TK"))]


# "Sort by …": the Russian needs the dative («по названию»), hence the context.
ORDER_CHOICES = [
    ("", pgettext_lazy("sort by", "name")),
    ("cost", pgettext_lazy("sort by", "cost, cheapest first")),
    ("-cost", pgettext_lazy("sort by", "cost, dearest first")),
    ("type", pgettext_lazy("sort by", "card type")),
]


class SearchForm(forms.Form):
    q = forms.CharField(label=_("Search"), required=False, max_length=500, strip=True)
    order = forms.ChoiceField(label=_("Sort by"), required=False, choices=ORDER_CHOICES)


class CardFilterForm(SearchForm):
    """Catalogue filters. Choices come from the game's own cards, so a value that no card has
    (a mistyped link) is a field error, not an empty list."""

    type = forms.ChoiceField(label=_("Card type"), required=False)
    rarity = forms.ChoiceField(label=_("Rarity"), required=False)
    release = forms.ChoiceField(label=_("Release"), required=False)
    cost_min = forms.IntegerField(label=_("Cost from"), required=False, min_value=0)
    cost_max = forms.IntegerField(label=_("Cost up to"), required=False, min_value=0)

    def __init__(self, data, *, options: CardFilterOptions, **kwargs) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(data, **kwargs)
        self.fields["order"] = self.fields.pop("order")  # the sort order after the filters
        type_names = dict(options.card_types)
        cast(forms.ChoiceField, self.fields["type"]).choices = [ANY] + [
            (value, card_type_label(value, type_names)) for value, _component in options.card_types
        ]
        cast(forms.ChoiceField, self.fields["rarity"]).choices = [ANY] + [
            (value, rarity_label(value)) for value in options.rarities
        ]
        cast(forms.ChoiceField, self.fields["release"]).choices = [ANY] + [
            (release.code, localized(release)) for release in options.releases
        ]

    def clean(self) -> dict:
        super().clean()
        cleaned = self.cleaned_data
        low, high = cleaned.get("cost_min"), cleaned.get("cost_max")
        if low is not None and high is not None and low > high:
            self.add_error("cost_max", _("The upper cost is below the lower cost."))
        return cleaned

    def to_filters(self) -> CardFilters:
        data = self.cleaned_data
        return CardFilters(
            card_type=data["type"],
            rarity=data["rarity"],
            release=data["release"],
            cost_min=data["cost_min"],
            cost_max=data["cost_max"],
            **self.stat_filters(),
        )

    def stat_filters(self) -> dict:
        return {}


class KomandorCardFilterForm(CardFilterForm):
    """Komandor cards also filter on the stats printed on the card."""

    size = forms.ChoiceField(label=_("Ship size"), required=False, choices=SIZE_CHOICES)
    strength_min = forms.IntegerField(label=_("Strength from"), required=False, min_value=0)
    armor_min = forms.IntegerField(label=_("Armour from"), required=False, min_value=0)
    speed_min = forms.IntegerField(label=_("Speed from"), required=False, min_value=0)

    def stat_filters(self) -> dict:
        data = self.cleaned_data
        return {
            "size": data["size"],
            "strength_min": data["strength_min"],
            "armor_min": data["armor_min"],
            "speed_min": data["speed_min"],
        }
