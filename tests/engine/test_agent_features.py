"""The agents' knowledge of cards and places lives in the agents (``komandor/agents/features.py``,
issue 30 item 3): the rules' options and contexts name cards and places by their facts (uids,
places, amounts), and the heuristic computes what it makes of them from its observation; so do
the battle's expected damage (``battle_values.py``) and a play's worth (``effect_values.py``)."""

from __future__ import annotations

import json
import random
from dataclasses import fields
from pathlib import Path

import pytest

from komandor.agents.features import (
    CardFeatures,
    ContextFeatures,
    Place,
    card_features,
    context_features,
    mobile_power,
    movement_places,
    option_features,
    place,
    place_options,
    place_table,
    ship_power,
)
from komandor.agents.heuristic import HeuristicAgent
from komandor.agents.registry import make_agent
from komandor.rules.decisions import Decision, DecisionKind
from komandor.rules.decks import deck_from_dict
from komandor.rules.effect_decks import effect_deck
from komandor.rules.facts import (
    AnsweredPlay,
    BuildFacts,
    PlaceFacts,
    context_to_dict,
    facts_to_dict,
)
from komandor.rules.match import MatchSetup, new_match, run_match
from komandor.rules.observation import Observation
from komandor.rules.state import Zone

ROOT = Path(__file__).resolve().parents[2]
PRECONS = [
    deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "content" / "precons").glob("*.json"))
]

# The features the rules put in options and contexts before issue 30 and no longer do: the
# card's (``Game.card_features``) and the place's (``Game.location_features``), the moving
# fleet's power and the setup hand's summary.
REMOVED_KEYS = frozenset(
    {
        "uid",
        "kind",
        "power",
        "object_type",
        "income",
        "orbit",
        "own_power",
        "enemy_power",
        "controller",
        "enemy_commander",
        "own_commander",
        "ground_units",
        "own_ground_units",
        "mobile_power",
        "hand",
        # an attack's expected damage (``battle._expected``) and a play's worth (``Effect.value``,
        # ``effect_play.assess``), in attack and play options and in the play answered
        "expected",
        "value",
        "worth",
    }
)


# What the heuristic makes of a decision: each option's features (None when its kind names no
# card or place) and the context's.
Weighed = tuple[list[CardFeatures] | list[Place] | None, ContextFeatures]


class Recording:
    """The heuristic, keeping every decision it is asked with the observation it is given and
    the decision as it weighs it then (the observation is a view: it changes as play goes on)."""

    def __init__(self) -> None:
        self.name = "recording"
        self.inner = HeuristicAgent()
        self.asked: list[tuple[Decision, Observation | None, Weighed]] = []

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        weighed = (
            option_features(decision, observation),
            context_features(decision, observation),
        )
        self.asked.append((decision, observation, weighed))
        return self.inner.choose(decision, observation)


def played(seed: int, decks) -> list[tuple[Decision, Observation | None, Weighed]]:
    agents = [Recording(), Recording()]
    run_match(decks=decks, agents=agents, seed=seed, log=False)
    return agents[0].asked + agents[1].asked


@pytest.fixture(scope="module")
def decisions() -> list[Decision]:
    asked = []
    for seed in range(3):
        asked += played(seed, [PRECONS[seed % len(PRECONS)], PRECONS[(seed + 1) % len(PRECONS)]])
        asked += played(seed, [deck_from_dict(effect_deck(seed * 2 + side)) for side in (0, 1)])
    return [decision for decision, _, _ in asked]


def test_no_option_or_context_carries_a_feature(decisions):
    kinds = {decision.kind for decision in decisions}
    assert {DecisionKind.PRODUCTION_BUILD, DecisionKind.MOVE_SHIP, DecisionKind.PLACE_SHIP} <= kinds
    for decision in decisions:
        for option in decision.options:
            facts = facts_to_dict(option.data)
            assert not REMOVED_KEYS & set(facts), (decision.kind, option)
            # the effects' price (a mapping) is a fact of the play; a card's cost is a feature
            assert not isinstance(facts.get("cost"), int), (decision.kind, option)
        context = context_to_dict(decision.context)
        assert not REMOVED_KEYS & set(context), (decision.kind, context)
        answered = decision.context.attack  # the attack or play a window answers
        while answered is not None:
            named = {field.name for field in fields(answered)}
            assert not REMOVED_KEYS & named, (decision.kind, answered)
            if isinstance(answered, AnsweredPlay):
                assert not REMOVED_KEYS & set(facts_to_dict(answered.play)), answered
            answered = answered.attack if isinstance(answered, AnsweredPlay) else None
        for key in ("ship", "card"):
            assert not isinstance(context.get(key), dict), (decision.kind, key)


def test_the_heuristic_computes_the_features_from_its_observation():
    asked = played(0, [PRECONS[0], PRECONS[1]])
    builds = [
        (d, o, w)
        for d, o, w in asked
        if d.kind is DecisionKind.SETUP_BUILD
        and any(isinstance(x.data, BuildFacts) and x.data.complete for x in d.options)
    ]
    moves = [(d, w) for d, _, w in asked if d.kind is DecisionKind.MOVE_SHIP]
    assert builds and moves
    decision, observation, (weighed, _) = builds[0]
    assert observation is not None and weighed is not None
    for option, seen in zip(decision.options, weighed, strict=True):
        if not isinstance(option.data, BuildFacts):
            continue
        card = observation.card(option.data.card)
        assert card is not None
        assert isinstance(seen, CardFeatures)
        assert seen.cost == card.cost and seen.kind == card.kind.value
        assert seen.amount == option.data.amount  # the facts stay as given
        assert seen.to_dict()["amount"] == option.data.amount and "uid" in seen.to_dict()
    decision, (weighed, context) = moves[0]
    assert weighed is not None
    here = weighed[0]
    assert isinstance(here, Place)
    assert decision.options[0].key == "stay" and here.own_power > 0  # the mover is there
    assert context.ship is not None and context.ship.uid == decision.context.ship
    assert context.mobile_power is not None and context.mobile_power >= context.ship.power
    new = weighed[1]
    assert isinstance(new, Place) and new.to_dict() == {"to": "new", "orbit": False}
    # the records as the mappings they were: the context's ship as its features
    assert context.to_dict()["ship"] == context.ship.to_dict()
    assert context.to_dict()["mobile_power"] == context.mobile_power


def test_card_and_place_features():
    asked = played(1, [PRECONS[1], PRECONS[2]])
    observation = next(o for d, o, _ in asked if d.kind is DecisionKind.MOVE_SHIP)
    assert observation is not None
    ships = [c for c in observation.cards_in_play() if c.kind.value == "ship"]
    ship = ships[0]
    features = card_features(ship)
    assert features.uid == ship.uid and features.cost == ship.cost
    assert features.power >= ship.spec.strength  # strength plus its weapons' powers
    assert features.to_dict() == {
        "uid": ship.uid,
        "kind": "ship",
        "cost": ship.cost,
        "power": features.power,
        "object_type": None,
        "income": 0,
    }
    assert ship.where is not None
    table = place_table(observation, ship.controller)
    there = place(observation, ship.controller, ship.where, table)
    mine = [c for c in ships if c.where == ship.where and c.controller == ship.controller]
    assert there.own_power == sum(card_features(c).power for c in mine)


def test_an_observation_shows_no_card_of_the_opponent_s_hand_or_deck():
    asked = played(2, [PRECONS[2], PRECONS[0]])
    decision, observation, _ = asked[0]
    assert observation is not None
    state = observation._state
    me, them = decision.player, 1 - decision.player
    for uid, card in state.cards.items():
        hidden = card.owner == them and card.zone in (Zone.HAND, Zone.DECK)
        assert (observation.card(uid) is None) == hidden
    assert state.players[them].deck and state.players[me].hand
    assert observation.card("s1") is None  # a sector is no card
    assert observation.commander_at(me) == state.players[me].commander_at


def counted(observation: Observation, player: int, where: str) -> dict[str, object]:
    """What ``player`` makes of ``where``, counted card by card from the observation (the
    ``Place`` fields an orbit has)."""
    enemy = 1 - player
    cards = [c for c in observation.cards_in_play() if c.where == where]
    obj = observation.card(where)
    ships = [c for c in cards if c.kind.value == "ship"]
    others = [c for c in cards if c.kind.value != "ship"]
    own_at, enemy_at = observation.commander_at(player), observation.commander_at(enemy)
    return {
        "own_power": sum(ship_power(c) for c in ships if c.controller == player),
        "enemy_power": sum(ship_power(c) for c in cards if c.controller == enemy)
        + (ship_power(obj) if obj is not None and obj.controller == enemy else 0),
        "own_commander": own_at == where or any(c.uid == own_at for c in ships),
        "enemy_commander": enemy_at == where or any(c.uid == enemy_at for c in ships),
        "ground_units": sum(
            1 for c in others if c.controller == enemy and c.kind.value == "ground_unit"
        ),
        "own_ground_units": sum(
            1 for c in others if c.controller == player and c.kind.value == "ground_unit"
        ),
    }


class PlacesChecked:
    """The heuristic, checking at every decision that names places that the ``Place`` records
    it weighs (``place_options``) say what the cards there say, counted one by one."""

    def __init__(self, inner=None) -> None:
        self.name = "places-checked"
        self.inner = HeuristicAgent() if inner is None else inner
        self.checked = 0

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        if decision.kind in (
            DecisionKind.MOVE_SHIP,
            DecisionKind.PLACE_SHIP,
            DecisionKind.PLACE_GROUND,
        ):
            assert observation is not None
            places = place_options(decision, observation)
            features = option_features(decision, observation) or []
            assert [f.to_dict() for f in features] == [p.to_dict() for p in places]
            for option, seen in zip(decision.options, places, strict=True):
                assert isinstance(option.data, PlaceFacts)
                assert seen.to == option.data.to
                if seen.own_power == -1:  # a new sector: nothing known
                    assert option.data.to == "new" and not seen.orbit
                    continue
                expected = counted(observation, decision.player, seen.to)
                if not seen.is_object:  # a sector: its powers only
                    expected = {k: expected[k] for k in ("own_power", "enemy_power")}
                assert {k: getattr(seen, k) for k in expected} == expected, seen.to
            self.checked += 1
        return self.inner.choose(decision, observation)


@pytest.mark.parametrize("seed", range(4))
def test_the_place_records_say_what_the_place_features_say(seed):
    agents = [PlacesChecked(), PlacesChecked()]
    decks = [PRECONS[seed % len(PRECONS)], PRECONS[(seed + 2) % len(PRECONS)]]
    # two matches of the pairing (one can be short: a Commander taken on turn 2), > 20 each
    for match_seed in (seed, seed + 4):
        run_match(decks=decks, agents=agents, seed=match_seed, log=False)
    assert agents[0].checked + agents[1].checked > 40
    # no observation: every place is an unknown one, as the bare option reads
    moves = [d for d, _, _ in played(seed, decks) if d.kind is DecisionKind.MOVE_SHIP]
    assert moves
    for unknown, option in zip(place_options(moves[0], None), moves[0].options, strict=True):
        assert isinstance(option.data, PlaceFacts)
        assert (unknown.to, unknown.orbit, unknown.own_power) == (option.data.to, False, -1)


@pytest.mark.parametrize("seed", range(3))
def test_the_place_records_say_what_the_cards_say_in_random_play(seed):
    """Random play puts the Commander where the heuristic never does (on a ship on an orbit
    as ships are placed), and every place decision is checked as above."""
    agents = [PlacesChecked(make_agent("random", seed=seed * 2 + side)) for side in (0, 1)]
    decks = [PRECONS[seed % len(PRECONS)], PRECONS[(seed + 1) % len(PRECONS)]]
    for match_seed in (seed, seed + 3):
        run_match(decks=decks, agents=agents, seed=match_seed, log=False)
    assert agents[0].checked + agents[1].checked > 40


class KeptChecked:
    """The heuristic, checking at every ship's move that the places kept from the last move
    (``movement_places``) say what places built afresh say (``place_options``)."""

    def __init__(self) -> None:
        self.name = "kept-checked"
        self.inner = HeuristicAgent()
        self.kept = None
        self.checked = self.reused = 0

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        if decision.kind is DecisionKind.MOVE_SHIP and observation is not None:
            kept = movement_places(decision, observation, self.kept)
            self.reused += kept is self.kept
            self.kept = kept
            fresh = place_options(decision, observation)
            assert [p.to_dict() for p in kept.places(decision, observation)] == [
                p.to_dict() for p in fresh
            ]
            assert kept.mobile_power == mobile_power(observation, decision.player)
            self.checked += 1
        return self.inner.choose(decision, observation)


@pytest.mark.parametrize("seed", range(3))
def test_the_places_kept_through_a_movement_phase_are_the_places_built_afresh(seed):
    agents = [KeptChecked(), KeptChecked()]
    decks = [PRECONS[seed % len(PRECONS)], PRECONS[(seed + 1) % len(PRECONS)]]
    run_match(decks=decks, agents=agents, seed=seed, log=False)
    effects = [deck_from_dict(effect_deck(seed * 2 + side)) for side in (0, 1)]
    run_match(decks=effects, agents=agents, seed=seed, log=False)
    checked = sum(a.checked for a in agents)
    reused = sum(a.reused for a in agents)
    assert checked > 40 and reused > checked / 3  # most moves follow one in the same phase


def test_one_heuristic_serves_interleaved_matches_and_their_clones_as_fresh_ones_would():
    """The search calls one heuristic in every playout of every world: what it keeps must never
    be read for another match, a clone at the same move or a world that played on otherwise.
    Two matches of the same decks (the same uids) are stepped in turn; at some moves a clone
    plays on a few random choices with the same agent before the original goes on."""
    shared = HeuristicAgent()
    rng = random.Random(5)
    decks = [PRECONS[0], PRECONS[1]]
    matches = [new_match(MatchSetup(decks=decks, seed=seed), log=False) for seed in (3, 4)]
    moves = clones = 0

    def checked(match) -> int:
        decision = match.decision
        observation = match.observation(decision.player)
        choice = shared.choose(decision, observation)
        assert choice == HeuristicAgent().choose(decision, observation)
        if decision.kind is DecisionKind.MOVE_SHIP:
            kept = shared._movement.places(decision, observation)
            fresh = place_options(decision, observation)
            assert [p.to_dict() for p in kept] == [p.to_dict() for p in fresh]
        return choice

    while any(match.decision is not None for match in matches):
        for match in matches:
            if match.decision is None:
                continue
            choice = checked(match)
            if match.decision.kind is DecisionKind.MOVE_SHIP:
                moves += 1
                if rng.random() < 0.4:
                    twin = match.clone()
                    for _ in range(rng.randrange(1, 5)):
                        if twin.decision is None:
                            break
                        checked(twin)
                        twin.answer(rng.randrange(len(twin.decision.options)))
                    clones += 1
            match.answer(choice)
    assert moves > 40 and clones > 10
