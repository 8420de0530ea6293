"""Every shipped Komandor card renders its rules text; a card with effects carries no typed text.

A card's text comes from its effect data (docs/effects.md, «Text»): a hand-typed ``text`` beside
effects would drift from what the engine plays, so it is refused here.
"""

from pathlib import Path

import yaml

from content.loader import DATA_DIR
from komandor.rules.cards import CardSpec, card_from_dict
from komandor.words.effect_text import card_text


def _shipped_cards(data_dir: Path) -> list[dict]:
    cards = []
    for path in sorted((data_dir / "komandor").rglob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if document.get("model") != "card":
            continue
        defaults = document.get("defaults") or {}
        for raw in document.get("entries") or []:
            cards.append({**defaults, **raw, "file": path.name})
    return cards


def _spec(entry: dict) -> CardSpec:
    """The card as the loader builds it: its attributes plus the columns the schema reads."""
    data = dict(entry.get("attributes") or {})
    data.setdefault("kind", entry["card_type"])
    data.setdefault("name", entry["name_ru"])
    for column in ("cost", "rarity"):
        if entry.get(column) is not None:
            data.setdefault(column, entry[column])
    return card_from_dict(data)


def _has_effects(spec: CardSpec) -> bool:
    return bool(spec.effects) or any(not isinstance(v, str) for v in spec.variants or ())


def card_text_problems(entries: list[dict]) -> list[str]:
    problems = []
    for entry in entries:
        spec = _spec(entry)
        rendered = {language: card_text(spec, language) for language in ("ru", "en")}
        typed = (entry.get("text") or "").strip() or (entry.get("attributes") or {}).get("text")
        if _has_effects(spec) and typed:
            same = typed == " ".join(rendered["ru"])
            problems.append(
                f"{entry['file']}: {entry['key']}: a card with effects carries a typed text "
                f"({'the same as' if same else 'which disagrees with'} its rendered text "
                f"{' '.join(rendered['ru'])!r}); remove the text: it is rendered from the effects"
            )
    return problems


def test_every_shipped_komandor_card_renders_and_none_with_effects_has_typed_text():
    entries = _shipped_cards(DATA_DIR)
    assert entries, "no Komandor cards found in content/data/komandor"
    assert card_text_problems(entries) == []


def test_a_typed_text_beside_effects_is_reported():
    entry = {
        "file": "test.yaml",
        "key": "salvo",
        "card_type": "tactical",
        "name_ru": "Ракетный залп",
        "text": "Нанесите 2 повреждения вражескому кораблю.",
        "attributes": {
            "action_tokens": 1,
            "effects": [
                {
                    "when": "battle_start",
                    "targets": {"side": "enemy", "kind": "ship", "in": "battle"},
                    "actions": [{"do": "damage", "amount": 2}],
                }
            ],
        },
    }
    [problem] = card_text_problems([entry])
    assert problem.startswith("test.yaml: salvo: a card with effects carries a typed text (which")
    assert "Перед началом первого раунда боя" in problem
    assert card_text_problems([{**entry, "text": ""}]) == []
