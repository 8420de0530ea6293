"""The rule book's Russian that the rules read or write as data, loaded from ``vocabulary.json``.

The book writes its notation in Cyrillic (size classes «ЛК/СК/ТК», shield types «А/В/С», crew
levels «Н/В/Э», ranges «Д/С/М»), card names fold «ё» to «е», and a few names the rules give
cards of their own making (the Commander of a written position, the inert filler card) are
Russian because the cards are. These are facts the rules parse and store, not text they show;
they live in the JSON file beside this module so that no rules module holds a Russian literal
(tests/engine/test_rules_have_no_words.py). Text for people lives in ``komandor.words``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DATA: dict[str, Any] = json.loads(
    Path(__file__).with_name("vocabulary.json").read_text(encoding="utf-8")
)

# The book's letters → the enum values the rules use (cards.SizeClass, ShieldType, CrewLevel,
# Range), in the book's order.
SIZE_LETTERS: dict[str, str] = dict(_DATA["size_letters"])
SHIELD_LETTERS: dict[str, str] = dict(_DATA["shield_letters"])
CREW_LETTERS: dict[str, str] = dict(_DATA["crew_letters"])
RANGE_LETTERS: dict[str, str] = dict(_DATA["range_letters"])
# The book's range letter of each range value ("long" → its letter).
RANGE_LETTER: dict[str, str] = {value: letter for letter, value in RANGE_LETTERS.items()}
# Examples of the book's notation quoted in the messages of the card reader.
SHIELD_EXAMPLE: str = _DATA["notation_examples"]["shield"]
CREW_EXAMPLE: str = _DATA["notation_examples"]["crew"]
MISSILES_EXAMPLE: str = _DATA["notation_examples"]["missiles"]
# Letters a card name folds to another before comparison (names.fold_text).
NAME_FOLDING: dict[str, str] = dict(_DATA["name_folding"])
GAME_NAME: str = _DATA["names"]["game"]
COMMANDER_NAME: str = _DATA["names"]["commander"]
FILLER_CARD_NAME: str = _DATA["names"]["filler_card"]
SPECIAL_ABILITY_TERM: str = _DATA["terms"]["special_ability"]
BOOK_QUOTES: dict[str, str] = dict(_DATA["quotes"])
