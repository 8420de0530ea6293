"""Drafts: an editor's change waits here until a publisher publishes or rejects it.

Players read the catalogue tables only, so nothing an editor saves reaches the pages, the API,
search or the deck builder until ``draft_publish`` writes it — in one transaction, recorded in
the history, moving the catalogue version (its triggers) so caches and name indexes follow.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from cardbase.editorial.history import baseline_record, revision_record
from cardbase.editorial.rows import FieldChange, row_apply, row_values, values_diff
from cardbase.image_keeping import draft_image, images_release_on_commit
from cardbase.models import Draft

PUBLISH_PERMISSION = "cardbase.publish_draft"
REVERT_PERMISSION = "cardbase.revert_version"


def can_publish(user: User | AnonymousUser) -> bool:
    return user.has_perm(PUBLISH_PERMISSION)


def can_revert(user: User | AnonymousUser) -> bool:
    return user.has_perm(REVERT_PERMISSION)


def pending_draft_of(*, row: models.Model) -> Draft | None:
    """The editors' pending draft of ``row`` (players' proposals are drafts of their own)."""
    if row.pk is None:
        return None
    return Draft.objects.filter(
        content_type=ContentType.objects.get_for_model(type(row)),
        object_id=row.pk,
        status=Draft.Status.PENDING,
        kind=Draft.Kind.EDITOR,
    ).first()


def pending_drafts() -> models.QuerySet[Draft]:
    """The editors' pending drafts, which may be published together. A player's proposal is
    decided on its own page, after looking at its photo (``proposals.services``)."""
    return Draft.objects.filter(status=Draft.Status.PENDING, kind=Draft.Kind.EDITOR).select_related(
        "content_type", "author"
    )


def draft_save(*, row: models.Model, user: User, reason: str) -> Draft:
    """Keep ``row`` (edited in memory, not saved) as a draft; a row's pending draft is updated
    rather than doubled, and keeps the live values it started from."""
    model = type(row)
    with transaction.atomic():
        draft = None
        base: dict[str, Any] = {}
        if row.pk is not None:
            draft = (
                Draft.objects.select_for_update()
                .filter(
                    content_type=ContentType.objects.get_for_model(model),
                    object_id=row.pk,
                    status=Draft.Status.PENDING,
                    kind=Draft.Kind.EDITOR,
                )
                .first()
            )
            base = row_values(model._base_manager.get(pk=row.pk))
        if draft is None:
            draft = Draft(
                content_type=ContentType.objects.get_for_model(model),
                object_id=row.pk,
                base=base,
            )
        replaced = draft_image(draft)
        draft.values = row_values(row)
        draft.author = user
        draft.reason = reason
        draft.save()
        if replaced != draft_image(draft):
            images_release_on_commit([replaced])  # an image uploaded into the draft before
    return draft


def _model_of(draft: Draft) -> type[models.Model]:
    model = draft.content_type.model_class()
    assert model is not None  # drafts are of the catalogue's models, which stay installed
    return model


def draft_instance(*, draft: Draft) -> models.Model:
    """The row as it would be after publishing (unsaved): what previews render."""
    model = _model_of(draft)
    row = model() if draft.object_id is None else model._base_manager.get(pk=draft.object_id)
    row_apply(row, draft_changes_values(draft=draft))
    return row


def draft_changes_values(*, draft: Draft) -> dict[str, Any]:
    """The fields the editor changed, with their new values (every field for a new row)."""
    if draft.object_id is None:
        return dict(draft.values)
    return {name: value for name, value in draft.values.items() if draft.base.get(name) != value}


def draft_diff(*, draft: Draft) -> list[FieldChange]:
    """What publishing would change on the live row, field by field."""
    model = _model_of(draft)
    live = {} if draft.object_id is None else draft.base
    if draft.object_id is not None:
        row = model._base_manager.filter(pk=draft.object_id).first()
        live = row_values(row) if row is not None else draft.base
    return values_diff(model, live, row_values(draft_instance(draft=draft)))


def _decide(draft: Draft, user: User, status: str, note: str = "") -> None:
    draft.status = status
    draft.decided_by = user
    draft.decided_at = timezone.now()
    draft.decision_note = note
    draft.save(update_fields=["status", "decided_by", "decided_at", "decision_note", "updated_at"])


def _publish_one(draft: Draft, user: User) -> models.Model:
    if draft.status != Draft.Status.PENDING:
        raise ValidationError(_("This draft was already decided."), code="draft_decided")
    model = _model_of(draft)
    if draft.object_id is not None:
        try:
            live = model._base_manager.select_for_update().get(pk=draft.object_id)
        except ObjectDoesNotExist as error:  # the model's DoesNotExist
            raise ValidationError(
                _("The row this draft changes no longer exists."), code="row_gone"
            ) from error
        baseline_record(row=live)
    row = draft_instance(draft=draft)
    row.full_clean()
    reason = draft.reason or _("Published draft")
    with revision_record(user=user, reason=reason, kind="publish", draft=draft):
        row.save()
    if draft.object_id is None:
        draft.object_id = row.pk
        draft.save(update_fields=["object_id"])
    _decide(draft, user, Draft.Status.PUBLISHED)
    return row


def drafts_publish(*, drafts: Iterable[Draft], user: User) -> list[models.Model]:
    """Publish every draft given, all or none: one bad draft (its row no longer valid, e.g. a
    key now taken) raises ValidationError and nothing is published."""
    with transaction.atomic():
        locked = Draft.objects.select_for_update().filter(pk__in=[draft.pk for draft in drafts])
        return [_publish_one(draft, user) for draft in locked.order_by("pk")]


def drafts_reject(*, drafts: Iterable[Draft], user: User, reason: str = "") -> int:
    """Reject the pending ones of ``drafts``, with the reason their authors will read. The
    files of an image only they held are removed after the commit (``image_keeping``); the
    drafts keep its digest."""
    return _drafts_decide(drafts, user, Draft.Status.REJECTED, reason)


def drafts_return(*, drafts: Iterable[Draft], user: User, reason: str) -> int:
    """Ask the authors of the pending ones of ``drafts`` for changes (``reason`` says which):
    they leave the queue until their author sends them again."""
    return _drafts_decide(drafts, user, Draft.Status.CHANGES_REQUESTED, reason)


def _drafts_decide(drafts: Iterable[Draft], user: User, status: str, note: str) -> int:
    with transaction.atomic():
        locked = Draft.objects.select_for_update().filter(
            pk__in=[draft.pk for draft in drafts], status=Draft.Status.PENDING
        )
        rows = list(locked)
        for draft in rows:
            _decide(draft, user, status, note)
        if status == Draft.Status.REJECTED:
            images_release_on_commit(draft_image(draft) for draft in rows)
    return len(rows)


def entry_save_live(*, row: models.Model, user: User, reason: str) -> None:
    """A publisher's (or superuser's) own change: written at once and recorded."""
    if row.pk is not None:
        baseline_record(row=type(row)._base_manager.get(pk=row.pk))
    with revision_record(user=user, reason=reason, kind="admin"):
        row.save()
