"""Numeric rules constants of «Путь Командора», each with the rule-book phrase it comes from.

The deck validator, the engine and the pages read these; no other module types the numbers.
"""

# «В игре используется колода от 40 до 100 карт» (DECK-1)
DECK_MIN_CARDS = 40
DECK_MAX_CARDS = 100
# «В колоде игрока не может быть более 4 одинаковых карт, т.е. карт с одинаковым названием» (DECK-3)
MAX_COPIES_PER_NAME = 4
# «Командор не может быть улучшен более чем тремя картами способностей» (ABIL-3)
MAX_ABILITY_CARDS = 3
# «В начале игры оба игрока берут по 15 карт с верха колоды» (SETUP)
SETUP_DRAW = 15
# «Каждый игрок получает 25 ресурсов» (SETUP)
SETUP_RESOURCES = 25
# «но не более 2 карт объектов» (SETUP)
SETUP_MAX_OBJECTS = 2
# «если в руке игрока осталось менее 7 карт, он должен добрать карты из колоды до этого количества»
SETUP_HAND_SIZE = 7
# «он должен брать на 3 карты меньше ... не более трех раз» (MULL)
REDEAL_PENALTY = 3
MAX_REDEALS = 3
# «оба игрока берут по две карты с верха колоды» (TURN)
DRAW_PER_TURN = 2
# «Оба игрока получают 5 ресурсов» (RES)
RESOURCES_PER_TURN = 5
# «не может иметь в игре одновременно более 7 карт космических объектов» (OBJ-7)
MAX_SPACE_OBJECTS = 7
# Additional victory conditions (WIN)
PIRATE_LOSSES_THRESHOLD = 70  # «на общую сумму более 70 ресурсов»
TRADER_COMMERCE_TOKENS = 7  # «7 или более фишек “коммерческого рейса”»
PROCURATOR_OBJECTS = 5  # «5 или более незаблокированных космических объектов»
# «Если в конце сражения на карте станции есть фишки повреждений, они ... снимаются по 5 штук
# один раз в ход в фазу производства» (STN-12)
STATION_REPAIR_PER_TURN = 5
# «При D6 4+ “контрабандный коммерческий рейс” успешен» (PROP-SMUGGLE-4)
SMUGGLING_ROLL = 4
# «Оставшиеся ресурсы обмениваются на фишки действий (1:1)» (SETUP-9, PROD-8)
RESOURCES_PER_ACTION_TOKEN = 1
# «В конце фазы производства карта способностей может быть помещена из руки игрока в потери –
# игрок получает при этом 1 фишку действия» (ABIL-9)
ABILITY_DISCARD_TOKENS = 1
# Not a book rule: the match runner's limit; a match still running after it is a draw.
DEFAULT_TURN_CAP = 60
