"""Free-text matching over ``search_text`` (names, text and the words of ``attributes``,
lower-cased, ё folded to е; ``cardbase.models.search_text_of``).

On PostgreSQL a word matches through the Russian full-text configuration with a prefix query
(so «химер» and «Химеры» both find «Химера»), or as a plain substring of the folded text, which
catches fragments inside words, numbers and notation like ``2/4``. SQLite has no stemmer, so
there a word matches as a substring only.
"""

import re

from django.contrib.postgres.search import SearchQuery, SearchVector, SearchVectorExact
from django.db.models import Q

from matches.engine.names import fold_text

SEARCH_CONFIG = "russian"
# to_tsquery treats these as operators; a word keeps only its letters and digits for FTS.
_TSQUERY_WORD = re.compile(r"\w+")


def text_q(text: str, *, vendor: str, phrase: bool = False) -> Q:
    """Rows whose names or text contain ``text`` (a word, or a phrase when ``phrase``)."""
    folded = fold_text(text)
    substring = Q(search_text__contains=folded)
    if vendor != "postgresql":
        return substring
    lexemes = _TSQUERY_WORD.findall(folded)
    if not lexemes:
        return substring
    if phrase:
        query = SearchQuery(" ".join(lexemes), config=SEARCH_CONFIG, search_type="phrase")
    else:
        query = SearchQuery(
            " & ".join(f"{lexeme}:*" for lexeme in lexemes),
            config=SEARCH_CONFIG,
            search_type="raw",
        )
    vector = SearchVector("search_text", config=SEARCH_CONFIG)
    return Q(SearchVectorExact(vector, query)) | substring


def words_q(text: str, *, vendor: str) -> Q:
    """Rows matching every white-space separated word of ``text`` (the plain ``?search=``)."""
    condition = Q()
    for word in fold_text(text).split():
        condition &= text_q(word, vendor=vendor)
    return condition
