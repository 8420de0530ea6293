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

import io
import json
import time
import zipfile
from dataclasses import dataclass
from typing import Any

import tablib
import yaml
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from import_export import fields, resources, widgets
from import_export.formats import base_formats
from import_export.results import Result, RowResult

from cardbase.editorial.drafts import draft_save
from cardbase.editorial.history import revision_record
from cardbase.editorial.rows import FieldChange, row_values, values_diff
from cardbase.models import Card, Game, Origin, Release
from cardbase.services.card_rules import card_attributes_clean
from config.bounded_json import json_depth_exceeds, loads_bounded
from config.numbers import signed_whole_number
from config.spreadsheet import cell_safe, cell_unescaped
from komandor.rules.cards import CardKind
from komandor.words.card_fields import field_specs

PREFIX = "attributes."
NESTED_FORMATS = frozenset({"json", "yaml"})
FORMATS = {
    "csv": base_formats.CSV(),
    "xlsx": base_formats.XLSX(),
    "json": base_formats.JSON(),
    "yaml": base_formats.YAML(),
}
# Bounds of an import (issue 18): every one answers at once with a form error naming it.
# The whole catalogue is a few thousand cards; a file of more rows is refused before any row
# is checked (each row costs a few queries and the card checker).
MAX_IMPORT_BYTES = 5 * 1024 * 1024
MAX_IMPORT_ROWS = 2_000
# XLSX is a zip: what it expands to is bounded before the spreadsheet reader sees it (a
# 105 KB file held 20,000 rows; 1 MB can expand to hundreds of MB of XML).
MAX_EXPANDED_BYTES = 20 * 1024 * 1024
MAX_CELL_CHARS = 20_000
# JSON and YAML rows nest a card's stats a few levels deep.
MAX_NESTING = 16
# Past this many seconds an import stops and nothing is written (a backstop: the row bound
# keeps a real file well under it).
IMPORT_SECONDS = 30
TEXT_COLUMNS = (
    "name_ru",
    "name_en",
    "rarity",
    "collector_number",
    "text",
    "source_book",
    "source_section",
    "source_quote",
    "image",
    "entered_by",
    "effects_gap",
)


class TableFileError(ValueError):
    """An uploaded file that cannot be read as a table of the chosen format, or is past a
    bound."""


class ImportTookTooLong(Exception):
    def __init__(self, seconds: int) -> None:
        super().__init__(f"stopped after {seconds} s")


def dataset_read(*, data: bytes, file_format: str) -> tablib.Dataset:
    """The file as a table, within every bound above; raises :class:`TableFileError`."""
    fmt = FORMATS.get(file_format)
    if fmt is None:
        raise TableFileError(f"unknown format {file_format!r}; one of {sorted(FORMATS)}")
    if len(data) > MAX_IMPORT_BYTES:
        raise TableFileError(f"the file is larger than {MAX_IMPORT_BYTES // 1024 // 1024} MB")
    if file_format == "xlsx":
        _expanded_size_check(data)
    try:
        content = data if fmt.is_binary() else data.decode("utf-8-sig")
        if file_format in NESTED_FORMATS:
            assert isinstance(content, str)  # the nested formats are text, decoded above
            dataset = tablib.Dataset()
            dataset.dict = _nested_rows(content, file_format=file_format)
        else:
            dataset = fmt.create_dataset(content)
    except TableFileError:
        raise
    except UnicodeDecodeError as error:
        raise TableFileError("the file is not UTF-8 text") from error
    except Exception as error:  # tablib and its readers raise many kinds of parse errors
        raise TableFileError(f"the file cannot be read as {file_format}: {error}") from error
    if not dataset.headers:
        raise TableFileError("the file has no header row")
    if len(dataset) > MAX_IMPORT_ROWS:
        raise TableFileError(
            f"the file has {len(dataset)} rows; an import takes at most {MAX_IMPORT_ROWS} "
            "(split the file)"
        )
    return _cells_checked(dataset, flat=file_format not in NESTED_FORMATS)


def _expanded_size_check(data: bytes) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            expanded = sum(item.file_size for item in archive.infolist())
    except zipfile.BadZipFile as error:
        raise TableFileError(f"the file cannot be read as xlsx: {error}") from error
    if expanded > MAX_EXPANDED_BYTES:
        raise TableFileError(
            f"the spreadsheet expands to {expanded // 1024 // 1024} MB; at most "
            f"{MAX_EXPANDED_BYTES // 1024 // 1024} MB"
        )


class _NoAliasLoader(yaml.SafeLoader):
    """Safe YAML without anchors and aliases: an alias repeats a node, and a few hundred bytes
    of aliases to aliases ("billion laughs") expand to more than any memory once walked."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise TableFileError(
                f"line {event.start_mark.line + 1}: YAML aliases (*name) are not accepted"
            )
        return super().compose_node(parent, index)


def _nested_rows(text: str, *, file_format: str) -> Any:
    rows = yaml.load(text, Loader=_NoAliasLoader) if file_format == "yaml" else json.loads(text)
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise TableFileError(f"the {file_format} file must be a list of rows (objects)")
    if json_depth_exceeds(rows, MAX_NESTING):
        raise TableFileError(f"the rows nest more than {MAX_NESTING} levels deep")
    return rows


def _cells_checked(dataset: tablib.Dataset, *, flat: bool) -> tablib.Dataset:
    """Refuses an oversized cell; in CSV and XLSX, undoes the export's formula escape."""
    for number, row in enumerate(dataset, start=1):
        for header, cell in zip(dataset.headers, row, strict=False):
            if isinstance(cell, str) and len(cell) > MAX_CELL_CHARS:
                raise TableFileError(
                    f"row {number}, column {header!r}: longer than {MAX_CELL_CHARS} characters"
                )
    if flat:
        unescaped = tablib.Dataset(headers=dataset.headers)
        for row in dataset:
            unescaped.append([cell_unescaped(cell) for cell in row])
        return unescaped
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
            return loads_bounded(text)
        except ValueError:  # not JSON, or nested deeper than any stat: the checker says why
            return text
    types = {}
    if kind in {k.value for k in CardKind}:
        types = {spec.path: spec.type for spec in field_specs(CardKind(kind))}
    if types.get(path) == "int" and (number := signed_whole_number(text)) is not None:
        return number
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
            # A players' card: who entered it; any card: its image by digest (an image this
            # site keeps — the row is refused otherwise) and the text no effect writes yet.
            "entered_by",
            "image",
            "effects_gap",
            "attributes",
        )
        skip_unchanged = True
        report_skipped = True
        clean_model_instances = True
        store_instance = True
        store_row_values = True

    def __init__(self, *, user: User | None = None, as_drafts: bool = False, **kw):
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
            cells = [row[h] for h in headers] + [flat.get(p, "") for p in stat_columns]
            rows.append([cell_safe(cell) for cell in cells])  # a spreadsheet runs no cell
        table = type(dataset)(headers=[*headers, *(PREFIX + p for p in stat_columns)])
        for row in rows:
            table.append(row)
        return table

    def dehydrate_attributes(self, card: Card) -> Any:
        return card.attributes if self.nested else json.dumps(card.attributes, ensure_ascii=False)

    # ---- import ---------------------------------------------------------------------------

    def before_import_row(self, row: dict, **kwargs: Any) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise ImportTookTooLong(IMPORT_SECONDS)
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
            assert self.user is not None  # drafts are made for the user who imports
            draft_save(row=instance, user=self.user, reason=self.reason)
            return None
        return super().save_instance(instance, is_create, row, **kwargs)

    reason = ""
    deadline: float | None = None

    def import_recorded(self, dataset, *, dry_run: bool, reason: str):
        """Import ``dataset``; a real import is one recorded revision (or drafts). Raises
        :class:`TableFileError`, with nothing written, past ``IMPORT_SECONDS``."""
        self.reason = reason
        self.deadline = time.monotonic() + IMPORT_SECONDS
        if dry_run or self.as_drafts:
            return _not_stopped(self.import_data(dataset, dry_run=dry_run, use_transactions=True))
        with revision_record(user=self.user, reason=reason, kind="import"):
            return _not_stopped(self.import_data(dataset, dry_run=False, use_transactions=True))


def _not_stopped(result: Result) -> Result:
    """A row error rolls the whole import back (import-export's transaction; raising here
    also abandons the revision), so a stop at the deadline leaves nothing half-written."""
    if any(isinstance(e.error, ImportTookTooLong) for row in result.rows for e in row.errors):
        raise TableFileError(
            f"the import took longer than {IMPORT_SECONDS} s and was stopped; nothing was "
            "written (split the file)"
        )
    return result
