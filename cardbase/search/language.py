"""Messages written in both languages, shown in the active one (Russian unless English).

The search language's messages are part of the language itself, like its keywords, so they
carry both texts rather than depending on a compiled translation catalogue.
"""

from django.utils.translation import get_language


def in_active_language(ru: str, en: str) -> str:
    return en if (get_language() or "ru").startswith("en") else ru
