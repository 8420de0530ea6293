"""A small Komandor data folder with two precons, for precon tests (loader, pages, browser)."""

from pathlib import Path

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
