"""Sign-up page; log in and log out come from django.contrib.auth."""

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.generic import FormView


class SignupView(FormView):
    form_class = UserCreationForm
    template_name = "registration/signup.html"

    def form_valid(self, form):
        user = form.save()
        # Signed up just now, so the password backend (axes only refuses logins).
        login(self.request, user, backend="django.contrib.auth.backends.ModelBackend")
        return HttpResponseRedirect(self._next_url())

    def _next_url(self) -> str:
        candidate = self.request.POST.get("next") or self.request.GET.get("next") or ""
        if candidate and url_has_allowed_host_and_scheme(
            candidate, allowed_hosts={self.request.get_host()}
        ):
            return candidate
        return reverse("decks:list")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["next"] = self.request.GET.get("next", "")
        return context
