"""The search language as a list, for the syntax help page and ``docs/search-syntax.md``.

Keyword entries come from the vocabulary in ``fields``, so the help cannot drift from what the
parser accepts.
"""

from typing import NamedTuple

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from cardbase.search.fields import FIELDS


class SyntaxEntry(NamedTuple):
    keyword: str | Promise  # the language's own spelling; gettext_lazy for the two placeholders
    description: str | Promise  # gettext_lazy: English, shown in the reader's language
    example: str


_GRAMMAR = (
    SyntaxEntry(
        _("word"),
        _(
            "A word is looked for in card names and text (ё equals е, case is ignored; a word "
            "fragment matches too)."
        ),
        "Химера",
    ),
    SyntaxEntry(
        _('"phrase"'),
        _('A phrase in quotes ("…" or «…») is looked for as a whole.'),
        '"линкор класса"',
    ),
    SyntaxEntry("-", _("A minus before a term excludes the cards it matches."), "-weapon:plasma"),
    SyntaxEntry(
        "OR",
        _("Either term (terms without OR must all hold). ИЛИ works too."),
        "weapon:maser OR weapon:plasma",
    ),
    SyntaxEntry("( )", _("Parentheses group terms."), "type:ship (speed>=6 OR size:ЛК)"),
    SyntaxEntry(
        ": = != < <= > >=",
        _(
            "Comparisons for numbers; ':' and '=' mean equal, '!=' not equal (cards without "
            "the stat do not match)."
        ),
        "cost<=3",
    ),
)

SYNTAX: tuple[SyntaxEntry, ...] = _GRAMMAR + tuple(
    SyntaxEntry(
        ", ".join((field.name, *field.keywords)),
        field.description,
        field.example,
    )
    for field in FIELDS
)
