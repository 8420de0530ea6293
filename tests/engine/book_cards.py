"""The rule book's own example cards (komandor.ru.txt, the worked battle example).

The book prints the stats below; it gives no names' costs except «стоимость Штурмовика 2,
а Крейсера 5 … дорогой корабль противника (стоимость линкора 10)». Sizes are not printed: the
Штурмовик is a light ship (it cannot shoot down missiles and is what a fighter-class card is),
the Крейсер medium and the Линкор heavy, as their types say (SHIP-6, SHIP-7).
"""

EXORCIST_NOTATION = {
    "kind": "ship",
    "name": "Крейсер класса «Экзорцист»",
    "cost": 5,
    "size": "СК",
    "ship_class": "крейсер",
    "strength": "8(5)",
    "shield": "С3",
    "armor": 3,
    "speed": 6,
    "weapons": {"plasma": 5, "maser": 8, "lasers": 4},
}

MAGNUM_NOTATION = {
    "kind": "ship",
    "name": "Штурмовик A2/S-6 «Магнум-К»",
    "cost": 2,
    "size": "ЛК",
    "ship_class": "штурмовик",
    "strength": "4(2)",
    "shield": "А1",
    "armor": 1,
    "speed": 10,
    "weapons": {"plasma": 6},
    "properties": {"evasive_manoeuvre": {}},
}

CHIMERA_NOTATION = {
    "kind": "ship",
    "name": "Линкор класса «Химера»",
    "cost": 10,
    "size": "ТК",
    "ship_class": "линкор",
    "strength": "12(8)",
    "shield": "В4",
    "armor": 6,
    "speed": 3,
    "weapons": {"plasma": 10, "maser": 10, "lasers": "2/4", "missiles": {"long": "4-4"}},
}

CHIMERA_CANONICAL = {
    "kind": "ship",
    "name": "Линкор класса «Химера»",
    "cost": 10,
    "size": "TK",
    "ship_class": "линкор",
    "strength": 12,
    "critical": 8,
    "shield": {"type": "B", "power": 4},
    "armor": 6,
    "speed": 3,
    "weapons": {
        "plasma": {"power": 10},
        "maser": {"type": "B", "power": 10},
        "lasers": {"targets": 2, "power": 4},
        "missiles": {"long": {"count": 4, "power": 4}},
    },
}
