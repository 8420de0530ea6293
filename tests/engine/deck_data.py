"""Test decks for whole matches (invented test cards, not catalogue cards).

The ship stats reuse the rule book's example ships; the other cards are plain test data.
"""

from tests.engine.book_cards import CHIMERA_NOTATION, EXORCIST_NOTATION, MAGNUM_NOTATION

PLANET = {
    "kind": "space_object",
    "name": "Тестовая планета",
    "cost": 4,
    "object_type": "planet",
    "income": {"resources": 2},
}
ASTEROID = {
    "kind": "space_object",
    "name": "Тестовый астероид",
    "cost": 3,
    "object_type": "asteroid",
    "income": {"resources": 1, "action_tokens": 1},
}
STATION = {
    "kind": "space_object",
    "name": "Тестовая станция",
    "cost": 7,
    "object_type": "station",
    "strength": 10,
    "shield": "А2",
    "armor": 2,
    "weapons": {"plasma": 5},
    "crew": "В4",
    "income": {"resources": 1},
}
TRADER_SHIP = {
    "kind": "ship",
    "name": "Тестовый транспорт",
    "cost": 3,
    "size": "СК",
    "strength": "5(3)",
    "armor": 1,
    "speed": 4,
    "crew": "Н2",
    "properties": {"commercial_run": {"reward": 2}, "smuggling_run": {}},
}
BOMBER = {
    "kind": "ship",
    "name": "Тестовый бомбардировщик",
    "cost": 4,
    "size": "СК",
    "strength": "6(4)",
    "armor": 2,
    "speed": 5,
    "weapons": {"bombs": 4, "landing": 3, "boarding": 3},
    "crew": "В3",
}
GROUND_UNIT = {"kind": "ground_unit", "name": "Тестовый отряд", "cost": 2, "strength": 3}
BATTERY = {
    "kind": "military_building",
    "name": "Тестовая батарея",
    "cost": 3,
    "strength": 6,
    "armor": 1,
    "weapons": {"plasma": 4},
}
MARKET = {
    "kind": "civil_building",
    "name": "Тестовый рынок",
    "cost": 2,
    "strength": 3,
    "income": {"resources": 1},
}
TACTIC = {"kind": "tactical", "name": "Тестовая тактика", "action_tokens": 1, "dice": 4}
ABILITY = {"kind": "ability", "name": "Тестовая способность", "variants": ["первый", "второй"]}

STANDARD_CARDS = [
    (EXORCIST_NOTATION, 4),
    (MAGNUM_NOTATION, 4),
    (CHIMERA_NOTATION, 3),
    (TRADER_SHIP, 3),
    (BOMBER, 3),
    (PLANET, 4),
    (ASTEROID, 4),
    (STATION, 2),
    (GROUND_UNIT, 4),
    (BATTERY, 3),
    (MARKET, 2),
    (TACTIC, 2),
    (ABILITY, 2),
]


def commander(name: str = "Тестовый Командор", initiative: int = 5, victory: str | None = None):
    card = {"kind": "commander", "name": name, "initiative": initiative}
    if victory:
        card["victory"] = victory
    return card


def standard_deck(name: str = "standard", **commander_args) -> dict:
    """A legal 40-card deck of every kind of card the engine plays."""
    return {
        "name": name,
        "commander": commander(**commander_args),
        "cards": [{"count": count, "card": card} for card, count in STANDARD_CARDS],
    }
