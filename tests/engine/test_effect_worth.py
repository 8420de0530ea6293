"""What plays are worth to the heuristic agent (``agents.effect_values``: ``assess``,
``lasting_worth``, the worth of a play on several cards): the numbers behind «play the effect
worth most net of its price», computed by the agent from the play's facts and its observation.

The cards are this project's test cards («(тест)»), defined here, not shipped content.
"""

from __future__ import annotations

from komandor.agents.effect_values import (
    LASTING_TURNS,
    SEARCH_WORTH,
    assess,
    lasting_worth,
    play_values,
)
from komandor.agents.heuristic import DEFAULT_WEIGHTS, HeuristicAgent, move_ship_among
from komandor.rules.cards import card_from_dict
from komandor.rules.decisions import Decision, DecisionKind, Option
from komandor.rules.effect_schema import Action
from komandor.rules.facts import AnsweredPlay, Cost, DecisionContext, PlaceFacts, PlayFacts
from komandor.rules.fights import battle_phase
from komandor.rules.observation import Observation
from komandor.rules.state import Zone
from komandor.rules.windows import Window
from tests.engine.test_agents import place_of
from tests.engine.test_card_kinds import SHIELDS, offered, table

TEST = " (тест)"
YARD = {
    "kind": "situation", "name": "Ремонтные доки" + TEST, "resources": 2,
    "effects": [{"when": "production_situations",
                 "targets": {"side": "own", "kind": "ship", "damaged": True, "count": "all"},
                 "actions": [{"do": "repair", "amount": 1}]}],
}  # fmt: skip
MOBILISATION = {
    "kind": "situation", "name": "Мобилизация" + TEST, "resources": 2,
    "effects": [{"when": "on_play",
                 "actions": [{"do": "search", "from": "deck", "select": {"kind": "ship"}}]}],
}  # fmt: skip
DOCK = {
    "kind": "upgrade", "name": "Док" + TEST, "cost": 4, "target": "space_object",
    "effects": [{"when": "production_upgrades", "cost": {"action_tokens": 1},
                 "actions": [{"do": "gain", "resources": 2}]}],
}  # fmt: skip
STORM = {
    "kind": "tactical", "name": "Шквал" + TEST, "action_tokens": 2,
    "effects": [{"when": "battle_start",
                 "targets": {"side": "enemy", "kind": "ship", "in": "battle", "count": 2},
                 "actions": [{"do": "damage", "amount": 3}]}],
}  # fmt: skip
SNARE = {
    "kind": "tactical", "name": "Ловушка" + TEST, "action_tokens": 1,
    "effects": [{"when": "battle_start",
                 "targets": {"side": "enemy", "kind": "ship", "in": "battle",
                             "chooser": "opponent"},
                 "actions": [{"do": "tap"}]}],
}  # fmt: skip
COUNTER = {
    "kind": "tactical", "name": "Контрразведка" + TEST, "action_tokens": 2, "dice": 4,
    "effects": [{"when": "opponent_play", "actions": [{"do": "cancel"}]}],
}  # fmt: skip


def test_a_lasting_card_is_worth_its_effects_over_a_few_turns_net_of_their_price():
    assert lasting_worth(card_from_dict(SHIELDS)) == 2 * LASTING_TURNS
    assert lasting_worth(card_from_dict(YARD)) == 1 * LASTING_TURNS
    assert lasting_worth(card_from_dict(MOBILISATION)) == SEARCH_WORTH  # on_play: once
    assert lasting_worth(card_from_dict(DOCK)) == (2 - 1.5) * LASTING_TURNS


def test_the_heuristic_puts_an_upgrade_worth_more_than_its_price_under_a_card():
    game, uid = table({"resources": 3, "cards": {"shields": {"card": SHIELDS, "zone": "hand"}}})
    game.effects.start_production()
    game.effects.open(Window.PRODUCTION_UPGRADES, (0,))
    shields = game.state.cards[uid["shields"]]
    assert shields.zone is Zone.ATTACHED and shields.where == uid["cruiser0"]
    assert game.state.players[0].resources == 0


def test_the_heuristic_keeps_resources_for_a_situation_worth_no_more_than_them():
    cheap = {**YARD, "name": "Дешёвые доки" + TEST, "resources": 3}  # worth 3, price 3
    game, uid = table({"resources": 3, "cards": {"yard": {"card": cheap, "zone": "hand"}}})
    game.effects.start_production()
    game.effects.open(Window.PRODUCTION_SITUATIONS, (0,))
    assert game.state.cards[uid["yard"]].zone is Zone.HAND
    assert offered(game, 0)  # it was offered, and passed


class WorthSpy:
    """Passes every decision on, keeping the worth the agent's ``play_values`` gives each play
    offered as it is asked (the observation is a view: it changes as play goes on)."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.name = inner.name
        self.decisions = inner.decisions
        self.worths: dict[str, float] = {}

    def choose(self, decision, observation=None):
        if decision.kind is DecisionKind.EFFECT_PLAY:
            assert observation is not None
            for option, worth in zip(
                decision.options, play_values(decision, observation), strict=True
            ):
                self.worths.setdefault(option.key, worth)
        return self.inner.choose(decision, observation)


def _expected(game, player, key_part):
    for key, worth in game.agents[player].worths.items():
        if key_part in key:
            return worth
    raise AssertionError(f"{key_part} never offered")


def _battle(first_cards, second_cards, *, tokens=2):
    game, uid = table(
        {
            "action_tokens": tokens,
            "cards": {"cruiser0": {"card": "exorcist", "at": "s1"}, **first_cards},
            "script": {"effect.play": ["pass"]},
        },
        {"cards": {"cruiser1": {"card": "exorcist", "at": "s1"}, **second_cards}},
        phase="battle_1",
        dice=[1] * 200,
    )
    game.agents = [WorthSpy(agent) for agent in game.agents]
    return game, uid


def test_a_play_on_several_cards_is_worth_what_it_does_to_the_best_of_them():
    """Two enemy cruisers and a magnum in the battle: 3 damage to each of two is worth 3 + 3
    (none destroyed), not the 3 of a play on one unknown card."""
    game, uid = _battle(
        {"storm": {"card": STORM, "zone": "hand"}},
        {
            "second": {"card": "exorcist", "at": "s1"},
            "magnum": {"card": "magnum", "at": "s1"},
        },
    )
    battle_phase(game, 0)
    worth = _expected(game, 0, uid["storm"])
    magnum = game.state.cards[uid["magnum"]]
    assert worth >= 3 + min(3, magnum.spec.strength) and worth > 3


def test_a_tap_the_opponent_chooses_is_worth_the_cost_of_his_cheapest_card():
    game, uid = _battle(
        {"snare": {"card": SNARE, "zone": "hand"}},
        {"magnum": {"card": "magnum", "at": "s1"}},
    )
    battle_phase(game, 0)
    magnum = game.state.cards[uid["magnum"]]
    cruiser = game.state.cards[uid["cruiser1"]]
    assert magnum.cost < cruiser.cost
    assert _expected(game, 0, uid["snare"]) == magnum.cost


def _answered(resources: int) -> AnsweredPlay:
    """The facts of the opponent's play being answered: one gaining him ``resources``."""
    actions = (Action("gain", resources=resources),)
    play = PlayFacts("y", Cost(), None, "effect", actions, None)
    return AnsweredPlay(play, None, "y", 1, None, None)


def test_a_cancel_is_worth_the_play_it_answers_and_played_when_that_beats_its_price():
    counter = card_from_dict(COUNTER)
    game, _ = table()
    observation = Observation(game.state, 0, ())
    actions = counter.effects[0].actions
    assert assess(actions, observation, 0, None, _answered(9), None) == 9.0
    assert assess(actions, observation, 0, None, None, None) == 1.0  # nothing answered
    agent = HeuristicAgent()

    def offer(resources: int) -> Decision:
        data = PlayFacts("x", Cost(action_tokens=2, roll=4), None, "effect", actions, None)
        options = (Option("pass"), Option("play:x", data))
        context = DecisionContext(window="opponent_play", attack=_answered(resources))
        return Decision(0, DecisionKind.EFFECT_PLAY, options, context)

    assert agent.choose(offer(9), observation) == 1  # 9 × 1/2 > 2 tokens × 2
    assert agent.choose(offer(6), observation) == 0
    assert agent.choose(offer(9)) == 0  # no observation to weigh the play by: pass


def test_an_open_enemy_sector_is_a_target_for_the_free_fleet_like_an_orbit():
    """MOVE-9: a sector holding an enemy fleet is offered only when a card opens it; the
    heuristic then attacks it when its free fleet overpowers the fleet there."""
    home = {"to": "home", "orbit": True, "controller": 0, "own_commander": True,
            "own_power": 60, "enemy_power": 0}  # fmt: skip
    enemy_sector = {"to": "s4", "orbit": False, "own_power": 0, "enemy_power": 20}
    own_sector = {"to": "s5", "orbit": False, "own_power": 5, "enemy_power": 0}

    def move(*places: dict) -> str:
        offered = (("stay", home), *((p["to"], p) for p in places))
        options = tuple(Option(key, PlaceFacts(p["to"])) for key, p in offered)
        context = DecisionContext(ship="S")
        decision = Decision(0, DecisionKind.MOVE_SHIP, options, context)
        weighed = [place_of(p) for _, p in offered]
        return options[move_ship_among(decision, weighed, 10, 100, DEFAULT_WEIGHTS)].key

    assert move(enemy_sector, own_sector) == "s4"  # free 70 ≥ 1.25 × 20 + 1
    assert move({**enemy_sector, "enemy_power": 60}, own_sector) == "stay"
