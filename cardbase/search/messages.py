"""The search language's messages, made in the active language only when they are shown.

The parser raises ``QuerySyntaxError`` with a code and parameters; ``syntax_message`` turns
them into text through gettext (Russian in ``cardbase/locale``).
"""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_lazy

# code -> English text with %(name)s parameters (the gettext msgid).
SYNTAX_MESSAGES = {
    "unclosed_quote": gettext_lazy("unclosed quote"),
    "minus_detached": gettext_lazy("'-' goes right before a term"),
    "minus_without_term": gettext_lazy("'-' must be followed by a term"),
    "unmatched_close": gettext_lazy("unmatched ')'"),
    "empty_parentheses": gettext_lazy("empty parentheses"),
    "unclosed_parenthesis": gettext_lazy("unclosed '('"),
    "empty_quotes": gettext_lazy("empty quotes"),
    "dangling_operator": gettext_lazy("'%(operator)s' needs a term on each side"),
    "term_expected": gettext_lazy("a term was expected"),
    "unknown_keyword": gettext_lazy("unknown keyword '%(keyword)s'"),
    "missing_value": gettext_lazy("%(keyword)s%(op)s has no value"),
    "not_a_number": gettext_lazy("%(field)s is compared with a whole number, not '%(value)s'"),
    "text_operator": gettext_lazy("%(field)s takes ':' or '!=' only"),
    "unknown_value": gettext_lazy("unknown %(field)s value '%(value)s' (one of: %(known)s)"),
    "nul_character": gettext_lazy("The query holds a NUL character"),
    "query_too_long": gettext_lazy("the query is longer than %(limit)s characters"),
    "too_many_terms": gettext_lazy("the query has more than %(limit)s terms"),
    "too_deep": gettext_lazy("parentheses and '-' are nested more than %(limit)s deep"),
    "number_too_long": gettext_lazy("%(field)s takes a number of at most %(limit)s digits"),
}


def syntax_message(code: str, params: Mapping[str, Any]) -> str:
    """The message for a query syntax error ``code`` in the active language."""
    template = SYNTAX_MESSAGES.get(code)
    if template is None:  # a code added without a message still reads, untranslated
        return gettext("the query cannot be read (%(code)s)") % {"code": code}
    return str(template) % dict(params)
