from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CardbaseConfig(AppConfig):
    name = "cardbase"
    verbose_name = _("Catalogue")

    def ready(self) -> None:
        from cardbase.editorial.history import register_catalogue
        from cardbase.services import komandor  # noqa: F401  (registers the Komandor card checker)

        register_catalogue()
