"""Bulk import and export of cards in the admin (CSV, XLSX, JSON, YAML), and the export of the
catalogue in the ``content/data`` YAML format. Import is two steps: a dry-run preview of every
row (created, changed, unchanged, or rejected with its field errors) that writes nothing, then
a confirm that imports exactly the previewed file (signed into the page) — the rejected rows
left out. A publisher's import is written at once; an editor's becomes drafts."""

from __future__ import annotations

import base64
import io
import zipfile
from typing import TYPE_CHECKING

from django import forms
from django.contrib import admin, messages
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cardbase import extensions
from cardbase.editorial.card_table import (
    FORMATS,
    CardResource,
    TableFileError,
    dataset_read,
    dataset_write,
    preview_rows,
)
from cardbase.editorial.drafts import can_publish
from cardbase.models import Card, Game
from config.spreadsheet import csv_response
from config.users import signed_in

SIGNING_SALT = "cardbase.card-import"
FORMAT_CHOICES = [(name, name.upper()) for name in FORMATS]


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("File"))
    file_format = forms.ChoiceField(label=gettext_lazy("Format"), choices=FORMAT_CHOICES)
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False, max_length=500)


if TYPE_CHECKING:  # the mixins below go before admin.ModelAdmin and use its methods
    _AdminBase = admin.ModelAdmin
else:
    _AdminBase = object


class CardTableAdminMixin(_AdminBase):
    change_list_template = "admin/cardbase/card/change_list.html"

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("import/", view(self.import_view), name="cardbase_card_import"),
            path("export/", view(self.export_view), name="cardbase_card_export"),
            *super().get_urls(),
        ]

    def _can_import(self, request: HttpRequest) -> bool:
        return can_publish(request.user) or request.user.has_perm("cardbase.add_card")

    def _resource(self, request: HttpRequest) -> CardResource:
        return CardResource(user=signed_in(request), as_drafts=not can_publish(request.user))

    def import_view(self, request: HttpRequest) -> HttpResponse:
        if not self._can_import(request):
            raise PermissionDenied
        context = {**self.admin_site.each_context(request), "opts": Card._meta}
        context["title"] = _("Import cards")
        context["as_drafts"] = not can_publish(request.user)
        if request.method == "POST" and "payload" in request.POST:
            return self._import_confirmed(request)
        form = ImportForm(request.POST or None, request.FILES or None)
        context["form"] = form
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data["file"].read()
            file_format = form.cleaned_data["file_format"]
            try:
                dataset = dataset_read(data=data, file_format=file_format)
            except TableFileError as error:
                form.add_error("file", str(error))
                return TemplateResponse(request, "admin/cardbase/card/import.html", context)
            try:
                result = self._resource(request).import_recorded(dataset, dry_run=True, reason="")
            except TableFileError as error:
                form.add_error("file", str(error))
                return TemplateResponse(request, "admin/cardbase/card/import.html", context)
            context["preview"] = preview_rows(result)
            context["payload"] = signing.dumps(
                {
                    "data": base64.b64encode(data).decode(),
                    "format": file_format,
                    "name": form.cleaned_data["file"].name,
                    "reason": form.cleaned_data["reason"],
                },
                salt=SIGNING_SALT,
                compress=True,
            )
            context["writable"] = any(r.kind in ("new", "update") for r in context["preview"])
        return TemplateResponse(request, "admin/cardbase/card/import.html", context)

    def _import_confirmed(self, request: HttpRequest) -> HttpResponse:
        try:
            payload = signing.loads(request.POST["payload"], salt=SIGNING_SALT, max_age=3600)
        except signing.BadSignature:
            messages.error(request, _("The preview has expired or was altered; upload again."))
            return HttpResponseRedirect(reverse("admin:cardbase_card_import"))
        reason = payload["reason"] or _("Import of %(name)s") % {"name": payload["name"]}
        try:
            dataset = dataset_read(
                data=base64.b64decode(payload["data"]), file_format=payload["format"]
            )
            result = self._resource(request).import_recorded(dataset, dry_run=False, reason=reason)
        except TableFileError as error:
            messages.error(request, str(error))
            return HttpResponseRedirect(reverse("admin:cardbase_card_import"))
        totals = result.totals
        messages.success(
            request,
            _("Imported: %(new)d created, %(update)d changed, %(invalid)d rejected.")
            % {
                "new": totals.get("new", 0),
                "update": totals.get("update", 0),
                "invalid": totals.get("invalid", 0) + totals.get("error", 0),
            },
        )
        if not can_publish(request.user):
            return HttpResponseRedirect(reverse("admin:cardbase_draft_changelist"))
        return HttpResponseRedirect(reverse("admin:cardbase_card_changelist"))

    def export_view(self, request: HttpRequest) -> HttpResponse:
        if not self.has_view_permission(request):
            raise PermissionDenied
        file_format = request.GET.get("format", "csv")
        game = Game.objects.filter(slug=request.GET.get("game", "")).first()
        if file_format == "content":
            return _zip_response(extensions.catalogue_files(game=game), game)
        if file_format not in FORMATS:
            return HttpResponse(_("Unknown export format."), status=400)
        cards = Card.objects.select_related("game", "release").order_by("game__sort_order", "key")
        if game is not None:
            cards = cards.filter(game=game)
        dataset = CardResource().export_for(cards, file_format=file_format)
        body = dataset_write(dataset, file_format=file_format)
        name = f"cards-{game.slug if game else 'all'}.{FORMATS[file_format].get_extension()}"
        if file_format == "csv":
            assert isinstance(body, str)  # CSV is written as text
            return csv_response(body, filename=name)
        content_type = FORMATS[file_format].get_content_type()
        if not FORMATS[file_format].is_binary():
            content_type += "; charset=utf-8"
        response = HttpResponse(body, content_type=content_type)
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response


def _zip_response(files: dict[str, str], game: Game | None) -> HttpResponse:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in sorted(files.items()):
            archive.writestr(name, text)
    response = HttpResponse(buffer.getvalue(), content_type="application/zip")
    name = f"content-{game.slug if game else 'all'}.zip"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
