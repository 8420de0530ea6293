"""Change history of every catalogue row, kept by django-reversion.

Every write path runs inside ``revision_record``: the admin (a superuser's live save), a
publish, a revert, the loader and an import. Each revision carries who, when, the reason and
what made it (``ChangeSource``). Versions are stored in reversion's own tables, outside the
catalogue's trigger list (migration 0003), so recording history moves no catalogue version;
the catalogue writes it records do.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import reversion
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils.translation import gettext as _
from reversion.models import Version

from cardbase.editorial.rows import (
    CATALOGUE_MODELS,
    FieldChange,
    row_apply,
    row_values,
    values_diff,
)
from cardbase.models import ChangeSource, Draft


def register_catalogue() -> None:
    """Record versions of every catalogue model (called once, from the app's ``ready``)."""
    for model in CATALOGUE_MODELS:
        if not reversion.is_registered(model):
            reversion.register(model, exclude=("search_text",))


@contextmanager
def revision_record(
    *,
    user: User | None,
    reason: str,
    kind: str,
    draft: Draft | None = None,
) -> Iterator[None]:
    """One recorded revision around the catalogue writes made inside it (atomic)."""
    with transaction.atomic(), reversion.create_revision():
        if user is not None and user.is_authenticated:
            reversion.set_user(user)
        reversion.set_comment(reason)
        reversion.add_meta(ChangeSource, kind=kind, draft=draft)
        yield


def baseline_record(*, row: models.Model) -> None:
    """Record the row as it is now if it has no history yet (rows loaded before history was
    kept, rows made by tests), so the first change can still be reverted."""
    if row.pk is None or Version.objects.get_for_object(row).exists():
        return
    with revision_record(user=None, reason=_("State before history"), kind="baseline"):
        reversion.add_to_revision(row)


@dataclass(frozen=True)
class HistoryItem:
    """One recorded version of a row, newest first, with what changed from the one before."""

    version: Version
    date: datetime
    author: str
    reason: str
    kind: str  # a ChangeSource.Kind value
    kind_label: str
    draft_author: str
    changes: list[FieldChange]


def version_values(version: Version) -> dict[str, Any]:
    return row_values(version._object_version.object)


def _user_name(user: User | None) -> str:
    return user.get_username() if user is not None else ""


def entry_history(*, row: models.Model) -> list[HistoryItem]:
    versions = list(
        Version.objects.get_for_object(row).select_related(
            "revision__user", "revision__source__draft__author"
        )
    )
    items = []
    for index, version in enumerate(versions):
        values = version_values(version)
        older = version_values(versions[index + 1]) if index + 1 < len(versions) else {}
        source = getattr(version.revision, "source", None)
        draft = source.draft if source is not None else None
        items.append(
            HistoryItem(
                version=version,
                date=version.revision.date_created,
                author=_user_name(version.revision.user),
                reason=version.revision.comment,
                kind=source.kind if source is not None else "",
                kind_label=source.get_kind_display() if source is not None else "",
                draft_author=_user_name(draft.author) if draft is not None else "",
                changes=values_diff(type(row), older, values) if older else [],
            )
        )
    return items


def versions_diff(*, older: Version, newer: Version) -> list[FieldChange]:
    model = older.content_type.model_class()
    return values_diff(model, version_values(older), version_values(newer))


def revert_diff(*, row: models.Model, version: Version) -> list[FieldChange]:
    """What reverting ``row`` to ``version`` would change, field by field (live → version)."""
    return values_diff(type(row), row_values(row), version_values(version))


def entry_revert(*, row: models.Model, version: Version, user: User, reason: str = "") -> list[str]:
    """Put ``row`` back as it was in ``version``, recorded as a revision of its own.
    Returns the attnames that changed; raises ValidationError if that state is no longer
    valid (e.g. its key is taken)."""
    if version.object_id != str(row.pk) or version.content_type.model_class() is not type(row):
        raise ValidationError(_("That version belongs to another row."), code="wrong_version")
    when = version.revision.date_created
    comment = _("Reverted to the version of %(date)s") % {"date": f"{when:%Y-%m-%d %H:%M:%S}"}
    if reason:
        comment = f"{comment}: {reason}"
    with revision_record(user=user, reason=comment, kind="revert"):
        live = type(row)._base_manager.select_for_update().get(pk=row.pk)
        changed = row_apply(live, version_values(version))
        live.full_clean()
        live.save()
    return changed
