"""Page forms. The builder's entry rows arrive as parallel lists (card, count, own name,
pre-chosen copies), so the page works without JavaScript."""

from __future__ import annotations

from collections import defaultdict
from typing import cast

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from cardbase.card_faces import kind_label
from cardbase.display_names import shown_name
from config.numbers import signed_whole_number
from decks.models import Visibility
from decks.selectors import (
    CatalogueFilters,
    TooManyWords,
    commander_cards,
    faction_commanders,
    public_search_words,
)
from decks.text_format import MAX_LINE_COUNT
from decks.values import (
    MAX_ROW_ID,
    MAX_TAGS,
    OWN_NAME_MAX_LENGTH,
    TAG_MAX_LENGTH,
    DeckContent,
    EntryContent,
)
from komandor.rules.cards import CardKind
from komandor.rules.rules import MAX_COPIES_PER_NAME


class CardChoiceField(forms.ModelChoiceField):
    """A card by its name in the interface's language (``cardbase.display_names``)."""

    def label_from_instance(self, obj) -> str:
        return shown_name(obj.name_ru, obj.name_en)


class CatalogueFilterForm(forms.Form):
    """The builder's catalogue search: the query language plus kind, cost and faction, and the
    page. The builder page and ``/api/decks/catalogue/`` both read their parameters here."""

    q = forms.CharField(required=False, max_length=500, label=_("Find cards"))
    kind = forms.ChoiceField(required=False, label=_("Kind"))
    cost_min = forms.IntegerField(required=False, min_value=0, max_value=999, label=_("Cost from"))
    cost_max = forms.IntegerField(required=False, min_value=0, max_value=999, label=_("Cost up to"))
    faction = CardChoiceField(
        queryset=faction_commanders(), required=False, label=_("Faction"), empty_label="—"
    )
    owned = forms.BooleanField(required=False, label=_("Only cards I own"))
    page = forms.IntegerField(required=False, min_value=1, max_value=10_000)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["kind"]).choices = [("", "—"), *kind_choices()]
        cast(forms.ModelChoiceField, self.fields["faction"]).queryset = faction_commanders()

    def clean_owned(self) -> bool:
        # A checkbox sends "on"; the API's clients true/false or 1/0. Anything else is a
        # mistake to say, not a yes (a plain BooleanField takes "null" as true).
        if self.data.get("owned", "") not in ("", "on", "true", "false", "1", "0"):
            raise forms.ValidationError(_("Give true or false."))
        return self.cleaned_data["owned"]

    def filters(self) -> CatalogueFilters:
        data = self.cleaned_data
        return CatalogueFilters(
            query=data["q"].strip(),
            kind=data["kind"],
            cost_min=data["cost_min"],
            cost_max=data["cost_max"],
            faction=data["faction"].id if data["faction"] else None,
            owned_only=data["owned"],
        )


def kind_choices() -> list[tuple[str, str]]:
    return [(kind.value, kind_label(kind.value)) for kind in CardKind]


class PublicDeckSearchForm(forms.Form):
    q = forms.CharField(required=False, max_length=200, label=_("Search"))

    def clean_q(self) -> str:
        value = self.cleaned_data["q"]
        try:
            public_search_words(value)
        except TooManyWords as error:
            raise forms.ValidationError(
                _("Search with at most %(limit)s words.") % {"limit": error.limit}
            ) from error
        return value


class DeckNewForm(forms.Form):
    """A new deck: its name and its Commander (which may be chosen later in the builder; a
    Commander's card page sends its own)."""

    name = forms.CharField(label=_("Deck name"), max_length=200)
    commander = CardChoiceField(
        queryset=commander_cards(),
        required=False,
        label=_("Commander"),
        empty_label=_("— choose later —"),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["commander"]).queryset = commander_cards()


class DeckImportForm(forms.Form):
    name = forms.CharField(label=_("Deck name"), max_length=200)
    text = forms.CharField(
        label=_("Deck list"),
        widget=forms.Textarea(attrs={"rows": 16, "cols": 70}),
        help_text=_(
            "One line per card: “4 Name”; “Commander: Name”; lines starting with # are comments."
        ),
    )


class DeckBuilderForm(forms.Form):
    name = forms.CharField(label=_("Deck name"), max_length=200)
    description = forms.CharField(
        label=_("Description"), required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    visibility = forms.ChoiceField(label=_("Visibility"), choices=Visibility.choices)
    commander = CardChoiceField(
        label=_("Commander"), queryset=commander_cards(), required=False, empty_label="—"
    )
    tags = forms.CharField(
        label=_("Tags"),
        required=False,
        max_length=MAX_TAGS * (TAG_MAX_LENGTH + 2),
        help_text=_("Words separated by commas."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["commander"]).queryset = commander_cards()

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        if self.data is None:
            return cleaned
        data = cast(QueryDict, self.data)  # the page's POST
        cards = data.getlist("entry_card")
        counts = data.getlist("entry_count")
        owns = data.getlist("entry_own")
        setups = data.getlist("entry_setup")
        if not len(cards) == len(counts) == len(owns) == len(setups):
            raise forms.ValidationError(_("The card list was sent incomplete; reload the page."))
        merged: dict[tuple[int, str], int] = defaultdict(int)
        setup: dict[int, int] = defaultdict(int)
        problems = []
        for row, (card, count, own, chosen) in enumerate(
            zip(cards, counts, owns, setups, strict=True), start=1
        ):
            card_id, copies, picked = _card_id(card), _number(count), _number(chosen or "0")
            if card_id is None:
                problems.append(_("Row %(row)s: unknown card.") % {"row": row})
                continue
            if "\x00" in own or len(own.strip()) > OWN_NAME_MAX_LENGTH:
                problems.append(
                    _("Row %(row)s: the own name must be plain text of at most %(max)s characters.")
                    % {"row": row, "max": OWN_NAME_MAX_LENGTH}
                )
                continue
            if copies is None or not 0 <= copies <= MAX_LINE_COUNT:
                problems.append(
                    _("Row %(row)s: the number of copies must be a whole number from 0 to %(max)s.")
                    % {"row": row, "max": MAX_LINE_COUNT}
                )
                continue
            if picked is None or picked < 0:
                problems.append(
                    _("Row %(row)s: pre-chosen copies must be a whole number ≥ 0.") % {"row": row}
                )
                continue
            if copies:
                merged[(card_id, own.strip())] += copies
            if picked:
                setup[card_id] += picked
        added = _card_id(self.data.get("add", ""))
        # A Commander is chosen beside the deck, never added to it (DECK-5).
        picked_commander = commander_cards().filter(pk=added).first() if added else None
        if picked_commander is not None:
            cleaned["commander"] = picked_commander
        elif added:
            merged[(added, "")] += 1
        # The catalogue's other buttons without JavaScript: four copies, one copy fewer.
        if four := _card_id(self.data.get("four", "")):
            merged[(four, "")] = max(merged[(four, "")], MAX_COPIES_PER_NAME)
        if (taken := _card_id(self.data.get("take", ""))) and merged.get((taken, "")):
            merged[(taken, "")] -= 1
        merged = {key: count for key, count in merged.items() if count > 0}
        if problems:
            raise forms.ValidationError(problems)
        commander = cleaned.get("commander")
        cleaned["content"] = DeckContent(
            commander_id=commander.id if commander else None,
            entries=tuple(
                EntryContent(card_id=card_id, count=count, own_name=own)
                for (card_id, own), count in merged.items()
            ),
            setup_abilities=tuple(setup.items()),
        )
        return cleaned


def _card_id(text: str) -> int | None:
    number = _number(text)
    return number if number is not None and 1 <= number <= MAX_ROW_ID else None


def _number(text: str) -> int | None:
    # At most 18 ASCII digits (config/numbers.py): int() would read thousands of them.
    return signed_whole_number(text.strip()) if isinstance(text, str) else None


class CollectionImportForm(forms.Form):
    text = forms.CharField(
        label=_("Cards you own"),
        max_length=200_000,
        widget=forms.Textarea(attrs={"rows": 10, "cols": 70}),
        help_text=_(
            "The deck text format (“4 Name”, one card a line) or CSV with the columns "
            "count,name,release,number."
        ),
    )
    replace = forms.BooleanField(
        label=_("Replace my collection (otherwise the copies are added)"), required=False
    )


class DeckCompareForm(forms.Form):
    """Two decks, each at a version (none: its latest)."""

    a = forms.IntegerField(min_value=1, max_value=MAX_ROW_ID, label=_("First deck"))
    av = forms.IntegerField(required=False, min_value=1, max_value=2**31 - 1)
    b = forms.IntegerField(min_value=1, max_value=MAX_ROW_ID, label=_("Second deck"))
    bv = forms.IntegerField(required=False, min_value=1, max_value=2**31 - 1)


class DrawOddsForm(forms.Form):
    group = forms.CharField(required=False, max_length=60, label=_("Cards"))
    at_least = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_COPIES_PER_NAME * 25, label=_("At least")
    )
