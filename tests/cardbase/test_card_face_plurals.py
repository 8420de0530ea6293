"""Stat explanations on the card face: numbers and nouns agree in Russian («до 21 корабля»,
«до 2 кораблей»), and the wording has no case that a number could break."""

import pytest
from django.utils import translation

from cardbase.card_faces import _stat
from komandor.rules.cards import card_from_dict

SHIP = {"kind": "ship", "name": "Оса", "cost": 3, "strength": 12, "critical": 8, "speed": 4}


def explained(path: str, **stats) -> str:
    spec = card_from_dict({**SHIP, **stats})
    with translation.override("ru"):
        return _stat(spec, path, "").explanation


@pytest.mark.parametrize(
    ("targets", "words"),
    [(2, "до 2 кораблей"), (5, "до 5 кораблей"), (21, "до 21 корабля"), (22, "до 22 кораблей")],
)
def test_laser_targets_agree_with_their_number(targets, words):
    text = explained("weapons.lasers", weapons={"lasers": {"targets": targets, "power": 4}})
    assert words in text


def test_strength_and_nova_read_right_for_any_number():
    assert "когда повреждений набирается 12" in explained("strength")
    nova = explained("weapons.nova", weapons={"nova": {"power": 21}})
    assert "наносит повреждения силой 21" in nova
