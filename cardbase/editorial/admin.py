"""Admin parts of the content manager: the editorial mixin every catalogue admin uses (drafts
for editors, recorded live saves for publishers, history with diff and revert) and the drafts
admin where publishers publish or reject. Views here parse the request and call one service
from ``drafts``/``history``."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import models
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reversion.models import Version

from cardbase.card_images import image_stored, image_urls
from cardbase.editorial.completeness import catalogue_completeness
from cardbase.editorial.drafts import (
    can_publish,
    can_revert,
    draft_diff,
    draft_instance,
    draft_save,
    drafts_publish,
    drafts_reject,
    entry_save_live,
    pending_draft_of,
    pending_drafts,
)
from cardbase.editorial.effects_check import effects_check
from cardbase.editorial.history import entry_history, entry_revert, revert_diff, versions_diff
from cardbase.editorial.rows import row_apply
from cardbase.models import Card, Draft
from cardbase.views import card_page_context
from config.numbers import whole_number
from config.users import signed_in

REASON_FIELD = "change_reason"


@cache
def form_with_reason(form: type[forms.ModelForm]) -> type[forms.ModelForm]:
    """``form`` plus the optional reason input every catalogue change is recorded with."""
    reason = forms.CharField(
        label=gettext_lazy("Reason for the change"),
        required=False,
        max_length=500,
        help_text=gettext_lazy("Recorded in the history; shown to the publisher."),
    )
    return type(form.__name__, (form,), {REASON_FIELD: reason, "__module__": form.__module__})


def _reason(form: forms.Form, change: bool) -> str:
    typed = (form.cleaned_data.get(REASON_FIELD) or "").strip()
    if typed:
        return typed
    if not change:
        return _("Added")
    changed = [str(form.fields[name].label or name) for name in form.changed_data]
    changed = [label for label in changed if label]
    return _("Changed: %(fields)s") % {"fields": ", ".join(changed)} if changed else _("Saved")


if TYPE_CHECKING:  # the mixins below go before admin.ModelAdmin and use its methods
    _AdminBase = admin.ModelAdmin
else:
    _AdminBase = object


class EditorialAdminMixin(_AdminBase):
    """Catalogue admin behaviour by role: an editor's save becomes a draft, a publisher's or
    superuser's save is written at once; every save is recorded with its reason; the history
    page lists every version with what changed, compares any two and reverts to one."""

    object_history_template = "admin/cardbase/history.html"

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any):
        kwargs["form"] = form_with_reason(kwargs.get("form") or self.form)
        return super().get_form(request, obj, change, **kwargs)

    def get_object(self, request: HttpRequest, object_id: str, from_field: Any = None):
        row = super().get_object(request, object_id, from_field)
        if row is not None and not can_publish(request.user):
            draft = pending_draft_of(row=row)
            if draft is not None:
                # An editor goes on editing the pending draft, not the live row.
                row_apply(row, draft.values)
        return row

    def change_view(self, request, object_id, form_url="", extra_context=None):
        row = super().get_object(request, unquote(object_id))
        draft = pending_draft_of(row=row) if row is not None else None
        context = {**(extra_context or {}), "pending_draft": draft}
        return super().change_view(request, object_id, form_url, context)

    def save_model(self, request: HttpRequest, obj: models.Model, form, change: bool) -> None:
        reason = _reason(form, change)
        if can_publish(request.user):
            entry_save_live(row=obj, user=signed_in(request), reason=reason)
        else:
            # _draft: an attribute of our own, read back by response_add and response_change
            obj._draft = draft_save(  # type: ignore[attr-defined]
                row=obj, user=signed_in(request), reason=reason
            )

    def log_addition(self, request, obj, message):
        if not hasattr(obj, "_draft"):
            return super().log_addition(request, obj, message)
        return None

    def log_change(self, request, obj, message):
        if not hasattr(obj, "_draft"):
            return super().log_change(request, obj, message)
        return None

    def response_add(self, request, obj, post_url_continue=None):
        if hasattr(obj, "_draft"):
            return self._draft_saved(request, obj._draft)
        return super().response_add(request, obj, post_url_continue)

    def response_change(self, request, obj):
        if hasattr(obj, "_draft"):
            return self._draft_saved(request, obj._draft)
        return super().response_change(request, obj)

    def _draft_saved(self, request: HttpRequest, draft: Draft) -> HttpResponse:
        messages.success(
            request,
            _("Saved as a draft: players will see it once a publisher publishes it."),
        )
        return HttpResponseRedirect(reverse("admin:cardbase_draft_change", args=[draft.pk]))

    def get_urls(self):
        opts = self.model._meta
        name = f"{opts.app_label}_{opts.model_name}_revert"
        revert = path(
            "<path:object_id>/history/revert/",
            self.admin_site.admin_view(self.revert_view),
            name=name,
        )
        return [revert, *super().get_urls()]

    def history_view(self, request: HttpRequest, object_id: str, extra_context=None):
        row = self.model._base_manager.filter(pk=unquote(object_id)).first()
        if row is None:
            # The stubs lack ModelAdmin._get_obj_does_not_exist_redirect (Django has it).
            return self._get_obj_does_not_exist_redirect(  # type: ignore[attr-defined]
                request, self.model._meta, object_id
            )
        if not self.has_view_or_change_permission(request, row):
            raise PermissionDenied
        history = entry_history(row=row)
        compared = _compared(request, history)
        context = {
            **self.admin_site.each_context(request),
            "title": _("History: %(row)s") % {"row": row},
            "opts": self.model._meta,
            "object": row,
            "history": history,
            "compared": compared,
            "drafts": Draft.objects.filter(
                content_type__app_label="cardbase",
                content_type__model=self.model._meta.model_name,
                object_id=row.pk,
            ).select_related("author", "decided_by"),
            "can_revert": can_revert(request.user),
            **(extra_context or {}),
        }
        return TemplateResponse(request, self.object_history_template, context)

    def revert_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """GET (or a POST without ``confirm``) asks first: what reverting to the version
        would change, with a reason to record; a POST with ``confirm`` reverts."""
        if request.method not in ("GET", "POST"):
            return HttpResponse(status=405)
        if not can_revert(request.user):
            raise PermissionDenied
        row = get_object_or_404(self.model._base_manager, pk=unquote(object_id))
        chosen = request.POST.get("version") or request.GET.get("version") or ""
        version = Version.objects.get_for_object(row).filter(pk=_digits(chosen)).first()
        history_url = reverse(
            f"admin:{self.model._meta.app_label}_{self.model._meta.model_name}_history",
            args=[row.pk],
        )
        if version is None:
            messages.error(request, _("Choose a version of this row to revert to."))
            return HttpResponseRedirect(history_url)
        if request.method == "GET" or not request.POST.get("confirm"):
            context = {
                **self.admin_site.each_context(request),
                "title": _("Revert %(row)s?") % {"row": row},
                "opts": self.model._meta,
                "object": row,
                "version": version,
                "changes": revert_diff(row=row, version=version),
                "history_url": history_url,
            }
            return TemplateResponse(request, "admin/cardbase/revert_confirm.html", context)
        try:
            entry_revert(
                row=row,
                version=version,
                user=signed_in(request),
                reason=request.POST.get("reason", ""),
            )
        except ValidationError as error:
            messages.error(request, "; ".join(error.messages))
        else:
            messages.success(request, _("Reverted; players see the earlier version now."))
        return HttpResponseRedirect(history_url)


def _compared(request: HttpRequest, history: list) -> dict[str, Any] | None:
    """The two versions picked on the history page (``?a=&b=``) and their field diff."""
    by_pk = {str(item.version.pk): item for item in history}
    first, second = by_pk.get(request.GET.get("a", "")), by_pk.get(request.GET.get("b", ""))
    if first is None or second is None:
        return None
    older, newer = sorted((first, second), key=lambda item: item.version.pk)
    return {
        "older": older,
        "newer": newer,
        "changes": versions_diff(older=older.version, newer=newer.version),
    }


class CardEffectsAdminMixin(_AdminBase):
    """The effects editor's live check: POST ``kind``, ``effects`` (the editor's JSON text)
    and optionally ``card`` (the row whose other stats to render with) to
    ``card/effects-check/``; answers the problems and the rendered Russian and English text."""

    class Media:
        js = ["cardbase/admin/effects_editor.js"]
        css = {"all": ["cardbase/admin/effects_editor.css"]}

    def get_urls(self):
        check = path(
            "effects-check/",
            self.admin_site.admin_view(self.effects_check_view),
            name="cardbase_card_effects_check",
        )
        return [check, *super().get_urls()]

    def effects_check_view(self, request: HttpRequest) -> HttpResponse:
        if request.method != "POST":
            return JsonResponse({"code": "method_not_allowed"}, status=405)
        if not (self.has_add_permission(request) or self.has_change_permission(request)):
            raise PermissionDenied
        card_id = _digits(request.POST.get("card"))
        card = Card._default_manager.filter(pk=card_id).first() if card_id is not None else None
        result = effects_check(
            kind=request.POST.get("kind", ""),
            effects_json=request.POST.get("effects", "")[:100_000],
            attributes=card.attributes if card is not None else {},
        )
        return JsonResponse(result.as_dict())


def _digits(value: str | None) -> int | None:
    return whole_number(value)


@admin.register(Draft)
class DraftAdmin(admin.ModelAdmin):
    """Pending changes as diffs; publishers publish or reject one, some or all."""

    list_display = ("__str__", "kind", "content_type", "author", "reason", "status", "updated_at")
    list_filter = ("status", "kind", "content_type")
    list_select_related = ("content_type", "author")
    actions = ["publish_selected", "reject_selected"]
    change_list_template = "admin/cardbase/draft/change_list.html"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_publish_permission(self, request: HttpRequest) -> bool:
        return can_publish(request.user)

    @admin.action(description=gettext_lazy("Publish the selected drafts"), permissions=["publish"])
    def publish_selected(self, request: HttpRequest, queryset) -> None:
        self._publish(
            request, self._editors_only(request, queryset).filter(status=Draft.Status.PENDING)
        )

    @admin.action(description=gettext_lazy("Reject the selected drafts"), permissions=["publish"])
    def reject_selected(self, request: HttpRequest, queryset) -> None:
        count = drafts_reject(drafts=self._editors_only(request, queryset), user=signed_in(request))
        messages.success(request, _("Drafts rejected: %(count)d") % {"count": count})

    def _editors_only(self, request: HttpRequest, queryset):
        """A player's proposal is decided on its own, after looking at its photo, with a
        reason he reads: never in bulk."""
        if queryset.filter(kind=Draft.Kind.PROPOSAL).exists():
            messages.warning(
                request, _("Card proposals are decided one by one, on their own page; skipped.")
            )
        return queryset.filter(kind=Draft.Kind.EDITOR)

    def _publish(self, request: HttpRequest, drafts) -> None:
        try:
            published = drafts_publish(drafts=list(drafts), user=signed_in(request))
        except ValidationError as error:
            messages.error(request, _("Nothing was published: %s") % "; ".join(error.messages))
            return
        messages.success(request, _("Drafts published: %(count)d") % {"count": len(published)})

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("publish-all/", view(self.publish_all_view), name="cardbase_draft_publish_all"),
            path("<int:draft_id>/decide/", view(self.decide_view), name="cardbase_draft_decide"),
            path("<int:draft_id>/preview/", view(self.preview_view), name="cardbase_draft_preview"),
            *super().get_urls(),
        ]

    def changelist_view(self, request: HttpRequest, extra_context=None):
        context = {
            **(extra_context or {}),
            "can_publish": can_publish(request.user),
            "pending_count": pending_drafts().count(),
        }
        return super().changelist_view(request, context)

    def change_view(self, request: HttpRequest, object_id: str, form_url="", extra_context=None):
        draft = get_object_or_404(Draft.objects.select_related("content_type"), pk=object_id)
        if not self.has_view_permission(request, draft):
            raise PermissionDenied
        try:
            changes = draft_diff(draft=draft)
        except models.ObjectDoesNotExist:
            changes = []
        digest = str(draft.values.get("image") or "")
        photo_removed = (
            draft.status == Draft.Status.REJECTED and bool(digest) and not image_stored(digest)
        )
        context = {
            **self.admin_site.each_context(request),
            "title": str(draft),
            "opts": Draft._meta,
            "draft": draft,
            "changes": changes,
            "can_publish": can_publish(request.user),
            "previewable": draft.content_type.model_class() is Card,
            "image": None if photo_removed else image_urls(digest),
            "photo_removed": photo_removed,
            "proposal": getattr(draft, "proposal", None),
        }
        return TemplateResponse(request, "admin/cardbase/draft/detail.html", context)

    def decide_view(self, request: HttpRequest, draft_id: int) -> HttpResponse:
        if request.method != "POST":
            return HttpResponse(status=405)
        if not can_publish(request.user):
            raise PermissionDenied
        draft = get_object_or_404(Draft, pk=draft_id)
        if draft.kind == Draft.Kind.PROPOSAL:
            # A player's proposal is decided by its own form (this page's, or the proposal's
            # page), which carries the reason he reads.
            messages.error(request, _("Decide a card proposal with its reason, below."))
            return HttpResponseRedirect(reverse("admin:cardbase_draft_change", args=[draft.pk]))
        if request.POST.get("decision") == "publish":
            self._publish(request, [draft])
        else:
            drafts_reject(drafts=[draft], user=signed_in(request))
            messages.success(request, _("Draft rejected."))
        return HttpResponseRedirect(reverse("admin:cardbase_draft_change", args=[draft.pk]))

    def publish_all_view(self, request: HttpRequest) -> HttpResponse:
        if request.method != "POST":
            return HttpResponse(status=405)
        if not can_publish(request.user):
            raise PermissionDenied
        self._publish(request, pending_drafts())
        return HttpResponseRedirect(reverse("admin:cardbase_draft_changelist"))

    def preview_view(self, request: HttpRequest, draft_id: int) -> HttpResponse:
        """The draft card on the players' own card page template, as they will see it."""
        draft = get_object_or_404(Draft.objects.select_related("content_type"), pk=draft_id)
        if (
            not self.has_view_permission(request, draft)
            or draft.content_type.model_class() is not Card
        ):
            raise PermissionDenied
        card = cast(Card, draft_instance(draft=draft))  # a card's draft, checked above
        context = {**card_page_context(card=card), "draft_preview": draft}
        return render(request, "cardbase/card_detail.html", context)


def completeness_view(request: HttpRequest) -> HttpResponse:
    """What is still missing in every game, on one page (linked from the admin index)."""
    if not request.user.has_perm("cardbase.view_card"):
        raise PermissionDenied
    context = {
        **admin.site.each_context(request),
        "title": _("Completeness"),
        "report": catalogue_completeness(),
    }
    return TemplateResponse(request, "admin/cardbase/completeness.html", context)


__all__ = ["DraftAdmin", "EditorialAdminMixin", "completeness_view"]
