"""Admin forms for catalogue rows.

Every card form checks the card through ``card_attributes_clean`` (the game's own checker), and
puts each problem on the input it is about. Komandor cards are edited as a real form: one input
per field of the engine's card schema for that kind (``komandor.words.card_fields.field_specs``),
read with ``flatten_card`` and written back with ``unflatten_card``. Other games keep a JSON
editor for ``attributes``.
"""

import json
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.html import format_html
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from cardbase.card_images import PhotoRefused, image_urls, photo_read, photo_store
from cardbase.models import Card, StatedCount
from cardbase.services import komandor
from cardbase.services.card_rules import card_attributes_clean
from cardbase.stated_counts import StatedCountSpecError, count_spec_from_dict
from config.bounded_json import JsonTooDeep, loads_bounded
from komandor.rules.cards import CardKind, flatten_card, unflatten_card
from komandor.words.card_fields import FieldSpec, field_specs

# No printed stat comes near; a number past it is a typing slip (or 99999999999999999999999).
MAX_STAT_VALUE = 999
# Schema fields the card row keeps as columns; the stats form shows the column instead.
COLUMN_PATHS = frozenset(komandor.COLUMN_KEYS.values())
SOURCE_FIELDS = ["source_book", "source_section", "source_quote"]
EFFECTS_FIELD = "effects"
IMAGE_FIELDS = ["image_upload", "image_remove"]
CARD_FIELDS = [
    "game",
    "card_type",
    "key",
    "name_ru",
    "name_en",
    "cost",
    "rarity",
    "release",
    "collector_number",
    "copies",
    "text",
    "effects_gap",
    *SOURCE_FIELDS,
]


class PrettyJSONField(forms.JSONField):
    """A JSON input that shows stored objects indented and with Cyrillic left readable, and
    refuses JSON nested deeper than ``MAX_JSON_DEPTH`` (plain ``json`` recurses without end)."""

    def to_python(self, value: Any) -> Any:
        if isinstance(value, str) and value.strip():
            try:
                loads_bounded(value, cls=self.decoder)
            except JsonTooDeep as error:
                raise ValidationError(
                    _("The JSON is nested more than %(limit)s levels deep."),
                    code="json_too_deep",
                    params={"limit": error.limit},
                ) from error
            except ValueError:
                pass  # not JSON at all: the parent's own message
        return super().to_python(value)

    def bound_data(self, data: Any, initial: Any) -> Any:
        if isinstance(data, str):
            try:
                loads_bounded(data, cls=self.decoder)
            except JsonTooDeep:
                return forms.fields.InvalidJSONInput(data)
            except ValueError:
                pass
        return super().bound_data(data, initial)

    def prepare_value(self, value: Any) -> str:
        if isinstance(value, forms.fields.InvalidJSONInput):
            return value
        return json.dumps(value, ensure_ascii=False, indent=2, cls=self.encoder)


class CardAdminForm(forms.ModelForm):
    """A card of any game, with ``attributes`` as JSON, checked by the game's own checker.
    An editor may give any card an image: a photo or picture checked and re-encoded like a
    proposal's (``cardbase.card_images``); the card keeps its digest."""

    image_upload = forms.FileField(
        label=_("Image"),
        required=False,
        widget=forms.FileInput(attrs={"accept": "image/jpeg,image/png,image/webp"}),
        help_text=_("JPEG, PNG or WebP; shown instead of the drawn face. Its metadata is removed."),
    )
    image_remove = forms.BooleanField(
        label=_("Remove the image (draw the face instead)"), required=False
    )

    class Meta:
        model = Card
        fields = [*CARD_FIELDS, "attributes"]
        field_classes = {"attributes": PrettyJSONField}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        urls = image_urls(self.instance.image or "")
        if urls is not None:
            self.fields["image_upload"].help_text = format_html(
                '{} <a href="{}" target="_blank"><img src="{}" alt="" height="90"></a>',
                _("Now:"),
                urls.url,
                urls.thumbnail,
            )

    def clean_image_upload(self) -> Any:
        upload = self.cleaned_data.get("image_upload")
        if not upload:
            return None
        try:
            return photo_read(upload, size=upload.size)
        except PhotoRefused as error:
            raise ValidationError(error.messages, code=error.code) from error

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        photo = cleaned.get("image_upload")
        if photo is not None and not self.errors:
            # Kept under its digest: an upload the save then does not use is never shown.
            photo_store(photo)
            self.instance.image = photo.digest
        elif cleaned.get("image_remove"):
            self.instance.image = ""
        game = cleaned.get("game") or getattr(self.instance, "game", None)
        if game is None or self.errors:
            return cleaned
        try:
            attributes = card_attributes_clean(
                game_slug=game.slug, fields={**self._column_values(cleaned), **self.attributes()}
            )
        except ValidationError as error:
            self._add_checker_errors(error)
            return cleaned
        self.instance.attributes = attributes
        cleaned["attributes"] = attributes
        return cleaned

    def attributes(self) -> dict[str, Any]:
        """The ``attributes`` the user entered, in the shape the checker takes."""
        return {"attributes": self.cleaned_data.get("attributes")}

    def field_for_path(self, path: str) -> str | None:
        """The form input showing the schema field at dotted ``path``, if the form has one."""
        return None

    def _column_values(self, cleaned: dict[str, Any]) -> dict[str, Any]:
        return {column: cleaned.get(column) for column in komandor.COLUMN_KEYS}

    def _add_checker_errors(self, error: ValidationError) -> None:
        if not hasattr(error, "error_dict"):
            self.add_error(None, error)
            return
        for name, errors in error.error_dict.items():
            for item in errors:
                path = (item.params or {}).get("path")
                target = (path and self.field_for_path(path)) or name
                self.add_error(target if target in self.fields else None, item)


def stat_field_name(path: str) -> str:
    """Form input name for a dotted schema path: ``weapons.plasma.power`` → ``stat__weapons__
    plasma__power`` (dots in names would break admin's element ids and CSS selectors)."""
    return "stat__" + path.replace(".", "__")


def _label(spec: FieldSpec) -> str:
    language = get_language() or "ru"
    return spec.label_en if language.startswith("en") else spec.label_ru


def stat_form_field(spec: FieldSpec) -> forms.Field:
    """One form input for one schema field. Requiredness is left to the schema, so a missing
    value gets the schema's own message on this input."""
    common: dict[str, Any] = {"label": _label(spec), "required": False, "help_text": spec.path}
    if spec.type == "int":
        return forms.IntegerField(min_value=spec.min_value, max_value=MAX_STAT_VALUE, **common)
    if spec.type == "choice":
        return forms.ChoiceField(choices=[("", "—"), *spec.choices], **common)
    if spec.type == "bool":
        return forms.BooleanField(**common)
    if spec.type == "text":
        return forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), **common)
    return forms.CharField(**common)


class KomandorCardStatsForm(CardAdminForm):
    """Base of the per-kind Komandor forms built by ``komandor_card_form``."""

    kind: CardKind
    game_id: int
    stat_paths: dict[str, str]  # form input name -> dotted schema path

    class Meta(CardAdminForm.Meta):
        fields = CARD_FIELDS

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if EFFECTS_FIELD in self.fields:
            # A card without effects opens with an empty list, not JSON ``null``, which the
            # live check would flag as "not a list of effects" before anyone typed a thing.
            stored = (self.instance.attributes or {}).get("effects")
            self.initial.setdefault(EFFECTS_FIELD, stored if stored is not None else [])
        flat = flatten_card(self.instance.attributes or {})
        for name, path in self.stat_paths.items():
            if path in flat:
                self.initial.setdefault(name, _display(flat[path]))
        # The stat inputs belong to one game and kind, so both are fixed on this form (another
        # kind needs another form); a disabled input takes its value from ``initial``.
        for name, value in (("game", self.game_id), ("card_type", self.kind.value)):
            if name in self.fields:
                self.fields[name].disabled = True
                self.fields[name].initial = value
                self.initial[name] = value

    def attributes(self) -> dict[str, Any]:
        flat = {
            path: self.cleaned_data.get(name)
            for name, path in self.stat_paths.items()
            if self.cleaned_data.get(name) not in (None, "", False)
        }
        attributes = unflatten_card(flat)
        if self.cleaned_data.get(EFFECTS_FIELD) not in (None, "", []):
            attributes["effects"] = self.cleaned_data[EFFECTS_FIELD]
        return {"attributes": attributes}

    def field_for_path(self, path: str) -> str | None:
        if path == "effects" or path.startswith("effects."):
            return EFFECTS_FIELD if EFFECTS_FIELD in self.fields else None
        name = stat_field_name(path)
        if name in self.fields:
            return name
        # An error about a whole group (e.g. "shield") goes on the group's first input.
        prefix = stat_field_name(path) + "__"
        return next((field for field in self.stat_paths if field.startswith(prefix)), None)


def _display(value: Any) -> Any:
    return value if isinstance(value, bool) else ("" if value is None else value)


def effects_form_field(kind: CardKind) -> forms.Field:
    """The card's ``effects`` in the effect language (docs/effects.md), as JSON; the admin's
    script checks it as you type and shows the rendered text beside it."""
    return PrettyJSONField(
        label=_("Effects"),
        required=False,
        help_text=_("A list of effects in the effect language (docs/effects.md)."),
        widget=forms.Textarea(attrs={"rows": 8, "cols": 70, "data-effects-kind": kind.value}),
    )


def komandor_card_form(kind: CardKind, *, game_id: int) -> type[KomandorCardStatsForm]:
    """The admin form for a Komandor card of ``kind``: row columns plus one input per stat,
    and the effects editor (ability cards keep their variants as stats)."""
    specs = [spec for spec in field_specs(kind) if spec.path not in COLUMN_PATHS]
    declared = {stat_field_name(spec.path): stat_form_field(spec) for spec in specs}
    if kind is not CardKind.ABILITY:
        declared[EFFECTS_FIELD] = effects_form_field(kind)
    attrs = {
        **declared,
        "kind": kind,
        "game_id": game_id,
        "stat_paths": {stat_field_name(spec.path): spec.path for spec in specs},
        "__module__": __name__,
    }
    return type(f"Komandor{kind.name.title()}CardForm", (KomandorCardStatsForm,), attrs)


class StatedCountAdminForm(forms.ModelForm):
    """A stated total; its ``counts`` spec is checked the way the count pages evaluate it."""

    class Meta:
        model = StatedCount
        fields = ["game", "key", "label_ru", "label_en", "count", "counts", *SOURCE_FIELDS]
        field_classes = {"counts": PrettyJSONField}

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        game = cleaned.get("game")
        counts = cleaned.get("counts")
        if game is not None and counts:
            try:
                count_spec_from_dict(counts, game_id=game.pk)
            except StatedCountSpecError as error:
                self.add_error("counts", ValidationError(str(error), code="bad_counts"))
        return cleaned


__all__ = [
    "CardAdminForm",
    "KomandorCardStatsForm",
    "StatedCountAdminForm",
    "komandor_card_form",
    "stat_field_name",
]
