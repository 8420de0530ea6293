"""Free-text matching over ``search_text`` (names, text and the words of ``attributes``,
lower-cased, ё folded to е; ``cardbase.models.search_text_of``).

On PostgreSQL a word matches through the Russian full-text configuration with a prefix query
(so «химер» and «Химеры» both find «Химера»), or as a plain substring of the folded text, which
catches fragments inside words, numbers and notation like ``2/4``.

SQLite has no stemmer, so there the word's Snowball stem (the same algorithm PostgreSQL's
``russian`` configuration runs; Latin words get the English one, as there) is looked for as a
substring: «плазма» → «плазм» finds «плазменные орудия» as PostgreSQL's ``плазм:*`` does. A
Snowball stem is a prefix of its word, so every row PostgreSQL's prefix query finds contains the
query's stem and is found on SQLite too; the stored text needs no stems of its own.
"""

import re
import threading
from functools import lru_cache

import snowballstemmer
from django.contrib.postgres.search import SearchQuery, SearchVectorExact, SearchVectorField
from django.db.models import Q

from cardbase.db_columns import TableColumn
from komandor.rules.names import fold_text

SEARCH_CONFIG = "russian"
# to_tsquery treats these as operators; a word keeps only its letters and digits for FTS.
_TSQUERY_WORD = re.compile(r"\w+")
# A shorter stem ("по", "ка") would match inside almost every text.
MIN_STEM_LENGTH = 3
_STEMMERS = {
    "russian": snowballstemmer.stemmer("russian"),
    "english": snowballstemmer.stemmer("english"),
}
_STEMMER_LOCK = threading.Lock()  # a Snowball stemmer object keeps state while it works


@lru_cache(maxsize=4096)
def word_stem(word: str) -> str:
    """The Snowball stem of a folded word: English for Latin letters, Russian otherwise."""
    with _STEMMER_LOCK:
        return _STEMMERS["english" if word.isascii() else "russian"].stemWord(word)


def useful_stem(folded: str) -> str | None:
    """The stem SQLite looks for instead of a single folded word, if it differs usefully."""
    if not _TSQUERY_WORD.fullmatch(folded):
        return None
    stem = word_stem(folded)
    return stem if stem != folded and len(stem) >= MIN_STEM_LENGTH else None


class StoredSearchVector(TableColumn):
    """The ``search_vector`` column PostgreSQL generates from ``search_text`` (migration 0005:
    ``to_tsvector('russian', search_text)``, stored and GIN-indexed) on the queried table."""

    def __init__(self, alias: str | None = None) -> None:
        super().__init__(alias, output_field=SearchVectorField())

    def column_sql(self, table: str, vendor: str) -> str:
        return f"{table}.search_vector"


def text_q(text: str, *, vendor: str, phrase: bool = False) -> Q:
    """Rows whose names or text contain ``text`` (a word, or a phrase when ``phrase``)."""
    folded = fold_text(text)
    substring = Q(search_text__contains=folded)
    if vendor != "postgresql":
        stem = None if phrase else useful_stem(folded)
        return substring | Q(search_text__contains=stem) if stem else substring
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
    return Q(SearchVectorExact(StoredSearchVector(), query)) | substring


def words_q(text: str, *, vendor: str) -> Q:
    """Rows matching every white-space separated word of ``text`` (the plain ``?search=``)."""
    condition = Q()
    for word in fold_text(text).split():
        condition &= text_q(word, vendor=vendor)
    return condition
