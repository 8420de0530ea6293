"""The search language as a list, for the syntax help page and ``docs/search-syntax.md``.

Keyword entries come from the vocabulary in ``fields``, so the help cannot drift from what the
parser accepts.
"""

from typing import NamedTuple

from cardbase.search.fields import FIELDS


class SyntaxEntry(NamedTuple):
    keyword: str
    description_ru: str
    description_en: str
    example: str


_GRAMMAR = (
    SyntaxEntry(
        "слово / word",
        "Слово ищется в названиях и тексте карты (ё и е не различаются, регистр не важен; "
        "часть слова тоже находится: «химер» найдёт «Химера»).",
        "A word is looked for in card names and text (ё equals е, case is ignored; a word "
        "fragment matches too).",
        "Химера",
    ),
    SyntaxEntry(
        '"фраза"',
        'Фраза в кавычках ("…" или «…») ищется целиком.',
        'A phrase in quotes ("…" or «…») is looked for as a whole.',
        '"линкор класса"',
    ),
    SyntaxEntry(
        "-",
        "Минус перед условием исключает подходящие карты.",
        "A minus before a term excludes the cards it matches.",
        "-weapon:plasma",
    ),
    SyntaxEntry(
        "OR",
        "Любое из условий (без OR должны выполняться все условия сразу). Также ИЛИ.",
        "Either term (terms without OR must all hold). ИЛИ works too.",
        "weapon:maser OR weapon:plasma",
    ),
    SyntaxEntry(
        "( )",
        "Скобки группируют условия.",
        "Parentheses group terms.",
        "type:ship (speed>=6 OR size:ЛК)",
    ),
    SyntaxEntry(
        ": = != < <= > >=",
        "Сравнения для чисел; «:» и «=» — равно, «!=» — не равно (карты без этого "
        "параметра не подходят).",
        "Comparisons for numbers; ':' and '=' mean equal, '!=' not equal (cards without "
        "the stat do not match).",
        "cost<=3",
    ),
)

SYNTAX: tuple[SyntaxEntry, ...] = _GRAMMAR + tuple(
    SyntaxEntry(
        ", ".join((field.name, *field.keywords)),
        field.description_ru,
        field.description_en,
        field.example,
    )
    for field in FIELDS
)
