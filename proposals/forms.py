"""The proposal page's form: a printed card of one kind — its name, cost, rarity and every stat
the engine's card schema has for that kind (one input each, as the admin's card form), the text
as printed, its release and number, its photo — and its effects, built in the effect builder.

The form only parses: ``proposal_data`` gives the service what was typed, and the service's
errors come back onto the inputs (``errors_place``), a stat's on its input, an effect's on the
builder's input for that part.
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from cardbase.forms import stat_field_name, stat_form_field
from cardbase.models import CardRarity, Origin, Release
from komandor.rules.cards import CardKind, flatten_card, unflatten_card
from komandor.words.card_fields import field_specs
from proposals.effect_builder import EffectFormSet, action_slots_used, effect_initial, field_for
from proposals.services import MAX_GAP_TEXT, MAX_NOTE, MAX_PRINTED_TEXT, ProposalData

# Schema paths the proposal asks as their own inputs (or the builder), not as stats.
OWN_INPUTS = frozenset(
    {"kind", "name", "cost", "rarity", "number", "text", "variants.0", "variants.1"}
)
KINDS = [(kind.value, CardKind(kind).value) for kind in CardKind]
BASE_INPUTS = ("name", "cost", "rarity")


class ProposalForm(forms.Form):
    """Base of the per-kind forms ``proposal_form`` builds."""

    kind: CardKind
    stat_paths: dict[str, str]

    name = forms.CharField(label=_("Name, as printed"), max_length=300)
    cost = forms.IntegerField(
        label=_("Production cost"), required=False, min_value=0, max_value=999
    )
    rarity = forms.ChoiceField(
        label=_("Rarity"), required=False, choices=[("", "—"), *CardRarity.choices]
    )
    printed_text = forms.CharField(
        label=_("The card's text, as printed"),
        max_length=MAX_PRINTED_TEXT,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_(
            "Word for word, as it reads on the card; publishers compare it with the photo."
        ),
    )
    effects_gap = forms.CharField(
        label=_("Text the effect builder cannot write"),
        required=False,
        max_length=MAX_GAP_TEXT,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_(
            "Copy here the part of the printed text no effect below can say; that part is not "
            "played, and the gaps of the effect language are collected from these."
        ),
    )
    release = forms.ChoiceField(label=_("Release"), required=False)
    release_name = forms.CharField(
        label=_("Release as printed, if not in the list"), required=False, max_length=200
    )
    collector_number = forms.CharField(
        label=_("Number in the release"), required=False, max_length=20
    )
    image = forms.FileField(
        label=_("Photo of the card"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": "image/jpeg,image/png,image/webp"}),
        help_text=_("JPEG, PNG or WebP, the whole card, sharp and straight."),
    )
    note = forms.CharField(
        label=_("A note to the publisher"),
        required=False,
        max_length=MAX_NOTE,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        printed = Release.objects.filter(game__slug="komandor").exclude(origin=Origin.PROJECT)
        choices = [("", "—"), *((r.code, r.name_ru) for r in printed)]
        cast(forms.ChoiceField, self.fields["release"]).choices = choices
        if not choices[1:]:
            del self.fields["release"]  # no printed release is listed yet: only its name

    def stat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.stat_paths]

    def data_of(
        self, effects: list[dict[str, Any]], variants: list[list[dict[str, Any]]] | None
    ) -> ProposalData:
        """What was typed, for the service (call after ``is_valid``)."""
        cleaned = self.cleaned_data
        flat = {
            path: cleaned.get(name)
            for name, path in self.stat_paths.items()
            if cleaned.get(name) not in (None, "", False)
        }
        attributes: dict[str, Any] = {"kind": self.kind.value, **unflatten_card(flat)}
        for name in BASE_INPUTS:
            if cleaned.get(name) not in (None, ""):
                attributes[name] = cleaned[name]
        if variants is not None:
            attributes["variants"] = variants
        elif effects:
            attributes["effects"] = effects
        return ProposalData(
            attributes=attributes,
            printed_text=cleaned.get("printed_text", ""),
            effects_gap=cleaned.get("effects_gap", ""),
            release=cleaned.get("release", ""),
            release_name=cleaned.get("release_name", ""),
            collector_number=cleaned.get("collector_number", ""),
            note=cleaned.get("note", ""),
        )

    def input_for(self, name: str) -> str | None:
        """The input showing the service's error key ``name`` (``attributes.speed``)."""
        if not name.startswith("attributes."):
            return name if name in self.fields else None
        path = name.removeprefix("attributes.")
        if path in BASE_INPUTS:
            return path
        if path == "number":
            return "collector_number"
        field = stat_field_name(path)
        if field in self.fields:
            return field
        prefix = field + "__"
        return next((f for f in self.stat_paths if f.startswith(prefix)), None)


def proposal_form(kind: CardKind) -> type[ProposalForm]:
    """The form for a printed card of ``kind``: the base inputs and one per schema stat."""
    specs = [spec for spec in field_specs(kind) if spec.path not in OWN_INPUTS]
    declared = {stat_field_name(spec.path): stat_form_field(spec) for spec in specs}
    for field in declared.values():
        field.help_text = ""
    attrs = {
        **declared,
        "kind": kind,
        "stat_paths": {stat_field_name(spec.path): spec.path for spec in specs},
        "__module__": __name__,
    }
    return type(f"Proposal{kind.name.title()}Form", (ProposalForm,), attrs)


def form_initial(attributes: dict[str, Any], form_class: type[ProposalForm]) -> dict[str, Any]:
    """A card's attributes as the form's initial values (a correction starts from the card)."""
    flat = flatten_card(attributes)
    initial = {name: flat[path] for name, path in form_class.stat_paths.items() if path in flat}
    for name in BASE_INPUTS:
        if attributes.get(name) not in (None, ""):
            initial[name] = attributes[name]
    return initial


def effects_initial(attributes: dict[str, Any], kind: CardKind) -> list[dict[str, Any]]:
    """The builder's rows for a card's effects (an ability card: both variants' effects)."""
    if kind is CardKind.ABILITY:
        rows = []
        for number, variant in enumerate(attributes.get("variants") or (), start=1):
            if isinstance(variant, list):
                rows += [
                    {**effect_initial(effect, kind="ability"), "variant": number}
                    for effect in variant
                ]
        return rows
    return [effect_initial(effect, kind=kind.value) for effect in attributes.get("effects") or ()]


class BuiltEffects:
    """The builder's rows as the card's ``effects`` (or an ability card's two variants), and
    where each effect came from, so the engine's problems go back onto the rows."""

    def __init__(self, formset, kind: CardKind) -> None:
        self.formset = formset
        self.kind = kind
        self.effects: list[dict[str, Any]] = []
        self.variants: list[list[dict[str, Any]]] | None = (
            [[], []] if kind is CardKind.ABILITY else None
        )
        self.rows: dict[str, tuple[int, list[int]]] = {}  # "effects.0" -> (form index, slots)
        for index, form in enumerate(formset.forms):
            if not hasattr(form, "cleaned_data"):
                continue
            effect = form.effect()
            if effect is None:
                continue
            slots = action_slots_used(form.cleaned_data) if not form.cleaned_data.get("raw") else []
            if self.variants is not None:
                number = (form.cleaned_data.get("variant") or 1) - 1
                key = f"variants.{number}.{len(self.variants[number])}"
                self.variants[number].append(effect)
            else:
                key = f"effects.{len(self.effects)}"
                self.effects.append(effect)
            self.rows[key] = (index, slots)

    @property
    def count(self) -> int:
        if self.variants is not None:
            return sum(len(v) for v in self.variants)
        return len(self.effects)

    def place(self, path: str, error: ValidationError) -> bool:
        """Put the engine's error about ``path`` (``effects.0.targets.side``) on its row and
        input; ``False`` when the path names no row."""
        for key, (index, slots) in self.rows.items():
            if path == key or path.startswith(key + "."):
                form = self.formset.forms[index]
                rest = path[len(key) + 1 :]
                name = field_for(rest, slots) if rest else None
                if form.cleaned_data.get("raw"):
                    name = None
                form.add_error(name if name in form.fields else None, error)
                return True
        return False


def errors_place(error: ValidationError, form: ProposalForm, built: BuiltEffects) -> None:
    """The service's errors onto the page: each on the input it is about."""
    for name, items in error.error_dict.items():
        for item in items:
            path = name.removeprefix("attributes.")
            if name.startswith("attributes.") and path.startswith(("effects", "variants")):
                if built.place(path, item):
                    continue
                form.add_error(None, item)  # about the effects as a whole
                continue
            target = form.input_for(name)
            if target is None and name == "image":
                target = "image"
            form.add_error(target if target in form.fields else None, item)


__all__ = [
    "KINDS",
    "BuiltEffects",
    "EffectFormSet",
    "ProposalForm",
    "effects_initial",
    "errors_place",
    "form_initial",
    "proposal_form",
]
