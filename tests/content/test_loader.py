from pathlib import Path

import pytest

from cardbase.models import Card, Game, Race, StatedCount
from content.loader import DATA_DIR, ContentError, content_load

GAMES = """
- slug: testgame
  name_ru: Тестовая игра
  rule_book: test.ru.txt
"""
CARDS = """
model: card
defaults:
  source_section: Состав игры
entries:
  - key: alpha
    name_ru: Альфа
    card_type: building
    cost: 3
  - key: beta
    name_ru: Бета
    card_type: building
"""


def write_data(root: Path, cards: str = CARDS) -> Path:
    (root / "testgame").mkdir(parents=True, exist_ok=True)
    (root / "games.yaml").write_text(GAMES, encoding="utf-8")
    (root / "testgame" / "cards.yaml").write_text(cards, encoding="utf-8")
    return root


@pytest.mark.django_db
def test_load_is_idempotent_and_rows_follow_the_files(tmp_path):
    data = write_data(tmp_path)
    first = content_load(data_dir=data)
    assert first.created["card"] == 2
    second = content_load(data_dir=data)
    assert not second.changed
    assert second.unchanged["card"] == 2

    write_data(tmp_path, CARDS.replace("cost: 3", "cost: 4").split("  - key: beta")[0])
    third = content_load(data_dir=data)
    assert third.updated["card"] == 1 and third.deleted["card"] == 1
    alpha = Card.objects.get(key="alpha")
    assert alpha.cost == 4
    assert alpha.source_book == "test.ru.txt"
    assert alpha.source_section == "Состав игры"
    assert not Card.objects.filter(key="beta").exists()


@pytest.mark.django_db
def test_admin_rows_are_never_deleted_by_the_loader(tmp_path):
    data = write_data(tmp_path)
    content_load(data_dir=data)
    game = Game.objects.get(slug="testgame")
    Race.objects.create(
        game=game, key="by-hand", name_ru="Вручную", source_book="x", source_section="y"
    )
    content_load(data_dir=data)
    assert Race.objects.filter(key="by-hand").exists()


@pytest.mark.django_db
def test_a_bad_entry_aborts_the_whole_load_and_names_every_problem(tmp_path):
    data = write_data(tmp_path)
    content_load(data_dir=data)
    bad = CARDS.replace("cost: 3", "cost: 5\n    colour: green").replace(
        "name_ru: Бета", "name_ru: Бета\n    release: nope"
    )
    write_data(tmp_path, bad)
    with pytest.raises(ContentError) as error:
        content_load(data_dir=data)
    text = str(error.value)
    assert "alpha" in text and "colour" in text
    assert "beta" in text and "nope" in text
    assert Card.objects.get(key="alpha").cost == 3  # nothing half-written


@pytest.mark.django_db
def test_duplicate_keys_and_missing_source_are_rejected(tmp_path):
    dup = CARDS.replace("key: beta", "key: alpha")
    write_data(tmp_path, dup)
    with pytest.raises(ContentError, match="defined twice"):
        content_load(data_dir=tmp_path)
    write_data(tmp_path, CARDS.replace("defaults:\n  source_section: Состав игры\n", ""))
    with pytest.raises(ContentError, match="source_section"):
        content_load(data_dir=tmp_path)


def test_shipped_content_loads_twice_without_change(shipped_content):
    report = content_load(data_dir=DATA_DIR)
    assert not report.changed
    assert Game.objects.count() == 5
    for stated in StatedCount.objects.all():
        assert stated.source_section, stated


KOMANDOR_GAME = """
- slug: komandor
  name_ru: Путь Командора
  rule_book: komandor.ru.txt
"""
BAD_EFFECT_CARD = """
model: card
defaults:
  origin: project
entries:
  - key: bad-salvo
    name_ru: Неверный залп
    card_type: tactical
    attributes:
      action_tokens: 1
      effects:
        - when: battle_start
          targets: {side: enemy, kind: ship, size: XL}
          actions: [{do: damage, amount: 2}]
"""


@pytest.mark.django_db
def test_a_bad_card_effect_is_refused_naming_file_entry_and_path(tmp_path):
    """The loader rejects a bad effect through the engine's one check (``card_from_dict``),
    as the admin does: the error names the file, the entry and the effect's path."""
    (tmp_path / "komandor").mkdir()
    (tmp_path / "games.yaml").write_text(KOMANDOR_GAME, encoding="utf-8")
    (tmp_path / "komandor" / "tactical.yaml").write_text(BAD_EFFECT_CARD, encoding="utf-8")
    with pytest.raises(ContentError) as error:
        content_load(data_dir=tmp_path)
    text = str(error.value)
    assert "komandor/tactical.yaml" in text and "bad-salvo" in text
    assert "effects.0.targets.size" in text and "XL" in text
    assert not Card.objects.filter(key="bad-salvo").exists()
