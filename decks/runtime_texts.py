# ruff: noqa: E501  (each text as it is written where it is used)
"""Texts this app translates with gettext(variable): makemessages cannot find them where they
are written, so they are listed here with gettext_noop (and ngettext_lazy for plurals) to keep
them in this app's catalogue (scripts/catalogues.py; docs/TESTING.md, "Translations"). Nothing
imports this module. A text that changes where it is written changes here too.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

# Deck problems and unreadable lines (decks/messages.py passes them to gettext and ngettext).
DECK_PROBLEMS = (
    ngettext_lazy(
        "The deck has %(count)s card; it needs at least %(minimum)s.",
        "The deck has %(count)s cards; it needs at least %(minimum)s.",
        1,
    ),
    ngettext_lazy(
        "The deck has %(count)s card; it may have at most %(maximum)s.",
        "The deck has %(count)s cards; it may have at most %(maximum)s.",
        1,
    ),
    ngettext_lazy(
        "The deck has %(count)s card named “%(name)s”; at most %(maximum)s are allowed.",
        "The deck has %(count)s cards named “%(name)s”; at most %(maximum)s are allowed.",
        1,
    ),
    gettext_noop("The number of “%(name)s” cards must be at least 1 (got %(count)s)."),
    gettext_noop("“%(name)s” is a card of another game and cannot be in a Komandor deck."),
    gettext_noop("No Commander is chosen."),
    gettext_noop("“%(name)s” is not a Commander card."),
    gettext_noop(
        "The Commander card “%(name)s” is not part of the deck; choose it as the Commander."
    ),
    gettext_noop("“%(name)s” is not an ability card and cannot be pre-chosen."),
    ngettext_lazy(
        "%(chosen)s card “%(name)s” is pre-chosen but the deck has %(count)s.",
        "%(chosen)s cards “%(name)s” are pre-chosen but the deck has %(count)s.",
        1,
    ),
    gettext_noop("“%(name)s” is a special ability card: it is played only during the game."),
    ngettext_lazy(
        "%(count)s ability card is pre-chosen; at most %(maximum)s are allowed.",
        "%(count)s ability cards are pre-chosen; at most %(maximum)s are allowed.",
        1,
    ),
    gettext_noop(
        "The card “%(name)s” has no “Own name” field, so it cannot be named “%(own_name)s”. Only heavy and medium ship cards and space-object cards have that field."
    ),
    gettext_noop("The deck has no ships."),
    gettext_noop("The deck has no space objects."),
    ngettext_lazy(
        "The deck has %(count)s ship or space object costing at most %(resources)s: on average fewer than %(minimum)s of them in the %(draw)s-card setup draw.",
        "The deck has %(count)s ships and space objects costing at most %(resources)s: on average fewer than %(minimum)s of them in the %(draw)s-card setup draw.",
        1,
    ),
    gettext_noop("Line %(line)s: the line must start with a number of cards, e.g. “4 Name”."),
    gettext_noop("Line %(line)s: the number of cards %(count)s must be between 1 and 999."),
    gettext_noop("Line %(line)s: the card name is missing."),
    gettext_noop("Line %(line)s: the Commander is already given above; a deck has one Commander."),
    gettext_noop("Line %(line)s: there is no Komandor card named “%(name)s”."),
    gettext_noop("Line %(line)s: the card “%(name)s” has no printing [%(printing)s]."),
    gettext_noop("The deck JSON must be an object with entries, commander and setup_abilities."),
    gettext_noop("must be a list"),
    gettext_noop("a card needs a name"),
    gettext_noop("must be a whole number ≥ 1"),
    ngettext_lazy(
        "Line %(line)s: “%(name)s” is part of the name of %(count)s card; write its whole name.",
        "Line %(line)s: “%(name)s” is part of the names of %(count)s cards; write the whole name.",
        1,
    ),
)
