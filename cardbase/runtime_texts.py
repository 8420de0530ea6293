# ruff: noqa: E501  (each text as it is written where it is used)
"""Texts this app translates with gettext(variable): makemessages cannot find them where they
are written, so they are listed here with gettext_noop (and ngettext_lazy for plurals) to keep
them in this app's catalogue (scripts/catalogues.py; docs/TESTING.md, "Translations"). Nothing
imports this module. A text that changes where it is written changes here too.
"""

from django.utils.translation import gettext_noop

# The search fields' descriptions (cardbase/search/fields.py passes them to gettext).
SEARCH_FIELD_DESCRIPTIONS = (
    gettext_noop("Cost in resources."),
    gettext_noop("Strength."),
    gettext_noop("Critical damage."),
    gettext_noop("Armor."),
    gettext_noop("Energy-shield power."),
    gettext_noop("Commander initiative."),
    gettext_noop("Crew size."),
    gettext_noop("Plasma-gun power."),
    gettext_noop("Turbolaser power."),
    gettext_noop("Maser power."),
    gettext_noop("Laser power."),
    gettext_noop("Torpedo power."),
    gettext_noop("Nova salvo strength."),
    gettext_noop("Bomb power."),
    gettext_noop("Boarding-team strength."),
    gettext_noop("Landing strength."),
)

# Stored codes of the shipped content read as words (cardbase/templatetags/catalogue.py: gettext of the code with spaces).
CONTENT_CODES = (
    gettext_noop("effect timing"),
    gettext_noop("rare technology"),
    gettext_noop("battle rule"),
    gettext_noop("board arrow"),
    gettext_noop("card field"),
    gettext_noop("conflict card"),
    gettext_noop("conflict goal"),
    gettext_noop("crew level"),
    gettext_noop("shield type"),
    gettext_noop("ship class"),
    gettext_noop("ship size"),
    gettext_noop("space object type"),
    gettext_noop("ancient hive"),
    gettext_noop("ancient world"),
    gettext_noop("galactic center"),
    gettext_noop("battle round"),
    gettext_noop("commercial run"),
    gettext_noop("smuggling run"),
    gettext_noop("civil building"),
    gettext_noop("ground unit"),
    gettext_noop("military building"),
)
