"""The ``standard`` agent (issue 31): deterministic per seed, legal at every decision kind it
meets over many matches (precons and random legal decks), and the behaviours it was built for,
each pinned by a position where the frozen heuristic does otherwise."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict
from pathlib import Path

import pytest

from komandor.agents.heuristic import HeuristicAgent
from komandor.agents.parameters import defaults_of
from komandor.agents.registry import AGENTS, RandomAgent, agent_cost, make_agent
from komandor.agents.standard import STANDARD_SPACE, StandardAgent, StandardWeights
from komandor.rules.battle import Combatant
from komandor.rules.cards import card_from_dict
from komandor.rules.decisions import Decision, DecisionKind, Option
from komandor.rules.decks import deck_from_dict
from komandor.rules.facts import AttackFacts, BuildFacts, DecisionContext, VariantFacts
from komandor.rules.match import run_match
from komandor.rules.observation import Observation
from komandor.rules.position import play_phases
from komandor.rules.state import Phase
from tests.engine.deck_data import PLANET
from tests.engine.positions import position, seen
from tests.engine.test_battle import ship
from tests.engine.test_match import STANDARD_CARDS, random_deck

ROOT = Path(__file__).resolve().parents[2]
PRECONS = [
    deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "content" / "precons").glob("*.json"))
]
PAIRS = [(a, b) for a in PRECONS for b in PRECONS if a is not b]
# The card that opens enemy sectors (MOVE-9), as the precons print it («Ложный маяк»).
BEACON = {
    "kind": "tactical",
    "name": "Beacon",
    "action_tokens": 1,
    "effects": [
        {
            "when": "before_movement",
            "actions": [{"do": "permit", "until": "phase", "rule": "enter_enemy_sector"}],
        }
    ],
}
LIGHT_SWARM_NAVIGATOR = next(
    spec for spec in json.loads((ROOT / "content/precons/light-swarm.json").read_text())[
        "setup_abilities"
    ] if spec["name"] == "Опытный штурман"
)  # fmt: skip


class Recording:
    """The agent's answers by decision kind, each checked to be a legal index."""

    def __init__(self, inner: StandardAgent) -> None:
        self.inner = inner
        self.name = inner.name
        self.kinds: Counter[str] = Counter()

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        index = self.inner.choose(decision, observation)
        assert 0 <= index < len(decision.options), (decision.kind, index)
        self.kinds[decision.kind.value] += 1
        return index


def test_standard_is_registered_and_costs_a_heuristic_game():
    assert "standard-1" in AGENTS
    agent = make_agent("standard-1", seed=3)  # the standard level's first agent
    assert isinstance(agent, StandardAgent) and agent.name == "standard-1"
    assert agent.weights == StandardWeights()
    assert agent_cost("standard-1") == agent_cost("standard") == 1.0


def test_its_tunable_space_starts_at_its_weights_and_tuned_values_reach_the_agent():
    assert defaults_of(STANDARD_SPACE) == {
        name: value
        for name, value in asdict(StandardWeights()).items()
        if name in defaults_of(STANDARD_SPACE)
    }
    assert {parameter.name for parameter in STANDARD_SPACE} <= set(asdict(StandardWeights()))
    untuned = make_agent("standard-1", seed=3, parameters={})
    assert isinstance(untuned, StandardAgent) and untuned.weights == StandardWeights()
    tuned = make_agent("standard-1", seed=3, parameters={"kill_margin": 1.1, "hunt_worth": 30.0})
    assert isinstance(tuned, StandardAgent)
    assert (tuned.weights.kill_margin, tuned.weights.hunt_worth) == (1.1, 30.0)
    assert tuned.weights.attack_margin == StandardWeights().attack_margin
    with pytest.raises(ValueError, match="kill_margin"):
        make_agent("standard-1", parameters={"kill_margin": 9.0})


@pytest.mark.parametrize("seed", [0, 9, 23, 41])
def test_the_same_seed_gives_the_same_game_log(seed):
    def play():
        agents = [make_agent("standard", seed=seed * 2), make_agent("heuristic-1.1", seed=1)]
        result = run_match(decks=list(PAIRS[seed % len(PAIRS)]), agents=agents, seed=seed)
        return result.log.events

    assert play() == play()


def test_legal_at_every_decision_kind_over_precon_and_random_deck_matches():
    kinds: Counter[str] = Counter()
    for seed in range(24):
        recording = Recording(StandardAgent())
        opponent = make_agent("heuristic-1.1" if seed % 3 else "standard", seed=seed)
        agents = [recording, opponent] if seed % 2 else [opponent, recording]
        run_match(decks=list(PAIRS[(seed * 7) % len(PAIRS)]), agents=agents, seed=seed, log=False)
        kinds += recording.kinds
    victories = [None, "pirate", "trader", "procurator"]
    for seed in range(12):
        counts = [(seed + index) % 5 for index in range(len(STANDARD_CARDS))]
        pair = [
            deck_from_dict(random_deck(counts, "x", victory=victories[seed % 4])),
            deck_from_dict(random_deck(counts[::-1], "y", victory=victories[(seed + 1) % 4])),
        ]
        recording = Recording(StandardAgent())
        agents = [recording, RandomAgent(seed)] if seed % 2 else [RandomAgent(seed), recording]
        run_match(decks=pair, agents=agents, seed=seed, log=False)
        kinds += recording.kinds
    for kind in (
        DecisionKind.SETUP_BUILD,
        DecisionKind.SETUP_COMMANDER,
        DecisionKind.PRODUCTION_BUILD,
        DecisionKind.PLACE_SHIP,
        DecisionKind.MOVE_SHIP,
        DecisionKind.BATTLE_ATTACK,
        DecisionKind.EFFECT_PLAY,
        DecisionKind.ABILITY_VARIANT,
        DecisionKind.COMMERCE_RUN,
    ):
        assert kinds[kind.value] > 0, kind
    assert len(kinds) >= 15, sorted(kinds)


# --- positions: what the standard does that the heuristic does not ----------------------------


def hunt_position():
    """Player 0 moves first: three cruisers in s2 beside his flagship, a card opening enemy
    sectors in hand and the tokens to play it; player 1's Commander rides one scout in s1."""
    own = {f"cruiser{i}": {"card": "exorcist", "at": "s2"} for i in range(3)}
    return position(
        {
            "phase": "move_1",
            "turn": 3,
            "priority": 0,
            "players": [
                {
                    "commander_at": "flag",
                    "action_tokens": 2,
                    "deck": 10,
                    "cards": {
                        "home0": {"card": "planet"},
                        "flag": {"card": "exorcist", "at": "s2"},
                        **own,
                        "beacon": {"card": BEACON, "zone": "hand"},
                    },
                },
                {
                    "commander_at": "scout",
                    "deck": 10,
                    "cards": {
                        "home1": {"card": "planet"},
                        "scout": {"card": "bomber", "at": "s1"},
                    },
                },
            ],
        },
        dice=[6, 5, 6, 4, 6, 5] * 40,
    )


def test_a_dominating_side_plays_the_card_that_opens_the_enemy_commander_s_sector_and_goes():
    game, uid = hunt_position()
    game.agents[0].inner = StandardAgent()
    play_phases(game, [Phase.MOVE_1])
    asked = seen(game, 0)
    assert ("move_1", "effect.play", f"play:{uid['beacon']}") in [
        (phase, kind, key.split(">")[0]) for phase, kind, key in asked
    ]
    hunters = [uid[f"cruiser{i}"] for i in range(3)]
    assert {game.state.cards[ship].where for ship in hunters} == {"s1"}
    assert game.state.cards[uid["flag"]].where == "s2"  # the Commander's carrier stays out
    outcome = play_phases(game, [Phase.BATTLE_1])
    assert outcome is not None and outcome.winner == 0


def test_the_heuristic_in_the_same_position_never_reaches_the_hidden_commander():
    game, uid = hunt_position()
    game.agents[0].inner = HeuristicAgent()
    assert play_phases(game, [Phase.MOVE_1, Phase.BATTLE_1]) is None
    assert all(game.state.cards[uid[f"cruiser{i}"]].where != "s1" for i in range(3))


def procurator_position():
    """Player 1 (Procurator) holds four unblocked planets, one short of winning (WIN-9), his
    Commander on a scout in open space; player 0 moves first with four cruisers beside his
    flagship in open space."""
    planets = {f"planet{i}": {"card": "planet"} for i in range(4)}
    return position(
        {
            "phase": "move_1",
            "turn": 3,
            "priority": 0,
            "players": [
                {
                    "commander_at": "flag",
                    "deck": 10,
                    "cards": {
                        "home0": {"card": "planet"},
                        "flag": {"card": "exorcist", "at": "s2"},
                        **{f"cruiser{i}": {"card": "exorcist", "at": "s2"} for i in range(4)},
                    },
                },
                {
                    "commander_at": "scout",
                    "victory": "procurator",
                    "deck": 10,
                    "cards": {**planets, "scout": {"card": "bomber", "at": "s1"}},
                },
            ],
        },
        dice=[6, 5, 6, 4, 6, 5] * 40,
    )


def unblocked(game, player):
    state = game.state
    return sum(1 for obj in state.objects(player) if not state.is_blocked(obj))


def test_against_a_procurator_one_object_short_the_fleet_blockades_several_objects():
    game, _uid = procurator_position()
    game.agents[0].inner = StandardAgent()
    play_phases(game, [Phase.MOVE_1])
    assert unblocked(game, 1) == 0  # one cruiser on every orbit: he starts no turn with 5
    assert game.state.cards[_uid["flag"]].where == "s2"


def fighter(uid: str, player: int, **stats) -> Combatant:
    uid, card = ship(uid, **stats)
    return Combatant.from_card(uid, card_from_dict(card), player=player)


class Battle:
    """A battle as an attack decision shows it: its cards alone (all a boarding is weighed
    by)."""

    def __init__(self, *combatants: Combatant) -> None:
        self.by_uid = {c.uid: c for c in combatants}


def test_in_battle_the_enemy_commander_s_carrier_is_the_target():
    """A boarding party may go for a big ship (20 left) or the scout carrying the enemy
    Commander (6 left): the heuristic takes the most expected damage, the standard the
    Commander (his loss ends the match)."""
    game, uid = hunt_position()
    scout = uid["scout"]
    battle = Battle(
        fighter("A1", 0, weapons={"boarding": {"strength": 3}}),
        fighter("big", 1, strength=20),
        fighter(scout, 1, strength=6),
    )
    boardings = [
        Option(f"board:{t}", AttackFacts(("A1",), "boarding", (t,))) for t in ("big", scout)
    ]
    options = (*boardings, Option("pass"))
    decision = Decision(0, DecisionKind.BATTLE_ATTACK, options, DecisionContext(battle=battle))
    observation = Observation(game.state, 0, ())
    assert HeuristicAgent().choose(decision, observation) == 0  # the most damage
    assert StandardAgent().choose(decision, observation) == 1  # the Commander's ship


def test_the_ability_variant_that_opens_enemy_sectors_is_declared():
    game, uid = position(
        {
            "players": [
                {
                    "commander_at": "home0",
                    "cards": {
                        "home0": {"card": PLANET},
                        "navigator": {"card": LIGHT_SWARM_NAVIGATOR, "zone": "situations"},
                    },
                },
                {"commander_at": "home1", "cards": {"home1": {"card": PLANET}}},
            ]
        }
    )
    options = (Option("v1", VariantFacts(0)), Option("v2", VariantFacts(1)))
    decision = Decision(
        0, DecisionKind.ABILITY_VARIANT, options, DecisionContext(card=uid["navigator"])
    )
    observation = Observation(game.state, 0, ())
    assert HeuristicAgent().choose(decision, observation) == 0
    assert StandardAgent().choose(decision, observation) == 1


def guard_position(*, navigator_variant: int):
    """Player 1's Commander carries light-swarm's «Опытный штурман» (variant 2 opens enemy
    sectors from turn 2, MOVE-9) and three cruisers beside his scout; player 0's Commander rides
    a cruiser alone in s2, his three other cruisers on his planet's orbit, player 1's planet
    bare."""
    return position(
        {
            "phase": "move_1",
            "turn": 3,
            "priority": 0,
            "players": [
                {
                    "commander_at": "flag",
                    "deck": 10,
                    "cards": {
                        "home0": {"card": "planet"},
                        "flag": {"card": "exorcist", "at": "s2"},
                        **{f"cruiser{i}": {"card": "exorcist", "at": "home0"} for i in range(3)},
                    },
                },
                {
                    "commander_at": "scout",
                    "deck": 10,
                    "cards": {
                        "home1": {"card": "planet"},
                        "scout": {"card": "bomber", "at": "s1"},
                        **{f"raider{i}": {"card": "exorcist", "at": "s1"} for i in range(3)},
                        "navigator": {
                            "card": LIGHT_SWARM_NAVIGATOR,
                            "zone": "situations",
                            "variant": navigator_variant,
                        },
                    },
                },
            ],
        },
        dice=[6, 5, 6, 4, 6, 5] * 40,
    )


def fleet_at(game, player, where):
    return sorted(
        ship.uid
        for ship in game.state.in_play()
        if ship.controller == player and ship.where == where and ship.kind.value == "ship"
    )


def test_a_guard_as_strong_as_the_enemy_fleet_joins_the_commander_when_the_enemy_can_enter():
    game, uid = guard_position(navigator_variant=2)
    game.agents[0].inner = StandardAgent()
    play_phases(game, [Phase.MOVE_1])
    assert len(fleet_at(game, 0, "s2")) == 4  # the whole fleet: his is as strong
    assert not fleet_at(game, 0, uid["home1"])
    calm, calm_uid = guard_position(navigator_variant=1)  # the variant that opens nothing
    calm.agents[0].inner = StandardAgent()
    play_phases(calm, [Phase.MOVE_1])
    assert len(fleet_at(calm, 0, calm_uid["home1"])) == 1  # free to take his bare planet


def test_a_procurator_pays_into_a_space_object_he_cannot_complete_yet():
    """The space-object step of production, 2 resources and a planet of 4 in hand: the
    heuristic passes (it pays part only into ships), a Procurator saves into the planet."""

    def choices(victory):
        game, uid = position(
            {
                "players": [
                    {
                        "commander_at": "home0",
                        **({"victory": victory} if victory else {}),
                        "cards": {
                            "home0": {"card": PLANET},
                            "planet": {"card": PLANET, "zone": "hand"},
                        },
                    },
                    {"commander_at": "home1", "cards": {"home1": {"card": PLANET}}},
                ]
            }
        )
        planet = uid["planet"]
        options = (
            Option("next"),
            Option(f"{planet}:1", BuildFacts(planet, 1, False)),
            Option(f"{planet}:2", BuildFacts(planet, 2, False)),
        )
        decision = Decision(0, DecisionKind.PRODUCTION_BUILD, options, DecisionContext(resources=2))
        observation = Observation(game.state, 0, ())
        return StandardAgent().choose(decision, observation), HeuristicAgent().choose(
            decision, observation
        )

    assert choices("procurator") == (2, 0)
    assert choices(None) == (0, 0)  # no Procurator: the heuristic's pass
