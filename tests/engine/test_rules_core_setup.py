"""«Начальная расстановка» (SETUP, ABIL-5, CMDR-1, GEN-1, ZONE-2, ZONE-10): ability cards chosen
before the game, building face down, the reveal, placement by initiative, the first turn."""

import pytest

from komandor.agents.registry import HeuristicAgent, ScriptedAgent
from komandor.rules import rules
from komandor.rules.cards import CardKind, card_from_dict
from komandor.rules.decks import deck_from_dict
from komandor.rules.dice import FixedDice
from komandor.rules.events import EventLog
from komandor.rules.facts import BuildFacts
from komandor.rules.game import Game
from komandor.rules.state import Phase, Zone
from tests.engine.deck_data import (
    ABILITY,
    BATTERY,
    CHIMERA_NOTATION,
    EXORCIST_NOTATION,
    GROUND_UNIT,
    MAGNUM_NOTATION,
    MARKET,
    PLANET,
    TACTIC,
    standard_deck,
)
from tests.engine.positions import RecordingAgent

SPECIAL_ABILITY = {**ABILITY, "name": "Особая способность", "special": True}
# Listed order is the deck order (FixedDice never reorders): the first 15 cards mix every kind.
SETUP_DECK = [
    GROUND_UNIT,
    BATTERY,
    MARKET,
    TACTIC,
    PLANET,
    CHIMERA_NOTATION,
    EXORCIST_NOTATION,
    *[MAGNUM_NOTATION] * 4,
    *[EXORCIST_NOTATION] * 3,
    *[CHIMERA_NOTATION] * 2,
    *[PLANET] * 3,
    *[TACTIC] * 12,
    ABILITY,
    ABILITY,
    SPECIAL_ABILITY,
    *[GROUND_UNIT] * 4,
]


def setup_game(scripts=((), ()), initiative=(5, 4), deck=SETUP_DECK):
    agents = [RecordingAgent(ScriptedAgent(s, fallback=HeuristicAgent())) for s in scripts]
    game = Game(
        decks=[[card_from_dict(card) for card in deck]] * 2,
        commanders=[
            card_from_dict({"kind": "commander", "name": f"К{i}", "initiative": value})
            for i, value in enumerate(initiative)
        ],
        agents=agents,
        dice=FixedDice([]),
        log=EventLog(),
    )
    for agent in agents:
        agent.state = game.state
    return game


def uids_of(game, player, name):
    return [uid for uid, c in game.state.cards.items() if c.owner == player and c.spec.name == name]


@pytest.mark.rules("ABIL-5", "SETUP-1", "SETUP-10", "ZONE-2", "ZONE-10")
def test_ability_cards_picked_before_the_game_shrink_every_deal():
    """«Карта способностей может быть выбрана из колоды еще до начала игры и сыграна при
    “начальной расстановке”. В этом случае количество карт, которые игрок берет из колоды …
    уменьшается на количество выбранных заранее карт способностей»; the deck holds «все карты
    игрока (кроме карты Командора и отобранных игроком до начала игры карт способностей)»;
    played ability cards lie in «Зона карт обстановки»."""
    first, second = uids_of(setup_game(), 0, ABILITY["name"])
    game = setup_game(([first, second, "redeal", "keep"], ()))
    game.preselect_abilities(0)
    player = game.state.players[0]
    assert player.situations == [first, second]
    assert {game.state.cards[uid].zone for uid in (first, second)} == {Zone.SITUATIONS}
    assert first not in player.deck and second not in player.deck
    game.deal(0)
    assert [e["cards"] for e in game.log.of_type("redeal")] == [12 - 2]
    assert len(player.hand) == 15 - 2 - 3
    assert len(player.deck) + len(player.hand) == len(SETUP_DECK) - 2
    chosen = game.agents[0].decisions[:2]
    offered = {o.key for o in chosen[0].options} - {"done"}
    special = uids_of(game, 0, SPECIAL_ABILITY["name"])[0]
    assert special not in offered  # «“Специальные” карты способностей … ТОЛЬКО во время игры»
    assert offered == {first, second}


@pytest.mark.rules("ABIL-5")
def test_at_most_three_ability_cards_are_picked():
    """«Командор не может быть улучшен более чем тремя картами способностей» (ABIL-3): with four
    ability cards in the deck, the question stops after the third pick."""
    deck = [*SETUP_DECK, ABILITY, ABILITY]
    picks = uids_of(setup_game(deck=deck), 0, ABILITY["name"])
    assert len(picks) == 4
    game = setup_game((picks[:3], ()), deck=deck)
    game.preselect_abilities(0)
    assert game.state.players[0].situations == picks[:3]
    assert [kind for _, kind, _ in game.agents[0].seen] == ["setup.ability"] * 3


@pytest.mark.rules("SETUP-6", "SETUP-7")
def test_setup_builds_or_only_starts_ships_and_objects():
    """«На эти ресурсы игрок может сразу ввести в игру … карты кораблей и космических объектов …
    или только начать их производство, положив в зону производства и обозначив фишками
    потраченные на них ресурсы»."""
    game = setup_game()
    exorcist, chimera = (
        uids_of(game, 0, EXORCIST_NOTATION["name"])[0],
        uids_of(game, 0, CHIMERA_NOTATION["name"])[0],
    )
    game.agents[0].inner = ScriptedAgent(
        ["done", "keep", f"{exorcist}:5", f"{chimera}:4", "next"], fallback=HeuristicAgent()
    )
    game.setup()
    state = game.state
    assert state.cards[exorcist].zone is Zone.PLAY
    assert (state.cards[chimera].zone, state.cards[chimera].tokens) == (Zone.PRODUCTION, 4)
    assert state.cards[chimera].where is None  # not placed: still face down (SETUP-12)
    assert state.players[0].action_tokens == 25 - 5 - 4
    builds = [d for d in game.agents[0].decisions if d.kind == "setup.build"]
    offered = {o.data.card for d in builds for o in d.options if isinstance(o.data, BuildFacts)}
    assert {state.cards[uid].kind for uid in offered} == {CardKind.SHIP, CardKind.SPACE_OBJECT}
    unit, battery = uids_of(game, 0, GROUND_UNIT["name"])[0], uids_of(game, 0, BATTERY["name"])[0]
    assert unit not in offered and battery not in offered  # both among the 15 cards dealt


@pytest.mark.rules(
    "SETUP-8", "SETUP-10", "SETUP-11", "SETUP-12", "SETUP-13", "SETUP-16", "INIT-6", "INIT-7"
)
def test_both_build_face_down_then_reveal_then_lower_initiative_places_first():
    """«Карты выкладываются на стол рубашкой вверх» … «Затем оба игрока переворачивают карты
    Командоров и способностей, после чего определяется приоритет в инициативе. Игрок с меньшей
    инициативой первым переворачивает построенные им карты … формирует из кораблей флоты и
    размещает их … Затем то же самое проделывает игрок с большей инициативой»."""
    game = setup_game(initiative=(6, 3))
    game.setup()
    types = [(e["type"], e.get("player")) for e in game.log.events]
    reveal = types.index(("initiative", None))
    built = [i for i, (kind, _) in enumerate(types) if kind == "built"]
    placed = [(i, p) for i, (kind, p) in enumerate(types) if kind in {"placed", "commander"}]
    assert built and max(built) < reveal < min(i for i, _ in placed)
    assert game.state.priority == 0
    order = [p for _, p in placed]
    assert order == sorted(order, reverse=True)  # all of player 1 (initiative 3), then player 0
    for player in (1, 0):
        steps = [kind for kind, p in types if p == player and kind in {"placed", "commander"}]
        assert steps[-1] == "commander"  # his Commander goes on a built card as he places
        at = game.state.cards[game.state.players[player].commander_at]
        assert at.zone is Zone.PLAY and at.owner == player


@pytest.mark.rules("SETUP-17")
def test_after_setup_the_game_begins_with_turn_one_phase_one():
    """«После этого начинается игра» — turn 1 starts with «1. Начало хода» and a normal draw
    (AMB-28e)."""
    game = setup_game()
    seen = []
    game.observers.append(lambda state: seen.append((state.turn, state.phase)))
    game.play(turn_cap=1)
    assert seen[:3] == [(1, Phase.SETUP), (1, Phase.START), (1, Phase.DRAW)]
    assert game.log.of_type("draw")[0]["cards"] == rules.DRAW_PER_TURN


@pytest.mark.rules("CMDR-1", "GEN-1")
def test_each_player_is_on_the_table_as_the_commander_he_chose():
    """«Каждый игрок лично присутствует на игровом поле в образе Командора (карты Командора).
    Каждый Командор имеет собственные характеристики» — chosen «до начала игры», outside the
    deck; his initiative decides priority, and he stands on one of the player's cards."""
    data = {**standard_deck("a", initiative=7)}
    data["commander"] = {**data["commander"], "name": "Адмирал"}
    deck = deck_from_dict(data)
    assert deck.commander.name == "Адмирал" and deck.commander.initiative == 7
    assert all(card.kind is not CardKind.COMMANDER for card in deck.cards)
    other = deck_from_dict(standard_deck("b", initiative=2))
    game = Game(
        decks=[deck.cards, other.cards],
        commanders=[deck.commander, other.commander],
        agents=[HeuristicAgent(), HeuristicAgent()],
        dice=FixedDice([]),
        log=EventLog(),
    )
    game.setup()
    assert game.state.priority == 0
    for player in game.state.players:
        carrier = game.state.cards[player.commander_at]
        assert carrier.controller == player.index
        assert carrier.kind in (CardKind.SHIP, CardKind.SPACE_OBJECT)
