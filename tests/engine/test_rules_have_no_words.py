"""The rules hold no text for people: no Cyrillic string literal in ``komandor/rules``
(docstrings and comments aside). Words live in ``komandor/words`` and on the Django side.

The Russian the rules read or write as data — the book's notation accepted on input («ЛК»,
«В4», «4-4 (Д)»), the letters name folding maps, the names of cards the rules make themselves
(a written position's Commander, the filler card) and the quotes of the book in the card
reader's messages — is in ``komandor/rules/vocabulary.json``; the effect-test decks' cards are
in ``komandor/rules/effect_decks.json``. Every rules module is free of Cyrillic literals.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "komandor" / "rules"
CYRILLIC = re.compile("[\u0400-\u04ff]")


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


def test_no_rules_module_holds_a_cyrillic_literal():
    found = Counter(
        {
            path.name: len(cyrillic_literals(path.read_text(encoding="utf-8")))
            for path in sorted(RULES.glob("*.py"))
        }
    )
    over = {name: count for name, count in found.items() if count}
    assert not over, f"Cyrillic string literals in komandor/rules (words belong in words/): {over}"
    assert {"game.py", "battle.py", "commerce.py", "effects.py", "fights.py"} <= set(found)


def test_the_books_russian_is_read_from_the_vocabulary_data():
    """The letters moved to vocabulary.json still read: the book's notation and name folding."""
    from komandor.rules.cards import CrewLevel, Range, ShieldType, SizeClass, card_from_dict
    from komandor.rules.names import name_key
    from komandor.rules.weapons import Distance

    ship = card_from_dict(
        {
            "kind": "ship",
            "name": "Ёж",
            "cost": 3,
            "size": "ЛК",
            "strength": "4(3)",
            "shield": "В2",
            "crew": "Э1",
            "speed": 5,
            "weapons": {"missiles": "2-3 (М)"},
        }
    )
    assert ship.size is SizeClass.LK
    assert ship.shield is not None and ship.shield.type is ShieldType.B
    assert ship.crew is not None and ship.crew.level is CrewLevel.E
    assert ship.weapons.missiles is not None
    assert ship.weapons.missiles.at(Range.SHORT) is not None
    assert Distance.from_key("Д") is Distance.LONG
    assert name_key("Ёж") == name_key("еж")
