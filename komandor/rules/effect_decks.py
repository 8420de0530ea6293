"""Decks whose cards carry effects, generated from the effect vocabulary (docs/effects.md):
for the reachability report (``scripts/effects_report.py``), the random-match tests and the
benchmark. These cards are this project's own test cards, not cards of the game: their names
say so («(тест)»), and no shipped content uses them.

``vocabulary_cards()`` is a fixed set in which every window, action kind, selector key,
condition key and cost appears; ``effect_deck(seed)`` draws a legal 40-card deck from it and
the plain cards of a fleet.
"""

from __future__ import annotations

import random
from typing import Any

TAG = " (тест)"

_SHIP: dict[str, Any] = {
    "kind": "ship", "name": "Крейсер класса «Сторож»" + TAG, "ship_class": "крейсер",
    "cost": 6, "size": "СК", "strength": "8(5)", "shield": "А2", "armor": 2, "speed": 6,
    "crew": "В2", "weapons": {"plasma": 4, "lasers": "2/3", "missiles": {"medium": "2-4"}},
}  # fmt: skip
_LIGHT: dict[str, Any] = {
    "kind": "ship", "name": "Истребитель «Оса»" + TAG, "ship_class": "истребитель", "cost": 3,
    "size": "ЛК", "strength": "4(3)", "armor": 1, "speed": 9, "crew": "Н1",
    "weapons": {"plasma": 3}, "properties": {"escort": True},
}  # fmt: skip
_PLANET: dict[str, Any] = {
    "kind": "space_object", "name": "Планета «Опора»" + TAG, "cost": 5, "object_type": "planet",
    "income": {"resources": 2},
}  # fmt: skip
_STATION: dict[str, Any] = {
    "kind": "space_object", "name": "Станция «Заслон»" + TAG, "cost": 7, "object_type": "station",
    "strength": "10", "armor": 2, "weapons": {"plasma": 5},
}  # fmt: skip
_UNIT: dict[str, Any] = {
    "kind": "ground_unit", "name": "Десант «Клин»" + TAG, "cost": 2, "strength": 3,
}  # fmt: skip
_HEAVY: dict[str, Any] = {
    "kind": "ship", "name": "Линкор класса «Утес»" + TAG, "ship_class": "линкор", "cost": 10,
    "size": "ТК", "strength": "13(9)", "shield": "С3", "armor": 4, "speed": 3, "crew": "В4",
    "weapons": {"plasma": 7, "turbolaser": 5, "boarding": 3},
}  # fmt: skip
_ASTEROID: dict[str, Any] = {
    "kind": "space_object", "name": "Астероид «Глыба»" + TAG, "cost": 3,
    "object_type": "asteroid", "income": {"action_tokens": 1},
}  # fmt: skip
_CORVETTE: dict[str, Any] = {
    "kind": "ship", "name": "Корвет «Стриж»" + TAG, "ship_class": "корвет", "cost": 4,
    "size": "ЛК", "strength": "5(4)", "armor": 1, "speed": 8, "crew": "В1",
    "weapons": {"lasers": "2/2", "bombs": 2, "landing": 2},
}  # fmt: skip

# Every window gets at least one card; each card exercises more of the vocabulary.
_EFFECTS: list[dict[str, Any]] = [
    {
        "kind": "tactical",
        "name": "Залп" + TAG,
        "action_tokens": 1,
        "dice": 3,
        "effects": [
            {
                "when": "battle_start",
                "targets": {"side": "enemy", "kind": "ship", "in": "battle", "count": 2},
                "actions": [{"do": "damage", "amount": 2}],
            }
        ],
    },
    {
        "kind": "tactical",
        "name": "Щиты на полную" + TAG,
        "action_tokens": 1,
        "effects": [
            {
                "when": "attack_declared",
                "condition": {
                    "attack": {"by": "enemy", "weapon": ["plasma", "lasers", "missiles"]}
                },
                "targets": {"is": "attacked"},
                "actions": [{"do": "modify", "stat": "shield", "by": 2, "until": "round"}],
            }
        ],
    },
    {
        "kind": "tactical",
        "name": "Добить" + TAG,
        "action_tokens": 2,
        "effects": [
            {
                "when": "after_attack",
                "condition": {"attack": {"by": "own"}},
                "targets": {
                    "side": "enemy",
                    "kind": "ship",
                    "damaged": True,
                    "in": "battle",
                    "size": ["LK", "SK"],
                },
                "actions": [{"do": "destroy"}],
            }
        ],
    },
    {
        "kind": "tactical",
        "name": "Рывок" + TAG,
        "action_tokens": 1,
        "effects": [
            {
                "when": "round_start",
                "condition": {"range": ["long", "medium"], "site": "open_space"},
                "targets": {"side": "own", "kind": "ship", "in": "battle", "count": "all"},
                "actions": [
                    {"do": "modify", "stat": "speed", "by": 2, "until": "battle"},
                    {"do": "modify", "stat": "plasma", "by": 1, "until": "round"},
                ],
            }
        ],
    },
    {
        "kind": "tactical",
        "name": "Отмена" + TAG,
        "action_tokens": 2,
        "effects": [{"when": "opponent_play", "actions": [{"do": "cancel"}]}],
    },
    {
        "kind": "tactical",
        "name": "Разведка" + TAG,
        "action_tokens": 1,
        "effects": [
            {
                "when": "start_of_turn",
                "actions": [
                    {"do": "search", "from": "deck", "select": {"kind": "ship", "size": "LK"}}
                ],
            }
        ],
    },
    {
        "kind": "tactical",
        "name": "Прыжок" + TAG,
        "action_tokens": 1,
        "effects": [
            {
                "when": "before_movement",
                "actions": [{"do": "permit", "rule": "enter_enemy_sector", "until": "phase"}],
            }
        ],
    },
    {
        "kind": "tactical",
        "name": "Отход" + TAG,
        "action_tokens": 1,
        "effects": [
            {
                "when": "after_movement",
                "targets": {
                    "side": "own",
                    "kind": "ship",
                    "in": "sector",
                    "tapped": False,
                    "weapon": "plasma",
                },
                "actions": [{"do": "move", "to": "new_sector"}, {"do": "tap"}],
            }
        ],
    },
    {
        "kind": "tactical",
        "name": "Сбор сил" + TAG,
        "action_tokens": 1,
        "effects": [
            {
                "when": "after_movement",
                "targets": {"side": "own", "kind": "ship", "in": "orbit", "property": "escort"},
                "actions": [{"do": "move", "to": "place"}, {"do": "untap"}],
            }
        ],
    },
    {
        "kind": "tactical",
        "name": "Саботаж" + TAG,
        "action_tokens": 2,
        "effects": [
            {
                "when": "battle_phase_start",
                "targets": {
                    "side": "enemy",
                    "chooser": "opponent",
                    "any_of": [
                        {"kind": "ship", "class": "крейсер"},
                        {"kind": "station", "object_type": "station"},
                    ],
                },
                "actions": [{"do": "damage", "amount": 1}],
            }
        ],
    },
    {
        "kind": "tactical",
        "name": "Точный расчет" + TAG,
        "action_tokens": 1,
        "effects": [
            {
                "when": "battle_phase_start",
                "actions": [
                    {"do": "reroll", "count": 2, "purposes": ["salvo", "effect"], "until": "phase"}
                ],
            }
        ],
    },
    {
        "kind": "tactical",
        "name": "Ремонт в бою" + TAG,
        "action_tokens": 1,
        "effects": [
            {
                "when": "battle_end",
                "targets": {
                    "side": "own",
                    "kind": "ship",
                    "in": "battle",
                    "damaged": True,
                    "count": "all",
                },
                "actions": [{"do": "repair", "amount": 1}],
            }
        ],
    },
    {
        "kind": "situation",
        "name": "Ремонтная верфь" + TAG,
        "resources": 2,
        "effects": [
            {
                "when": "production_situations",
                "targets": {
                    "side": "own",
                    "kind": ["ship", "ground_unit"],
                    "damaged": True,
                    "count": "all",
                },
                "actions": [{"do": "repair", "amount": "all"}],
            },
            {"when": "on_play", "actions": [{"do": "draw", "count": 1}]},
        ],
    },
    {
        "kind": "situation",
        "name": "Блокада связи" + TAG,
        "action_tokens": 1,
        "effects": [
            {
                "when": "static",
                "actions": [{"do": "forbid", "rule": "play_tactical", "player": "opponent"}],
            },
            {
                "when": "end_of_turn",
                "condition": {
                    "count": {"of": {"side": "enemy", "kind": "ship"}, "min": 1, "max": 30}
                },
                "actions": [
                    {"do": "lose", "resources": 1, "action_tokens": 1, "player": "opponent"}
                ],
            },
        ],
    },
    {
        "kind": "situation",
        "name": "Склады" + TAG,
        "dice": 3,
        "effects": [
            {"when": "start_of_turn", "actions": [{"do": "gain", "resources": 1}]},
            {
                "when": "static",
                "targets": {"side": "own", "name": "Сторож"},
                "actions": [{"do": "modify", "stat": "armor", "by": 1}],
            },
        ],
    },
    {
        "kind": "upgrade",
        "name": "Усиленные щиты" + TAG,
        "cost": 2,
        "target": "ship",
        "effects": [
            {
                "when": "static",
                "targets": {"is": "host"},
                "actions": [{"do": "modify", "stat": "shield", "by": 2}],
            },
            {
                "when": "battle_end",
                "cost": {"action_tokens": 1},
                "condition": {"self": {"damaged": True}},
                "targets": {"is": "host"},
                "actions": [{"do": "repair", "amount": "all"}],
            },
        ],
    },
    {
        "kind": "upgrade",
        "name": "Форсаж" + TAG,
        "cost": 1,
        "target": "ship",
        "effects": [
            {
                "when": "round_start",
                "cost": {"roll": 4},
                "targets": {"is": "host"},
                "actions": [{"do": "modify", "stat": "speed", "by": 3, "until": "round"}],
            }
        ],
    },
    {
        "kind": "upgrade",
        "name": "Орбитальный док" + TAG,
        "cost": 2,
        "target": "space_object",
        "effects": [
            {
                "when": "production_upgrades",
                "cost": {"resources": 1},
                "targets": {"side": "own", "kind": "ship", "in": "place", "damaged": True},
                "actions": [{"do": "repair", "amount": 2}],
            }
        ],
    },
    {
        "kind": "ability",
        "name": "Опытный штурман" + TAG,
        "variants": [
            [
                {
                    "when": "initiative",
                    "cost": {"action_tokens": 1},
                    "actions": [{"do": "initiative", "by": 2, "until": "turn"}],
                }
            ],
            [
                {
                    "when": "before_movement",
                    "condition": {"turn": {"min": 2}},
                    "actions": [{"do": "permit", "rule": "enter_enemy_sector", "until": "turn"}],
                }
            ],
        ],
    },
    {
        "kind": "ability",
        "name": "Тактик" + TAG,
        "special": True,
        "variants": [
            [
                {
                    "when": "production_abilities",
                    "cost": {"action_tokens": 1},
                    "actions": [{"do": "draw", "count": 1, "player": "self"}],
                }
            ],
            [
                {
                    "when": "battle_start",
                    "condition": {"role": "attacker"},
                    "targets": {"side": "enemy", "kind": "ship", "in": "battle", "tapped": False},
                    "actions": [{"do": "tap"}],
                }
            ],
        ],
    },
    {
        "kind": "ability",
        "name": "Интендант" + TAG,
        "variants": [
            [
                {
                    "when": "end_of_turn",
                    "cost": {"action_tokens": 2},
                    "actions": [
                        {
                            "do": "search",
                            "from": "losses",
                            "count": 1,
                            "select": {"any_of": [{"kind": "ship"}, {"kind": "ground_unit"}]},
                        }
                    ],
                }
            ],
            [{"when": "production_situations", "actions": [{"do": "gain", "action_tokens": 1}]}],
        ],
    },
    {
        "kind": "ship",
        "name": "Линкор класса «Вестник»" + TAG,
        "ship_class": "линкор",
        "cost": 9,
        "size": "ТК",
        "strength": "12(8)",
        "shield": "В3",
        "armor": 4,
        "speed": 4,
        "crew": "Э3",
        "weapons": {"plasma": 6, "maser": 6, "torpedoes": "2-5"},
        "effects": [
            {
                "when": "round_start",
                "cost": {"action_tokens": 1},
                "condition": {"self": {"in": "orbit", "object_type": "planet"}},
                "targets": {
                    "side": "own",
                    "kind": "ship",
                    "in": "battle",
                    "size": "LK",
                    "count": "all",
                },
                "actions": [{"do": "modify", "stat": "armor", "by": 1, "until": "round"}],
            },
            {
                "when": "static",
                "targets": {"is": "self"},
                "actions": [{"do": "modify", "stat": "torpedoes", "by": 1}],
            },
        ],
    },
    {
        "kind": "space_object",
        "name": "Планета «Маяк»" + TAG,
        "cost": 6,
        "object_type": "planet",
        "income": {"resources": 1},
        "effects": [
            {"when": "on_play", "actions": [{"do": "gain", "action_tokens": 1}]},
            {
                "when": "start_of_turn",
                "stacks": True,
                "condition": {
                    "count": {"of": {"side": "own", "kind": "ship", "in": "place"}, "min": 1}
                },
                "actions": [{"do": "draw", "count": 1}],
            },
        ],
    },
    {
        "kind": "military_building",
        "name": "Батарея «Гром»" + TAG,
        "cost": 3,
        "strength": 4,
        "weapons": {"plasma": 3},
        "effects": [
            {
                "when": "battle_start",
                "targets": {
                    "side": "enemy",
                    "kind": "ship",
                    "in": "battle",
                    "tapped": False,
                    "chooser": "opponent",
                },
                "actions": [{"do": "damage", "amount": 1}],
            }
        ],
    },
    {
        "kind": "situation",
        "name": "Рудник" + TAG,
        "resources": 2,
        "effects": [{"when": "resources", "actions": [{"do": "gain", "resources": 1}]}],
    },
    {
        "kind": "situation",
        "name": "Засада" + TAG,
        "action_tokens": 1,
        "effects": [
            {
                "when": "battle_start",
                "condition": {"role": "defender"},
                "actions": [{"do": "enter"}],
            },
            {
                "when": "ship_destroyed",
                "condition": {"destroyed": "own"},
                "actions": [{"do": "draw", "count": 1}],
            },
        ],
    },
    {
        "kind": "tactical",
        "name": "Переработка" + TAG,
        "action_tokens": 1,
        "effects": [
            {
                "when": "end_of_turn",
                "actions": [{"do": "to_deck", "from": "losses", "select": {"kind": "ship"}}],
            }
        ],
    },
    {
        "kind": "ship",
        "name": "Крейсер «Ремонтник»" + TAG,
        "ship_class": "крейсер",
        "cost": 6,
        "size": "СК",
        "strength": "8(5)",
        "shield": "А2",
        "armor": 2,
        "speed": 6,
        "weapons": {"plasma": 5},
        "effects": [
            {
                "when": "round_end",
                "cost": {"action_tokens": 1},
                "condition": {"self": {"damaged": True}},
                "targets": {"is": "self"},
                "actions": [{"do": "repair", "amount": 2}],
            }
        ],
    },
    {
        "kind": "situation",
        "name": "Учения" + TAG,
        "resources": 1,
        "effects": [
            {
                "when": "start_of_turn",
                "condition": {"count": {"of": {"side": "own", "zone": "production"}, "min": 1}},
                "targets": {"side": "own", "kind": "ship", "count": "all"},
                "actions": [
                    {"do": "modify", "stat": "strength", "by": 1, "until": "turn"},
                    {"do": "modify", "stat": "speed", "by": 1, "until": "phase"},
                    {"do": "modify", "stat": "critical", "by": 1, "until": "permanent"},
                ],
            }
        ],
    },
]

_COMMANDER: dict[str, Any] = {
    "kind": "commander", "name": "Командор «Испытатель»" + TAG, "initiative": 5,
    "effects": [{"when": "initiative", "condition": {"turn": {"min": 3}},
                 "actions": [{"do": "victory", "condition": "trader"}]},
                {"when": "static", "targets": {"is": "carrier"},
                 "actions": [{"do": "modify", "stat": "armor", "by": 1}]}],
}  # fmt: skip

_FLEET = [(_SHIP, 4), (_LIGHT, 4), (_PLANET, 4), (_STATION, 1), (_UNIT, 2), (_HEAVY, 1)]
_TOP_UP = [_SHIP, _LIGHT, _PLANET, _HEAVY, _CORVETTE, _ASTEROID, _UNIT, _HEAVY, _STATION]
EFFECT_CARDS = tuple(_EFFECTS)
DECK_SIZE = 40


def vocabulary_cards() -> list[dict[str, Any]]:
    """The effect-carrying test cards (every vocabulary item and window among them)."""
    return [dict(card) for card in _EFFECTS]


def effect_deck(seed: int, *, name: str = "", effects: bool = True) -> dict[str, Any]:
    """A legal 40-card deck (the ``decks.py`` file format): the fleet, and with ``effects``
    a random draw of effect cards; without, more of the fleet."""
    rng = random.Random(seed)
    counts: dict[str, int] = {}
    cards: dict[str, dict[str, Any]] = {}
    for card, count in _FLEET:
        counts[card["name"]] = count
        cards[card["name"]] = card
    if effects:
        for card in rng.sample(_EFFECTS, k=12):
            counts[card["name"]] = 2
            cards[card["name"]] = card
    index = 0
    while sum(counts.values()) < DECK_SIZE:
        card = _TOP_UP[index % len(_TOP_UP)]
        if counts.get(card["name"], 0) < 4:
            counts[card["name"]] = counts.get(card["name"], 0) + 1
            cards[card["name"]] = card
        index += 1
    entries = [{"count": count, "card": cards[name]} for name, count in counts.items()]
    return {"name": name or f"effects-{seed}", "commander": _COMMANDER, "cards": entries}
