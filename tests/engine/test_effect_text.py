"""Card text rendered from effect data (komandor/words/effect_text.py): exact wording per
vocabulary item in Russian and English, Russian plurals, every example of docs/effects.md."""
# ruff: noqa: E501  (the expected sentences are kept whole, one per line, to be read as text)

import json
import re
from pathlib import Path

import pytest

from komandor.rules.cards import card_from_dict, card_to_dict
from komandor.rules.effect_schema import (
    ACTIONS,
    CONDITION_KEYS,
    SELECTOR_KEYS,
    WHEN_VALUES,
    effect_to_dict,
    read_effects,
)
from komandor.words.effect_text import card_text, effect_text
from komandor.words.plurals import count_en, count_ru, ru_category

DOC = (Path(__file__).parents[2] / "docs" / "effects.md").read_text(encoding="utf-8")
_SNIPPET = re.compile(r"`(\{.*?\})`(?=\s*(?:—|\||$))", re.MULTILINE)
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _effect(raw: dict, kind: str = "commander"):
    specs, problems = read_effects([raw], "effects", kind=kind)
    assert problems == []
    return specs[0]


# --- plurals -------------------------------------------------------------------------------

PLURALS = {
    1: ("1 фишку действия", "1 повреждение", "1 ресурс", "1 карту"),
    2: ("2 фишки действия", "2 повреждения", "2 ресурса", "2 карты"),
    5: ("5 фишек действия", "5 повреждений", "5 ресурсов", "5 карт"),
    11: ("11 фишек действия", "11 повреждений", "11 ресурсов", "11 карт"),
    21: ("21 фишку действия", "21 повреждение", "21 ресурс", "21 карту"),
    22: ("22 фишки действия", "22 повреждения", "22 ресурса", "22 карты"),
    25: ("25 фишек действия", "25 повреждений", "25 ресурсов", "25 карт"),
    111: ("111 фишек действия", "111 повреждений", "111 ресурсов", "111 карт"),
}


@pytest.mark.parametrize("number", sorted(PLURALS))
def test_russian_plurals(number):
    nouns = (
        ("фишку действия", "фишки действия", "фишек действия"),
        ("повреждение", "повреждения", "повреждений"),
        ("ресурс", "ресурса", "ресурсов"),
        ("карту", "карты", "карт"),
    )
    assert tuple(count_ru(number, forms) for forms in nouns) == PLURALS[number]


def test_russian_plural_categories_follow_cldr():
    assert [ru_category(n) for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112)] == [
        "many", "one", "few", "few", "many", "many", "many", "many",
        "one", "few", "many", "one", "many", "many",
    ]  # fmt: skip


def test_english_plurals():
    assert [count_en(n, ("card", "cards")) for n in (1, 2, 11, 21)] == [
        "1 card",
        "2 cards",
        "11 cards",
        "21 cards",
    ]


@pytest.mark.parametrize(
    ("count", "ru", "en"),
    [
        (2, "выберите 2 вражеских корабля в этом сражении", "choose 2 enemy ships in this battle"),
        (5, "выберите 5 вражеских кораблей в этом сражении", "choose 5 enemy ships in this battle"),
        (
            11,
            "выберите 11 вражеских кораблей в этом сражении",
            "choose 11 enemy ships in this battle",
        ),
        (
            21,
            "выберите 21 вражеский корабль в этом сражении",
            "choose 21 enemy ships in this battle",
        ),
        (
            22,
            "выберите 22 вражеских корабля в этом сражении",
            "choose 22 enemy ships in this battle",
        ),
    ],
)
def test_numbers_govern_target_phrases(count, ru, en):
    effect = _effect(
        {
            "when": "battle_start",
            "targets": {"side": "enemy", "kind": "ship", "in": "battle", "count": count},
            "actions": [{"do": "tap"}],
        }
    )
    assert effect_text(effect, "ru", kind="commander").startswith(
        f"Перед началом первого раунда боя: {ru} и поверните их"
    )
    assert effect_text(effect, "en", kind="commander").startswith(
        f"Before the first round of battle: {en} and tap them"
    )


@pytest.mark.parametrize(
    ("kind", "count", "ru"),
    [
        ("military_building", 1, "выберите свою военную постройку и поверните ее"),
        ("military_building", 2, "выберите 2 свои военные постройки и поверните их"),
        ("military_building", 5, "выберите 5 своих военных построек и поверните их"),
        ("station", 21, "выберите 21 свою станцию и поверните их"),
        ("ground_unit", 3, "выберите 3 своих наземных отряда и поверните их"),
        ("space_object", 1, "выберите свой космический объект и поверните его"),
    ],
)
def test_targets_agree_in_gender_and_case(kind, count, ru):
    effect = _effect(
        {
            "when": "end_of_turn",
            "targets": {"side": "own", "kind": kind, "count": count},
            "actions": [{"do": "tap"}],
        }
    )
    assert effect_text(effect, "ru", kind="commander") == f"В конце хода: {ru}."


def test_all_targets_and_their_pronoun():
    effect = _effect(
        {
            "when": "battle_end",
            "targets": {"side": "own", "kind": "ship", "in": "battle", "count": "all"},
            "actions": [{"do": "repair", "amount": 1}, {"do": "untap"}],
        }
    )
    assert effect_text(effect, "ru", kind="commander") == (
        "Когда сражение завершено: снимите с каждого своего корабля в этом сражении "
        "1 повреждение и разверните их."
    )
    assert effect_text(effect, "en", kind="commander") == (
        "When the battle is over: remove 1 damage from each of your ships in this battle "
        "and untap them."
    )
    modify = _effect(
        {
            "when": "round_start",
            "targets": {"side": "own", "kind": "ship", "count": "all"},
            "actions": [{"do": "modify", "stat": "armor", "by": -1, "until": "round"}],
        }
    )
    assert effect_text(modify, "ru", kind="commander") == (
        "В начале каждого раунда боя: дайте всем своим кораблям −1 к броне до конца раунда."
    )
    assert effect_text(modify, "en", kind="commander") == (
        "At the start of each round of battle: give all your ships −1 armor until the end of "
        "the round."
    )


# --- one test per vocabulary item ----------------------------------------------------------

VOCABULARY = [
    (
        "when:start_of_turn",
        "commander",
        {"when": "start_of_turn", "actions": [{"do": "gain", "resources": 1}]},
        "В начале хода: получите 1 ресурс.",
        "At the start of the turn: gain 1 resource.",
    ),
    (
        "when:initiative",
        "commander",
        {"when": "initiative", "actions": [{"do": "initiative", "by": 2, "until": "turn"}]},
        "При определении инициативы: увеличьте инициативу своего Командора на 2 до конца хода.",
        "When initiative is determined: increase your Commander's initiative by 2 until the end of the turn.",
    ),
    (
        "when:production_abilities",
        "commander",
        {"when": "production_abilities", "actions": [{"do": "draw", "count": 1}]},
        "В фазу производства, при введении в игру карт способностей: возьмите 1 карту из колоды.",
        "In the production phase, when ability cards are played: draw 1 card.",
    ),
    (
        "when:production_upgrades",
        "commander",
        {"when": "production_upgrades", "actions": [{"do": "draw", "count": 1}]},
        "В фазу производства, при отыгрыше карт улучшений: возьмите 1 карту из колоды.",
        "In the production phase, when upgrade cards are played: draw 1 card.",
    ),
    (
        "when:production_situations",
        "commander",
        {"when": "production_situations", "actions": [{"do": "draw", "count": 1}]},
        "В фазу производства, при введении в игру карт обстановки: возьмите 1 карту из колоды.",
        "In the production phase, when situation cards are played: draw 1 card.",
    ),
    (
        "when:before_movement",
        "commander",
        {"when": "before_movement", "actions": [{"do": "draw", "count": 1}]},
        "В фазу перемещения, до первого перемещения: возьмите 1 карту из колоды.",
        "In the movement phase, before the first move: draw 1 card.",
    ),
    (
        "when:after_movement",
        "commander",
        {"when": "after_movement", "actions": [{"do": "draw", "count": 1}]},
        "В фазу перемещения, после последнего перемещения: возьмите 1 карту из колоды.",
        "In the movement phase, after the last move: draw 1 card.",
    ),
    (
        "when:battle_phase_start",
        "commander",
        {"when": "battle_phase_start", "actions": [{"do": "draw", "count": 1}]},
        "В начале любой фазы сражения: возьмите 1 карту из колоды.",
        "At the start of any battle phase: draw 1 card.",
    ),
    (
        "when:battle_start",
        "commander",
        {"when": "battle_start", "actions": [{"do": "draw", "count": 1}]},
        "Перед началом первого раунда боя: возьмите 1 карту из колоды.",
        "Before the first round of battle: draw 1 card.",
    ),
    (
        "when:round_start",
        "commander",
        {"when": "round_start", "actions": [{"do": "draw", "count": 1}]},
        "В начале каждого раунда боя: возьмите 1 карту из колоды.",
        "At the start of each round of battle: draw 1 card.",
    ),
    (
        "when:attack_declared",
        "commander",
        {"when": "attack_declared", "actions": [{"do": "draw", "count": 1}]},
        "Когда объявлена атака: возьмите 1 карту из колоды.",
        "When an attack is declared: draw 1 card.",
    ),
    (
        "when:after_attack",
        "commander",
        {"when": "after_attack", "actions": [{"do": "draw", "count": 1}]},
        "После проведения атаки: возьмите 1 карту из колоды.",
        "After an attack is resolved: draw 1 card.",
    ),
    (
        "when:battle_end",
        "commander",
        {"when": "battle_end", "actions": [{"do": "draw", "count": 1}]},
        "Когда сражение завершено: возьмите 1 карту из колоды.",
        "When the battle is over: draw 1 card.",
    ),
    (
        "when:end_of_turn",
        "commander",
        {"when": "end_of_turn", "actions": [{"do": "draw", "count": 1}]},
        "В конце хода: возьмите 1 карту из колоды.",
        "At the end of the turn: draw 1 card.",
    ),
    (
        "when:resources",
        "situation",
        {"when": "resources", "actions": [{"do": "gain", "resources": 1}]},
        "В фазу получения ресурсов: получите 1 ресурс.",
        "In the resources phase: gain 1 resource.",
    ),
    (
        "when:round_end",
        "commander",
        {
            "when": "round_end",
            "targets": {"is": "carrier"},
            "actions": [{"do": "repair", "amount": 1}],
        },
        "В конце каждого раунда боя: снимите с корабля или объекта Командора 1 повреждение.",
        "At the end of each round of battle: remove 1 damage from the Commander's ship or object.",
    ),
    (
        "when:ship_destroyed",
        "commander",
        {"when": "ship_destroyed", "actions": [{"do": "gain", "resources": 1}]},
        "Когда уничтожен корабль: получите 1 ресурс.",
        "When a ship is destroyed: gain 1 resource.",
    ),
    (
        "when:opponent_play",
        "commander",
        {"when": "opponent_play", "actions": [{"do": "cancel"}]},
        "Когда противник играет карту или свойство: отмените сыгранную противником карту или свойство.",
        "When the opponent plays a card or property: cancel the card or property the opponent plays.",
    ),
    (
        "when:static",
        "ship",
        {
            "when": "static",
            "targets": {"is": "self"},
            "actions": [{"do": "modify", "stat": "armor", "by": 1}],
        },
        "Этот корабль получает +1 к броне.",
        "This ship gets +1 armor.",
    ),
    (
        "when:on_play",
        "ship",
        {"when": "on_play", "actions": [{"do": "draw", "count": 2}]},
        "Когда эта карта входит в игру: возьмите 2 карты из колоды.",
        "When this card enters play: draw 2 cards.",
    ),
    (
        "when:list",
        "commander",
        {"when": ["start_of_turn", "end_of_turn"], "actions": [{"do": "draw", "count": 1}]},
        "В начале хода или в конце хода: возьмите 1 карту из колоды.",
        "At the start of the turn or at the end of the turn: draw 1 card.",
    ),
    (
        "cost:action_tokens",
        "commander",
        {
            "when": "end_of_turn",
            "cost": {"action_tokens": 2},
            "actions": [{"do": "draw", "count": 1}],
        },
        "В конце хода: заплатите 2 фишки действия. Возьмите 1 карту из колоды.",
        "At the end of the turn: pay 2 action tokens. Draw 1 card.",
    ),
    (
        "cost:resources",
        "commander",
        {"when": "end_of_turn", "cost": {"resources": 3}, "actions": [{"do": "draw", "count": 1}]},
        "В конце хода: заплатите 3 ресурса. Возьмите 1 карту из колоды.",
        "At the end of the turn: pay 3 resources. Draw 1 card.",
    ),
    (
        "cost:roll",
        "commander",
        {"when": "end_of_turn", "cost": {"roll": 4}, "actions": [{"do": "draw", "count": 1}]},
        "В конце хода: бросьте D6: на 4 и больше возьмите 1 карту из колоды.",
        "At the end of the turn: roll a D6: on 4 or more, draw 1 card.",
    ),
    (
        "cost:several",
        "commander",
        {
            "when": "end_of_turn",
            "cost": {"action_tokens": 1, "resources": 5, "roll": 6},
            "actions": [{"do": "draw", "count": 1}],
        },
        "В конце хода: заплатите 1 фишку действия и 5 ресурсов. Бросьте D6: на 6 возьмите 1 карту из колоды.",
        "At the end of the turn: pay 1 action token and 5 resources. Roll a D6: on a 6, draw 1 card.",
    ),
    (
        "stacks",
        "ship",
        {
            "when": "round_start",
            "cost": {"action_tokens": 1},
            "targets": {"is": "self"},
            "actions": [{"do": "modify", "stat": "speed", "by": 1, "until": "round"}],
            "stacks": True,
        },
        "В начале каждого раунда боя: заплатите 1 фишку действия. Дайте этому кораблю +1 к скорости до конца раунда. Можно использовать повторно, пока действует эффект.",
        "At the start of each round of battle: pay 1 action token. Give this ship +1 speed until the end of the round. It may be used again while its effect lasts.",
    ),
    (
        "condition:range",
        "commander",
        {
            "when": "round_start",
            "condition": {"range": ["medium", "short"]},
            "actions": [{"do": "draw", "count": 1}],
        },
        "В начале каждого раунда боя, если бой идет на средней или малой дистанции: возьмите 1 карту из колоды.",
        "At the start of each round of battle, if the battle is at medium or short range: draw 1 card.",
    ),
    (
        "condition:site",
        "commander",
        {
            "when": "round_start",
            "condition": {"site": "open_space"},
            "actions": [{"do": "draw", "count": 1}],
        },
        "В начале каждого раунда боя, если сражение идет в открытом космосе: возьмите 1 карту из колоды.",
        "At the start of each round of battle, if the battle is in open space: draw 1 card.",
    ),
    (
        "condition:role",
        "commander",
        {
            "when": "round_start",
            "condition": {"role": "defender"},
            "actions": [{"do": "draw", "count": 1}],
        },
        "В начале каждого раунда боя, если вы — обороняющийся игрок в этом сражении: возьмите 1 карту из колоды.",
        "At the start of each round of battle, if you are the defender in this battle: draw 1 card.",
    ),
    (
        "condition:attack",
        "commander",
        {
            "when": "attack_declared",
            "condition": {"attack": {"by": "enemy", "weapon": ["missiles", "torpedoes"]}},
            "actions": [{"do": "draw", "count": 1}],
        },
        "Когда объявлена атака, если противник атакует ракетами или торпедами: возьмите 1 карту из колоды.",
        "When an attack is declared, if the opponent attacks with missiles or torpedoes: draw 1 card.",
    ),
    (
        "condition:count",
        "commander",
        {
            "when": "round_start",
            "condition": {
                "count": {"of": {"side": "enemy", "kind": "ship", "in": "battle"}, "min": 3}
            },
            "actions": [{"do": "draw", "count": 1}],
        },
        "В начале каждого раунда боя, если вражеских кораблей в этом сражении не менее 3: возьмите 1 карту из колоды.",
        "At the start of each round of battle, if there are at least 3 enemy ships in this battle: draw 1 card.",
    ),
    (
        "condition:self",
        "commander",
        {
            "when": "round_start",
            "condition": {"self": {"damaged": True, "in": "orbit", "object_type": "planet"}},
            "actions": [{"do": "draw", "count": 1}],
        },
        "В начале каждого раунда боя, если корабль или объект Командора поврежден и находится на орбите планеты: возьмите 1 карту из колоды.",
        "At the start of each round of battle, if the Commander's ship or object is damaged and is in orbit of a planet: draw 1 card.",
    ),
    (
        "condition:turn",
        "commander",
        {
            "when": "start_of_turn",
            "condition": {"turn": {"min": 3}},
            "actions": [{"do": "draw", "count": 1}],
        },
        "В начале хода, если идет 3-й ход или позже: возьмите 1 карту из колоды.",
        "At the start of the turn, if it is turn 3 or later: draw 1 card.",
    ),
    (
        "condition:destroyed",
        "situation",
        {
            "when": "ship_destroyed",
            "condition": {"destroyed": "enemy"},
            "actions": [{"do": "gain", "resources": 1}],
        },
        "Когда уничтожен корабль, если это корабль противника: получите 1 ресурс.",
        "When a ship is destroyed, if it is an enemy ship: gain 1 resource.",
    ),
    (
        "condition:destroyed_own",
        "commander",
        {
            "when": "ship_destroyed",
            "condition": {"destroyed": "own"},
            "actions": [{"do": "draw", "count": 1}],
        },
        "Когда уничтожен корабль, если это ваш корабль: возьмите 1 карту из колоды.",
        "When a ship is destroyed, if it is your ship: draw 1 card.",
    ),
    (
        "condition:several",
        "commander",
        {
            "when": "round_start",
            "condition": [{"range": "long"}, {"role": "attacker"}],
            "actions": [{"do": "draw", "count": 1}],
        },
        "В начале каждого раунда боя, если бой идет на дальней дистанции и вы — нападающий игрок в этом сражении: возьмите 1 карту из колоды.",
        "At the start of each round of battle, if the battle is at long range and you are the attacker in this battle: draw 1 card.",
    ),
    (
        "targets:side",
        "commander",
        {"when": "end_of_turn", "targets": {"side": "any"}, "actions": [{"do": "tap"}]},
        "В конце хода: выберите любую карту и поверните ее.",
        "At the end of the turn: choose any card and tap it.",
    ),
    (
        "targets:is",
        "commander",
        {"when": "end_of_turn", "targets": {"is": "carrier"}, "actions": [{"do": "untap"}]},
        "В конце хода: разверните корабль или объект Командора.",
        "At the end of the turn: untap the Commander's ship or object.",
    ),
    (
        "targets:kind",
        "commander",
        {
            "when": "end_of_turn",
            "targets": {"side": "enemy", "kind": ["military_building", "ground_unit"]},
            "actions": [{"do": "tap"}],
        },
        "В конце хода: выберите вражескую военную постройку или вражеский наземный отряд и поверните выбранную карту.",
        "At the end of the turn: choose an enemy military building or an enemy ground unit and tap it.",
    ),
    (
        "targets:size",
        "commander",
        {
            "when": "end_of_turn",
            "targets": {"side": "enemy", "kind": "ship", "size": "TK"},
            "actions": [{"do": "tap"}],
        },
        "В конце хода: выберите вражеский корабль ТК и поверните его.",
        "At the end of the turn: choose an enemy heavy ship and tap it.",
    ),
    (
        "targets:class",
        "commander",
        {
            "when": "end_of_turn",
            "targets": {"side": "own", "kind": "ship", "class": "крейсер"},
            "actions": [{"do": "untap"}],
        },
        "В конце хода: выберите свой корабль типа «крейсер» и разверните его.",
        "At the end of the turn: choose one of your ships of type «cruiser» and untap it.",
    ),
    (
        "targets:name",
        "commander",
        {
            "when": "end_of_turn",
            "targets": {"side": "own", "name": "Химера"},
            "actions": [{"do": "untap"}],
        },
        "В конце хода: выберите свою карту «Химера» и разверните ее.",
        "At the end of the turn: choose one of your cards named «Химера» and untap it.",
    ),
    (
        "targets:object_type",
        "commander",
        {
            "when": "end_of_turn",
            "targets": {"side": "own", "kind": "space_object", "object_type": "planet"},
            "actions": [{"do": "untap"}],
        },
        "В конце хода: выберите свою планету и разверните ее.",
        "At the end of the turn: choose one of your planets and untap it.",
    ),
    (
        "targets:damaged",
        "commander",
        {
            "when": "end_of_turn",
            "targets": {"side": "own", "kind": "ship", "damaged": True},
            "actions": [{"do": "repair", "amount": 2}],
        },
        "В конце хода: выберите свой поврежденный корабль и снимите с него 2 повреждения.",
        "At the end of the turn: choose one of your damaged ships and remove 2 damage from it.",
    ),
    (
        "targets:tapped",
        "commander",
        {
            "when": "end_of_turn",
            "targets": {"side": "own", "kind": "ship", "tapped": True},
            "actions": [{"do": "untap"}],
        },
        "В конце хода: выберите свой повернутый корабль и разверните его.",
        "At the end of the turn: choose one of your tapped ships and untap it.",
    ),
    (
        "targets:weapon",
        "commander",
        {
            "when": "end_of_turn",
            "targets": {"side": "enemy", "kind": "ship", "weapon": "boarding"},
            "actions": [{"do": "tap"}],
        },
        "В конце хода: выберите вражеский корабль с абордажными шлюпками и поверните его.",
        "At the end of the turn: choose an enemy ship with boarding shuttles and tap it.",
    ),
    (
        "targets:property",
        "commander",
        {
            "when": "end_of_turn",
            "targets": {"side": "own", "kind": "ship", "property": "escort"},
            "actions": [{"do": "untap"}],
        },
        "В конце хода: выберите свой корабль со свойством «Эскорт» и разверните его.",
        "At the end of the turn: choose one of your ships with Escort and untap it.",
    ),
    (
        "targets:in",
        "commander",
        {
            "when": "battle_end",
            "targets": {"side": "own", "kind": "ship", "in": "battle"},
            "actions": [{"do": "repair", "amount": 1}],
        },
        "Когда сражение завершено: выберите свой корабль в этом сражении и снимите с него 1 повреждение.",
        "When the battle is over: choose one of your ships in this battle and remove 1 damage from it.",
    ),
    (
        "targets:zone",
        "commander",
        {
            "when": "production_upgrades",
            "targets": {"side": "own", "kind": "ship", "zone": "production"},
            "actions": [{"do": "untap"}],
        },
        "В фазу производства, при отыгрыше карт улучшений: выберите свой корабль в зоне производства и разверните его.",
        "In the production phase, when upgrade cards are played: choose one of your ships in the production zone and untap it.",
    ),
    (
        "targets:count",
        "commander",
        {
            "when": "battle_start",
            "targets": {"side": "enemy", "kind": "ship", "in": "battle", "count": 2},
            "actions": [{"do": "damage", "amount": 1}],
        },
        "Перед началом первого раунда боя: выберите 2 вражеских корабля в этом сражении и нанесите каждому из них 1 повреждение.",
        "Before the first round of battle: choose 2 enemy ships in this battle and deal 1 damage to each of them.",
    ),
    (
        "targets:count_all",
        "commander",
        {
            "when": "battle_end",
            "targets": {"side": "own", "kind": "ship", "in": "battle", "count": "all"},
            "actions": [{"do": "repair", "amount": 1}],
        },
        "Когда сражение завершено: снимите с каждого своего корабля в этом сражении 1 повреждение.",
        "When the battle is over: remove 1 damage from each of your ships in this battle.",
    ),
    (
        "targets:chooser",
        "commander",
        {
            "when": "battle_start",
            "targets": {"side": "enemy", "kind": "ship", "in": "battle", "chooser": "opponent"},
            "actions": [{"do": "destroy"}],
        },
        "Перед началом первого раунда боя: противник выбирает свой корабль в этом сражении: уничтожьте его.",
        "Before the first round of battle: the opponent chooses one of his ships in this battle: destroy it.",
    ),
    (
        "targets:any_of",
        "commander",
        {
            "when": "battle_start",
            "targets": {
                "side": "enemy",
                "in": "battle",
                "any_of": [{"kind": "ship", "size": "LK"}, {"kind": "military_building"}],
            },
            "actions": [{"do": "damage", "amount": 2}],
        },
        "Перед началом первого раунда боя: выберите вражеский корабль ЛК или вражескую военную постройку в этом сражении и нанесите выбранной карте 2 повреждения.",
        "Before the first round of battle: choose an enemy light ship or an enemy military building in this battle and deal 2 damage to it.",
    ),
    (
        "do:damage",
        "commander",
        {
            "when": "battle_start",
            "targets": {"side": "enemy", "kind": "ship", "in": "battle"},
            "actions": [{"do": "damage", "amount": 3}],
        },
        "Перед началом первого раунда боя: выберите вражеский корабль в этом сражении и нанесите ему 3 повреждения.",
        "Before the first round of battle: choose an enemy ship in this battle and deal 3 damage to it.",
    ),
    (
        "do:repair",
        "commander",
        {
            "when": "battle_end",
            "targets": {"side": "own", "kind": "ship"},
            "actions": [{"do": "repair", "amount": "all"}],
        },
        "Когда сражение завершено: выберите свой корабль и снимите с него все повреждения.",
        "When the battle is over: choose one of your ships and remove all damage from it.",
    ),
    (
        "do:modify",
        "commander",
        {
            "when": "round_start",
            "targets": {"side": "own", "kind": "ship", "size": "LK"},
            "actions": [{"do": "modify", "stat": "speed", "by": 2, "until": "round"}],
        },
        "В начале каждого раунда боя: выберите свой корабль ЛК и дайте ему +2 к скорости до конца раунда.",
        "At the start of each round of battle: choose one of your light ships and give it +2 speed until the end of the round.",
    ),
    (
        "do:draw",
        "commander",
        {"when": "end_of_turn", "actions": [{"do": "draw", "count": 2, "player": "opponent"}]},
        "В конце хода: противник берет 2 карты из колоды.",
        "At the end of the turn: the opponent draws 2 cards.",
    ),
    (
        "do:search",
        "commander",
        {
            "when": "production_abilities",
            "actions": [{"do": "search", "from": "deck", "select": {"kind": "ship", "size": "LK"}}],
        },
        "В фазу производства, при введении в игру карт способностей: найдите в своей колоде корабль ЛК, покажите его противнику и возьмите в руку, затем перемешайте колоду.",
        "In the production phase, when ability cards are played: search your deck for a light ship, show it to the opponent and take it into your hand, then shuffle your deck.",
    ),
    (
        "do:to_deck",
        "commander",
        {
            "when": "end_of_turn",
            "actions": [
                {"do": "to_deck", "from": "losses", "select": {"kind": "ship"}, "count": 2}
            ],
        },
        "В конце хода: поместите в свою колоду 2 корабля из своих потерь, покажите их противнику, затем перемешайте колоду.",
        "At the end of the turn: put 2 ships from your losses into your deck, show them to the opponent, then shuffle your deck.",
    ),
    (
        "do:to_deck_hand",
        "commander",
        {"when": "end_of_turn", "actions": [{"do": "to_deck", "from": "hand"}]},
        "В конце хода: поместите в свою колоду карту из руки, покажите ее противнику, затем перемешайте колоду.",
        "At the end of the turn: put a card from your hand into your deck, show it to the opponent, then shuffle your deck.",
    ),
    (
        "do:to_deck_play",
        "commander",
        {
            "when": "after_movement",
            "actions": [{"do": "to_deck", "from": "play", "select": {"kind": "ground_unit"}}],
        },
        "В фазу перемещения, после последнего перемещения: поместите в свою колоду наземный отряд со стола, покажите его противнику, затем перемешайте колоду.",
        "In the movement phase, after the last move: put a ground unit from the table into your deck, show it to the opponent, then shuffle your deck.",
    ),
    (
        "do:enter",
        "situation",
        {"when": "battle_phase_start", "actions": [{"do": "enter"}]},
        "В начале любой фазы сражения: эту карту можно сыграть из руки за ее стоимость.",
        "At the start of any battle phase: you may play this card from your hand for its cost.",
    ),
    (
        "do:search_losses",
        "commander",
        {
            "when": "production_abilities",
            "actions": [{"do": "search", "from": "losses", "count": 2}],
        },
        "В фазу производства, при введении в игру карт способностей: найдите в своих потерях 2 карты, покажите их противнику и возьмите в руку.",
        "In the production phase, when ability cards are played: search your losses for 2 cards, show them to the opponent and take them into your hand.",
    ),
    (
        "do:gain",
        "commander",
        {"when": "start_of_turn", "actions": [{"do": "gain", "resources": 2, "action_tokens": 1}]},
        "В начале хода: получите 2 ресурса и 1 фишку действия.",
        "At the start of the turn: gain 2 resources and 1 action token.",
    ),
    (
        "do:lose",
        "commander",
        {
            "when": "start_of_turn",
            "actions": [{"do": "lose", "action_tokens": 1, "player": "opponent"}],
        },
        "В начале хода: противник теряет 1 фишку действия.",
        "At the start of the turn: the opponent loses 1 action token.",
    ),
    (
        "do:initiative",
        "commander",
        {"when": "initiative", "actions": [{"do": "initiative", "by": -1, "until": "turn"}]},
        "При определении инициативы: уменьшите инициативу своего Командора на 1 до конца хода.",
        "When initiative is determined: decrease your Commander's initiative by 1 until the end of the turn.",
    ),
    (
        "do:tap",
        "commander",
        {
            "when": "battle_start",
            "targets": {"side": "enemy", "kind": "ship", "in": "battle"},
            "actions": [{"do": "tap"}],
        },
        "Перед началом первого раунда боя: выберите вражеский корабль в этом сражении и поверните его.",
        "Before the first round of battle: choose an enemy ship in this battle and tap it.",
    ),
    (
        "do:untap",
        "commander",
        {
            "when": "after_movement",
            "targets": {"side": "own", "kind": "ship"},
            "actions": [{"do": "untap"}],
        },
        "В фазу перемещения, после последнего перемещения: выберите свой корабль и разверните его.",
        "In the movement phase, after the last move: choose one of your ships and untap it.",
    ),
    (
        "do:move",
        "commander",
        {
            "when": "battle_start",
            "targets": {"side": "enemy", "kind": "ship", "in": "battle"},
            "actions": [{"do": "move", "to": "new_sector"}],
        },
        "Перед началом первого раунда боя: выберите вражеский корабль в этом сражении и переместите его в новый (пустой) сектор открытого космоса.",
        "Before the first round of battle: choose an enemy ship in this battle and move it to a new empty open-space sector.",
    ),
    (
        "do:destroy",
        "commander",
        {
            "when": "battle_start",
            "targets": {"side": "enemy", "kind": "ship", "in": "battle"},
            "actions": [{"do": "destroy"}],
        },
        "Перед началом первого раунда боя: выберите вражеский корабль в этом сражении и уничтожьте его.",
        "Before the first round of battle: choose an enemy ship in this battle and destroy it.",
    ),
    (
        "do:cancel",
        "commander",
        {"when": "opponent_play", "actions": [{"do": "cancel"}]},
        "Когда противник играет карту или свойство: отмените сыгранную противником карту или свойство.",
        "When the opponent plays a card or property: cancel the card or property the opponent plays.",
    ),
    (
        "do:permit",
        "commander",
        {
            "when": "before_movement",
            "actions": [{"do": "permit", "rule": "enter_enemy_sector", "until": "phase"}],
        },
        "В фазу перемещения, до первого перемещения: ваши корабли могут входить в сектор открытого космоса с флотом противника до конца фазы.",
        "In the movement phase, before the first move: your ships may move into an open-space sector holding an enemy fleet until the end of the phase.",
    ),
    (
        "do:forbid",
        "commander",
        {
            "when": "start_of_turn",
            "actions": [{"do": "forbid", "card": "Ремонтный док", "until": "turn"}],
        },
        "В начале хода: противник не может играть карты «Ремонтный док» до конца хода.",
        "At the start of the turn: the opponent may not play cards «Ремонтный док» until the end of the turn.",
    ),
    (
        "do:reroll",
        "commander",
        {
            "when": "battle_start",
            "actions": [{"do": "reroll", "count": 1, "purposes": ["salvo"], "until": "battle"}],
        },
        "Перед началом первого раунда боя: вы можете перебросить 1 кубик (только броски залпа) до конца сражения.",
        "Before the first round of battle: you may reroll 1 die (salvo rolls only) until the end of the battle.",
    ),
    (
        "do:victory",
        "commander",
        {"when": "start_of_turn", "actions": [{"do": "victory", "condition": "trader"}]},
        "В начале хода: вы получаете дополнительное условие победы «Торговец».",
        "At the start of the turn: you gain the additional victory condition «Trader».",
    ),
]


@pytest.mark.parametrize(
    ("name", "kind", "raw", "ru", "en"), VOCABULARY, ids=[v[0] for v in VOCABULARY]
)
def test_each_vocabulary_item_renders_exactly(name, kind, raw, ru, en):
    effect = _effect(raw, kind)
    assert effect_text(effect, "ru", kind=kind) == ru
    assert effect_text(effect, "en", kind=kind) == en


def test_the_table_covers_the_whole_vocabulary():
    names = {v[0] for v in VOCABULARY}
    assert {f"when:{w}" for w in WHEN_VALUES} <= names
    assert {f"cost:{c}" for c in ("action_tokens", "resources", "roll", "several")} <= names
    assert {f"condition:{c}" for c in CONDITION_KEYS} <= names
    assert {f"targets:{k}" for k in SELECTOR_KEYS} <= names
    assert {f"do:{a}" for a in ACTIONS} <= names


@pytest.mark.parametrize(
    ("until", "ru", "en"),
    [
        ("round", "до конца раунда", "until the end of the round"),
        ("battle", "до конца сражения", "until the end of the battle"),
        ("phase", "до конца фазы", "until the end of the phase"),
        ("turn", "до конца хода", "until the end of the turn"),
        ("attached", "пока эта карта в игре", "while this card is in play"),
        ("permanent", "навсегда", "permanently"),
    ],
)
def test_durations(until, ru, en):
    effect = _effect(
        {
            "when": "round_start",
            "targets": {"is": "carrier"},
            "actions": [{"do": "modify", "stat": "shield", "by": 1, "until": until}],
        }
    )
    assert effect_text(effect, "ru", kind="commander") == (
        f"В начале каждого раунда боя: дайте кораблю или объекту Командора +1 к мощности щита {ru}."
    )
    assert effect_text(effect, "en", kind="commander") == (
        f"At the start of each round of battle: give the Commander's ship or object +1 shield "
        f"power {en}."
    )


def test_an_upgrade_names_the_card_it_is_under():
    spec = card_from_dict(
        {
            "kind": "upgrade",
            "name": "Тест",
            "cost": 2,
            "target": "ship",
            "effects": [
                {
                    "when": "static",
                    "targets": {"is": "host"},
                    "actions": [{"do": "modify", "stat": "shield", "by": 2}],
                }
            ],
        }
    )
    assert card_text(spec) == ("Улучшенный корабль получает +2 к мощности щита.",)
    assert card_text(spec, "en") == ("The upgraded ship gets +2 shield power.",)


# --- cards ---------------------------------------------------------------------------------


def test_an_ability_card_has_one_line_per_variant_and_old_text_stays_as_written():
    spec = card_from_dict(
        {
            "kind": "ability",
            "name": "Тест",
            "variants": [
                [
                    {"when": "start_of_turn", "actions": [{"do": "gain", "resources": 1}]},
                    {"when": "end_of_turn", "actions": [{"do": "draw", "count": 1}]},
                ],
                "Командор получает +1 к инициативе.",
            ],
        }
    )
    assert card_text(spec) == (
        "Вариант 1: В начале хода: получите 1 ресурс. В конце хода: возьмите 1 карту из колоды.",
        "Вариант 2: Командор получает +1 к инициативе.",
    )
    assert card_text(spec, "en") == (
        "Variant 1: At the start of the turn: gain 1 resource. At the end of the turn: draw 1 card.",
        "Variant 2: Командор получает +1 к инициативе.",
    )


def test_a_card_without_effects_keeps_its_typed_text():
    commander = card_from_dict(
        {"kind": "commander", "name": "Пират", "abilities": "Способности.", "text": "Текст."}
    )
    assert card_text(commander) == ("Способности.", "Текст.")
    assert card_text(commander, "en") == ("Способности.", "Текст.")
    assert (
        card_text(
            card_from_dict(
                {
                    "kind": "ship",
                    "name": "Пустой",
                    "cost": 1,
                    "size": "ЛК",
                    "strength": 2,
                    "critical": 1,
                    "speed": 1,
                }
            )
        )
        == ()
    )


def test_a_tactical_card_has_its_one_effect_as_its_text():
    spec = card_from_dict(
        {
            "kind": "tactical",
            "name": "Тест",
            "action_tokens": 1,
            "effects": [
                {
                    "when": "attack_declared",
                    "condition": {"attack": {"by": "enemy"}},
                    "targets": {"is": "attacked"},
                    "actions": [{"do": "modify", "stat": "armor", "by": 2, "until": "round"}],
                }
            ],
        }
    )
    assert card_text(spec) == (
        "Когда объявлена атака, если противник атакует: дайте атакованному кораблю +2 к броне "
        "до конца раунда.",
    )


def test_an_unknown_language_is_refused():
    spec = card_from_dict({"kind": "commander", "name": "Пират"})
    with pytest.raises(ValueError, match="'de'"):
        card_text(spec, "de")


# --- the doc's examples --------------------------------------------------------------------


def _doc_effects() -> list[dict]:
    found = []
    for raw in _SNIPPET.findall(DOC):
        try:
            snippet = json.loads(raw)
        except json.JSONDecodeError:
            continue
        if "when" in snippet:
            found.append(snippet)
        elif "do" in snippet:
            do = snippet["do"]
            effect = {
                "when": "opponent_play" if do == "cancel" else "battle_start",
                "actions": [snippet],
            }
            if do in ("damage", "destroy", "tap", "move"):
                effect["targets"] = {"side": "enemy", "kind": "ship", "in": "battle"}
            elif do in ("repair", "modify", "untap"):
                effect["targets"] = {"side": "own", "kind": "ship"}
            found.append(effect)
    return found


DOC_EFFECTS = _doc_effects()


def _data_words(raw) -> set[str]:
    """Names given in the data (card names, ship classes): they stay as written."""
    if isinstance(raw, dict):
        words = {v for k, v in raw.items() if k in ("name", "class", "card") and isinstance(v, str)}
        for value in raw.values():
            words |= _data_words(value)
        return words
    if isinstance(raw, list):
        return set().union(*(_data_words(item) for item in raw)) if raw else set()
    return set()


@pytest.mark.parametrize("raw", DOC_EFFECTS, ids=lambda e: str(e["when"]))
def test_every_doc_example_renders_in_both_languages(raw):
    text = json.dumps(raw)
    kind = "upgrade" if "host" in text else "situation" if '"enter"' in text else "commander"
    effect = _effect(raw, kind)
    ru = effect_text(effect, "ru", kind=kind, host_kind="ship")
    en = effect_text(effect, "en", kind=kind, host_kind="ship")
    assert ru.endswith(".") and ru[0].isupper() and CYRILLIC.search(ru)
    assert en.endswith(".") and en[0].isupper()
    for word in _data_words(raw):
        en = en.replace(word, "")
    assert not CYRILLIC.search(en), en


def test_doc_examples_cover_every_window_and_action():
    assert len(DOC_EFFECTS) >= len(WHEN_VALUES) + len(ACTIONS) - 1


@pytest.mark.parametrize("raw", DOC_EFFECTS[:6], ids=lambda e: str(e["when"]))
def test_rendering_depends_only_on_the_data(raw):
    kind = "upgrade" if "host" in json.dumps(raw) else "commander"
    effect = _effect(raw, kind)
    again = _effect(effect_to_dict(effect), kind)
    for language in ("ru", "en"):
        first = effect_text(effect, language, kind=kind)
        assert effect_text(again, language, kind=kind) == first
        assert effect_text(effect, language, kind=kind) == first


def test_card_text_survives_the_canonical_round_trip():
    spec = card_from_dict(
        {"kind": "commander", "name": "Тест", "effects": [DOC_EFFECTS[1], DOC_EFFECTS[9]]}
    )
    assert card_text(card_from_dict(card_to_dict(spec))) == card_text(spec)
    assert len(card_text(spec)) == 2


def test_the_modules_examples_hold():
    import doctest

    from komandor.words import effect_text as text_module
    from komandor.words import plurals

    for module in (text_module, plurals):
        assert doctest.testmod(module).failed == 0


def _text_examples() -> list[tuple[dict, tuple[str, ...], tuple[str, ...]]]:
    section = DOC.split("\n## Text\n", 1)[1]
    rows = []
    for line in section.splitlines():
        if line.startswith("| `{"):
            data, ru, en = (cell.strip() for cell in line.strip("| ").split(" | "))
            rows.append(
                (json.loads(data.strip("`")), tuple(ru.split(" / ")), tuple(en.split(" / ")))
            )
    return rows


@pytest.mark.parametrize(("data", "ru", "en"), _text_examples(), ids=lambda v: str(v)[:20])
def test_the_docs_text_examples_are_what_the_renderer_says(data, ru, en):
    spec = card_from_dict(data)
    assert card_text(spec) == ru
    assert card_text(spec, "en") == en


def test_the_docs_show_text_examples():
    assert len(_text_examples()) >= 3
