from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = _("Decks")

    def ready(self) -> None:
        # The catalogue is built on no other app; it borrows these (cardbase/extensions.py).
        from cardbase.extensions import lend
        from decks.selectors import precon_card_ids
        from decks.suggestions import name_suggestions

        lend(name_suggestions=name_suggestions, precon_card_ids=precon_card_ids)
