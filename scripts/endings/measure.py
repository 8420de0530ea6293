"""The facts of one game that say whether it ended the way a strong player's game does (issue 31,
item 4), read from the engine while the game is played: ``record_match``.

Three sources, all exact:

* **the state at the end of every turn** (``TurnSnapshot``), taken by an observer of the live
  game (``Game.observers``, called as each phase begins: as the END phase begins, the turn's
  battles are over). Per player: ships and space objects he controls, the cards he has lost
  (the kinds the Pirate counts, WIN-7: ships, ground units, buildings, objects — not the
  tactical and situation cards played), how many cards that open an enemy sector (MOVE-9: a
  ``permit enter_enemy_sector`` effect, «Ложный маяк», a variant of «Опытный штурман») he
  holds, may still draw or has on his Commander, whether the enemy Commander can be reached
  without such a card (on a space object or on a ship on an orbit: any fleet may go there),
  and whether he is one step from an extra victory of his own;
* **every decision** the match asks, with the option the agent took: while the opponent is
  one step from an extra victory (``near_victories``), whether any option acts against it
  (``counters``) and whether the one taken does;
* **the log** (``battle``, ``battle_start``, ``battle_end``): every battle with its attacker
  (the player whose battle phase it is), each side's fighting value as it began and the
  attacker's cards destroyed in it (``battles``).

The observer is given every game the match builds — the search agents' sampled worlds copy it
— so it keeps only the live game's state, by identity.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import chain
from typing import Any

from komandor.agents.features import base_power
from komandor.rules import event_records as ev
from komandor.rules import rules
from komandor.rules.by_identity import IdentityCache
from komandor.rules.cards import CardKind, CardSpec, Victory
from komandor.rules.decisions import Agent, Decision, DecisionKind, IllegalChoiceError, Option
from komandor.rules.decks import Deck
from komandor.rules.event_records import Event
from komandor.rules.facts import PlaceFacts
from komandor.rules.game import Game
from komandor.rules.match import MatchSetup
from komandor.rules.match_state import Begin, MatchState, Resume, Seat
from komandor.rules.state import GameState, Phase, Zone
from komandor.rules.victory import PIRATE_COUNTED, Outcome, pirate_loot, unblocked_objects

# One step from an extra victory (issue 31): the Procurator one object short of WIN-9's five,
# the Trader one token short of WIN-8's seven, the Pirate's loot past 55 of WIN-6's 70.
PROCURATOR_NEAR = rules.PROCURATOR_OBJECTS - 1
TRADER_NEAR = rules.TRADER_COMMERCE_TOKENS - 1
PIRATE_NEAR = 55
# A game's end counted as "early": a Commander lost within the first three turns.
EARLY_TURNS = 3
# A deck-out is "dominated" when the side that ran out led on the table for its last 5 turns.
DOMINATION_TURNS = 5
# An attack is "thin" under a third of the defender's fighting value.
THIN_ATTACK = 1 / 3
_TABLE_KINDS = (CardKind.SHIP, CardKind.SPACE_OBJECT)
_BUILT_IN_SEP = "#"  # a built-in unit's combatant uid: "<object uid>#<index>" (fights.py)


class Verdict(StrEnum):
    """What a dominated deck-out was: nothing could reach the enemy Commander, or something
    could and was not used."""

    NO_WAY_THROUGH = "no_way_through"
    MISSED = "missed"


@dataclass(frozen=True, slots=True)
class SideSnapshot:
    in_play: int  # ships and space objects he controls
    lost: int  # cards of the kinds WIN-7 counts in his losses
    openers: int  # cards opening an enemy sector in his hand, deck or situations zone
    reaches_commander: bool  # the enemy Commander is on an object or on an orbit
    extra_near: bool  # one step from an extra victory of his own


@dataclass(frozen=True, slots=True)
class TurnSnapshot:
    turn: int
    sides: tuple[SideSnapshot, SideSnapshot]


@dataclass(frozen=True, slots=True)
class BattleFact:
    turn: int
    attacker: int
    attack: int  # the attacker's fighting value as the battle began
    defence: int  # the defender's
    attacker_lost: int  # the attacker's cards destroyed in it

    @property
    def thin(self) -> bool:
        return self.attack < self.defence * THIN_ATTACK


@dataclass(frozen=True, slots=True)
class ThreatTally:
    """Turns in which the opponent was one step from an extra victory at one of this player's
    decisions; of those, turns in which an option acted against it; turns he took one."""

    turns: int = 0
    could: int = 0
    did: int = 0


@dataclass(frozen=True, slots=True)
class GameRecord:
    agents: tuple[str, str]  # by seat
    termination: str
    winner: int | None
    turn: int
    snapshots: tuple[TurnSnapshot, ...]
    battles: tuple[BattleFact, ...]
    threats: tuple[ThreatTally, ThreatTally]
    lost: tuple[int, int]  # cards lost (WIN-7's kinds) at the end
    tokens: tuple[int, int]  # action tokens unspent at the end
    resources: tuple[int, int]  # resources unspent at the end


# --- what the state says ------------------------------------------------------------------------


def _opens(spec: CardSpec) -> bool:
    effects: Iterable[Any] = spec.effects or ()
    if spec.variants:
        effects = chain(effects, *(v for v in spec.variants if not isinstance(v, str)))
    return any(
        action.do == "permit" and action.rule == "enter_enemy_sector"
        for effect in effects
        for action in effect.actions
    )


# Whether a card's effects let its player enter an enemy sector: once per spec object.
opens_enemy_sector: IdentityCache[CardSpec, bool] = IdentityCache(_opens)


def lost_cards(state: GameState, player: int) -> int:
    """The cards of WIN-7's kinds in ``player``'s losses (what a fight costs him)."""
    cards = state.cards
    return sum(1 for uid in state.players[player].losses if cards[uid].kind in PIRATE_COUNTED)


def near_victories(state: GameState, player: int) -> frozenset[Victory]:
    """The extra victories ``player`` is one step from (``PROCURATOR_NEAR`` …)."""
    near: set[Victory] = set()
    if (
        state.has_victory(player, Victory.PROCURATOR)
        and unblocked_objects(state, player) >= PROCURATOR_NEAR
    ):
        near.add(Victory.PROCURATOR)
    if (
        state.has_victory(player, Victory.TRADER)
        and state.players[player].commerce_tokens >= TRADER_NEAR
    ):
        near.add(Victory.TRADER)
    if (
        state.has_victory(player, Victory.PIRATE)
        and pirate_loot(state, state.opponent(player)) > PIRATE_NEAR
    ):
        near.add(Victory.PIRATE)
    return frozenset(near)


def commander_reachable(state: GameState, player: int) -> bool:
    """Whether ``player``'s Commander can be attacked with no card: on a space object, or on a
    ship on an orbit (any fleet may move there, MOVE-1); in open space only a card opens his
    sector (MOVE-9)."""
    at = state.players[player].commander_at
    carrier = state.cards.get(at or "")
    if carrier is None or carrier.zone is not Zone.PLAY:
        return False
    if carrier.kind is CardKind.SPACE_OBJECT:
        return True
    return carrier.where is not None and carrier.where in state.cards


def side_snapshot(state: GameState, player: int) -> SideSnapshot:
    me = state.players[player]
    cards = state.cards
    return SideSnapshot(
        in_play=sum(
            1 for c in state.in_play() if c.controller == player and c.kind in _TABLE_KINDS
        ),
        lost=lost_cards(state, player),
        openers=sum(
            1
            for uid in chain(me.hand, me.deck, me.situations)
            if opens_enemy_sector(cards[uid].spec)
        ),
        reaches_commander=commander_reachable(state, state.opponent(player)),
        extra_near=bool(near_victories(state, player)),
    )


def snapshot(state: GameState) -> TurnSnapshot:
    return TurnSnapshot(state.turn, (side_snapshot(state, 0), side_snapshot(state, 1)))


def counters(decision: Decision, state: GameState, threats: frozenset[Victory]) -> list[bool]:
    """For each option of ``decision`` (its player's), whether it acts against the opponent's
    extra victories in ``threats``: a ship sent to the orbit of an opponent's object he holds
    unblocked (a blockade or a capture: the Procurator's count falls, the Trader's run loses
    a port, CAP-3, PROP-COMMERCE-1) or to where an opponent's commercial-run ship stands (the
    run is fought); a ship withdrawn from a battle while the Pirate's loot is near (a card
    not lost)."""
    if not threats:
        return [False] * len(decision.options)
    them = state.opponent(decision.player)
    if decision.kind is DecisionKind.MOVE_SHIP and threats & {Victory.PROCURATOR, Victory.TRADER}:
        return [_move_counters(option, state, them, threats) for option in decision.options]
    if decision.kind is DecisionKind.BATTLE_WITHDRAW and Victory.PIRATE in threats:
        return [option.key.startswith(("withdraw:", "ask:")) for option in decision.options]
    return [False] * len(decision.options)


def _move_counters(
    option: Option, state: GameState, them: int, threats: frozenset[Victory]
) -> bool:
    if option.key == "stay":
        return False
    facts = option.data
    to = facts.to if isinstance(facts, PlaceFacts) else None
    place = state.cards.get(to) if isinstance(to, str) else None
    if (
        place is not None
        and place.kind is CardKind.SPACE_OBJECT
        and place.controller == them
        and not state.is_blocked(place)
    ):
        return True
    if Victory.TRADER not in threats or not isinstance(to, str):
        return False
    return any(
        ship.controller == them
        and ship.spec.properties is not None
        and ship.spec.properties.commercial_run is not None
        for ship in state.ships_at(to)
    )


# --- what the log says --------------------------------------------------------------------------


def _combatant_spec(state: GameState, uid: str) -> CardSpec:
    if _BUILT_IN_SEP in uid:
        host, index = uid.split(_BUILT_IN_SEP)
        built_in = state.cards[host].spec.built_in or ()
        return built_in[int(index)]
    return state.cards[uid].spec


def _fighting_value(state: GameState, uids: Sequence[str], damage: Mapping[str, int]) -> int:
    return sum(max(base_power(_combatant_spec(state, uid)) - damage.get(uid, 0), 0) for uid in uids)


def battles(events: Iterable[Event], state: GameState, *, first_turn: int = 0) -> list[BattleFact]:
    """Every battle of the log: ``battle`` (the site, its attacker and sides), ``battle_start``
    (each combatant's damage as it began), ``battle_end`` (what was destroyed). A side's
    fighting value is ``features.base_power`` (strength plus printed weapon powers) less its
    damage, summed; the specs are read from ``state`` (they never change). ``first_turn``: the
    turn under way when the log began (a position's; each ``turn`` event says the next)."""
    facts: list[BattleFact] = []
    turn = first_turn
    opened: ev.Battle | None = None
    damage: dict[str, int] = {}
    for event in events:
        if isinstance(event, ev.Turn | ev.PositionSet):  # a position's log may begin with one
            turn = event.turn
        elif isinstance(event, ev.Battle):
            opened, damage = event, {}
        elif isinstance(event, ev.BattleStart) and opened is not None:
            damage = {c.uid: c.damage for c in event.combatants}
        elif isinstance(event, ev.BattleEnded) and opened is not None:
            attacker = opened.attacker
            sides = opened.sides
            destroyed = {uid for uid, _cause in event.destroyed}
            facts.append(
                BattleFact(
                    turn=turn,
                    attacker=attacker,
                    attack=_fighting_value(state, sides[attacker], damage),
                    defence=_fighting_value(state, sides[1 - attacker], damage),
                    attacker_lost=sum(1 for uid in sides[attacker] if uid in destroyed),
                )
            )
            opened = None
    return facts


# --- playing a game and keeping its facts -------------------------------------------------------


def record_match(
    begin: Begin,
    agents: Sequence[Agent],
    *,
    resume: Resume | None = None,
) -> GameRecord:
    """Play the match ``begin`` builds (``match_state.MatchState``'s ``begin``; its log must be
    on) to its end with ``agents``, as ``match.play_out`` does, and keep its facts."""
    live: list[Game] = []
    snapshots: list[TurnSnapshot] = []

    def observe(state: GameState) -> None:
        # Called as each phase begins, the phase just played still set: END begins.
        if state.phase is Phase.BATTLE_2 and live and state is live[0].state:
            snapshots.append(snapshot(state))

    def begun(seats: Sequence[Seat]) -> tuple[Game, Callable[[], Outcome | None]]:
        game, program = begin(seats)
        if not live:  # the first game built is the live one; the rest are copies
            live.append(game)
            game.observers.append(observe)
        return game, program

    match = MatchState(begun, names=[agent.name for agent in agents], resume=resume)
    state = match.state
    first_turn = state.turn  # a position's turn; a new match's setup (0)
    threatened: dict[tuple[int, int], list[bool]] = {}
    while (decision := match.decision) is not None:
        player = decision.player
        agent = agents[player]
        index = agent.choose(decision, match.observation(player))
        if not isinstance(index, int) or not 0 <= index < len(decision.options):
            raise IllegalChoiceError(
                f"agent {agent.name!r} answered {index!r} to {decision.kind!r}, which has "
                f"{len(decision.options)} options"
            )
        threats = near_victories(state, state.opponent(player))
        if threats:
            acts = counters(decision, state, threats)
            seen = threatened.setdefault((player, state.turn), [False, False])
            seen[0] = seen[0] or any(acts)
            seen[1] = seen[1] or acts[index]
        match.answer(index)
    return _record(match, agents, snapshots, threatened, first_turn)


def _record(
    match: MatchState,
    agents: Sequence[Agent],
    snapshots: Sequence[TurnSnapshot],
    threatened: Mapping[tuple[int, int], Sequence[bool]],
    first_turn: int,
) -> GameRecord:
    state = match.state
    outcome = match.outcome

    def tally(player: int) -> ThreatTally:
        rows = [seen for (who, _turn), seen in threatened.items() if who == player]
        return ThreatTally(len(rows), sum(1 for r in rows if r[0]), sum(1 for r in rows if r[1]))

    return GameRecord(
        agents=(agents[0].name, agents[1].name),
        termination=outcome.termination.value if outcome is not None else "none",
        winner=outcome.winner if outcome is not None else None,
        turn=outcome.turn if outcome is not None else state.turn,
        snapshots=tuple(snapshots),
        battles=tuple(battles(match.log, state, first_turn=first_turn)),
        threats=(tally(0), tally(1)),
        lost=(lost_cards(state, 0), lost_cards(state, 1)),
        tokens=(state.players[0].action_tokens, state.players[1].action_tokens),
        resources=(state.players[0].resources, state.players[1].resources),
    )


def record_game(
    decks: Sequence[Deck],
    agents: Sequence[Agent],
    seed: int,
    *,
    turn_cap: int = rules.DEFAULT_TURN_CAP,
) -> GameRecord:
    """A whole match of ``decks`` (by seat) played by ``agents`` with ``seed``, log on, as
    ``match.run_match`` plays it, and its facts."""
    setup = MatchSetup(
        decks=decks, seed=seed, turn_cap=turn_cap, agent_names=[a.name for a in agents]
    )
    return record_match(lambda seats: setup.begin(seats, log=True), agents, resume=setup.resume)


# --- what the facts mean ------------------------------------------------------------------------


def loser(record: GameRecord) -> int | None:
    return None if record.winner is None else 1 - record.winner


def commander_lost_by(record: GameRecord, player: int, *, within: int = EARLY_TURNS) -> bool:
    """``player`` lost his own Commander within the first ``within`` turns."""
    return (
        record.termination == "commander_lost" and loser(record) == player and record.turn <= within
    )


def dominated_deck_out(record: GameRecord) -> int | None:
    """The player who lost by running out of cards while leading on the table — more ships and
    objects in play and fewer cards lost than the opponent at the end of each of his last
    ``DOMINATION_TURNS`` turns — or None."""
    if record.termination != "deck_out":
        return None
    out = loser(record)
    if out is None:
        return None
    window = _window(record)
    if len(window) < DOMINATION_TURNS:
        return None
    for turn in window:
        me, them = turn.sides[out], turn.sides[1 - out]
        if not (me.in_play > them.in_play and me.lost < them.lost):
            return None
    return out


def _window(record: GameRecord) -> list[TurnSnapshot]:
    """The snapshots of the last ``DOMINATION_TURNS`` whole turns before the end."""
    by_turn = {s.turn: s for s in record.snapshots}
    turns = range(record.turn - DOMINATION_TURNS, record.turn)
    return [by_turn[t] for t in turns if t in by_turn]


def deck_out_verdict(record: GameRecord) -> Verdict | None:
    """A dominated deck-out (``dominated_deck_out``) classified: *missed* when in its window
    the side that ran out held or could still draw a card that opens an enemy sector (or had
    one on its Commander), or could reach the enemy Commander with no card, or was one step
    from an extra victory of its own; *no way through* otherwise."""
    out = dominated_deck_out(record)
    if out is None:
        return None
    for turn in _window(record):
        me = turn.sides[out]
        if me.openers or me.reaches_commander or me.extra_near:
            return Verdict.MISSED
    return Verdict.NO_WAY_THROUGH
