"""The moments at which card effects may be played (``Window``), in the order of the turn.

Its own module so that the battle, the game and the effect layer share it without importing
each other.
"""

from __future__ import annotations

from enum import StrEnum


class Window(StrEnum):
    """The moments at which effects may be played, in the order of the turn."""

    START_OF_TURN = "start_of_turn"  # «1. Начало хода» (after the Trader/Procurator check)
    INITIATIVE = "initiative"  # «4. Определение инициативы», before the initiatives are compared
    # «5. Фаза получения ресурсов»: «получение ресурсов и фишек действия за космические объекты
    # и карты обстановки» — each player's own step, as his objects' income comes in.
    RESOURCES = "resources"
    PRODUCTION_ABILITIES = "production_abilities"  # «введение в игру карт способностей Командора»
    PRODUCTION_UPGRADES = "production_upgrades"  # «отыгрыш карт улучшений»
    PRODUCTION_SITUATIONS = "production_situations"  # «введение в игру карт обстановки»
    BEFORE_MOVEMENT = "before_movement"  # «Фаза перемещений … игрока», before the first move
    AFTER_MOVEMENT = "after_movement"  # the same phase, after the last move
    BATTLE_PHASE_START = "battle_phase_start"  # «в начале любой фазы сражения» (CMDR-3)
    BATTLE_START = "battle_start"  # «Перед началом первого раунда боя», after the echelons
    ROUND_START = "round_start"  # «В начале каждого раунда боя», after «а. разворот»
    ATTACK_DECLARED = "attack_declared"  # «объявление атаки», before «расчет и нанесение …»
    AFTER_ATTACK = "after_attack"  # after «помещение корабля … в потери»
    ROUND_END = "round_end"  # the end of a battle round, after its attacks, before «ж.»
    # A ship has just been destroyed (in a battle or by an effect): «немедленно помещается в
    # потери». The moment's ``attack`` names it: ``{"destroyed": uid, "player": its player}``.
    SHIP_DESTROYED = "ship_destroyed"
    BATTLE_END = "battle_end"  # «когда сражение завершено», before the landing
    END_OF_TURN = "end_of_turn"  # «11. Конец хода»
    # The opponent has just played a card or property, before it takes effect: where a
    # «cancel» answers it (docs/rules-decisions.md, «Card effects»).
    OPPONENT_PLAY = "opponent_play"


# Sub-steps of one player's production (PROD-2: he produces alone): only he is asked.
PRODUCTION_WINDOWS = frozenset(
    {Window.PRODUCTION_ABILITIES, Window.PRODUCTION_UPGRADES, Window.PRODUCTION_SITUATIONS}
)
BATTLE_WINDOWS = frozenset(
    {
        Window.BATTLE_START,
        Window.ROUND_START,
        Window.ATTACK_DECLARED,
        Window.AFTER_ATTACK,
        Window.ROUND_END,
        Window.BATTLE_END,
    }
)
ATTACK_WINDOWS = frozenset({Window.ATTACK_DECLARED, Window.AFTER_ATTACK})
