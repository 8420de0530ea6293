from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from django.contrib import admin

        from accounts.forms import AdminSignInForm

        admin.site.login_form = AdminSignInForm
