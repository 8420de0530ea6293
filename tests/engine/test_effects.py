"""The plug-in layer for card effects (``komandor/rules/effects.py``): windows, the order of plays,
what makes a play legal, costs, rerolls, initiative modifiers, permissions and bans.

No real card text exists yet, so every test defines its own effects, built from the book's words.
"""

from __future__ import annotations

import pytest

from komandor.agents.registry import RandomAgent
from komandor.rules.cards import Victory
from komandor.rules.decks import deck_from_dict
from komandor.rules.dice import SeededDice
from komandor.rules.effect_schema import Action
from komandor.rules.effects import Cost, Effect, Permission, Window, cards_named, has_name
from komandor.rules.fights import battle_phase, battle_sites
from komandor.rules.invariants import check_state
from komandor.rules.match import run_match
from komandor.rules.state import Zone
from komandor.rules.victory import check_end_of_battle_phase, check_start_of_turn
from tests.engine.deck_data import standard_deck
from tests.engine.positions import position, two_homes

ALL_WINDOWS = frozenset(Window)


def effect(key, windows, apply=None, *, log=None, **fields):
    """An effect named ``key`` that appends ``(key, player, window, target)`` to ``log``."""

    def record(moment):
        if log is not None:
            log.append((key, moment.player, moment.window, moment.target))
        if apply is not None:
            apply(moment)

    # worth its price (ten resources gained, to agents): the heuristic fallback plays it
    fields.setdefault("actions", (Action("gain", resources=10),))
    name = fields.pop("name", key)
    return Effect(key=key, name=name, windows=frozenset(windows), apply=record, **fields)


def table(first=None, second=None, *, phase="start", priority=0, dice=None):
    return two_homes(first, second, phase=phase, priority=priority, dice=dice)


def meeting(mine, theirs, *, commander_at="home0", script=(), dice=None):
    """Player 0's ships ``mine`` and player 1's ``theirs`` (label → card name) meet in sector
    ``s1`` at the battle phase; each has a planet, his Commander on it unless ``commander_at``."""
    players = []
    for index, ships in enumerate((mine, theirs)):
        cards = {f"home{index}": {"card": "planet"}}
        cards.update({label: {"card": card, "at": "s1"} for label, card in ships.items()})
        players.append(
            {
                "commander_at": commander_at if index == 0 else "home1",
                "script": list(script) if index == 0 else [],
                "cards": cards,
            }
        )
    return position({"phase": "battle_1", "players": players}, dice=dice)


def offers(game, player, window=None):
    """The option keys of each ``effect.play`` decision ``player`` was asked (in ``window``)."""
    return [
        [option.key for option in d.options]
        for d in game.agents[player].decisions
        if d.kind == "effect.play" and (window is None or d.context.window == window)
    ]


# --- who plays, in which order -------------------------------------------------------------------


@pytest.mark.rules("SPECIAL-5")
def test_the_priority_player_plays_first_when_both_could_play_at_once():
    """«Если несколько игроков имеют возможность одновременно сыграть свои карты или их свойства,
    первым играет свои тактические карты (свойства) игрок, обладающий в данный момент игры
    приоритетом в инициативе»."""
    played = []
    game, _ = table()
    for player in (0, 1):
        game.effects.attach(player, effect(f"p{player}", {Window.END_OF_TURN}, log=played))
    game.effects.open(Window.END_OF_TURN)
    assert [player for _, player, _, _ in played] == [0, 1]
    played.clear()
    game.state.priority = 1
    game.effects.open(Window.END_OF_TURN)
    assert [player for _, player, _, _ in played] == [1, 0]


@pytest.mark.rules("SPECIAL-4")
def test_the_player_orders_his_own_simultaneous_plays_each_once_per_window():
    """«Если карта или свойство могут быть сыграны одновременно, то играющий сам определяет
    порядок их игры»: he picks them one at a time; a played one is not offered again."""
    played = []
    game, _ = table({"script": ["play:b", "play:a"]})
    for key in ("a", "b"):
        game.effects.attach(0, effect(key, {Window.START_OF_TURN}, log=played))
    game.effects.open(Window.START_OF_TURN)
    assert [key for key, *_ in played] == ["b", "a"]
    assert offers(game, 0) == [["pass", "play:a", "play:b"], ["pass", "play:a"]]


@pytest.mark.rules("SPECIAL-6", "GEN-4")
def test_a_play_needs_no_ban_by_earlier_cards_a_payable_cost_targets_and_a_possible_effect():
    """«Игрок может сыграть тактическую карту (свойство карты), только если в данный момент игры
    ее отыгрыш не запрещен сыгранными ранее картами, могут быть выполнены все условия отыгрыша
    (оплата ресурсами/фишками действия, наличие целей воздействия) и произведен описанный в
    тексте эффект»; «Если текст на карте прямо запрещает (отменяет) правило, предусмотренное в
    тексте другой карты, то определяющим является запрещающий (отменяющий) текст»."""
    played = []
    game, _ = table({"action_tokens": 2, "resources": 1}, priority=1)
    window = {Window.START_OF_TURN}
    game.effects.attach(
        1, effect("veto", window, lambda m: m.effects.forbid(0, "Удар"), log=played)
    )
    game.effects.attach(0, effect("strike", window, name="Удар", log=played))
    game.effects.attach(0, effect("dear", window, cost=Cost(action_tokens=3), log=played))
    game.effects.attach(0, effect("costly", window, cost=Cost(resources=2), log=played))
    game.effects.attach(0, effect("aimless", window, targets=lambda m: [], log=played))
    game.effects.attach(0, effect("futile", window, condition=lambda m: False, log=played))
    game.effects.attach(0, effect("cheap", window, cost=Cost(action_tokens=2), log=played))
    game.effects.open(Window.START_OF_TURN)
    # The veto came first (player 1 holds priority), so «Удар» was not offered.
    assert offers(game, 0) == [["pass", "play:cheap"]]
    assert [key for key, *_ in played] == ["veto", "cheap"]
    assert game.state.players[0].action_tokens == 0  # paid before it applied
    # A later grant does not lift the ban: the forbidding text wins.
    game.effects.grant(0, Permission.ENTER_ENEMY_SECTOR)
    game.effects.forbid(0, Permission.ENTER_ENEMY_SECTOR)
    game.effects.grant(0, Permission.ENTER_ENEMY_SECTOR)
    assert not game.effects.allows(0, Permission.ENTER_ENEMY_SECTOR)


@pytest.mark.rules("SPECIAL-9", "SPECIAL-1", "GEN-3")
def test_a_paid_property_is_used_once_while_its_effect_lasts_unless_its_card_says_otherwise():
    """«Каждое свойство …, требующее оплаты ресурсами (фишками действия) или броска кубика, может
    быть использовано лишь единожды в течение периода действия эффекта данного свойства»;
    «Нижеуказанные правила используются, если из текста … конкретных карт не следует иного»."""
    played = []
    game, uid = table({"action_tokens": 10})
    windows = {Window.START_OF_TURN, Window.BEFORE_MOVEMENT}
    paid = {"cost": Cost(action_tokens=1), "lasts_until": Window.END_OF_TURN}
    game.effects.attach(0, effect("shield", windows, source=uid["cruiser0"], log=played, **paid))
    game.effects.attach(0, effect("free", windows, lasts_until=Window.END_OF_TURN, log=played))
    game.effects.attach(0, effect("stacking", windows, stacks=True, log=played, **paid))
    for window in (Window.START_OF_TURN, Window.BEFORE_MOVEMENT, Window.END_OF_TURN):
        game.effects.open(window)
    game.effects.open(Window.START_OF_TURN)  # the next turn: the shield's effect has ended
    keys = [key for key, *_ in played]
    assert keys.count("shield") == 2  # not again while in force (BEFORE_MOVEMENT)
    assert keys.count("free") == 3 and keys.count("stacking") == 3
    assert game.state.players[0].action_tokens == 10 - 2 - 3


@pytest.mark.rules("SPECIAL-3")
def test_effects_reach_only_the_player_s_own_zones_and_the_places_he_is_in():
    """«Все тактические карты и свойства карт игрока могут быть сыграны только в отношении игровых
    зон игрока» (AMB-25: his zones, and orbits, sectors and battles where he is)."""
    game, uid = table(
        second={
            "cards": {
                "raider": {"card": "magnum", "at": "home0"},
                "far": {"card": "chimera", "at": "s2"},
                "held": {"card": "chimera", "zone": "hand"},
            }
        }
    )
    every = [uid[label] for label in ("cruiser0", "raider", "far", "held", "home1")]
    game.effects.attach(0, effect("aim", {Window.START_OF_TURN}, targets=lambda m: every))
    game.effects.open(Window.START_OF_TURN, (0,))
    targets = [key.split(">")[1] for key in offers(game, 0)[0][1:]]
    assert targets == [uid["cruiser0"], uid["raider"]]


@pytest.mark.rules("SPECIAL-7")
def test_a_card_naming_a_card_affects_that_name_its_type_and_names_containing_it():
    """«… может действовать на любые карты в соответствующей игровой зоне, имеющие данное
    название, а также на карты, где данное название указано как тип карты или составляет часть
    полного названия карты»."""
    game, uid = table(
        {
            "cards": {
                label: {"card": label, "zone": "hand"}
                for label in ("exorcist", "magnum", "chimera")
            }
        }
    )
    hand = game.state.players[0].hand
    named = {
        name: [card.uid for card in cards_named(game.state, name, hand)]
        for name in ("Экзорцист", "крейсер", "Магнум-К", "линкор класса «Химера»", "Экзо")
    }
    assert named == {
        "Экзорцист": [uid["exorcist"]],  # part of «Крейсер класса «Экзорцист»»
        "крейсер": [uid["exorcist"]],  # its type
        "Магнум-К": [uid["magnum"]],
        "линкор класса «Химера»": [uid["chimera"]],  # the name itself
        "Экзо": [],  # a fragment of a word is no part of the name
    }
    assert not has_name(game.state.cards[uid["chimera"]].spec, "Крейсер")


@pytest.mark.rules("SPECIAL-8")
def test_two_identical_tactical_cards_never_change_one_parameter_of_one_ship_in_a_battle_phase():
    """«В течение одной фазы сражения мощность …, мощность щитов … у конкретного корабля … не
    может быть изменен двумя или более одинаковыми тактическими картами»."""
    game, uid = table(
        {
            "cards": {
                "cruiser_b": {"card": "exorcist", "at": "home0"},
                "boost1": {"card": "tactic", "zone": "hand"},
                "boost2": {"card": "tactic", "zone": "hand"},
                "other": {"card": "tactic", "zone": "hand"},
            },
            "script": ["play:b1>{cruiser0}", "pass", "pass"],
        },
        phase="battle_1",
    )
    ships = [uid["cruiser0"], uid["cruiser_b"]]
    for key, name, source in (
        ("b1", "Усиление щита", "boost1"),
        ("b2", "Усиление щита", "boost2"),
        ("o", "Перегрузка щита", "other"),
    ):
        boost = effect(
            key,
            {Window.ROUND_START},
            name=name,
            targets=lambda m: ships,
            source=uid[source],
            changes=("shield",),
        )
        game.effects.attach(0, boost)
    game.effects.open(Window.ROUND_START)
    after_first = offers(game, 0)[1]
    assert f"play:b2>{uid['cruiser0']}" not in after_first  # the same card, the same shield
    assert f"play:b2>{uid['cruiser_b']}" in after_first  # another ship
    assert f"play:o>{uid['cruiser0']}" in after_first  # another card
    game.effects.open(Window.BATTLE_PHASE_START)  # a new battle phase
    game.effects.open(Window.ROUND_START)
    assert f"play:b2>{uid['cruiser0']}" in offers(game, 0)[2]


class CountingDice:
    """Dice that roll nothing and count the shuffles (the ``Dice`` protocol; the compiled
    engine's ``FixedDice`` takes no Python subclass)."""

    def __init__(self):
        self.shuffles = 0

    def d6(self):
        raise AssertionError("no die is rolled here")

    def shuffle(self, items):
        self.shuffles += 1


@pytest.mark.rules("SPECIAL-10", "SPECIAL-11")
def test_a_card_taken_from_the_deck_or_losses_is_shown_and_a_searched_deck_is_shuffled():
    """«игрок обязан показать карту оппоненту. После того, как карта найдена в колоде (помещена в
    колоду), колода перемешивается»."""
    game, uid = table(
        {
            "cards": {
                "wanted": {"card": "chimera"},
                "lost": {"card": "magnum", "zone": "losses"},
                "spare": {"card": "trader", "zone": "hand"},
            }
        }
    )
    game.dice = CountingDice()
    effects = game.effects
    effects.fetch(uid["wanted"])
    assert game.dice.shuffles == 1 and uid["wanted"] in game.state.players[0].hand
    effects.fetch(uid["lost"])
    assert game.dice.shuffles == 1  # no deck searched
    effects.fetch(uid["spare"], to=Zone.DECK)
    assert game.dice.shuffles == 2 and uid["spare"] in game.state.players[0].deck
    shown = [(e["card"], e["frm"], e["to"]) for e in game.log.of_type("revealed")]
    assert shown == [
        (uid["wanted"], "deck", "hand"),
        (uid["lost"], "losses", "hand"),
        (uid["spare"], "hand", "deck"),
    ]


# --- costs and the production phase --------------------------------------------------------------


@pytest.mark.rules("PROD-9")
def test_production_plays_pay_action_tokens_only_from_those_held_when_the_phase_began():
    """«Если какая-либо карта играется в фазу производства и требует оплаты фишками действий, она
    может быть оплачена только уже имеющимися у игрока на начало фазы производства фишками
    действий»."""
    game, _ = table(
        {
            "initiative": 4,
            "action_tokens": 2,
            "resources": 2,
            "script": {"effect.play": ["play:gain", "play:small"]},
        },
        {"initiative": 5},
        priority=1,
        phase="production",
    )
    effects = game.effects
    gain = effect(
        "gain",
        {Window.PRODUCTION_ABILITIES},
        lambda m: setattr(m.state.players[0], "action_tokens", 4),
    )
    effects.attach(0, gain)
    situations = {Window.PRODUCTION_SITUATIONS, Window.END_OF_TURN}
    effects.attach(0, effect("big", situations, cost=Cost(action_tokens=3)))
    effects.attach(0, effect("small", {Window.PRODUCTION_SITUATIONS}, cost=Cost(action_tokens=2)))
    effects.attach(0, effect("tiny", {Window.PRODUCTION_SITUATIONS}, cost=Cost(action_tokens=1)))
    game.production_phase()
    # 4 tokens held, but only the 2 of the phase's start could pay: "small", and nothing after.
    assert offers(game, 0, "production_situations") == [["pass", "play:small", "play:tiny"]]
    assert game.state.players[0].action_tokens == 4 - 2 + 2  # and 2 resources exchanged
    game.effects.open(Window.END_OF_TURN)  # outside production every token pays
    assert offers(game, 0, "end_of_turn") == [["pass", "play:big"]]


@pytest.mark.rules("PHASE-8", "PHASE-14", "PHASE-15", "PROD-2")
def test_ability_upgrade_and_situation_windows_sit_in_the_book_s_production_sub_steps():
    """«5. Производство: введение в игру карт способностей Командора; производство космических
    объектов; … размещение наземных отрядов/построек на космических объектах; отыгрыш карт
    улучшений; введение в игру карт обстановки; перемещение карты Командора …» — each player
    in his own production, the lower initiative first."""
    game, uid = table(
        {
            "initiative": 4,
            "resources": 2,
            "cards": {"unit": {"card": "ground_unit", "zone": "hand"}},
        },
        {"initiative": 5},
        priority=1,
        phase="production",
    )
    windows = {
        Window.PRODUCTION_ABILITIES,
        Window.PRODUCTION_UPGRADES,
        Window.PRODUCTION_SITUATIONS,
    }
    for player in (0, 1):
        game.effects.attach(player, effect(f"e{player}", windows))
    game.production_phase()
    steps = [
        (e["type"], e["player"], e.get("window") or e.get("card"))
        for e in game.log.events
        if e["type"] in ("effect", "built", "placed")
    ]
    assert steps == [
        ("effect", 0, "production_abilities"),
        ("built", 0, uid["unit"]),
        ("placed", 0, uid["unit"]),
        ("effect", 0, "production_upgrades"),
        ("effect", 0, "production_situations"),
        ("effect", 1, "production_abilities"),
        ("effect", 1, "production_upgrades"),
        ("effect", 1, "production_situations"),
    ]


# --- dice ----------------------------------------------------------------------------------------


@pytest.mark.rules("DICE-4", "DICE-5")
def test_a_granted_reroll_rolls_a_die_once_more_and_the_second_result_counts_even_if_worse():
    """«В некоторых ситуациях игрок имеет возможность перебросить первый бросок. Каждый кубик
    можно перебрасывать только один раз, при этом засчитывается только результат второго
    броска» — here a card needing «D6 4+» (the roll fails: paid, no effect, AMB-26)."""
    played = []
    game, _ = table({"action_tokens": 1}, dice=[2, 1])
    game.effects.grant_reroll(0, count=2)
    game.effects.attach(
        0, effect("gamble", {Window.START_OF_TURN}, log=played, cost=Cost(action_tokens=1, roll=4))
    )
    game.effects.open(Window.START_OF_TURN)
    assert played == []  # 2, rerolled to 1: the 1 counts, and that die is not rolled again
    assert [d.kind for d in game.agents[0].decisions].count("dice.reroll") == 1
    assert game.effects.rerolls_left(0) == 1
    assert game.state.players[0].action_tokens == 0
    (event,) = game.log.of_type("effect")
    assert (event["roll"], event["succeeded"]) == (1, False)
    assert [(e["first"], e["second"]) for e in game.log.of_type("reroll")] == [(2, 1)]


@pytest.mark.rules("DICE-4")
def test_a_reroll_granted_for_missiles_saves_a_missing_die_in_battle():
    """The Chimera's «ракеты большой дистанции 4-4» at long range hit on «D6 5+»: its first die
    shows 2, the player rerolls it (a 6, a hit), the others stand."""
    game, uid = meeting(
        {"chimera": "chimera"}, {"raider": "magnum"}, dice=[2, 6, 1, 1, 1] + [6] * 40
    )
    game.effects.grant_reroll(0, purposes=["salvo"])
    battle_phase(game, 0)
    assert [(e["first"], e["second"], e["need"]) for e in game.log.of_type("reroll")] == [(2, 6, 5)]
    first = game.log.of_type("attack")[0]
    assert (first["by"], first["rolls"], first["hits"]) == (uid["chimera"], [6, 1, 1, 1], 1)
    assert game.effects.rerolls_left(0) == 0


# --- what effects change -------------------------------------------------------------------------


@pytest.mark.rules("INIT-2")
def test_an_effect_changes_the_printed_initiative_and_priority_follows_the_changed_value():
    """«Инициатива Командора указана на его карте, но может быть изменена, например, картами
    способностей»: 4 + 2 exceeds the holder's 5 (INIT-4); when the change ends, 5 exceeds 4."""
    game, _ = table(second={"action_tokens": 1})

    def raise_by_two(moment):
        moment.effects.modify_initiative(moment.player, 2, until=Window.END_OF_TURN)

    rally = effect("rally", {Window.INITIATIVE}, raise_by_two, cost=Cost(action_tokens=1))
    game.effects.attach(1, rally)
    game.initiative_phase()
    assert game.state.priority == 1 and game.state.players[1].initiative == 6
    game.effects.open(Window.END_OF_TURN)
    assert game.state.players[1].initiative == 4
    game.initiative_phase()  # no token left to play it again
    assert game.state.priority == 0
    assert [e["player"] for e in game.log.of_type("priority")] == [1, 0]


@pytest.mark.rules("MOVE-9", "GEN-4")
def test_ships_enter_a_sector_holding_an_enemy_fleet_only_while_a_card_allows_it():
    """«а в некоторых случаях (только если какие-либо карты дают игроку такую возможность) - в
    сектор открытого космоса, где находится флот противника»; a card forbidding it wins."""

    def moves(grant, ban):
        game, uid = table(
            {"script": ["play:warp", "s1"] if grant and not ban else []},
            {"cards": {"raider": {"card": "magnum", "at": "s1"}}},
            phase="move_1",
        )
        warp = effect(
            "warp",
            {Window.BEFORE_MOVEMENT},
            lambda m: m.effects.grant(
                m.player, Permission.ENTER_ENEMY_SECTOR, until=Window.END_OF_TURN
            ),
        )
        if grant:
            game.effects.attach(0, warp)
        if ban:
            game.effects.forbid(0, Permission.ENTER_ENEMY_SECTOR)
        game.effects.open(Window.BEFORE_MOVEMENT)
        game.movement_phase(0)
        (decision,) = [d for d in game.agents[0].decisions if d.kind == "move.ship"]
        return game, uid, [option.key for option in decision.options]

    _, _, keys = moves(grant=False, ban=False)
    assert "s1" not in keys
    _, _, keys = moves(grant=True, ban=True)
    assert "s1" not in keys
    game, uid, keys = moves(grant=True, ban=False)
    assert "s1" in keys
    assert game.state.cards[uid["cruiser0"]].where == "s1"
    assert battle_sites(game) == ["s1"]


@pytest.mark.rules("ECH-7", "CMDR-9", "ECH-6")
def test_a_commander_in_the_second_echelon_uses_his_abilities_the_ship_s_own_property_waits():
    """«До вступления в сражение корабли второго эшелона не могут использовать свое вооружение и
    свои свойства. Командор, находящийся на корабле второго эшелона, свои способности
    использовать может»."""
    played = []
    game, uid = meeting(
        {"cruiser": "exorcist", "transport": "trader"},
        {"raider": "magnum"},
        commander_at="transport",
        script=["stay", "reserve:{transport}"],
    )
    windows = {Window.ROUND_START, Window.END_OF_TURN}
    game.effects.attach(0, effect("command", windows, log=played))
    game.effects.attach(0, effect("engine", windows, log=played, source=uid["transport"]))
    battle_phase(game, 0)
    rounds = game.log.of_type("round_start")
    assert game.log.of_type("second_echelon")[0]["uid"] == uid["transport"]
    assert [key for key, *_ in played] == ["command"] * len(rounds)
    game.effects.open(Window.END_OF_TURN)  # out of the battle, the transport's property works
    assert [key for key, *_ in played[len(rounds) :]] == ["command", "engine"]


def test_battle_windows_open_before_the_first_round_each_round_around_attacks_and_at_the_end():
    """«Перед началом первого раунда боя», «В начале каждого раунда боя», «объявление атаки» …
    «расчет и нанесение полученных повреждений», «когда сражение завершено»."""
    attacks = []
    game, uid = meeting({"cruiser": "exorcist"}, {"raider": "magnum"})
    windows = {
        Window.BATTLE_START,
        Window.ROUND_START,
        Window.ATTACK_DECLARED,
        Window.AFTER_ATTACK,
        Window.BATTLE_END,
    }
    game.effects.attach(0, effect("watch", windows, lambda m: attacks.append(m.attack)))
    battle_phase(game, 0)
    story = [
        f"on {e['window']}" if e["type"] == "effect" else e["type"]
        for e in game.log.events
        if e["type"] in ("effect", "round_start", "attack", "evade", "battle_end")
    ]
    assert story[:3] == ["on battle_start", "round_start", "on round_start"]
    assert story[-2:] == ["on battle_end", "battle_end"]
    assert story.count("on round_start") == story.count("round_start")
    assert story.count("on attack_declared") == story.count("on after_attack") >= 1
    for at, step in enumerate(story):
        if step in ("attack", "evade"):  # the plasma was evaded, or hit
            assert story[at - 1] == "on attack_declared"
            assert story[at + 1] == "on after_attack"
    assert {a.attackers[0] for a in attacks if a} >= {uid["cruiser"]}


@pytest.mark.rules("GEN-2")
def test_abilities_chosen_before_the_game_can_be_changed_during_it():
    """«с помощью “карт способностей” игрок может в начале партии создать уникальную комбинацию
    способностей Командора и даже изменять ее по ходу игры»."""
    played = []
    game, _ = table()
    second = effect("second", {Window.END_OF_TURN}, log=played)

    def swap(moment):
        moment.effects.detach(moment.player, "first")
        moment.effects.attach(moment.player, second)

    game.effects.attach(0, effect("first", {Window.END_OF_TURN}, log=played))
    game.effects.attach(0, effect("swap", {Window.PRODUCTION_ABILITIES}, swap))
    game.effects.open(Window.END_OF_TURN)
    game.effects.open(Window.PRODUCTION_ABILITIES, (0,))
    game.effects.open(Window.END_OF_TURN)
    assert [key for key, *_ in played] == ["first", "second"]


@pytest.mark.rules("WIN-5")
@pytest.mark.parametrize("victory", list(Victory))
def test_additional_victories_come_only_from_the_commander_s_abilities_or_ability_cards(victory):
    """«Существуют также дополнительные условия победы … это зависит от способностей Командора,
    указанных в данных правилах или тексте карты Командора (карты способностей)»: the same
    position wins for a Commander with the ability printed or granted, never without it."""

    def game_with(printed):
        cards = {f"planet{n}": {"card": "planet"} for n in range(4)}
        loot = {f"loot{n}": {"card": "chimera", "zone": "losses"} for n in range(8)}
        game, _ = table({"victory": printed, "commerce_tokens": 7, "cards": cards}, {"cards": loot})
        return game

    def wins(game):
        check = check_end_of_battle_phase if victory is Victory.PIRATE else check_start_of_turn
        outcome = check(game.state)
        return outcome is not None and outcome.termination.value == victory.value

    assert not wins(game_with(None))
    assert wins(game_with(victory.value))
    game = game_with(None)
    game.effects.attach(
        0,
        effect(
            "card",
            {Window.PRODUCTION_ABILITIES},
            lambda m: m.effects.grant_victory(m.player, victory),
        ),
    )
    game.effects.open(Window.PRODUCTION_ABILITIES, (0,))
    assert wins(game)


# --- whole matches -------------------------------------------------------------------------------


def busy_effects():
    """Effects in every window for both players, with costs, rolls and rerolls."""

    def gain(moment):
        moment.state.players[moment.player].action_tokens += 1

    return {
        player: [
            effect("gain", {Window.START_OF_TURN}, gain),
            effect(
                "luck",
                {Window.ROUND_START},
                cost=Cost(action_tokens=1),
                apply=lambda m: m.effects.grant_reroll(m.player, until=Window.BATTLE_END),
            ),
            effect(
                "rally",
                {Window.INITIATIVE},
                cost=Cost(action_tokens=1, roll=4),
                apply=lambda m: m.effects.modify_initiative(m.player, 1, until=Window.END_OF_TURN),
                lasts_until=Window.END_OF_TURN,
            ),
            effect("watch", ALL_WINDOWS, condition=lambda m: m.state.turn % 2 == 0),
        ]
        for player in (0, 1)
    }


def test_matches_with_effects_keep_the_invariants_and_replay_byte_for_byte():
    decks = [
        deck_from_dict(standard_deck("a", initiative=5)),
        deck_from_dict(standard_deck("b", initiative=5)),
    ]
    for seed in range(8):
        logs = []
        for _ in range(2):
            result = run_match(
                decks=decks,
                agents=[RandomAgent(seed), RandomAgent(seed + 1)],
                seed=seed,
                effects=busy_effects(),
                observer=check_state,
                turn_cap=12,
            )
            logs.append(result.log.to_jsonl())
        assert logs[0] == logs[1]
        assert '"type":"effect"' in logs[0]


def test_without_effects_no_window_asks_anything():
    result = run_match(
        decks=[deck_from_dict(standard_deck("a")), deck_from_dict(standard_deck("b"))],
        agents=[RandomAgent(1), RandomAgent(2)],
        seed=3,
        dice=SeededDice(3),
    )
    kinds = {e["kind"] for e in result.log.of_type("choice")}
    assert not kinds & {"effect.play", "dice.reroll"}
    assert not result.log.of_type("effect")


def test_a_copy_of_the_dice_rolls_on_as_they_would_whatever_they_roll_after():
    """``SeededDice.copy`` keeps the generator's state read until the dice roll again: a copy
    taken after a roll or a shuffle must not reuse the state read before it."""
    dice = SeededDice(11)
    first = dice.copy()
    again = first.copy()  # a copy of a copy, from the state kept
    expected = [dice.d6() for _ in range(20)]
    assert [first.d6() for _ in range(20)] == expected
    assert [again.d6() for _ in range(20)] == expected
    later = dice.copy()  # after the rolls: their state, not the one read before them
    cards = list(range(30))
    dice.shuffle(cards)
    after_shuffle = dice.copy()
    rolls = [dice.d6() for _ in range(10)]
    assert [after_shuffle.d6() for _ in range(10)] == rolls
    copied_cards = list(range(30))
    later.shuffle(copied_cards)
    assert copied_cards == cards


# --- offers built once ---------------------------------------------------------------------------


def _effect_plays(game, player):
    return [d.options for d in game.agents[player].decisions if d.kind == "effect.play"]


def test_an_offer_is_built_once_per_effect_and_target_and_offered_again_as_it_was():
    """A window offers the same effect on the same target with the same records each time
    (``Effect.offers``: its key and facts depend on the effect and the target alone)."""
    game, uids = table()
    home, cruiser = uids["home0"], uids["cruiser0"]
    windows = {Window.START_OF_TURN, Window.END_OF_TURN}
    game.effects.attach(0, effect("aim", windows, targets=lambda m: [home, cruiser]))
    game.effects.open(Window.START_OF_TURN, (0,))
    game.effects.open(Window.END_OF_TURN, (0,))
    first, second = _effect_plays(game, 0)
    assert [option.key for option in first] == ["pass", f"play:aim>{home}", f"play:aim>{cruiser}"]
    assert [option.data.target for option in first[1:]] == [home, cruiser]
    assert all(old is new for old, new in zip(first, second, strict=True))


def test_a_play_picking_its_cards_later_is_offered_with_the_cards_in_reach_now():
    """A play on several cards names the cards in reach when it is offered: never an offer
    kept from an earlier window."""
    game, uids = table()
    home, cruiser = uids["home0"], uids["cruiser0"]
    reach = [home]
    windows = {Window.START_OF_TURN, Window.END_OF_TURN}
    game.effects.attach(0, effect("all", windows, targets=lambda m: list(reach), pick=None))
    game.effects.open(Window.START_OF_TURN, (0,))
    reach.append(cruiser)
    game.effects.open(Window.END_OF_TURN, (0,))
    first, second = _effect_plays(game, 0)
    for options in (first, second):
        assert [option.key for option in options] == ["pass", "play:all"]
    assert first[1].data.candidates == (home,)
    assert second[1].data.candidates == (home, cruiser)
