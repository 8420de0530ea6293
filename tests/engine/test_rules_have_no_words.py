"""The rules hold no text for people: no Cyrillic string literal in ``komandor/rules``
(docstrings and comments aside). Words live in ``komandor/words`` and on the Django side.

Not yet done (issue 30, item 4): the modules in ``LEFT`` still hold the Russian the rules read
or write, each at most as many literals as listed — the book's notation accepted on input
(«ЛК», «В4», «4-4 (Д)» in ``cards``, ``effect_schema``, ``weapons``), the letters name folding
maps (``names``), the generated effect-test decks' card names (``effect_decks``), default
names (``position``'s filler card and Commanders, ``effect_play``'s Commander) and two deck
messages quoting the book's Russian (``decks``). A count may only go down; every other rules
module stays free of them."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "komandor" / "rules"
CYRILLIC = re.compile("[\u0400-\u04ff]")
LEFT = {
    "cards.py": 18,
    "decks.py": 2,
    "effect_decks.py": 62,
    "effect_play.py": 1,
    "effect_schema.py": 5,
    "names.py": 4,
    "position.py": 2,
    "weapons.py": 3,
}


def cyrillic_literals(source: str) -> list[int]:
    """The line of every string constant holding a Cyrillic letter, docstrings left out."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and CYRILLIC.search(node.value)
    )


def test_cyrillic_literals_are_found_and_docstrings_and_comments_are_not():
    source = (
        '"""Модуль."""\n'
        "# комментарий\n"
        "def f():\n"
        '    """Функция."""\n'
        '    return "остаться", "stay", f"взять {1}"\n'
    )
    assert cyrillic_literals(source) == [5, 5]


def test_no_rules_module_holds_words_beyond_what_is_left_to_move():
    found = Counter(
        {
            path.name: len(cyrillic_literals(path.read_text(encoding="utf-8")))
            for path in sorted(RULES.glob("*.py"))
        }
    )
    over = {name: count for name, count in found.items() if count > LEFT.get(name, 0)}
    assert not over, f"Cyrillic string literals in komandor/rules (words belong in words/): {over}"
    assert {"game.py", "battle.py", "commerce.py", "effects.py", "fights.py"} <= set(found)
