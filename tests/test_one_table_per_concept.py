"""Issue 30, item 4: one table per concept. Card kinds, rarities, phases, ranges, weapons and the
notation's letters live in ``komandor/words/terms.py`` only; the engine's words, the catalogue,
the models, the search and the pages read them from there. A second table of one of these
concepts (a dict of its words in some module, or a catalogue entry translating its word under
another text) fails here."""

import ast
from pathlib import Path

import pytest
from django.utils import translation

from cardbase import card_faces, notation
from cardbase.models import CardRarity, CardType
from cardbase.search.fields import CARD_TYPE_ALIASES, RARITY_ALIASES, WEAPON_ALIASES
from cardbase.templatetags.catalogue import card_type_label, rarity_label
from cardbase.terms import term
from komandor.rules.cards import CardKind, CrewLevel, ObjectType, Range, Rarity, SizeClass, Victory
from komandor.rules.names import fold_text
from komandor.rules.state import Phase
from komandor.words.card_fields import card_stat_lines, field_specs
from komandor.words.terms import (
    CARD_KINDS,
    CREW_LEVELS,
    ENGLISH_LETTERS,
    MISSILES_AT,
    OBJECT_TYPES,
    PHASES,
    RANGES,
    RARITIES,
    RUSSIAN_LETTERS,
    SHIP_SIZES,
    TABLES,
    VICTORIES,
    WEAPONS,
)
from matches.words.terms import phase_label, range_label, weapon_label
from proposals import effect_words
from scripts import catalogues

ROOT = Path(__file__).resolve().parents[1]
TERMS_MODULE = ROOT / "komandor/words/terms.py"
CODE = ("accounts", "cardbase", "config", "content", "decks", "komandor", "matches", "proposals")


def _string_constants(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    }


def _code_files() -> list[Path]:
    return [
        path
        for folder in CODE
        for path in sorted((ROOT / folder).rglob("*.py"))
        if "migrations" not in path.parts and path != TERMS_MODULE
    ]


# Words that name a concept in one table and nothing else: a string literal equal to one of them
# anywhere in the code is a second table (or a word the table should give).
def _table_words() -> dict[str, str]:
    words: dict[str, str] = {}
    for kind in CardKind:
        words[CARD_KINDS.ru(kind)] = f"card kind {kind}"
        words[CARD_KINDS.en(kind)] = f"card kind {kind}"
    for rarity in Rarity:
        words[RARITIES.ru(rarity)] = f"rarity {rarity}"
    words[OBJECT_TYPES.ru(ObjectType.OTHER)] = "object type other"
    words[OBJECT_TYPES.en(ObjectType.OTHER)] = "object type other"
    for victory in Victory:
        words[VICTORIES.ru(victory)] = f"victory {victory}"
        words[VICTORIES.en(victory)] = f"victory {victory}"
    for phase in Phase:
        if " " in PHASES.en(phase):  # the single words («ресурсы», "setup") mean other things too
            words[PHASES.en(phase)] = f"phase {phase}"
            words[PHASES.ru(phase)] = f"phase {phase}"
    for range_ in Range:
        words[MISSILES_AT.en(range_)] = f"missiles at {range_}"
        words[MISSILES_AT.ru(range_)] = f"missiles at {range_}"
    words.pop("Командор")  # the Commander's card name in the rules' vocabulary (vocabulary.json)
    words.pop("Commander")  # a decision's and a field's label too
    return words


# The same word meaning something else: (file, word) → what it means there.
OTHER_MEANINGS_IN_CODE = {
    ("decks/text_format.py", "Ability"): "a keyword of the deck text format, read back on import",
}
# (context, English) of a catalogue entry whose Russian is a table's word in another sense.
OTHER_MEANINGS_IN_CATALOGUES = {
    (None, "Commander", None): "a deck's Commander: the role, not the kind of card",
    (None, "production", None): "the production zone (cards being built), not the phase",
}


def test_no_module_keeps_a_second_table_of_a_concept():
    words = _table_words()
    found = sorted(
        f"{path.relative_to(ROOT)}: {text!r} ({words[text]})"
        for path in _code_files()
        for text in _string_constants(path) & words.keys()
        if (str(path.relative_to(ROOT)), text) not in OTHER_MEANINGS_IN_CODE
    )
    assert found == [], "\n".join(found)


def test_the_check_finds_a_second_table(tmp_path):
    module = tmp_path / "kinds.py"
    module.write_text('"""Doc."""\nLABELS = {"ship": "Space object", "x": "Наземный отряд"}\n')
    assert _string_constants(module) & _table_words().keys() == {"Space object", "Наземный отряд"}


def test_no_catalogue_translates_a_table_word_under_another_text():
    """The tables' Russian are the catalogue's translations of their (context, English) only."""
    tables = catalogues.engine_terms()
    russian = {ru: key for key, ru in tables.items() if ru not in {"ресурсы", "инициатива"}}
    found = []
    for catalogue in catalogues.catalogues():
        for entry in catalogue.entries():
            if entry.obsolete or not entry.key[1] or entry.key in tables:
                continue
            if entry.key in OTHER_MEANINGS_IN_CATALOGUES:
                continue
            for text in entry.translations:
                if text in russian:
                    found.append(f"{catalogue.path}: {entry.key} → {text!r} ({russian[text]})")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("language", ["ru", "en"])
def test_every_page_word_of_a_concept_is_the_tables(language):
    with translation.override(language):
        for kind in CardKind:
            word = CARD_KINDS.ru(kind) if language == "ru" else CARD_KINDS.en(kind)
            assert term(CARD_KINDS, kind) == word
            assert str(CardType(kind.value).label) == word
            assert card_faces.kind_label(kind.value) == word
            assert card_type_label(kind.value) == word
        for rarity in Rarity:
            word = RARITIES.ru(rarity) if language == "ru" else RARITIES.en(rarity)
            assert str(CardRarity(rarity.value).label) == word
            assert card_faces.rarity_label(rarity.value) == word
            assert rarity_label(rarity.value) == word
        for phase in Phase:
            assert phase_label(phase.value) == (
                PHASES.ru(phase) if language == "ru" else PHASES.en(phase)
            )
        for range_ in Range:
            assert range_label(range_.value) == (
                RANGES.ru(range_) if language == "ru" else RANGES.en(range_)
            )
            missiles = MISSILES_AT.ru(range_) if language == "ru" else MISSILES_AT.en(range_)
            assert weapon_label(f"missiles.{range_.value}") == missiles
        for weapon in WEAPONS:
            word = WEAPONS.ru(weapon) if language == "ru" else WEAPONS.en(weapon)
            assert weapon_label(weapon.value) == word
        for kind in ObjectType:
            word = OBJECT_TYPES.ru(kind) if language == "ru" else OBJECT_TYPES.en(kind)
            assert card_faces.object_type_label(kind.value) == word
            assert str(effect_words.OBJECT_TYPES[kind.value]) == word
        for victory in Victory:
            word = VICTORIES.ru(victory) if language == "ru" else VICTORIES.en(victory)
            assert str(effect_words.VICTORIES[victory.value]) == word
        assert notation.letters() is (RUSSIAN_LETTERS if language == "ru" else ENGLISH_LETTERS)
        letters = notation.letters()
        for size in SizeClass:
            word = SHIP_SIZES.ru(size) if language == "ru" else SHIP_SIZES.en(size)
            assert card_faces.size_label(size.value).startswith(f"{word} ")
            assert card_faces.size_label(size.value).endswith(f" ({letters.size[size]})")
        for level in CrewLevel:
            word = CREW_LEVELS.ru(level) if language == "ru" else CREW_LEVELS.en(level)
            assert card_faces._crew_level(level).startswith(f"{word} ({letters.crew[level]})")
        for range_ in Range:
            word = RANGES.ru(range_) if language == "ru" else RANGES.en(range_)
            assert card_faces._range_name(range_).startswith(f"{word} ")


def test_the_engine_words_read_the_same_tables():
    fields = {spec.path: spec for spec in field_specs(CardKind.SHIP)}
    assert dict(fields["rarity"].choices) == {r.value: RARITIES.ru(r) for r in Rarity}
    commander = {spec.path: spec for spec in field_specs(CardKind.COMMANDER)}
    assert dict(commander["victory"].choices) == {v.value: VICTORIES.ru(v) for v in Victory}
    upgrade = {spec.path: spec for spec in field_specs(CardKind.UPGRADE)}
    targets = dict(upgrade["target"].choices)
    assert targets and targets == {value: CARD_KINDS.ru(CardKind(value)) for value in targets}
    from komandor.rules.cards import card_from_dict

    spec = card_from_dict(
        {"kind": "ship", "name": "Химера", "cost": 10, "size": "ТК", "strength": "12(8)",
         "shield": "В4", "armor": 6, "speed": 3, "weapons": {"plasma": 10}}
    )  # fmt: skip
    assert next(line.text for line in card_stat_lines(spec) if line.path == "kind") == "Корабль"


def test_the_search_takes_each_tables_words_in_both_languages():
    for kind in CardKind:
        assert CARD_TYPE_ALIASES[fold_text(CARD_KINDS.ru(kind))] == kind.value
        assert CARD_TYPE_ALIASES[fold_text(CARD_KINDS.en(kind))] == kind.value
    for rarity in Rarity:
        assert RARITY_ALIASES[fold_text(RARITIES.ru(rarity))] == rarity.value
    searched = set(WEAPON_ALIASES.values())  # a card's mounts: every weapon but the ram
    assert {w.value for w in WEAPONS} - searched == {"ram"}
    for weapon in (w for w in WEAPONS if w.value in searched):
        assert WEAPON_ALIASES[fold_text(WEAPONS.ru(weapon))] == weapon.value
        assert WEAPON_ALIASES[fold_text(WEAPONS.en(weapon))] == weapon.value
    # the spellings the search took before the tables
    before = {
        "корабль": "ship",
        "объект": "space_object",
        "ситуация": "situation",
        "тактическая": "tactical",
        "vr": "very_rare",
        "очень_редкая": "very_rare",
        "способность": "ability",
        "отряд": "ground_unit",
    }
    for spelling, value in before.items():
        assert CARD_TYPE_ALIASES.get(spelling, RARITY_ALIASES.get(spelling)) == value


def test_the_catalogue_check_fails_when_a_translation_differs_from_the_table(tmp_path):
    key = ("card kind", "Ship", None)
    po = tmp_path / "cardbase/locale/ru/LC_MESSAGES/django.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: ru\\n"\n\n'
        'msgctxt "card kind"\nmsgid "Ship"\nmsgstr "Судно"\n',
        encoding="utf-8",
    )
    catalogue = catalogues.Catalogue(
        Path("cardbase/locale/ru/LC_MESSAGES/django.po"), {key}, root=tmp_path,
        terms={key: "Корабль"},
    )  # fmt: skip
    (problem,) = catalogue.problems()
    assert "'Судно'" in problem and "'Корабль'" in problem


def test_every_table_has_a_word_for_every_key_of_its_enum():
    from komandor.rules.weapons import Weapon

    enums = (
        CardKind,
        Rarity,
        ObjectType,
        Victory,
        Phase,
        Range,
        Weapon,
        Range,
        SizeClass,
        CrewLevel,
    )
    for table, keys in zip(TABLES, enums, strict=True):
        assert set(table) == set(keys), table.context
