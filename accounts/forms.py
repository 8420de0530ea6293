"""The account pages' forms: a new token, and deleting the account."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import TOKEN_NAME_MAX_LENGTH
from accounts.scopes import Scope

EXPIRY_DAYS = [("30", _("in 30 days")), ("90", _("in 90 days")), ("365", _("in a year")),
               ("", _("never"))]  # fmt: skip


class TokenForm(forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=TOKEN_NAME_MAX_LENGTH,
        help_text=_("What the token is for, e.g. “deck sync script”."),
    )
    scopes = forms.MultipleChoiceField(
        label=_("May also"),
        choices=[choice for choice in Scope.choices if choice[0] != Scope.READ],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_("Every token reads what you may read; tick what it may change."),
    )
    expires = forms.ChoiceField(label=_("Expires"), choices=EXPIRY_DAYS, initial="90")

    def expires_at(self):
        days = self.cleaned_data["expires"]
        return timezone.now() + timedelta(days=int(days)) if days else None


class AccountDeleteForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."), code="wrong_password")
        return password
