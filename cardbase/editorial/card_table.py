"""Cards as table rows for bulk import and export (django-import-export).

CSV and XLSX rows carry each Komandor stat in its own column (``attributes.speed``,
``attributes.weapons.plasma.power``) and lists such as ``effects`` as one JSON column
(``attributes.effects``); JSON and YAML rows carry ``attributes`` as nested data. Either way a
row is checked like an admin form: the model's own checks and the game's card checker
(``card_attributes_clean``), each problem on the field it is about.

An import by someone who may publish writes the rows at once, recorded as one revision; an
editor's import becomes one draft per row.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import tablib
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from import_export import fields, resources, widgets
from import_export.formats import base_formats
from import_export.results import Result, RowResult

from cardbase.editorial.drafts import draft_save
from cardbase.editorial.history import revision_record
from cardbase.editorial.rows import FieldChange, row_values, values_diff
from cardbase.models import Card, Game, Origin, Release
from cardbase.services.card_rules import card_attributes_clean
from matches.engine.cards import CardKind, field_specs

PREFIX = "attributes."
NESTED_FORMATS = frozenset({"json", "yaml"})
FORMATS = {
    "csv": base_formats.CSV(),
    "xlsx": base_formats.XLSX(),
    "json": base_formats.JSON(),
    "yaml": base_formats.YAML(),
}
MAX_IMPORT_BYTES = 5 * 1024 * 1024
TEXT_COLUMNS = (
    "name_ru",
    "name_en",
    "rarity",
    "collector_number",
    "text",
    "source_book",
    "source_section",
    "source_quote",
)


class TableFileError(ValueError):
    """An uploaded file that cannot be read as a table of the chosen format."""


def dataset_read(*, data: bytes, file_format: str) -> tablib.Dataset:
    fmt = FORMATS.get(file_format)
    if fmt is None:
        raise TableFileError(f"unknown format {file_format!r}; one of {sorted(FORMATS)}")
    if len(data) > MAX_IMPORT_BYTES:
        raise TableFileError(f"the file is larger than {MAX_IMPORT_BYTES // 1024 // 1024} MB")
    try:
        content = data if fmt.is_binary() else data.decode("utf-8-sig")
        dataset = fmt.create_dataset(content)
    except UnicodeDecodeError as error:
        raise TableFileError("the file is not UTF-8 text") from error
    except Exception as error:  # tablib and its readers raise many kinds of parse errors
        raise TableFileError(f"the file cannot be read as {file_format}: {error}") from error
    if not dataset.headers:
        raise TableFileError("the file has no header row")
    return dataset


def dataset_write(dataset: tablib.Dataset, *, file_format: str) -> bytes | str:
    return FORMATS[file_format].export_data(dataset)


@dataclass(frozen=True)
class PreviewRow:
    """What importing one row would do: ``kind`` is new, update, skip, invalid or error."""

    number: int
    kind: str
    label: str
    errors: list[tuple[str, list[str]]]
    changes: list[FieldChange]


def preview_rows(result: Result) -> list[PreviewRow]:
    rows = []
    for number, row in enumerate(result.rows, start=1):
        errors: list[tuple[str, list[str]]] = []
        if row.validation_error is not None:
            errors = sorted(row.validation_error.message_dict.items())
        errors += [("", [str(error.error)]) for error in row.errors]
        changes = []
        if row.import_type == RowResult.IMPORT_TYPE_UPDATE and row.instance is not None:
            changes = values_diff(Card, row_values(row.original), row_values(row.instance))
        values = row.row_values or {}
        label = row.object_repr or f"{values.get('game', '')}/{values.get('key', '')}"
        rows.append(PreviewRow(number, row.import_type, str(label), errors, changes))
    return rows


def _stat_value(kind: str, path: str, raw: Any) -> Any:
    """A stat cell as the card schema wants it: numbers for int fields, JSON for lists."""
    if not isinstance(raw, str):
        return raw
    text = raw.strip()
    if text[:1] in ("[", "{"):
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return text
    types = {}
    if kind in {k.value for k in CardKind}:
        types = {spec.path: spec.type for spec in field_specs(CardKind(kind))}
    if types.get(path) == "int" and text.lstrip("-").isdigit():
        return int(text)
    if types.get(path) == "bool" or path.startswith("properties."):
        return text.lower() in ("1", "true", "yes", "да")
    return text


def flat_attributes(attributes: dict[str, Any]) -> dict[str, Any]:
    """``attributes`` as table columns: nested mappings split by dots, lists kept as JSON."""
    flat: dict[str, Any] = {}

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict) and value:
            for key, item in value.items():
                walk(f"{prefix}.{key}", item)
        elif isinstance(value, dict):
            flat[prefix] = True  # a parameterless property
        elif isinstance(value, list):
            flat[prefix] = json.dumps(value, ensure_ascii=False)
        else:
            flat[prefix] = value

    for key, value in attributes.items():
        walk(key, value)
    return flat


def nested_attributes(kind: str, columns: dict[str, Any]) -> dict[str, Any]:
    tree: dict[str, Any] = {}
    for path, raw in columns.items():
        value = _stat_value(kind, path, raw)
        if value is None or value == "" or value is False:
            continue
        parts = path.split(".")
        node = tree
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = {} if (value is True and parts[0] == "properties") else value
    return tree


def _by_stat_path(error: ValidationError) -> ValidationError:
    """The checker's errors keyed by the stat column they are about (``attributes.critical``)
    where the error names its schema path, so the preview shows the column to fix."""
    if not hasattr(error, "error_dict"):
        return error
    keyed: dict[str, list[ValidationError]] = {}
    for name, items in error.error_dict.items():
        for item in items:
            path = (item.params or {}).get("path") if name == "attributes" else None
            keyed.setdefault(f"{PREFIX}{path}" if path else name, []).append(item)
    return ValidationError(keyed)


class ReleaseWidget(widgets.Widget):
    """A release by its code, within the row's game."""

    def clean(self, value: Any, row: dict | None = None, **kwargs: Any) -> Release | None:
        if value in (None, ""):
            return None
        release = Release.objects.filter(game__slug=(row or {}).get("game"), code=value).first()
        if release is None:
            raise ValueError(f"no release {value!r} in game {(row or {}).get('game')!r}")
        return release

    def render(self, value: Release | None, obj: Any = None, **kwargs: Any) -> str:
        return value.code if value is not None else ""


class CardResource(resources.ModelResource):
    game = fields.Field(
        attribute="game", column_name="game", widget=widgets.ForeignKeyWidget(Game, "slug")
    )
    release = fields.Field(attribute="release", column_name="release", widget=ReleaseWidget())
    attributes = fields.Field(
        attribute="attributes", column_name="attributes", widget=widgets.JSONWidget()
    )

    class Meta:
        model = Card
        import_id_fields = ("game", "key")
        fields = (
            "game",
            "key",
            "card_type",
            "name_ru",
            "name_en",
            "cost",
            "rarity",
            "release",
            "collector_number",
            "copies",
            "text",
            "origin",
            "source_book",
            "source_section",
            "source_quote",
            "attributes",
        )
        skip_unchanged = True
        report_skipped = True
        clean_model_instances = True
        store_instance = True
        store_row_values = True

    def __init__(self, *, user: AbstractBaseUser | None = None, as_drafts: bool = False, **kw):
        super().__init__(**kw)
        self.user = user
        self.as_drafts = as_drafts
        self.nested = False

    # ---- export ---------------------------------------------------------------------------

    def export_for(self, queryset, *, file_format: str):
        """The cards as a dataset for ``file_format`` (stats as columns unless nested)."""
        self.nested = file_format in NESTED_FORMATS
        dataset = self.export(queryset=queryset)
        if self.nested:
            return dataset
        stat_columns = sorted({p for card in queryset for p in flat_attributes(card.attributes)})
        headers = [h for h in dataset.headers if h != "attributes"]
        rows = []
        for card, row in zip(queryset, dataset.dict, strict=True):
            flat = flat_attributes(card.attributes)
            rows.append([row[h] for h in headers] + [flat.get(p, "") for p in stat_columns])
        table = type(dataset)(headers=[*headers, *(PREFIX + p for p in stat_columns)])
        for row in rows:
            table.append(row)
        return table

    def dehydrate_attributes(self, card: Card) -> Any:
        return card.attributes if self.nested else json.dumps(card.attributes, ensure_ascii=False)

    # ---- import ---------------------------------------------------------------------------

    def before_import_row(self, row: dict, **kwargs: Any) -> None:
        columns = {k[len(PREFIX) :]: row.pop(k) for k in list(row) if k.startswith(PREFIX)}
        attributes = row.get("attributes")
        if isinstance(attributes, dict | list):
            row["attributes"] = json.dumps(attributes, ensure_ascii=False)
        if columns:
            nested = nested_attributes(str(row.get("card_type") or ""), columns)
            row["attributes"] = json.dumps(nested, ensure_ascii=False)
        for name in ("cost", "copies"):
            if row.get(name) == "":
                row[name] = None
        if "origin" in row and not row["origin"]:
            row["origin"] = Origin.BOOK  # a file from before the column, or an empty cell
        for name in TEXT_COLUMNS:  # an empty spreadsheet cell reads as None
            if name in row and row[name] is None:
                row[name] = ""

    def validate_instance(self, instance: Card, import_validation_errors=None, **kwargs: Any):
        errors = dict(import_validation_errors or {})
        if "game" not in errors and instance.game_id is not None:
            try:
                instance.attributes = card_attributes_clean(
                    game_slug=instance.game.slug,
                    fields={
                        "card_type": instance.card_type,
                        "name_ru": instance.name_ru,
                        "cost": instance.cost,
                        "rarity": instance.rarity,
                        "attributes": instance.attributes,
                    },
                )
            except ValidationError as error:
                errors = _by_stat_path(error).update_error_dict(errors)
        super().validate_instance(instance, errors or None, **kwargs)

    def save_instance(self, instance: Card, is_create: bool, row: dict, **kwargs: Any) -> None:
        if kwargs.get("dry_run"):
            return super().save_instance(instance, is_create, row, **kwargs)
        if self.as_drafts:
            draft_save(row=instance, user=self.user, reason=self.reason)
            return None
        return super().save_instance(instance, is_create, row, **kwargs)

    reason = ""

    def import_recorded(self, dataset, *, dry_run: bool, reason: str):
        """Import ``dataset``; a real import is one recorded revision (or drafts)."""
        self.reason = reason
        if dry_run or self.as_drafts:
            return self.import_data(dataset, dry_run=dry_run, use_transactions=True)
        with revision_record(user=self.user, reason=reason, kind="import"):
            return self.import_data(dataset, dry_run=False, use_transactions=True)
