"""Preconstructed decks: loaded by ``load_content`` from ``precons.yaml``, owned by no player,
checked by the deck validator, listed on a page and in the API of their own, cloned in one
click, and offered on their Commander's card page."""

from pathlib import Path

import pytest

from cardbase.models import Card
from content.loader import ContentError, content_load
from decks.models import Deck, DeckVersion
from decks.selectors import deck_content

GAMES = """
- slug: komandor
  name_ru: Путь Командора
  rule_book: komandor.ru.txt
"""

_SHIP = """
  - key: ship-{n}
    name_ru: "Корабль {n}"
    name_en: "Ship {n}"
    card_type: ship
    cost: {cost}
    attributes: {{size: СК, strength: "5(3)", shield: "А1", armor: 1, speed: 6,
                  weapons: {{plasma: 4}}}}
"""
_PLANET = """
  - key: planet-{n}
    name_ru: "Планета {n}"
    card_type: space_object
    cost: 3
    attributes: {{object_type: planet, income: {{resources: 2}}}}
"""
CARDS = (
    """model: card
defaults:
  source_section: Состав игры
entries:
  - key: admiral
    name_ru: "Адмирал Тест"
    card_type: commander
    attributes: {initiative: 3}
  - key: admiral-two
    name_ru: "Адмирал Второй"
    card_type: commander
    attributes: {initiative: 2}
  - key: shields
    name_ru: "Щиты"
    card_type: ability
    attributes: {variants: ["первый", "второй"]}
"""
    + "".join(_SHIP.format(n=n, cost=2 + n) for n in range(6))
    + "".join(_PLANET.format(n=n) for n in range(5))
)

PRECONS = """model: precon_deck
entries:
  - key: test-fleet
    name_ru: "Тестовый флот"
    name_en: "Test Fleet"
    description_ru: "Корабли и планеты."
    description_en: "Ships and planets."
    commander: admiral
    setup_abilities: [{card: shields, count: 1}]
    cards:
      - {card: ship-0, count: 4}
      - {card: ship-1, count: 4}
      - {card: ship-2, count: 4}
      - {card: ship-3, count: 4}
      - {card: ship-4, count: 4}
      - {card: planet-0, count: 4}
      - {card: planet-1, count: 4}
      - {card: planet-2, count: 4}
      - {card: planet-3, count: 4}
      - {card: shields, count: 4}
  - key: second-fleet
    name_ru: "Второй флот"
    name_en: "Second Fleet"
    commander: admiral-two
    cards:
      - {card: ship-1, count: 4}
      - {card: ship-2, count: 4}
      - {card: ship-3, count: 4}
      - {card: ship-4, count: 4}
      - {card: ship-5, count: 4}
      - {card: planet-0, count: 4}
      - {card: planet-1, count: 4}
      - {card: planet-2, count: 4}
      - {card: planet-3, count: 4}
      - {card: planet-4, count: 4}
"""


def write_data(root: Path, precons: str = PRECONS, cards: str = CARDS) -> Path:
    (root / "komandor").mkdir(parents=True, exist_ok=True)
    (root / "games.yaml").write_text(GAMES, encoding="utf-8")
    (root / "komandor" / "cards.yaml").write_text(cards, encoding="utf-8")
    (root / "komandor" / "precons.yaml").write_text(precons, encoding="utf-8")
    return root


@pytest.fixture
def loaded(db, tmp_path):
    content_load(data_dir=write_data(tmp_path))
    return tmp_path


def precon(key: str) -> Deck:
    return Deck.objects.get(is_preconstructed=True, precon_key=key)


# --- loading -----------------------------------------------------------------------------


def test_precons_load_as_ownerless_public_legal_decks(loaded):
    fleet = precon("test-fleet")
    assert fleet.owner is None and fleet.visibility == "public"
    assert (fleet.name, fleet.name_en) == ("Тестовый флот", "Test Fleet")
    assert fleet.description_en == "Ships and planets."
    assert fleet.commander.key == "admiral"
    content = deck_content(deck=fleet)
    assert sum(entry.count for entry in content.entries) == 40
    shields = Card.objects.get(key="shields")
    assert content.setup_abilities == ((shields.id, 1),)
    version = fleet.versions.get()
    assert version.is_valid and version.card_count == 40
    assert "test fleet" in fleet.search_text  # found by its English name too


def test_loading_again_changes_nothing(loaded):
    versions = DeckVersion.objects.count()
    report = content_load(data_dir=loaded)
    assert not report.changed
    assert report.unchanged["precon_deck"] == 2
    assert DeckVersion.objects.count() == versions


def test_a_changed_list_writes_a_new_version_and_a_removed_one_is_deleted(loaded):
    changed = PRECONS.replace(
        "{card: planet-3, count: 4}\n      - {card: shields",
        "{card: planet-4, count: 4}\n      - {card: shields",
    )
    changed = changed.split("  - key: second-fleet")[0]
    write_data(loaded, changed)
    report = content_load(data_dir=loaded)
    assert report.updated["precon_deck"] == 1 and report.deleted["precon_deck"] == 1
    fleet = precon("test-fleet")
    assert fleet.versions.count() == 2
    keys = set(
        Card.objects.filter(
            id__in=[e.card_id for e in deck_content(deck=fleet).entries]
        ).values_list("key", flat=True)
    )
    assert "planet-4" in keys and "planet-3" not in keys
    assert not Deck.objects.filter(precon_key="second-fleet").exists()


def test_an_unknown_card_is_a_loader_error_naming_file_and_entry(loaded):
    write_data(loaded, PRECONS.replace("card: ship-5", "card: no-such-ship"))
    with pytest.raises(ContentError) as error:
        content_load(data_dir=loaded)
    assert "komandor/precons.yaml: precon_deck 'second-fleet': unknown card 'no-such-ship'" in (
        error.value.problems
    )
    assert precon("second-fleet").versions.count() == 1  # nothing written


def test_a_card_gone_from_the_files_is_unknown_to_a_precon_naming_it(loaded):
    write_data(loaded, cards=CARDS.split("  - key: planet-4")[0])
    with pytest.raises(ContentError) as error:
        content_load(data_dir=loaded)
    assert any("second-fleet" in p and "'planet-4'" in p for p in error.value.problems)
    assert Card.objects.filter(key="planet-4").exists()


def test_an_illegal_precon_is_a_loader_error_with_the_validators_reasons(loaded):
    write_data(loaded, PRECONS.replace("{card: ship-5, count: 4}", "{card: ship-5, count: 5}"))
    with pytest.raises(ContentError) as error:
        content_load(data_dir=loaded)
    (problem,) = error.value.problems
    assert problem.startswith("komandor/precons.yaml: precon_deck 'second-fleet': not a legal")
    assert "at most 4" in problem


def test_entry_fields_are_checked(loaded):
    bad = PRECONS.replace(
        "  - key: second-fleet\n", "  - key: second-fleet\n    colour: red\n"
    ).replace("{card: ship-1, count: 4}", "{card: ship-1, count: 0}", 1)
    write_data(loaded, bad)
    with pytest.raises(ContentError) as error:
        content_load(data_dir=loaded)
    assert any("'second-fleet': unknown fields ['colour']" in p for p in error.value.problems)
    assert any("'test-fleet': cards #2 (ship-1): count must be" in p for p in error.value.problems)


def test_a_precon_defined_twice_is_an_error(loaded):
    write_data(loaded, PRECONS.replace("key: second-fleet", "key: test-fleet"))
    with pytest.raises(ContentError) as error:
        content_load(data_dir=loaded)
    assert "precon_deck 'test-fleet': defined twice" in error.value.problems


def test_a_card_only_a_precon_uses_is_retired_not_deleted_when_the_files_drop_both(loaded):
    # The precon dropped in the same load frees its card for deletion.
    cards = CARDS.split("  - key: planet-4")[0]
    write_data(loaded, PRECONS.split("  - key: second-fleet")[0], cards=cards)
    report = content_load(data_dir=loaded)
    assert report.deleted["precon_deck"] == 1
    assert not Card.all_objects.filter(key="planet-4").exists()
