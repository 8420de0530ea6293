"""Card-name normalisation shared by the catalogue search, the deck validator and import.

Two printed names are the same name when they differ only in case, ё/е, the kind of quote
marks or dashes, or runs of white space.
"""

import re
import unicodedata
from functools import lru_cache

from komandor.rules.vocabulary import NAME_FOLDING

_QUOTES = str.maketrans(
    {
        "«": '"',
        "»": '"',
        "“": '"',
        "”": '"',
        "„": '"',
        "‟": '"',
        "″": '"',
        "'": '"',
        "‘": '"',
        "’": '"',
        "`": '"',
        "–": "-",
        "—": "-",
        "‑": "-",
        **NAME_FOLDING,  # ё → е: the book's letters, kept as data (vocabulary.json)
    }
)
_SPACES = re.compile(r"\s+")


def fold_text(text: str) -> str:
    """Lower-case ``text`` and fold ё→е and typographic quotes/dashes to plain ones.

    >>> fold_text("Линкор класса «Химера»")
    'линкор класса "химера"'
    >>> fold_text("ЁЖ") == fold_text("еж")
    True
    """
    text = unicodedata.normalize("NFC", text).translate(_QUOTES).lower()
    return _SPACES.sub(" ", text).strip()


@lru_cache(maxsize=4096)  # the engine asks for the same few names again and again
def name_key(name: str) -> str:
    """The key under which two printed card names count as the same name.

    Quote marks are dropped altogether, so «Химера», "Химера" and Химера agree.

    >>> name_key("Линкор класса “Химера”") == name_key("линкор  класса «химера»")
    True
    """
    return _SPACES.sub(" ", fold_text(name).replace('"', " ")).strip()
