"""The turn of «Путь Командора» (GEN, TURN, PHASE-1..7, PHASE-20..23, INIT, RES, TAP-5): phases in
the book's order, who acts first, and what each phase gives."""

import pytest

from komandor.rules import rules
from komandor.rules.dice import FixedDice
from komandor.rules.fights import battle_phase
from komandor.rules.game import MatchOver
from komandor.rules.state import Phase
from komandor.rules.victory import Termination
from tests.engine.positions import position, seen

TURN_PHASES = [
    Phase.START,
    Phase.DRAW,
    Phase.UNTAP,
    Phase.INITIATIVE,
    Phase.RESOURCES,
    Phase.PRODUCTION,
    Phase.MOVE_1,
    Phase.BATTLE_1,
    Phase.MOVE_2,
    Phase.BATTLE_2,
]


def quiet_position(first=None, second=None, **top):
    """Two players, each with a planet, a ship on its orbit and the Commander on the planet."""
    players = [
        {
            "initiative": 5,
            "commander_at": "home0",
            "deck": 10,
            "cards": {"home0": {"card": "planet"}, "ship0": {"card": "exorcist", "at": "home0"}},
        },
        {
            "initiative": 4,
            "commander_at": "home1",
            "deck": 10,
            "cards": {"home1": {"card": "planet"}, "ship1": {"card": "exorcist", "at": "home1"}},
        },
    ]
    for player, changes in zip(players, (first or {}, second or {}), strict=True):
        cards = {**player["cards"], **changes.pop("cards", {})}
        player.update(changes, cards=cards)
    return position({"players": players, **top})


def phases_of_one_turn(game):
    entered = []
    game.observers.append(lambda state: entered.append(state.phase))
    game.play_turn()
    return [*entered[1:], game.state.phase]  # an observer sees the phase being left


@pytest.mark.rules(
    "GEN-5", "TURN-1", "TURN-5", "TURN-6", "TURN-7", "TURN-9", "TURN-11", "TURN-13", "PHASE-1",
    "PHASE-2", "PHASE-3",
)  # fmt: skip
def test_a_turn_is_eleven_phases_in_the_books_order():
    """«Игра ведется по ходам. Каждый ход состоит из нескольких фаз.» — «1. Начало хода,
    2. Взятие карт, 3. Разворот карт, 4. Определение инициативы, … Получение ресурсов,
    Производство, Фаза перемещений 1-го игрока, Фаза сражения, Фаза перемещений 2-го игрока,
    Фаза сражения, 11. Конец хода» (the initiative phase kept, AMB-1, AMB-2)."""
    game, _ = quiet_position()
    assert phases_of_one_turn(game) == [*TURN_PHASES, Phase.END]
    events = [
        e["type"] for e in game.log.events if e["type"] in {"turn", "draw", "priority", "resources"}
    ]
    assert events == ["turn", "draw", "priority", "resources", "resources"]


@pytest.mark.rules("TURN-2", "PHASE-1")
def test_start_of_turn_only_checks_trader_and_procurator():
    """«1. Начало хода» has no actions; «“Торговец” побеждает, если в начале хода он имеет 7 или
    более фишек “коммерческого рейса”» — decided before anyone draws."""
    game, _ = quiet_position({"victory": "trader", "commerce_tokens": 7})
    decks = [len(p.deck) for p in game.state.players]
    with pytest.raises(MatchOver) as over:
        game.play_turn()
    assert (over.value.outcome.termination, over.value.outcome.winner) == (Termination.TRADER, 0)
    assert game.state.phase is Phase.START
    assert [len(p.deck) for p in game.state.players] == decks
    assert not game.log.of_type("draw")


@pytest.mark.rules("TURN-4", "TAP-5", "PHASE-3")
def test_untap_phase_untaps_every_tapped_card_of_both_players():
    """«Разворот карт – все повернутые карты обоих игроков разворачиваются» and «после чего
    могут быть снова использованы (повернуты)»."""
    game, uid = quiet_position(
        {"cards": {"ship0": {"card": "exorcist", "at": "home0", "tapped": True}}},
        {"cards": {"ship1": {"card": "exorcist", "at": "home1", "tapped": True}}},
    )
    tapped_by_phase = {}
    game.observers.append(
        lambda state: tapped_by_phase.setdefault(
            state.phase, [state.cards[uid[s]].tapped for s in ("ship0", "ship1")]
        )
    )
    game.play_turn()
    assert tapped_by_phase[Phase.DRAW] == [True, True]  # still tapped when the draw ends
    assert tapped_by_phase[Phase.UNTAP] == [False, False]


@pytest.mark.rules("TURN-14")
def test_no_hand_limit_during_the_game():
    """The 7-card rule is for setup only («Теперь, если в руке игрока осталось менее 7 карт»):
    in the game a hand of 9 grows to 11 with the draw («оба игрока берут по две карты») and is
    kept whole."""
    hand = {f"h{n}": {"card": "tactic", "zone": "hand"} for n in range(9)}
    game, _ = quiet_position({"cards": hand})
    game.play_turn()
    assert len(game.state.players[0].hand) == 9 + rules.DRAW_PER_TURN == 11


@pytest.mark.rules("TURN-8", "TURN-10", "INIT-7", "PHASE-20", "PHASE-21")
def test_priority_player_moves_first_then_the_lower_initiative():
    """«Фаза перемещений 1-го игрока – в эту фазу игрок, Командор которого обладает приоритетом
    в инициативе» … «теперь действует игрок, Командор которого имеет меньшую инициативу»."""
    game, _ = quiet_position({"initiative": 3}, {"initiative": 6}, priority=0)
    game.play_turn()
    assert game.state.priority == 1  # 6 exceeds 3 in the initiative phase (INIT-4)
    moves = [(player, phase) for player in (0, 1)
             for phase, kind, _ in seen(game, player) if kind == "move.ship"]  # fmt: skip
    assert (1, Phase.MOVE_1.value) in moves and (0, Phase.MOVE_2.value) in moves
    assert {phase for _, phase in moves} == {Phase.MOVE_1.value, Phase.MOVE_2.value}
    assert all(phase == Phase.MOVE_1.value for player, phase in moves if player == 1)


@pytest.mark.rules("INIT-7", "PROD-2")
def test_the_lowest_initiative_produces_first():
    """«Первым действует игрок с наименьшей инициативой» (production)."""

    def hand(label):
        return {"cards": {label: {"card": "magnum", "zone": "hand"}}}

    game, _ = quiet_position({"initiative": 6, **hand("h0")}, {"initiative": 3, **hand("h1")})
    game.play_turn()
    assert [e["player"] for e in game.log.of_type("built")] == [1, 0]


@pytest.mark.rules("RES-3", "RES-8", "PHASE-4", "PHASE-5", "PHASE-6", "PHASE-7")
def test_resources_phase_sub_steps_in_the_books_order():
    """«получение базовых 5 ресурсов» → «получение ресурсов и фишек действия за космические
    объекты» → «совершение “коммерческих рейсов”, получение за них ресурсов» → «получение
    ресурсов/фишек действия из других источников» (here the boarding reward, WPN-BOARD-9)."""
    game, _ = quiet_position(
        {
            "pending_rewards": 3,
            "cards": {"rock": {"card": "asteroid"}, "trader": {"card": "trader", "at": "home0"}},
            "script": ["run:{rock}"],
        }
    )
    resources = []
    game.observers.append(lambda state: resources.append((state.phase, state.players[0].resources)))
    game.play_turn()
    steps = [
        e
        for e in game.log.events
        if e["type"] in {"resources", "commercial_run", "other_income"} and e["player"] == 0
    ]
    assert [e["type"] for e in steps] == ["resources", "commercial_run", "other_income"]
    # base 5 + planet 2 + asteroid 1 resource and 1 action token; the run's reward 2; boarding 3
    assert (steps[0]["resources"], steps[0]["tokens"]) == (5 + 2 + 1, 1)
    assert (steps[1]["reward"], steps[1]["tokens"]) == (2, 1)
    assert steps[2]["resources"] == 3
    assert dict(resources)[Phase.RESOURCES] == 8 + 2 + 3
    assert game.state.players[0].pending_rewards == 0


@pytest.mark.rules("RES-4", "RES-6", "PHASE-18", "ZONE-14")
def test_resources_last_until_production_and_tokens_stay():
    """«Ресурсы, полученные в данную фазу, должны быть использованы до конца фазы производства
    текущего хода» (the rest is exchanged 1:1, «приобретение фишек действия за ресурсы»), while
    «Фишки действия … остаются у игрока, пока не будут использованы в этом или следующих
    ходах»; «Фишки действия при получении их игроком размещаются отдельно у каждого из
    игроков»."""
    game, _ = quiet_position({"action_tokens": 4}, {"action_tokens": 1})
    resources = []
    game.observers.append(lambda state: resources.append((state.phase, state.players[0].resources)))
    game.play_turn()
    assert dict(resources)[Phase.RESOURCES] == 5 + 2
    assert dict(resources)[Phase.PRODUCTION] == 0
    assert game.state.players[0].action_tokens == 4 + 7
    assert game.state.players[1].action_tokens == 1 + 7  # each player's own pile
    game.state.turn += 1
    game.play_turn()
    assert game.state.players[0].action_tokens == 4 + 7 + 7


@pytest.mark.rules("PHASE-22", "PHASE-23", "CMDR-3", "CMDR-4", "INIT-7")
def test_battle_phase_starts_with_commander_moves_then_the_battles():
    """«7. Сражение: перемещение карты Командора; определяется, где будут происходить сражения»;
    the Commander moves «в начале любой фазы сражения … с космического объекта на корабль (и
    обратно), если корабль находится на орбите данного объекта»."""
    game, uid = quiet_position(
        {"cards": {"raider": {"card": "exorcist", "at": "home1"}}, "script": ["{ship0}"]},
        {"cards": {"guard": {"card": "ground_unit", "at": "home1"}}, "script": ["stay"]},
        priority=0,
    )
    game.dice = FixedDice([4] * 200)
    game.state.phase = Phase.BATTLE_1
    battle_phase(game, 0)
    assert game.state.players[0].commander_at == uid["ship0"]
    types = [e["type"] for e in game.log.events]
    assert types.index("commander") < types.index("battle")
    assert seen(game, 0)[0][1:] == ("commander.move", uid["ship0"])
    assert seen(game, 1)[0][1:] == ("commander.move", "stay")
