"""Texts this app translates with gettext(variable): makemessages cannot find them where they
are written, so they are listed here with gettext_noop (and ngettext_lazy for plurals) to keep
them in this app's catalogue (scripts/catalogues.py; docs/TESTING.md, "Translations"). Nothing
imports this module. A text that changes where it is written changes here too.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

# Deck problems and unreadable lines (decks/messages.py passes them to gettext and ngettext).
DECK_PROBLEMS = (
    gettext_noop("The text has %(count)s lines; a deck's text may have at most %(limit)s."),
    gettext_noop("Line %(line)s is longer than %(limit)s characters."),
)

# Django REST framework's own messages, which its Russian catalogue lacks or words otherwise.
REST_FRAMEWORK_MESSAGES = (
    gettext_noop("Must be a valid boolean."),
    gettext_noop("Not a valid string."),
    gettext_noop("Must be a valid UUID."),
    gettext_noop("A valid biginteger is required."),
    gettext_noop("Integer value too large to convert to float"),
    gettext_noop("Datetime value out of range."),
    gettext_noop("Ensure this field has at least {min_length} elements."),
    gettext_noop("Ensure this field has no more than {max_length} elements."),
    gettext_noop("This dictionary may not be empty."),
    gettext_noop("Invalid input."),
    ngettext_lazy(
        "Expected available in {wait} second.", "Expected available in {wait} seconds.", 1
    ),
    gettext_noop("Surrogate characters are not allowed: U+{code_point:X}."),
)
