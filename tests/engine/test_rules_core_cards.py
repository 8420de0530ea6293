"""The ship card's parameters as the book lists them (SHIP-5, SHIP-7, SHIP-8, SHIP-11, SHIP-13),
read from the book's own example ships and played by the engine."""

import pytest

from komandor.rules.cards import card_from_dict
from komandor.rules.commerce import commercial_runs
from komandor.words.card_fields import card_stat_lines
from tests.engine.book_cards import EXORCIST_NOTATION, MAGNUM_NOTATION
from tests.engine.positions import position


@pytest.mark.rules("SHIP-5", "SHIP-7", "SHIP-8", "SHIP-11", "SHIP-13")
def test_a_ship_card_prints_name_type_cost_armament_and_properties():
    """«Название корабля, размер и тип корабля (… истребитель, крейсер, линкор и т.д.),
    стоимость производства, … вооружение корабля, … дополнительные возможности (свойства)» —
    the Exorcist: «плазменные орудия 5, мазер 8, лазерные установки 4», «стоимость … Крейсера 5»."""
    exorcist = card_from_dict(EXORCIST_NOTATION)
    assert exorcist.name == "Крейсер класса «Экзорцист»"
    assert exorcist.ship_class == "крейсер"
    assert exorcist.cost == 5
    assert exorcist.weapons.names() == ("plasma", "maser", "lasers")
    assert (exorcist.weapons.plasma.power, exorcist.weapons.maser.power) == (5, 8)
    magnum = card_from_dict(MAGNUM_NOTATION)
    assert (magnum.ship_class, magnum.cost) == ("штурмовик", 2)
    assert magnum.properties.names() == ("evasive_manoeuvre",)
    lines = {line.path: line for line in card_stat_lines(exorcist)}
    assert (lines["cost"].label_ru, lines["cost"].text) == ("Стоимость производства", "5")
    assert lines["ship_class"].text == "крейсер"


@pytest.mark.rules("SHIP-8", "SHIP-13")
def test_the_engine_charges_the_printed_cost_and_uses_the_printed_properties():
    """«стоимость производства» is what building takes; a «дополнительная возможность» such as
    the commercial run is what lets the ship make one (PROP-COMMERCE-1)."""
    game, uid = position(
        {
            "phase": "production",
            "players": [
                {
                    "commander_at": "home",
                    "resources": 5,
                    "script": ["{ship}:5"],
                    "cards": {
                        "home": {"card": "planet"},
                        "rock": {"card": "asteroid"},
                        "ship": {"card": "exorcist", "zone": "hand"},
                        "trader": {"card": "trader", "at": "home"},
                        "warship": {"card": "magnum", "at": "home"},
                    },
                },
                {"commander_at": "other", "cards": {"other": {"card": "planet"}}},
            ],
        }
    )
    assert game.produce(0, setup=False) == [uid["ship"]]
    assert game.state.players[0].resources == 0
    commercial_runs(game, 0)
    asked = [d.context.ship for d in game.agents[0].decisions if d.kind == "commerce.run"]
    assert asked == [uid["trader"]]  # only the ship printing «коммерческий рейс»
    assert game.state.players[0].commerce_tokens == 1
