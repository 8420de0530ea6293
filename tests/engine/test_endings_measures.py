"""The endings report's measures (``scripts/endings``), each on a game whose answer is known: a
position played on the engine (``komandor.rules.position``) with scripted or passive players,
or a seeded match checked against ``run_match``."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from komandor.agents.registry import ScriptedAgent, make_agent
from komandor.rules.decisions import Agent, Decision
from komandor.rules.decks import deck_from_dict
from komandor.rules.dice import RecordingDice, SeededDice
from komandor.rules.game import Game
from komandor.rules.match import run_match
from komandor.rules.match_state import Seat
from komandor.rules.observation import Observation
from komandor.rules.position import phases_for_turns, play_phases, position_from_dict, position_game
from komandor.rules.victory import Outcome
from scripts.bench.precon_files import precon_files
from scripts.endings.measure import (
    GameRecord,
    ThreatTally,
    Verdict,
    commander_lost_by,
    deck_out_verdict,
    dominated_deck_out,
    record_game,
    record_match,
)
from scripts.endings.tally import AgentTally, columns, table

ROOT = Path(__file__).resolve().parents[2]
LIBRARY: dict[str, Any] = {
    "planet": {"kind": "space_object", "name": "Планета", "cost": 4, "object_type": "planet"},
    "asteroid": {"kind": "space_object", "name": "Астероид", "cost": 3, "object_type": "asteroid"},
    "scout": {"kind": "ship", "name": "Разведчик", "cost": 2, "size": "ЛК", "strength": "3(2)",
              "speed": 10, "weapons": {"plasma": {"power": 1}}},
    "cruiser": {"kind": "ship", "name": "Крейсер", "cost": 8, "size": "СК", "strength": "12(8)",
                "speed": 4, "weapons": {"plasma": {"power": 4}}},
    "frigate": {"kind": "ship", "name": "Фрегат", "cost": 5, "size": "СК", "strength": "6(4)",
                "speed": 6, "weapons": {"plasma": {"power": 2}}},
    "beacon": {"kind": "tactical", "name": "Ложный маяк", "action_tokens": 1,
               "effects": [{"when": "before_movement", "actions": [
                   {"do": "permit", "rule": "enter_enemy_sector", "until": "phase"}]}]},
}  # fmt: skip


class Passive:
    """Takes the first option of every decision: pass, stay, next, keep, none."""

    name = "passive"

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        return 0


def _play(
    position: Mapping[str, Any],
    agents: Sequence[Agent],
    *,
    turns: int,
    seed: int = 1,
) -> GameRecord:
    """The position played ``turns`` turns from its phase by ``agents`` (seeded dice), its
    facts recorded."""
    read = position_from_dict({"library": LIBRARY, **position})

    def begin(seats: Sequence[Seat]) -> tuple[Game, Callable[[], Outcome | None]]:
        game = position_game(read, agents=seats)
        game.dice = RecordingDice(SeededDice(seed))
        return game, lambda: play_phases(game, phases_for_turns(read.phase, turns))

    return record_match(begin, agents)


# --- a Commander lost early ---------------------------------------------------------------------


def test_a_commander_taken_on_turn_2_counts_as_lost_within_three_turns_not_on_turn_1():
    # Player 1's Commander sits on an undefended planet; player 0's scout moves to its orbit in
    # turn 2 and the planet changes hands at the end of the battle phase (CAP-2, CMDR-5).
    position = {
        "turn": 2,
        "phase": "move_1",
        "priority": 0,
        "players": [
            {"commander_at": "home0", "deck": 10, "script": ["{home1}"],
             "cards": {"home0": {"card": "planet"}, "raider": {"card": "scout", "at": "home0"}}},
            {"commander_at": "home1", "deck": 10, "cards": {"home1": {"card": "planet"}}},
        ],
    }  # fmt: skip
    read = position_from_dict({"library": LIBRARY, **position})
    agents = [ScriptedAgent(p.script, fallback=Passive()) for p in read.players]
    record = _play(position, agents, turns=1)
    assert (record.termination, record.winner, record.turn) == ("commander_lost", 0, 2)
    assert commander_lost_by(record, 1) and not commander_lost_by(record, 1, within=1)
    assert not commander_lost_by(record, 0)
    tally = AgentTally()
    tally.add(record, 1)
    assert (tally.early, tally.turn1, tally.wins) == (1, 0, 0)
    late = replace(record, turn=4)
    assert not commander_lost_by(late, 1)


# --- deck-outs lost while dominating --------------------------------------------------------------


def _deck_out(*, held: bool, commander_on: str) -> GameRecord:
    """Nobody moves or builds; player 0 holds three objects and has lost nothing, player 1 one
    ship with two cards lost, and player 0's deck runs out first (turn 6's draw)."""
    enemy_commander = {"flagship": {"card": "frigate", "at": "s1"}}
    if commander_on == "planet":
        enemy_commander = {"flagship": {"card": "planet"}}
    own: dict[str, Any] = {
        "home0": {"card": "planet"},
        "rock": {"card": "asteroid"},
        "depot": {"card": "asteroid"},
    }
    if held:
        own["beacon"] = {"card": "beacon", "zone": "hand"}
    position = {
        "turn": 1,
        "phase": "start",
        "priority": 0,
        "players": [
            {"commander_at": "home0", "deck": 11, "cards": own},
            {"commander_at": "flagship", "deck": 30, "cards": {
                **enemy_commander,
                "wreck1": {"card": "cruiser", "zone": "losses"},
                "wreck2": {"card": "scout", "zone": "losses"},
            }},
        ],
    }  # fmt: skip
    return _play(position, [Passive(), Passive()], turns=10)


def test_a_dominated_deck_out_with_a_card_that_opens_the_enemy_sector_in_hand_is_missed():
    record = _deck_out(held=True, commander_on="sector")
    assert (record.termination, record.winner, record.turn) == ("deck_out", 1, 6)
    assert [s.turn for s in record.snapshots] == [1, 2, 3, 4, 5]
    assert all(s.sides[0].openers == 1 for s in record.snapshots)
    assert dominated_deck_out(record) == 0
    assert deck_out_verdict(record) is Verdict.MISSED


def test_a_dominated_deck_out_without_one_and_the_enemy_commander_in_open_space_has_no_way():
    record = _deck_out(held=False, commander_on="sector")
    assert dominated_deck_out(record) == 0
    assert not any(s.sides[0].reaches_commander for s in record.snapshots)
    assert deck_out_verdict(record) is Verdict.NO_WAY_THROUGH
    tally = AgentTally()
    tally.add(record, 0)
    assert (tally.dominated, tally.missed, tally.no_way) == (1, 0, 1)


def test_a_dominated_deck_out_with_the_enemy_commander_on_a_planet_is_missed_with_no_card():
    record = _deck_out(held=False, commander_on="planet")
    assert all(s.sides[0].reaches_commander for s in record.snapshots)
    assert deck_out_verdict(record) is Verdict.MISSED


def test_a_deck_out_is_not_dominated_when_the_side_that_ran_out_trailed_in_one_turn():
    record = _deck_out(held=True, commander_on="sector")
    first = record.snapshots[-1]
    behind = replace(first.sides[0], lost=first.sides[1].lost)
    turned = replace(first, sides=(behind, first.sides[1]))
    trailing = replace(record, snapshots=(*record.snapshots[:-1], turned))
    assert dominated_deck_out(trailing) is None and deck_out_verdict(trailing) is None


# --- thin attacks -------------------------------------------------------------------------------


def _attack(ship: str) -> GameRecord:
    """Player 0's ``ship`` attacks player 1's cruiser (fighting value 12 + 4 = 16) on the
    orbit of player 1's planet in turn 3."""
    position = {
        "turn": 3,
        "phase": "move_1",
        "priority": 0,
        "players": [
            {"commander_at": "home0", "deck": 10, "script": ["{home1}"],
             "cards": {"home0": {"card": "planet"}, "attacker": {"card": ship, "at": "home0"}}},
            {"commander_at": "home1", "deck": 10,
             "cards": {"home1": {"card": "planet"}, "guard": {"card": "cruiser", "at": "home1"}}},
        ],
    }  # fmt: skip
    read = position_from_dict({"library": LIBRARY, **position})
    agents = [ScriptedAgent(p.script, fallback=make_agent("heuristic-1.1")) for p in read.players]
    return _play(position, agents, turns=1)


def test_an_attack_with_a_quarter_of_the_defenders_strength_counts_as_thin_with_its_losses():
    record = _attack("scout")  # 3 + 1 against 12 + 4
    (battle,) = record.battles
    assert (battle.turn, battle.attacker, battle.attack, battle.defence) == (3, 0, 4, 16)
    assert battle.thin
    assert battle.attacker_lost == record.lost[0]  # nothing else of player 0 was lost
    tally = AgentTally()
    tally.add(record, 0)
    assert (tally.attacks, tally.thin, tally.thin_lost) == (1, 1, battle.attacker_lost)


def test_an_attack_with_half_the_defenders_strength_is_not_thin():
    (battle,) = _attack("frigate").battles  # 6 + 2 against 16
    assert (battle.attack, battle.defence) == (8, 16) and not battle.thin


# --- an extra victory one step away ----------------------------------------------------------


def _procurator_near(script: list[str]) -> GameRecord:
    """Player 1, a Procurator, holds four unblocked objects (one short of WIN-9's five) as
    player 0 moves his scout in turn 2."""
    position = {
        "turn": 2,
        "phase": "move_1",
        "priority": 0,
        "players": [
            {"commander_at": "home0", "deck": 10, "script": script,
             "cards": {"home0": {"card": "planet"}, "raider": {"card": "scout", "at": "home0"}}},
            {"commander_at": "home1", "victory": "procurator", "deck": 10,
             "cards": {"home1": {"card": "planet"}, "o2": {"card": "asteroid"},
                       "o3": {"card": "asteroid"}, "o4": {"card": "asteroid"}}},
        ],
    }  # fmt: skip
    read = position_from_dict({"library": LIBRARY, **position})
    agents = [ScriptedAgent(p.script, fallback=Passive()) for p in read.players]
    return _play(position, agents, turns=1)


def test_a_ship_sent_to_block_a_procurator_one_object_short_is_an_act_against_it():
    record = _procurator_near(["{o2}"])
    assert record.threats[0] == ThreatTally(turns=1, could=1, did=1)
    assert record.threats[1] == ThreatTally()  # player 0 has no extra victory


def test_a_ship_that_stays_home_could_have_acted_against_the_procurator_and_did_not():
    record = _procurator_near(["stay"])
    assert record.threats[0] == ThreatTally(turns=1, could=1, did=0)
    tally = AgentTally()
    tally.add(record, 0)
    assert (tally.threatened, tally.could, tally.did) == (1, 1, 0)


def _pirate_near(withdraw: bool) -> GameRecord:
    """Player 0, a Pirate, counts 56 in player 1's losses (seven cruisers: past 55, short of
    WIN-6's 70) and attacks player 1's scout in turn 2; player 1 withdraws it, or stays."""
    wrecks = {f"wreck{n}": {"card": "cruiser", "zone": "losses"} for n in range(7)}
    position = {
        "turn": 2,
        "phase": "move_1",
        "priority": 0,
        "players": [
            {"commander_at": "home0", "victory": "pirate", "deck": 10, "script": ["{home1}"],
             "cards": {"home0": {"card": "planet"}, "raider": {"card": "cruiser", "at": "home0"}}},
            {"commander_at": "home1", "deck": 10,
             "script": {"battle.withdraw": ["withdraw:{picket}"] if withdraw else []},
             "cards": {"home1": {"card": "planet"}, "picket": {"card": "scout", "at": "home1"},
                       **wrecks}},
        ],
    }  # fmt: skip
    read = position_from_dict({"library": LIBRARY, **position})
    agents = [ScriptedAgent(p.script, fallback=Passive()) for p in read.players]
    return _play(position, agents, turns=1)


def test_a_ship_withdrawn_from_a_battle_with_a_pirate_near_his_loot_acts_against_it():
    assert _pirate_near(withdraw=True).threats[1] == ThreatTally(turns=1, could=1, did=1)
    assert _pirate_near(withdraw=False).threats[1] == ThreatTally(turns=1, could=1, did=0)


# --- a whole seeded match ---------------------------------------------------------------------


def test_a_recorded_match_ends_as_run_match_ends_it_and_the_table_counts_it():
    decks = [deck_from_dict(data) for data in precon_files()[:2]]

    def agents() -> list[Agent]:
        return [make_agent("heuristic-1.1", seed=3 + seat) for seat in (0, 1)]

    record = record_game(decks, agents(), 3)
    reference = run_match(decks=decks, agents=agents(), seed=3, log=False)
    outcome = reference.outcome
    assert (record.termination, record.winner, record.turn) == (
        outcome.termination.value,
        outcome.winner,
        outcome.turn,
    )
    players = reference.summary["players"]
    assert record.tokens == tuple(p["action_tokens"] for p in players)
    assert [s.turn for s in record.snapshots] == list(range(1, len(record.snapshots) + 1))
    assert len(record.snapshots) in (outcome.turn - 1, outcome.turn)
    text = "\n".join(table(columns(("heuristic-1.1", "heuristic-1.1"), [record])))
    assert "| games of the agent | 2 |" in text and "heuristic-1.1 ×2" in text


def test_the_report_puts_two_agents_side_by_side_seat_swapped_with_a_pairs_own_seeds():
    command = ["scripts/match_endings.py", "--jobs", "1", "--seeds", "3", "--pairs"]
    out = subprocess.run(
        [sys.executable, *command, "random heuristic-1.1 seeds=1"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert "random vs heuristic-1.1 × 1 seeds (112 games)" in out
    header = next(line for line in out.splitlines() if line.startswith("| |"))
    assert header == "| | random (vs heuristic-1.1) | heuristic-1.1 (vs random) |"
    assert "| games of the agent | 112 | 112 |" in out
    assert "112 matches;" in out


def test_the_report_counts_a_level_by_its_name_and_names_the_agents_it_played():
    # A level's agent calls itself by the spec the level resolves to (``novice`` → novice-1):
    # the columns still find its seats, and the header names the agents, not agents' version.
    command = ["scripts/match_endings.py", "--jobs", "1", "--pairs", "novice heuristic-1.1 seeds=1"]
    out = subprocess.run(
        [sys.executable, *command],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    first = out.splitlines()[0]
    assert "agents novice (novice-1), heuristic-1.1;" in first and "agents 1.1" not in first
    header = next(line for line in out.splitlines() if line.startswith("| |"))
    assert header == "| | novice (vs heuristic-1.1) | heuristic-1.1 (vs novice) |"
    assert "| games of the agent | 112 | 112 |" in out
    won = next(line for line in out.splitlines() if line.startswith("| won |"))
    shares = [float(cell.strip(" %")) for cell in won.strip("|").split("|")[1:]]
    assert sum(shares) == 100.0 and min(shares) > 0


def test_the_list_names_the_deal_of_each_early_commander_loss_and_missed_deck_out():
    from scripts.match_endings import Played, notable_games

    missed = _deck_out(held=True, commander_on="sector")
    no_way = _deck_out(held=False, commander_on="sector")
    early = replace(missed, termination="commander_lost", winner=1, turn=2, agents=("a", "b"))
    late = replace(early, turn=4)
    games = [Played(0, 1, 3, missed), Played(1, 2, 0, no_way), Played(2, 0, 5, early)]
    lines = notable_games([*games, Played(0, 2, 1, late)], ["Alpha", "Beta", "Gamma"])
    assert lines == [
        "- seed 3: Alpha (passive) vs Beta (passive): seat 0 ran out dominating, missed, turn 6",
        "- seed 5: Gamma (a) vs Alpha (b): seat 0 lost its Commander on turn 2",
    ]
