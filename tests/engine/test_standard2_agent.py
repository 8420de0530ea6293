"""The ``standard-2`` agent (``agents/standard2.py``) and ``expert-2``: registered, seeded and
deterministic, legal; and one position for each Commander-safety rule in which ``standard-1``
loses its Commander and ``standard-2`` keeps him. No test asserts strength: that is
``scripts/bench/search_strength.py --agent standard-2`` (docs/engine.md)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from komandor.agents.expert import EXPERT_3_PARAMETERS, ExpertAgent, ExpertParameters
from komandor.agents.parameters import defaults_of
from komandor.agents.registry import AGENTS, LEVEL_AGENTS, TUNABLE, agent_cost, make_agent
from komandor.agents.standard import STANDARD_SPACE, StandardAgent
from komandor.agents.standard2 import (
    ALL_SAFETY_KINDS,
    SAFETY_KINDS,
    STANDARD_2_WEIGHTS,
    Standard2Agent,
)
from komandor.rules.battle import Combatant, Role
from komandor.rules.cards import CardKind
from komandor.rules.decisions import Decision, DecisionKind, Option
from komandor.rules.decks import deck_from_dict
from komandor.rules.facts import AttackFacts, DecisionContext
from komandor.rules.match import run_match
from komandor.rules.observation import Observation
from komandor.rules.position import play_phases
from komandor.rules.state import Phase
from komandor.rules.victory import Termination
from tests.engine.positions import position, seen
from tests.engine.test_battle import ship

ROOT = Path(__file__).resolve().parents[2]
PRECONS = [
    deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "content" / "precons").glob("*.json"))
]
PAIRS = [(a, b) for a in PRECONS for b in PRECONS if a is not b]

# The ships of the positions (``test_battle.ship``: strength, speed, plasma at medium range).
GUNSHIP = ship("Канонерка", strength=10, speed=5, weapons={"plasma": 6})[1]
SCOUT = ship("Разведчик", strength=4, speed=9)[1]  # no enemy ship below outruns it
BARGE = ship("Баржа", strength=3, speed=3)[1]  # the weakest, and every enemy outruns it
ESCORT = ship("Эскорт", strength=30, speed=3, weapons={"plasma": 20})[1]
RAIDER = ship("Рейдер", strength=10, speed=8, weapons={"plasma": 5})[1]


def test_standard_2_is_tunable_from_its_own_weights():
    """A tuning of ``standard-2`` starts where ``standard-2`` plays: the space's defaults are
    its pinned weights, and values given reach its plan, its safety rules kept."""
    assert TUNABLE["standard-2"] == STANDARD_SPACE
    pinned = {name: getattr(STANDARD_2_WEIGHTS, name) for name in defaults_of(STANDARD_SPACE)}
    assert defaults_of(STANDARD_SPACE) == pinned
    agent = make_agent("standard-2", seed=3, parameters={"kill_margin": 1.1})
    assert isinstance(agent, Standard2Agent) and agent.kinds == SAFETY_KINDS
    assert agent._standard.weights == replace(STANDARD_2_WEIGHTS, kill_margin=1.1)
    with pytest.raises(ValueError, match="kill_margin"):
        make_agent("standard-2", parameters={"kill_margin": 9.0})


def test_standard_2_and_expert_2_are_agents_by_name_with_their_costs():
    for name in ("standard-2", "expert-2", "expert-3"):
        assert name in AGENTS and name in LEVEL_AGENTS
    standard = make_agent("standard-2", seed=4)
    assert isinstance(standard, Standard2Agent) and standard.name == "standard-2"
    assert agent_cost("standard-2") == agent_cost("standard-1") == 1.0
    expert = make_agent("expert-2", seed=4)
    assert isinstance(expert, ExpertAgent) and expert.name == "expert-2"
    assert isinstance(expert._policy, Standard2Agent)
    assert agent_cost("expert-2") == agent_cost("expert-1")
    expert_3 = make_agent("expert-3", seed=4)
    assert isinstance(expert_3, ExpertAgent) and expert_3.name == "expert-3"
    assert isinstance(expert_3._policy, Standard2Agent)
    assert expert_3.parameters is EXPERT_3_PARAMETERS
    assert agent_cost("expert-3") == agent_cost("expert-1")
    # Its weights pinned: a tuning of standard-1's defaults leaves standard-2 as it is.
    assert standard._standard.weights is STANDARD_2_WEIGHTS


@pytest.mark.parametrize("seed", [0, 17, 38])
def test_the_same_seed_gives_the_same_game_log(seed):
    def play():
        agents = [make_agent("standard-2", seed=seed), make_agent("standard-1", seed=seed + 1)]
        return list(run_match(decks=list(PAIRS[seed % len(PAIRS)]), agents=agents, seed=seed).log)

    assert play() == play()


@pytest.mark.parametrize("name", ["expert-2", "expert-3"])
def test_expert_2_and_3_give_the_same_match_for_the_same_seed(name):
    def play():
        agents = [make_agent("heuristic-1.1", seed=5), make_agent(name, seed=6)]
        return run_match(decks=list(PAIRS[11]), agents=agents, seed=5, log=False).actions

    assert play() == play()


def test_legal_in_precon_matches_against_itself_and_standard_1():
    for seed in range(8):
        opponent = make_agent("standard-1" if seed % 2 else "standard-2", seed=seed + 1)
        agents = [Standard2Agent(), opponent]
        result = run_match(decks=list(PAIRS[(seed * 5) % len(PAIRS)]), agents=agents, seed=seed)
        assert result.outcome is not None


# --- positions: each safety rule where standard-1 loses its Commander -------------------------


def battle(player_1: dict[str, dict[str, object]], player_0: dict[str, dict[str, object]], *,
           commander: str):  # fmt: skip
    """Player 0 has just moved his ``player_0`` ships onto player 1's ``player_1`` fleet (the
    first battle phase of turn 3, player 0 attacking); player 1's Commander on ``commander``."""
    return position(
        {
            "phase": "battle_1",
            "turn": 3,
            "priority": 0,
            "players": [
                {
                    "commander_at": "home0",
                    "deck": 10,
                    "cards": {"home0": {"card": "planet"}, **player_0},
                },
                {
                    "commander_at": commander,
                    "deck": 10,
                    "cards": {"home1": {"card": "planet"}, **player_1},
                },
            ],
        },
        dice=[6, 5, 6, 4, 6, 5] * 40,
    )


class Hunter:
    """``standard-1``, firing at the enemy Commander's ship whenever an attack can."""

    name = "hunter"

    def __init__(self) -> None:
        self.standard = StandardAgent()

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        battle = decision.context.battle
        if decision.kind is DecisionKind.BATTLE_ATTACK and battle is not None:
            for index, option in enumerate(decision.options):
                targets = option.data.targets if isinstance(option.data, AttackFacts) else ()
                if any(battle.by_uid[t].has_commander for t in targets):
                    return index
        return self.standard.choose(decision, observation)


def fight(agent, player_1, player_0, *, commander):
    game, uid = battle(player_1, player_0, commander=commander)
    game.agents[0].inner = Hunter()
    game.agents[1].inner = agent
    return play_phases(game, [Phase.BATTLE_1]), game, uid


def lost_commander(outcome) -> bool:
    return (
        outcome is not None
        and outcome.termination is Termination.COMMANDER_LOST
        and outcome.winner == 0
    )


GUNSHIPS = {f"gun{i}": {"card": GUNSHIP, "at": "s1"} for i in range(2)}


def test_the_commander_s_ship_leaves_a_battle_no_enemy_ship_outruns_it():
    """WDR-1: a ship leaves a battle at the start of any round when no enemy ship is faster.
    The scout carrying the Commander (speed 9) against two gunships (speed 5): standard-1
    stays and the gunships' plasma kills it in the second round; standard-2 takes it out in
    the first."""
    alone = {"scout": {"card": SCOUT, "at": "s1"}}
    outcome, _game, _uid = fight(StandardAgent(), alone, GUNSHIPS, commander="scout")
    assert lost_commander(outcome)
    outcome, game, uid = fight(Standard2Agent(), alone, GUNSHIPS, commander="scout")
    assert outcome is None
    assert ("battle_1", "battle.withdraw", f"withdraw:{uid['scout']}") in seen(game, 1)
    scout = game.state.cards[uid["scout"]]
    assert scout.where is not None and scout.where.startswith("s") and scout.where != "s1"


def test_the_commander_s_ship_waits_in_the_second_echelon_when_it_cannot_leave():
    """ECH-1: the second echelon fights only once the first is gone. The barge carrying the
    Commander (speed 3) is outrun by the raider (speed 8): standard-1 fights with it and the
    raider's plasma takes it; standard-2 holds it back while the escort destroys the raider."""
    fleet = {"barge": {"card": BARGE, "at": "s1"}, "escort": {"card": ESCORT, "at": "s1"}}
    raider = {"raider": {"card": RAIDER, "at": "s1"}}
    outcome, _game, _uid = fight(StandardAgent(), fleet, raider, commander="barge")
    assert lost_commander(outcome)
    outcome, game, uid = fight(Standard2Agent(), fleet, raider, commander="barge")
    assert outcome is None
    assert ("battle_1", "battle.second_echelon", f"reserve:{uid['barge']}") in seen(game, 1)
    assert game.state.cards[uid["raider"]].zone.value == "losses"


def test_before_a_battle_the_commander_moves_onto_a_ship_that_can_leave_it():
    """CMDR-3: at the start of a battle phase the Commander may move within his fleet. On the
    barge, which the gunships outrun, beside a scout they do not: standard-1 stays and the
    barge is shot; standard-2 moves him onto the scout, which leaves the battle."""
    fleet = {"barge": {"card": BARGE, "at": "s1"}, "scout": {"card": SCOUT, "at": "s1"}}
    outcome, _game, _uid = fight(StandardAgent(), fleet, GUNSHIPS, commander="barge")
    assert lost_commander(outcome)
    outcome, game, uid = fight(Standard2Agent(), fleet, GUNSHIPS, commander="barge")
    assert outcome is None
    assert ("battle_1", "commander.move", uid["scout"]) in seen(game, 1)
    assert game.state.players[1].commander_at == uid["scout"]


def test_the_placement_rule_puts_him_on_a_ship_no_enemy_ship_outruns():
    """CMDR-2, the rule written and measured but not played by standard-2 (``SAFETY_KINDS``
    leaves it out: it measured weaker, docs/engine.md): standard-1 puts him on the weakest
    ship (the 1.1 rule), here the barge, which the gunships in sight outrun; the rule on the
    scout. In the battle that follows (the barge and the scout in separate sectors, a gunship
    at each, standard-2 playing both), the barge is lost with him and the scout leaves."""
    fleet = {"barge": {"card": BARGE, "at": "s1"}, "scout": {"card": SCOUT, "at": "s3"}}
    hunters = {"gun0": {"card": GUNSHIP, "at": "s1"}, "gun1": {"card": GUNSHIP, "at": "s3"}}
    game, uid = battle(fleet, hunters, commander="barge")
    options = (Option(uid["barge"]), Option(uid["scout"]))
    decision = Decision(1, DecisionKind.SETUP_COMMANDER, options)
    observation = Observation(game.state, 1, ())
    assert DecisionKind.SETUP_COMMANDER not in SAFETY_KINDS
    assert StandardAgent().choose(decision, observation) == 0  # the barge
    assert Standard2Agent().choose(decision, observation) == 0  # standard-1's answer
    assert Standard2Agent(kinds=ALL_SAFETY_KINDS).choose(decision, observation) == 1  # the scout
    outcome, _game, _uid = fight(Standard2Agent(), fleet, hunters, commander="barge")
    assert lost_commander(outcome)
    outcome, _game, _uid = fight(Standard2Agent(), fleet, hunters, commander="scout")
    assert outcome is None


class Battle:
    """A battle as a decision shows it: its cards alone."""

    def __init__(self, *combatants: Combatant) -> None:
        self.by_uid = {c.uid: c for c in combatants}


def test_the_enemy_commander_s_ship_is_never_let_go():
    """WDR-3: a ship the enemy outruns leaves only with his leave; never the Commander's
    (whatever the policy answers for other ships)."""
    carrier = Combatant(uid="scout", player=1, role=Role.SHIP, strength=4, has_commander=True)
    other = Combatant(uid="barge", player=1, role=Role.SHIP, strength=3)
    view = Battle(carrier, other)
    options = (Option("refuse"), Option("allow"))
    context = DecisionContext(ship="scout", battle=view)
    asked = Decision(0, DecisionKind.BATTLE_ALLOW_WITHDRAW, options, context)
    assert Standard2Agent().choose(asked) == 0


# --- expert-3: the Commander's own decisions are standard-2's ---------------------------------

# The kinds expert-2 searches (``ExpertParameters``' defaults).
_EXPERT_2_KINDS = {
    "early_kinds": ExpertParameters().early_kinds,
    "late_kinds": ExpertParameters().late_kinds,
}

_COMMANDER_KINDS = (DecisionKind.SETUP_COMMANDER, DecisionKind.COMMANDER_MOVE)


class _Told:
    """standard-2, keeping its first answer since ``first`` was reset (the expert asks its
    policy for the decision itself before any playout asks it for others)."""

    name = "standard-2"

    def __init__(self) -> None:
        self.agent = Standard2Agent()
        self.first: int | None = None

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        answer = self.agent.choose(decision, observation)
        if self.first is None:
            self.first = answer
        return answer


def _guarding(decision: Decision, observation, answer: int) -> bool:
    """Whether ``answer`` to a ``move.ship`` ends the ship where its Commander stands (his
    ship's place, or the object he is on)."""
    carrier = observation.card(observation.commander_at(decision.player) or "")
    if carrier is None:
        return False
    place = carrier.where if carrier.kind is CardKind.SHIP else carrier.uid
    key = decision.options[answer].key
    if key == "stay":
        ship = observation.card(decision.context.ship or "")
        return ship is not None and ship.where == place
    return key == place


def _commander_answers(parameters, seed: int) -> list[tuple[str, int, int]]:
    """(what the decision is, the expert's answer, standard-2's) at every decision of the
    expert's about where its Commander is placed or goes (``commander``), every move of his
    carrier (``carrier``), every ship placed before him (``deployment``) and every other move
    standard-2 ends where he stands (``guard``), in one precon match."""
    told = _Told()
    expert = ExpertAgent(policy=told, seed=seed, parameters=parameters)
    answers: list[tuple[str, int, int]] = []

    class Watched:
        name = "expert"

        def choose(self, decision, observation=None):
            told.first = None
            index = expert.choose(decision, observation)
            policy = told.first
            assert policy is not None
            kind = decision.kind
            what = None
            if kind in _COMMANDER_KINDS:
                what = "commander"
            elif kind is DecisionKind.MOVE_SHIP and decision.context.commander:
                what = "carrier"
            elif kind is DecisionKind.PLACE_SHIP:
                if observation.commander_at(decision.player) is None:
                    what = "deployment"
            elif kind is DecisionKind.MOVE_SHIP and _guarding(decision, observation, policy):
                what = "guard"
            if what is not None:
                answers.append((what, index, policy))
            return index

    agents = [make_agent("standard-1", seed=seed), Watched()]
    run_match(decks=list(PAIRS[(seed * 7) % len(PAIRS)]), agents=agents, seed=seed, log=False)
    return answers


def _overridden(parameters, seeds=(0, 14)) -> set[str]:
    """The kinds of decision (``_commander_answers``) at which the expert's answer differed
    from standard-2's in the matches of ``seeds``."""
    return {what for s in seeds for what, a, b in _commander_answers(parameters, s) if a != b}


def test_expert_3_leaves_its_commanders_place_moves_carrier_and_guard_to_standard_2():
    kept = [row for s in (0, 14) for row in _commander_answers(EXPERT_3_PARAMETERS, s)]
    assert {what for what, _, _ in kept} == {"commander", "carrier", "deployment", "guard"}
    assert all(a == b for _, a, b in kept)


@pytest.mark.parametrize(
    ("changed", "overridden"),
    [
        (_EXPERT_2_KINDS, "commander"),
        ({"policy_deployment": False}, "deployment"),
        ({"policy_guard": False}, "guard"),
        # A carrier told to stay stands where the Commander is: the guard's rule keeps it too.
        ({"policy_carrier": False, "policy_guard": False}, "carrier"),
    ],
)
def test_without_each_of_expert_3s_rules_its_search_overrides_standard_2_there(changed, overridden):
    assert overridden in _overridden(replace(EXPERT_3_PARAMETERS, **changed))


def test_the_strength_script_measures_an_expert_with_other_playouts_and_worlds():
    from scripts.bench.search_strength import Variant, with_budget

    expert = make_agent("expert-3", seed=5)
    assert with_budget(expert, 5, Variant()) is expert
    heuristic = make_agent("heuristic-1.1", seed=5)
    assert with_budget(heuristic, 5, Variant(expert_playouts=48)) is heuristic
    more = with_budget(expert, 5, Variant(expert_playouts=24, expert_worlds=6))
    assert isinstance(more, ExpertAgent) and more.name == "expert-3"
    assert isinstance(more._policy, Standard2Agent)
    assert more.parameters == replace(EXPERT_3_PARAMETERS, playouts=24, max_worlds=6)
