"""The account pages: the overview, tokens, download my data, delete my account."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import tokens
from accounts.data_export import account_data_zip
from accounts.deletion import account_delete, account_deletion_plan
from accounts.forms import AccountDeleteForm, SignInForm, TokenForm
from accounts.selectors import account_overview
from config import password_failures


class SignInView(LoginView):
    """Django's sign-in with a form that bounds wrong passwords per address and per account
    before hashing; a successful sign-in marks the browser as one that knows the account, so
    the player is not locked out by failures that are not his (config/password_failures.py)."""

    authentication_form = SignInForm

    def form_valid(self, form):
        response = super().form_valid(form)
        password_failures.remember_sign_in(response, self.request, form.get_user().get_username())
        return response


@login_required
def account_home(request):
    return render(request, "accounts/home.html", {"overview": account_overview(user=request.user)})


@login_required
def token_list(request):
    """The user's tokens and a form for a new one; a new token is shown on this answer only."""
    form = TokenForm(request.POST or None)
    created = None
    if request.method == "POST" and form.is_valid():
        try:
            token, secret = tokens.token_create(
                user=request.user,
                name=form.cleaned_data["name"],
                scopes=form.cleaned_data["scopes"],
                expires_at=form.expires_at(),
            )
        except tokens.TooManyTokens:
            form.add_error(
                None,
                _("At most %(count)s tokens; revoke one first.")
                % {"count": tokens.TOKENS_PER_USER},
            )
        else:
            created = {"token": token, "secret": secret}
            form = TokenForm()
    response = render(
        request,
        "accounts/tokens.html",
        {
            "form": form,
            "created": created,
            "tokens": tokens.tokens_of(request.user),
            "now": timezone.now(),
        },
    )
    if created:
        response["Cache-Control"] = "no-store"  # the one answer that holds the token
    return response


@login_required
@require_POST
def token_revoke(request, token_id: int):
    if not tokens.token_revoke(user=request.user, token_id=token_id):
        raise Http404(_("No such token."))
    messages.success(request, _("Token revoked: it no longer works."))
    return redirect("accounts:tokens")


@login_required
def data_export(request):
    response = HttpResponse(account_data_zip(user=request.user), content_type="application/zip")
    name = f"komandor-cardbase-{request.user.get_username()}-{timezone.now():%Y-%m-%d}.zip"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
def account_delete_page(request):
    """Says what goes and what stays, asks for the password, and deletes at once."""
    form = AccountDeleteForm(request.POST or None, user=request.user, request=request)
    if request.method == "POST" and form.is_valid():
        account_delete(user=request.user)
        logout(request)
        return render(request, "accounts/deleted.html")
    return render(
        request,
        "accounts/delete.html",
        {"form": form, "plan": account_deletion_plan(user=request.user)},
    )
