"""The property of issue 19 over random effect-deck matches: after every event, every stat the
engine keeps — each running battle card's stats, each Commander's initiative — equals the same
stat computed from scratch.

From scratch means: the printed card, plus the modifiers in force, plus the ``static`` effects
of every card found here to be present (in play, in the situations zone, under a card in play),
ready (not destroyed and not waiting in the second echelon of the running battle) and eligible
(not a blocked object, not an object built this turn before the movement phase, not a civil
building captured this turn), and of both Commanders. The sources are found by walking the
cards, not from the engine's registry of static effects; only the selector matching is the
engine's own (``effect_play._picks``).
"""

from __future__ import annotations

from typing import Any

import pytest

from komandor.agents.registry import HeuristicAgent, RandomAgent
from komandor.rules.battle import Combatant
from komandor.rules.cards import CardKind
from komandor.rules.decks import deck_from_dict
from komandor.rules.dice import SeededDice
from komandor.rules.effect_decks import effect_deck
from komandor.rules.effect_play import _COMBAT_STATS, _picks, entered_effects
from komandor.rules.effects import Moment
from komandor.rules.events import Event, EventLog
from komandor.rules.game import Game
from komandor.rules.state import Card, Phase, Zone

MATCHES = 300
CHUNKS = 10
TURN_CAP = 30
_LIVE = (Zone.PLAY, Zone.SITUATIONS, Zone.ATTACHED)
_BEFORE_MOVEMENT = {
    Phase.START,
    Phase.DRAW,
    Phase.UNTAP,
    Phase.INITIATIVE,
    Phase.RESOURCES,
    Phase.PRODUCTION,
}


def in_force(game: Game, uid: str) -> bool:
    """Whether card ``uid`` is present, ready and eligible now (the book's conditions)."""
    state = game.state
    card = state.cards.get(uid)
    if card is None or card.zone not in _LIVE:
        return False
    if card.zone is Zone.ATTACHED:
        card = state.cards[card.where or ""]
        if card.zone is not Zone.PLAY:
            return False
    if card.zone is not Zone.PLAY:
        return True
    if card.kind is CardKind.SPACE_OBJECT:
        if state.is_blocked(card):
            return False  # CAP-4
        if card.built_turn >= state.turn > 0 and state.phase in _BEFORE_MOVEMENT:
            return False  # OBJ-4
    if card.kind is CardKind.CIVIL_BUILDING and card.captured_turn >= state.turn > 0:
        return False  # CIV-3
    battle = game.effects.battle
    fighter = battle.by_uid.get(card.uid) if battle is not None else None
    return fighter is None or fighter.status.value not in ("destroyed", "reserve")


def live(game: Game, expires: str | None) -> bool:
    if expires is None or not expires.startswith("attached:"):
        return True  # ended by ``expire`` when its period is over
    return in_force(game, expires.split(":", 1)[1])


def lasting_sources(game: Game) -> list[tuple[str | None, int, Any]]:
    """Every static effect whose source is in force now, with the player it works for: the
    controller of the card in play (or of the upgraded card), else the owner."""
    state = game.state
    found: list[tuple[str | None, int, Any]] = [
        (None, player.index, spec)
        for player in state.players
        for spec in player.commander.effects or ()
        if spec.is_static
    ]
    for card in state.cards.values():
        if card.zone not in _LIVE or not in_force(game, card.uid):
            continue
        holder = state.cards[card.where or ""] if card.zone is Zone.ATTACHED else card
        player = holder.controller if holder.zone is Zone.PLAY else card.owner
        found += [(card.uid, player, spec) for spec in entered_effects(card) if spec.is_static]
    return found


def deltas_from_scratch(game: Game, card: Card) -> dict[str, int]:
    deltas: dict[str, int] = {}
    for modifier in game.state.modifiers:
        if modifier.target == card.uid and live(game, modifier.expires):
            deltas[modifier.stat] = deltas.get(modifier.stat, 0) + modifier.delta
    battle = game.effects.battle
    for source, player, spec in lasting_sources(game):
        if spec.targets is None:
            continue
        if not _picks(spec.targets, card, source, Moment(game, "static", player, battle)):
            continue
        for action in spec.actions:
            if action.do == "modify" and action.stat:
                deltas[action.stat] = deltas.get(action.stat, 0) + action.by
    return deltas


def kept_against_scratch(game: Game) -> list[str]:
    """Every kept value that differs from its value computed from scratch."""
    state = game.state
    problems = []
    for player in state.players:
        scratch = sum(
            m.delta
            for m in state.modifiers
            if m.target == f"player:{player.index}"
            and m.stat == "initiative"
            and live(game, m.expires)
        )
        if player.initiative_bonus != scratch:
            problems.append(
                f"player {player.index} initiative +{player.initiative_bonus}/{scratch}"
            )
    battle = game.effects.battle
    if battle is None:
        return problems
    for fighter in battle.by_uid.values():
        card = state.cards.get(fighter.uid)
        if card is None or fighter.status.value == "destroyed":
            continue
        printed = Combatant.from_card(fighter.uid, card.spec, player=fighter.player)
        deltas = deltas_from_scratch(game, card)
        for stat, attr in _COMBAT_STATS.items():
            value = getattr(printed, attr)
            if value is None:
                continue
            value = max(1 if attr == "strength" else 0, value + deltas.get(stat, 0))
            if getattr(fighter, attr) != value:
                problems.append(f"{fighter.uid} {attr} {getattr(fighter, attr)}/{value}")
        for mount, kept in zip(printed.mounts, fighter.mounts, strict=True):
            power = max(0, mount.power + deltas.get(mount.weapon.value, 0))
            if kept.power != power:
                problems.append(f"{fighter.uid} {mount.key} {kept.power}/{power}")
    return problems


class CheckingLog(EventLog):
    """An event log that compares the kept values with the scratch ones at every event."""

    def __init__(self) -> None:
        super().__init__(enabled=True)
        self.game: Game | None = None
        self.checked = 0

    def emit(self, record: Event) -> None:
        game = self.game
        if game is not None:
            problems = kept_against_scratch(game)
            state = game.state
            assert not problems, (record, state.turn, state.phase.value, problems)
            self.checked += 1
        super().emit(record)


def play_checked(seed: int) -> CheckingLog:
    decks = [deck_from_dict(effect_deck(seed * 2 + side)) for side in (0, 1)]
    kinds = ("rr", "hr", "rh")[seed % 3]
    agents = [RandomAgent(seed + i) if k == "r" else HeuristicAgent() for i, k in enumerate(kinds)]
    log = CheckingLog()
    game = Game(
        decks=[deck.cards for deck in decks],
        commanders=[deck.commander for deck in decks],
        agents=agents,
        dice=SeededDice(seed),
        log=log,
        setup_abilities=[deck.setup_abilities for deck in decks],
    )
    log.game = game
    game.play(turn_cap=TURN_CAP)
    return log


def test_at_least_three_hundred_matches():
    assert MATCHES >= 300 and MATCHES % CHUNKS == 0


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_kept_stats_equal_stats_from_scratch_after_every_event(chunk):
    size = MATCHES // CHUNKS
    checked = 0
    for seed in range(chunk * size, (chunk + 1) * size):
        checked += play_checked(seed).checked
    assert checked > size * 100  # the check ran at the events of every match
