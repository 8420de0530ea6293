"""A catalogue row as plain values (``{attname: value}``), the one shape that drafts store,
history versions are read into, and diffs compare."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.db import models

from cardbase.models import (
    Advisor,
    Card,
    Component,
    Game,
    Race,
    Release,
    Sector,
    StatedCount,
    Tech,
)

CATALOGUE_MODELS: tuple[type[models.Model], ...] = (
    Game,
    Release,
    Card,
    Race,
    Tech,
    Sector,
    Advisor,
    Component,
    StatedCount,
)
# Derived or bookkeeping columns that are never edited, compared or restored.
NOT_COMPARED = frozenset({"id", "search_text"})


def row_fields(model: type[models.Model]) -> list[models.Field]:
    return [field for field in model._meta.concrete_fields if field.attname not in NOT_COMPARED]


def row_values(row: models.Model) -> dict[str, Any]:
    return {field.attname: getattr(row, field.attname) for field in row_fields(type(row))}


def row_apply(row: models.Model, values: dict[str, Any]) -> list[str]:
    """Set ``values`` on ``row``; return the attnames that changed."""
    changed = []
    for field in row_fields(type(row)):
        if field.attname in values and getattr(row, field.attname) != values[field.attname]:
            setattr(row, field.attname, values[field.attname])
            changed.append(field.attname)
    return changed


@dataclass(frozen=True)
class FieldChange:
    """One field that differs between two states of a row, with readable values."""

    name: str
    label: str
    old: str
    new: str


def _shown(field: models.Field, value: Any) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(field, models.ForeignKey):
        related = field.related_model._base_manager.filter(pk=value).first()
        return str(related) if related is not None else f"#{value}"
    if isinstance(field, models.JSONField) and not isinstance(value, str):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    return str(value)


def values_diff(
    model: type[models.Model], old: dict[str, Any], new: dict[str, Any]
) -> list[FieldChange]:
    """Field-by-field differences from ``old`` to ``new``; JSON fields are split one level
    down (``attributes.speed``) so a stat change reads as that stat."""
    changes = []
    for field in row_fields(model):
        before, after = old.get(field.attname), new.get(field.attname)
        if before == after:
            continue
        is_mapping = isinstance(before, dict | None) and isinstance(after, dict | None)
        if isinstance(field, models.JSONField) and is_mapping:
            changes.extend(_json_diff(field, before or {}, after or {}))
            continue
        label = str(field.verbose_name)
        changes.append(FieldChange(field.name, label, _shown(field, before), _shown(field, after)))
    return changes


def _json_diff(field: models.Field, old: dict, new: dict) -> list[FieldChange]:
    keys = sorted(set(old) | set(new))
    return [
        FieldChange(
            f"{field.name}.{key}",
            f"{field.verbose_name}: {key}",
            _shown(field, old.get(key)),
            _shown(field, new.get(key)),
        )
        for key in keys
        if old.get(key) != new.get(key)
    ]
