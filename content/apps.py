from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ContentConfig(AppConfig):
    name = "content"
    verbose_name = _("Content")

    def ready(self) -> None:
        # The admin's content export is this app's (cardbase/extensions.py).
        from cardbase.extensions import lend
        from content.exporting import catalogue_files

        lend(catalogue_files=catalogue_files)
