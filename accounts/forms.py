"""The account pages' forms: signing in, a new token, and deleting the account."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import TOKEN_NAME_MAX_LENGTH
from accounts.scopes import Scope
from config import password_failures

TOO_MANY_FAILURES = _("Too many wrong passwords from this address; wait a minute and try again.")
ACCOUNT_LOCKED = _(
    "Too many failed sign-ins to this account from anywhere: it takes no password for "
    "%(minutes)s min. In a browser where you have signed in to it before, sign in as usual."
)


class _PasswordFailuresBounded:
    """Sign-in refused before the hash once this address, or this account from any address,
    has failed too often (config/password_failures.py: a browser that signed in as the name
    before is let through); a wrong password counts one failure of each."""

    request: Any
    cleaned_data: dict[str, Any]

    def clean(self) -> dict[str, Any]:
        name = str(self.cleaned_data.get("username") or "")  # as the sign-in looks it up
        if self.request is not None:
            if password_failures.address_refused(self.request, name):
                raise forms.ValidationError(TOO_MANY_FAILURES, code="too_many_failures")
            minutes = password_failures.account_refused_minutes(self.request, name)
            if minutes:
                raise forms.ValidationError(
                    ACCOUNT_LOCKED, code="account_locked", params={"minutes": minutes}
                )
        try:
            return super().clean()  # type: ignore[misc]  # the form class it is mixed into
        except forms.ValidationError as error:
            if error.code == "invalid_login" and self.request is not None:
                password_failures.failed(self.request)
                password_failures.account_failed(name)
            raise


class SignInForm(_PasswordFailuresBounded, AuthenticationForm):
    """The login page's form."""


class AdminSignInForm(_PasswordFailuresBounded, AdminAuthenticationForm):
    """The admin site's login form."""


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

    def __init__(self, *args, user, request, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.request = request

    def clean_password(self):
        password = self.cleaned_data["password"]
        if password_failures.refused(self.request):
            raise forms.ValidationError(TOO_MANY_FAILURES, code="too_many_failures")
        if not self.user.check_password(password):
            password_failures.failed(self.request)
            raise forms.ValidationError(_("That is not your password."), code="wrong_password")
        return password
