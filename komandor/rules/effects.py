"""Where card effects plug into the game: timing windows, plays, costs, rerolls, initiative
modifiers and the rules that card text may lift or forbid.

What each tactical, situation, upgrade and ability card and each Commander ability *does* comes
with the card-effects issue: it will compile a card's effect data into ``Effect`` values and
attach them to players (``Effects.attach``). This module owns what the book says about *every*
play:

* when — a ``Window`` opens at each point of the turn and of a battle where the book lets cards
  be played; ``game.py``, ``fights.py`` and ``battle.py`` open them in the book's order;
* who first — the priority player, then the other (SPECIAL-5); each orders his own plays by
  picking one at a time, ``effect.play`` through ``Game.ask`` (SPECIAL-4);
* whether — not forbidden by cards played earlier (SPECIAL-6a, GEN-4), payable and with targets
  in the player's own game zones (SPECIAL-6b, SPECIAL-3), able to take effect (SPECIAL-6c), not
  a paid property already in force (SPECIAL-9), not a second identical tactical card on the same
  parameter in one battle phase (SPECIAL-8), its card able to use its properties (ECH-6, ECH-7,
  CAP-4);
* what it costs — action tokens (in production only those held when the phase began, PROD-9),
  resources and a D6 requirement (TACT-3, SIT-2; a failed roll is paid and does nothing, AMB-26);
* what effects may do besides changing the state — grant rerolls of single dice (DICE-4, DICE-5),
  change the initiative (INIT-2), lift a rule (``Permission``: GEN-3, MOVE-9) or forbid one
  (GEN-4), give a victory condition (WIN-5), find cards by name (SPECIAL-7), and take cards from
  the deck or the losses in the open, with a shuffle (SPECIAL-10, SPECIAL-11).

A match with nothing attached pays one attribute test per window (``Effects.enabled``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableSequence, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Final, TypeVar

from komandor.rules import event_records as ev

# Imported at run time, not only for the type checker: the compiled engine needs the classes of
# ``Moment``'s fields (``game``, ``battle``) when it loads this module.
from komandor.rules.battle import Status, _Battle
from komandor.rules.cards import CardKind, CardSpec, Victory
from komandor.rules.decisions import DecisionKind, Option
from komandor.rules.effect_schema import Action
from komandor.rules.facts import (
    NO_CONTEXT,
    NO_COST,
    AnsweredPlay,
    Cost,
    DecisionContext,
    PlayFacts,
    WindowAttack,
)
from komandor.rules.names import name_key
from komandor.rules.state import ATTACHED as ATTACHED
from komandor.rules.state import LIVE_ZONES, Modifier, Phase, Zone
from komandor.rules.table import Table
from komandor.rules.windows import PRODUCTION_WINDOWS as PRODUCTION_WINDOWS
from komandor.rules.windows import Window as Window

if TYPE_CHECKING:
    from komandor.rules.dice import Dice
    from komandor.rules.effect_schema import EffectSpec
    from komandor.rules.state import Card, GameState

T = TypeVar("T")


_BATTLE_PHASES = frozenset({Phase.BATTLE_1, Phase.BATTLE_2})
# OBJ-4: the phases of a turn before its movement, when a space object built this turn cannot
# use its properties yet.
_BEFORE_MOVEMENT = frozenset(
    {Phase.START, Phase.DRAW, Phase.UNTAP, Phase.INITIATIVE, Phase.RESOURCES, Phase.PRODUCTION}
)


class Permission(StrEnum):
    """Rules that card text may lift for a player (GEN-3, SPECIAL-1); a ban beats a grant
    (GEN-4)."""

    # MOVE-9: «(только если какие-либо карты дают игроку такую возможность) - в сектор
    # открытого космоса, где находится флот противника»
    ENTER_ENEMY_SECTOR = "enter_enemy_sector"


@dataclass(slots=True)
class Moment:
    """Where a play happens: handed to an effect's ``condition``, ``targets`` and ``apply``.
    ``battle`` is the running battle (``battle._Battle``: ``by_uid``, ``sides``, ``range``,
    ``round``) in battle windows; ``attack`` the declared attack's facts (``AttackFacts``) in
    the attack windows, the play answered (``AnsweredPlay``) in the ``opponent_play`` window, the
    ship destroyed (``ShipLost``) in ``ship_destroyed``; ``target`` the chosen target of the play,
    ``targets`` all of them for a play on several cards; ``window`` is ``"on_play"`` for an
    effect played as its card enters play or its zone."""

    game: Table[Effects]
    window: Window | str
    player: int
    battle: _Battle | None = None
    attack: WindowAttack | None = None
    target: str | None = None
    targets: tuple[str, ...] = ()

    def __init__(
        self,
        game: Table[Effects],
        window: Window | str,
        player: int,
        battle: _Battle | None = None,
        attack: WindowAttack | None = None,
        target: str | None = None,
        targets: tuple[str, ...] = (),
    ) -> None:
        # Written out: the dataclass's generated ``__init__`` stays a Python function in the
        # compiled engine, and moments are built for every offer of every window.
        self.game = game
        self.window = window
        self.player = player
        self.battle = battle
        self.attack = attack
        self.target = target
        self.targets = targets

    @property
    def state(self) -> GameState:
        return self.game.state

    def aimed(self, target: str | None) -> Moment:
        """This moment with ``target`` as the play's target (``dataclasses.replace``'s result,
        built directly: candidates ask it per card)."""
        return Moment(
            self.game, self.window, self.player, self.battle, self.attack, target, self.targets
        )

    def aimed_at(self, targets: tuple[str, ...]) -> Moment:
        """This moment with ``targets`` as the play's targets (built directly, as ``aimed``)."""
        return Moment(
            self.game, self.window, self.player, self.battle, self.attack, self.target, targets
        )

    @property
    def effects(self) -> Effects:
        return self.game.effects


@dataclass(frozen=True, slots=True)
class Effect:
    """One playable card effect or property, attached to a player.

    ``key`` is unique among the player's effects. ``source`` is the uid of the card whose
    effect or property it is (a tactical card in hand, a situation or ability card, a card in
    play); ``None`` is the Commander's own ability. ``zone`` is where the source must be for the
    play (``None``: wherever its kind is used), ``variant`` the declared variant of an ability
    card it needs (ABIL-4). ``lasts_until`` is the window (or expiry key) at which its effect
    ends (SPECIAL-9 counts a paid property as in force until then; ``None``: instant).
    ``stacks`` is card text overriding SPECIAL-9 (SPECIAL-1). ``changes`` names the parameters
    it changes on its target (SPECIAL-8). ``pick`` is how many of the ``targets`` one play
    takes: 1 (one offer per target), ``n`` (chosen by ``chooser`` when played) or ``None``
    (all of them). ``discard`` sends the source to the losses once played (TACT-2).
    ``play`` and ``actions`` are facts for agents (what a play is worth is theirs,
    ``agents.effect_values``): ``"effect"``, an effect of the card's text doing ``actions``;
    ``"put"``, a situation or upgrade card put into play; ``"ability"``, an ability card put on
    the Commander; ``"remove"``, a situation discarded or an upgrade moved.
    """

    key: str
    name: str
    windows: frozenset[Window]
    apply: Callable[[Moment], None]
    cost: Cost = NO_COST
    condition: Callable[[Moment], bool] | None = None
    targets: Callable[[Moment], Iterable[str]] | None = None
    source: str | None = None
    lasts_until: Window | str | None = None
    stacks: bool = False
    changes: tuple[str, ...] = ()
    zone: Zone | None = None
    variant: int | None = None
    pick: int | None = 1
    chooser: str = "self"
    discard: bool = False
    cancels: bool = False  # a «cancel» play: answers the opponent's play, is never answered
    play: str = "effect"
    actions: tuple[Action, ...] = ()
    # The offers of this effect made so far, by target (``Effects._offers``): an offer's key and
    # facts depend on the effect and the target alone (but for a play picking later), and the
    # records are immutable, so each is built once, not at every window opened.
    offers: dict[str | None, Option] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "windows", _as_windows(frozenset(self.windows)))


@lru_cache(maxsize=256)
def _as_windows(windows: frozenset[Window | str]) -> frozenset[Window]:
    """The windows as ``Window`` members: every card's effects are built at setup, from a
    handful of distinct window sets."""
    return frozenset(Window(w) for w in windows)


@dataclass(frozen=True, slots=True, eq=False)
class _Reroll:
    """One die a player may roll again (DICE-4); ``purposes`` limits which rolls."""

    purposes: frozenset[str] | None
    expires: str | None = None


@dataclass(frozen=True, slots=True)
class _Rule:
    """A permission granted or a ban (of an effect key or name, a card name, a permission) held
    by a player until ``expires``."""

    player: int
    name: str
    expires: str | None


# Each window's value as a plain ``str``: ``Enum.value`` is a Python property, read at every
# window opened.
_WINDOW_KEYS: Final[dict[Window, str]] = {window: window.value for window in Window}

_PASS = Option("pass")
_KEEP = Option("keep")
_REROLL = Option("reroll")
CARD_BAN = "card:"  # a ban of the cards with a name (SPECIAL-7), not of a rule or an effect


def expiry(until: Window | str | None) -> str | None:
    """The expiry key of a duration: a window's value, ``round`` … or ``None`` (never)."""
    return None if until is None else str(until)


def _picking_later(effect: Effect, target: str | None, reach: Sequence[str]) -> PlayFacts:
    """The facts of a play on several cards or on one the opponent picks: with the cards in
    ``reach`` now, ``pick`` and ``chooser``."""
    return PlayFacts(
        effect.key,
        effect.cost,
        effect.source,
        effect.play,
        effect.actions,
        target,
        tuple(reach),
        effect.pick,
        effect.chooser,
    )


class Effects:
    """The effects of one match: who has which, and everything that limits or follows a play.

    ``Game.effects``; ``battle.py`` reaches it as its ``hooks`` (``open``, ``dice_for``).
    Everything with a duration is data with an expiry key (``_Rule``, ``_Reroll``, the in-force
    set, the state's ``Modifier``s): ``expire(key)`` ends it; ``attached:<uid>`` ends when the
    card leaves play or its zone, checked where it is read."""

    __slots__ = (
        "_attached",
        "_bans",
        "_budget",
        "_by_window",
        "_cancelled",
        "_changed",
        "_grants",
        "_in_force",
        "_rerolls",
        "battle",
        "enabled",
        "game",
        "statics",
    )

    def __init__(self, game: Table[Effects]) -> None:
        self.game = game
        # Turns on at the first attach or grant and stays on; while off, nobody opens windows.
        self.enabled = False
        self._attached: tuple[dict[str, Effect], ...] = ({}, {})
        # Tuples, replaced (never changed in place) at attach and detach: a copy shares them.
        self._by_window: tuple[dict[Window, tuple[Effect, ...]], ...] = ({}, {})
        self._grants: list[_Rule] = []
        self._bans: list[_Rule] = []
        self._rerolls: tuple[list[_Reroll], ...] = ([], [])
        self._in_force: set[tuple[int, str, str | None]] = set()  # SPECIAL-9
        self._changed: set[tuple[str, str, str]] = set()  # SPECIAL-8: (card name, uid, param)
        self._budget: list[int] | None = None  # PROD-9: tokens held when production began
        self._cancelled = False
        self.battle: _Battle | None = None  # the battle being fought, while one is
        # Static effects in force while their card is (effect_play reads them): (source, player,
        # spec); the Commander's own have source None.
        self.statics: list[tuple[str | None, int, EffectSpec]] = []
        game.state.on_leave = self.card_left

    def copy_from(self, other: Effects) -> None:
        """Take ``other``'s effects and everything they hold now, as independent copies
        (``Game.copy``); the effects themselves are immutable and shared."""
        self.enabled = other.enabled
        self._attached = (dict(other._attached[0]), dict(other._attached[1]))
        self._by_window = (dict(other._by_window[0]), dict(other._by_window[1]))
        self._grants = list(other._grants)
        self._bans = list(other._bans)
        self._rerolls = (list(other._rerolls[0]), list(other._rerolls[1]))
        self._in_force = set(other._in_force)
        self._changed = set(other._changed)
        self._budget = None if other._budget is None else list(other._budget)
        self._cancelled = other._cancelled
        self.battle = other.battle
        self.statics = list(other.statics)

    # --- attaching ----------------------------------------------------------------------------

    def attach(self, player: int, effect: Effect) -> None:
        """Give ``player`` an effect: at setup (a Commander's abilities, his cards' effects) or
        during the game (GEN-2)."""
        if effect.key in self._attached[player]:
            raise ValueError(f"player {player} already has an effect {effect.key!r}")
        self._attached[player][effect.key] = effect
        by_window = self._by_window[player]
        for window in effect.windows:
            by_window[window] = (*by_window.get(window, ()), effect)
        self.enabled = True

    def detach(self, player: int, key: str) -> None:
        effect = self._attached[player].pop(key, None)
        if effect is not None:
            by_window = self._by_window[player]
            for window in effect.windows:
                held = list(by_window[window])
                held.remove(effect)
                by_window[window] = tuple(held)

    def attached(self, player: int) -> tuple[Effect, ...]:
        return tuple(self._attached[player].values())

    def has_window(self, player: int, window: Window) -> bool:
        return bool(self._by_window[player].get(window))

    # --- durations as data ----------------------------------------------------------------------

    def is_live(self, expires: str | None) -> bool:
        """Whether something lasting ``attached:<uid>`` holds now: its card is in play or its
        zone and able to use its properties (``source_in_force``); any other expiry is live
        until ``expire`` removes it."""
        if expires is None or not expires.startswith(ATTACHED):
            return True
        return self.source_in_force(expires[len(ATTACHED) :])

    def source_in_force(self, uid: str) -> bool:
        """Whether the lasting effects of card ``uid`` hold now: it is in play, in the
        situations zone or under a card in play, and that card can use its properties
        (``properties_usable``: not destroyed or waiting in the second echelon of the running
        battle, not a blocked object, not an object built this turn before the movement)."""
        state = self.game.state
        card = state.cards.get(uid)
        if card is None or card.zone not in LIVE_ZONES:
            return False
        if card.zone is Zone.ATTACHED:
            host = state.cards.get(card.where or "")
            if host is None or host.zone is not Zone.PLAY:
                return False
            card = host  # UPG-3: the upgraded card has the properties
        return card.zone is not Zone.PLAY or self.properties_usable(card, self.battle)

    def properties_usable(self, card: Card, battle: _Battle | None) -> bool:
        """Whether a card in play can use its properties now: CAP-4 (a blocked object), OBJ-4
        (an object built this turn, before the movement phase), CIV-3 (a civil building
        captured this turn), ECH-6 (a ship waiting in the second echelon) and BATTLE-22 (a card
        destroyed in the running battle is in the losses at once, though its card leaves the
        table when the battle ends)."""
        state = self.game.state
        if card.kind is CardKind.SPACE_OBJECT:
            if state.is_blocked(card):
                return False  # CAP-4: «не может использовать свойства заблокированного объекта»
            if card.built_turn >= state.turn > 0 and state.phase in _BEFORE_MOVEMENT:
                return False  # OBJ-4: «только начиная с фазы перемещения»
        elif card.kind is CardKind.CIVIL_BUILDING and card.captured_turn >= state.turn > 0:
            return False  # CIV-3: a captured civil building works from the next turn
        if battle is None:
            return True
        fighter = battle.by_uid.get(card.uid)
        return fighter is None or (
            fighter.status is not Status.DESTROYED and fighter.status is not Status.RESERVE
        )

    def expire(self, key: str) -> None:
        """End everything lasting until ``key`` (a window opening, the end of a round, battle,
        phase or turn)."""
        # Called at every window opened: nothing is rebuilt unless something ends.
        if self._grants and any(r.expires == key for r in self._grants):
            self._grants = [r for r in self._grants if r.expires != key]
        if self._bans and any(r.expires == key for r in self._bans):
            self._bans = [r for r in self._bans if r.expires != key]
        for left in self._rerolls:
            if left and any(grant.expires == key for grant in left):
                left[:] = [grant for grant in left if grant.expires != key]
        if self._in_force and any(held[2] == key for held in self._in_force):
            self._in_force = {held for held in self._in_force if held[2] != key}
        state = self.game.state
        if state.modifiers and any(m.expires == key for m in state.modifiers):
            ending = [m for m in state.modifiers if m.expires == key]
            state.modifiers = [m for m in state.modifiers if m.expires != key]
            self._modifiers_changed(ending)

    def _modifiers_changed(self, changed: Iterable[Modifier]) -> None:
        """Stat reads follow the modifiers: the initiative, and the running battle's cards."""
        battle = self.battle
        for modifier in changed:
            if modifier.stat == "initiative":
                self.recount_initiative()
            elif battle is not None and modifier.target in battle.by_uid:
                self.game.refresh_combatant(battle.by_uid[modifier.target])

    def recount_initiative(self) -> None:
        """INIT-2: each Commander's initiative changed by the modifiers in force now — counted
        afresh, never kept as a running total, so a bonus ends when its card leaves play or
        stops working as surely as when its period ends."""
        state = self.game.state
        for player in state.players:
            target = f"player:{player.index}"
            player.initiative_bonus = sum(
                m.delta
                for m in state.modifiers
                if m.stat == "initiative" and m.target == target and self.is_live(m.expires)
            )

    def settle_lasting(self) -> None:
        """The lasting effects' sources have changed (a card left play or its zone, a battle
        card was destroyed, waited in or came out of the second echelon, a phase began): the
        kept values — the initiatives, the running battle's card stats — are read again."""
        state = self.game.state
        self.recount_initiative()
        battle = self.battle
        if battle is not None and (state.modifiers or self.statics):
            self.game.refresh_combatants(list(battle.by_uid.values()))

    def standing_changed(self, battle: _Battle) -> None:
        """The battle's cards changed standing (``battle.BattleHooks``): the second echelon
        was chosen or entered, or a card was destroyed (ECH-6, BATTLE-22)."""
        self.battle = battle
        self.settle_lasting()

    def card_left(self, uid: str) -> None:
        """A card left play, the situations zone or its host (``GameState.on_leave``): what it
        gave «while in play» ends with it — its registered static effects and everything lasting
        ``attached:<uid>`` are dropped (so a card that comes back begins them afresh, once)."""
        if not self.enabled:
            return
        key = ATTACHED + uid
        if self.statics:
            self.statics = [entry for entry in self.statics if entry[0] != uid]
        if self._grants:
            self._grants = [r for r in self._grants if r.expires != key]
        if self._bans:
            self._bans = [r for r in self._bans if r.expires != key]
        for left in self._rerolls:
            if left:
                left[:] = [grant for grant in left if grant.expires != key]
        state = self.game.state
        if state.modifiers:
            state.modifiers = [m for m in state.modifiers if m.expires != key]
        self.settle_lasting()

    def add_modifier(self, target: str, stat: str, delta: int, until: Window | str | None) -> None:
        """A stat of ``target`` changed by ``delta`` until ``until`` (data in the state)."""
        modifier = Modifier(target, stat, delta, expiry(until))
        self.game.state.modifiers.append(modifier)
        self.enabled = True
        self._modifiers_changed([modifier])

    # --- what effects may change besides the state ----------------------------------------------

    def grant(
        self, player: int, permission: Permission | str, *, until: Window | str | None = None
    ) -> None:
        """Card text lifts a rule for ``player`` (GEN-3, SPECIAL-1), e.g. MOVE-9."""
        self._grants.append(_Rule(player, str(permission), expiry(until)))
        self.enabled = True

    def forbid(self, player: int, name: str, *, until: Window | str | None = None) -> None:
        """Card text forbids ``player`` an effect (by key or card name) or a permission; the ban
        wins over any grant, earlier or later (GEN-4, SPECIAL-6a)."""
        self._bans.append(_Rule(player, name, expiry(until)))
        self.enabled = True

    def _holds(self, rules: list[_Rule], player: int, names: Iterable[str]) -> bool:
        wanted = set(names)
        return any(
            r.player == player and r.name in wanted and self.is_live(r.expires) for r in rules
        )

    def allows(self, player: int, permission: Permission | str) -> bool:
        return self._holds(self._grants, player, (str(permission),)) and not self._holds(
            self._bans, player, (str(permission),)
        )

    def is_banned(self, player: int, effect: Effect) -> bool:
        bans = self._bans
        if not bans or all(r.player != player for r in bans):
            return False  # every test below asks for a ban on this player
        names = [effect.key, effect.name, name_key(effect.name)]
        if effect.discard:
            names.append("play_tactical")  # forbidding tactical plays stops tactical cards
        if self._holds(self._bans, player, names):
            return True
        card = self.game.state.cards.get(effect.source or "")
        return card is not None and any(
            r.player == player
            and r.name.startswith(CARD_BAN)
            and has_name(card.spec, r.name[len(CARD_BAN) :])
            and self.is_live(r.expires)
            for r in self._bans
        )

    def forbid_card(self, player: int, name: str, *, until: Window | str | None = None) -> None:
        """Card text forbids ``player`` the plays of every card «с определенным названием»:
        the name, the type or a part of the full name (SPECIAL-7, ``has_name``)."""
        self.forbid(player, CARD_BAN + name, until=until)

    def modify_initiative(
        self, player: int, delta: int, *, until: Window | str | None = None
    ) -> None:
        """INIT-2: «может быть изменена, например, картами способностей»."""
        self.add_modifier(f"player:{player}", "initiative", delta, until)

    def grant_victory(
        self, player: int, victory: Victory, *, until: Window | str | None = None
    ) -> None:
        """WIN-5: an additional victory condition «в тексте карты … способностей», until
        ``until`` (``attached:<uid>``: while that card stays; ``None``: for good)."""
        self.add_modifier(f"player:{player}", f"victory:{victory.value}", 1, until)

    # --- dice (DICE-4, DICE-5) ---------------------------------------------------------------

    def grant_reroll(
        self,
        player: int,
        *,
        count: int = 1,
        purposes: Iterable[str] | None = None,
        until: Window | str | None = None,
    ) -> None:
        """Let ``player`` roll ``count`` of his dice again (one die each), any roll or only
        rolls of the given ``purposes`` (see ``roll``)."""
        kinds = None if purposes is None else frozenset(purposes)
        self._rerolls[player].extend(_Reroll(kinds, expiry(until)) for _ in range(count))
        self.enabled = True

    def rerolls_left(self, player: int) -> int:
        return len(self._rerolls[player])

    def roll(self, player: int, purpose: str, need: int | None = None) -> int:
        """One D6 rolled by ``player``. Holding a reroll for this ``purpose`` (``effect``,
        ``smuggling``, ``initiative``, ``salvo``, ``point_defence``, ``duel``, ``boarding``,
        ``ram_dodge``, ``nova_fire``, ``nova_count``), he may roll it once more; the second
        result counts even if worse, and is never rolled again (DICE-5). ``need`` (the
        number to reach, when there is one) is for agents."""
        first = self.game.dice.d6()
        grants = self._rerolls[player]
        if not grants:
            return first
        grant = next(
            (
                g
                for g in grants
                if (g.purposes is None or purpose in g.purposes) and self.is_live(g.expires)
            ),
            None,
        )  # a reroll a card gives «while in play» waits while the card cannot use it
        if grant is None:
            return first
        choice = self.game.ask(
            player,
            DecisionKind.DICE_REROLL,
            (_KEEP, _REROLL),
            DecisionContext(roll=first, purpose=purpose, need=need),
        )
        if choice.key == "keep":
            return first
        grants.remove(grant)
        second = self.game.dice.d6()
        if self.game.log.enabled:
            self.game.log.emit(
                ev.Reroll(player=player, purpose=purpose, first=first, second=second, need=need)
            )
        return second

    def dice_for(self, player: int, purpose: str, need: int | None = None) -> Dice:
        """The dice ``player`` rolls with: the match's own, or one offering his rerolls."""
        if not self._rerolls[player]:
            return self.game.dice
        return _RerollingDice(self, player, purpose, need)

    # --- production (PROD-9) -----------------------------------------------------------------

    def start_production(self) -> None:
        """PROD-9: «может быть оплачена только уже имеющимися у игрока на начало фазы
        производства фишками действий»."""
        self._budget = [p.action_tokens for p in self.game.state.players]

    def end_production(self) -> None:
        self._budget = None

    def tokens_available(self, player: int) -> int:
        tokens = self.game.state.players[player].action_tokens
        return tokens if self._budget is None else min(tokens, self._budget[player])

    # --- windows and plays ---------------------------------------------------------------------

    def open(
        self,
        window: Window,
        players: Iterable[int] | None = None,
        *,
        battle: _Battle | None = None,
        attack: WindowAttack | None = None,
    ) -> None:
        """Open ``window``: what lasted until it ends, then each player in turn plays what he
        wishes — the priority player first (SPECIAL-5) unless ``players`` says who may."""
        self.expire(_WINDOW_KEYS[window])
        if window is Window.ROUND_START:
            self.expire("round")  # the round before this one has ended
        elif window is Window.BATTLE_PHASE_START:
            self._changed.clear()  # SPECIAL-8 counts within one battle phase
        if battle is not None:
            self.battle = battle
        state = self.game.state
        if players is None:
            players = (state.priority, state.opponent(state.priority))
        for player in players:
            candidates = self._window_plays(player, window)
            if candidates:
                self._plays(Moment(self.game, window, player, battle, attack), candidates)

    def _window_plays(self, player: int, window: Window) -> Sequence[Effect]:
        """The effects ``player`` may be offered in ``window``: his own, and the properties of
        the other player's cards in play that he controls now — a captured object and its
        captured buildings are used by their controller (OBJ-6, CIV-3)."""
        own = self._by_window[player].get(window)
        theirs = self._by_window[1 - player].get(window)
        if theirs:
            cards = self.game.state.cards
            held: list[Effect] = []
            for effect in theirs:
                if effect.zone is Zone.PLAY and effect.source is not None:
                    card = cards.get(effect.source)
                    if card is not None and card.zone is Zone.PLAY and card.controller == player:
                        held.append(effect)
            if held:
                return [*own, *held] if own else held
        return own or ()

    def _plays(self, moment: Moment, candidates: Sequence[Effect]) -> None:
        """SPECIAL-4: the player picks his plays one at a time, in the order he wants, each
        effect at most once per window, until he passes or nothing is left to play."""
        player, window = moment.player, moment.window
        assert isinstance(window, Window)
        played: set[str] = set()
        context: DecisionContext | None = None  # built at the first offer: most have none
        cards = self.game.state.cards
        while True:
            options = [_PASS]
            for effect in candidates:
                if played and effect.key in played:
                    continue
                zone, source = effect.zone, effect.source
                if zone is not None and source is not None:
                    card = cards.get(source)
                    if card is None or card.zone is not zone:
                        continue  # as can_use_source says, without the calls: most wait in the deck
                options.extend(self._offers(effect, moment))
            if len(options) == 1:
                return
            if context is None:  # nothing has been played yet: as the window opened
                battle = moment.battle
                rounds = NO_CONTEXT if battle is None else battle.context
                context = DecisionContext(
                    window=_WINDOW_KEYS[window],
                    attack=moment.attack,
                    round=rounds.round,
                    range=rounds.range,
                    battle=battle,  # read only, for agents (``BattleView``)
                )
            choice = self.game.ask(player, DecisionKind.EFFECT_PLAY, options, context)
            if choice.key == "pass":
                return
            facts = choice.data
            assert isinstance(facts, PlayFacts)
            key = facts.effect
            found = self._attached[player].get(key)
            # else a property of the other player's card that this player controls
            effect = found if found is not None else self._attached[1 - player][key]
            played.add(effect.key)
            self._play(effect, moment.aimed(facts.target))

    def play_now(self, effect: Effect, moment: Moment) -> None:
        """Offer one effect at once (an ``on_play`` effect as its card enters): play or pass."""
        options = [_PASS, *self._offers(effect, moment)]
        if len(options) == 1:
            return
        choice = self.game.ask(
            moment.player,
            DecisionKind.EFFECT_PLAY,
            options,
            DecisionContext(window=str(moment.window)),
        )
        facts = choice.data
        if isinstance(facts, PlayFacts):  # not ``pass``
            self._play(effect, moment.aimed(facts.target))

    def _offers(self, effect: Effect, moment: Moment) -> Sequence[Option]:
        targets, reach = self._playable(effect, moment)
        if not targets:
            return ()
        if effect.play == "effect" and reach is not None:
            # A play picking later: its facts name the cards in reach now (found by
            # ``_playable``, not again), built afresh.
            return [Option(f"play:{effect.key}", _picking_later(effect, None, reach))]
        made = effect.offers
        found: list[Option] = []
        for target in targets:
            option = made.get(target)
            if option is None:
                option = made[target] = Option(
                    f"play:{effect.key}" if target is None else f"play:{effect.key}>{target}",
                    self.play_facts(effect, moment, target),
                )
            found.append(option)
        return found

    def play_facts(
        self, effect: Effect, moment: Moment, target: str | None, *, reach: bool = True
    ) -> PlayFacts:
        """What a play is, for agents (no worth: that is theirs): the effect, its cost and
        source, what kind of play it is and its actions, its ``target``; with ``reach``, for
        one on several cards or on one the opponent picks, the cards in reach now
        (``candidates``), ``pick`` and ``chooser``."""
        if reach and effect.play == "effect" and self._picks_later(effect):
            return _picking_later(effect, target, self.candidates(effect, moment))
        return PlayFacts(
            effect.key, effect.cost, effect.source, effect.play, effect.actions, target
        )

    def playable(self, effect: Effect, moment: Moment) -> list[str | None]:
        """The targets ``effect`` may be played on now (``[None]`` for one without targets, or
        one taking several); empty when it may not be played (SPECIAL-6)."""
        return self._playable(effect, moment)[0]

    def _playable(
        self, effect: Effect, moment: Moment
    ) -> tuple[list[str | None], list[str] | None]:
        """``playable``, and for a play picking later found playable the cards in reach now
        (``candidates``; None otherwise)."""
        player = moment.player
        # The cheap tests first (each only says no, so their order changes nothing else).
        if not self.can_use_source(effect, moment):
            return [], None
        cost = effect.cost
        if cost.action_tokens > self.tokens_available(player):
            return [], None  # SPECIAL-6b, PROD-9
        if cost.resources > self.game.state.players[player].resources:
            return [], None  # SPECIAL-6b
        if self.is_banned(player, effect):
            return [], None  # SPECIAL-6a, GEN-4
        if not effect.stacks and self._in_force and self._is_in_force(player, effect.key):
            return [], None  # SPECIAL-9
        condition = effect.condition
        if effect.targets is None:
            # SPECIAL-6c
            return ([None] if condition is None or condition(moment) else []), None
        found = self.candidates(effect, moment)
        if self._picks_later(effect):
            return ([None], found) if found else ([], None)
        return list(found), None

    @staticmethod
    def _picks_later(effect: Effect) -> bool:
        """A play on several cards, or on one the opponent picks: one offer, chosen when
        played."""
        return effect.targets is not None and (effect.pick != 1 or effect.chooser != "self")

    def candidates(self, effect: Effect, moment: Moment) -> list[str]:
        """The targets in reach of ``effect`` now (SPECIAL-3, SPECIAL-8, its condition)."""
        assert effect.targets is not None
        player, battle, condition = moment.player, moment.battle, effect.condition
        return [
            target
            for target in effect.targets(moment)
            if self.in_zones_of(player, target, battle)
            and self._may_change(effect, target)
            and (condition is None or condition(moment.aimed(target)))
        ]

    def _is_in_force(self, player: int, key: str) -> bool:
        return any(held[0] == player and held[1] == key for held in self._in_force)

    def can_use_source(self, effect: Effect, moment: Moment) -> bool:
        """Whether the card the effect belongs to can use it now."""
        source = effect.source
        if source is None:
            return True  # the Commander's ability: also from the second echelon (ECH-7)
        state = self.game.state
        card = state.cards.get(source)
        if card is None:
            return False
        zone = card.zone
        if effect.zone is not None and zone is not effect.zone:
            return False
        if effect.variant is not None and card.variant != effect.variant:
            return False
        if zone is Zone.HAND or zone is Zone.SITUATIONS:
            return card.owner == moment.player
        if zone is Zone.ATTACHED:
            host = state.cards.get(card.where or "")
            if host is None or card.owner != moment.player:
                return False
            card = host  # UPG-3: the upgraded card has the properties
        if card.zone is not Zone.PLAY or card.controller != moment.player:
            return False
        return self.properties_usable(card, moment.battle or self.battle)

    def in_zones_of(self, player: int, target: str, battle: _Battle | None = None) -> bool:
        """SPECIAL-3, AMB-25: his own cards and zones, and the places he is involved in — a
        battle he fights, an orbit or sector where his ships are, an object he controls."""
        if battle is not None and target in battle.by_uid:
            return True
        state = self.game.state
        card = state.cards.get(target)
        if card is None:
            return bool(state.ships_at(target, player))  # a sector
        if card.zone is not Zone.PLAY:
            return card.owner == player
        if card.controller == player:
            return True
        where = card.uid if card.kind is CardKind.SPACE_OBJECT else card.where
        if where is None:
            return False
        if state.ships_at(where, player):
            return True
        obj = state.cards.get(where)
        return obj is not None and obj.zone is Zone.PLAY and obj.controller == player

    def _may_change(self, effect: Effect, target: str) -> bool:
        """SPECIAL-8: «не может быть изменен двумя или более одинаковыми тактическими картами»
        within one battle phase."""
        if not effect.changes or not self._is_tactical_in_battle(effect):
            return True
        name = name_key(effect.name)
        return all((name, target, part) not in self._changed for part in effect.changes)

    def _is_tactical_in_battle(self, effect: Effect) -> bool:
        state = self.game.state
        card = state.cards.get(effect.source or "")
        return card is not None and card.kind is CardKind.TACTICAL and state.phase in _BATTLE_PHASES

    def _play(self, effect: Effect, moment: Moment) -> None:
        """Pay, roll, let the opponent answer, then apply (AMB-26: a failed roll keeps the
        payment and does nothing); a tactical card then goes to the losses (TACT-2)."""
        player = moment.player
        me = self.game.state.players[player]
        cost = effect.cost
        if cost.action_tokens:
            me.action_tokens -= cost.action_tokens
            if self._budget is not None:
                self._budget[player] -= cost.action_tokens
        me.resources -= cost.resources
        roll: int | None = None
        succeeded = True  # no roll asked, or it was made
        if cost.roll is not None:
            roll = self.roll(player, "effect", cost.roll)
            succeeded = roll >= cost.roll
        if succeeded and self._picks_later(effect):
            moment = moment.aimed_at(self._chosen(effect, moment))
        elif moment.target is not None:
            moment = moment.aimed_at((moment.target,))
        if self.game.log.enabled:
            self.game.log.emit(
                ev.EffectPlayed(
                    player=player,
                    effect=effect.key,
                    name=effect.name,
                    window=str(moment.window),
                    target=moment.target,
                    cost=ev.EffectCost(cost.action_tokens, cost.resources, cost.roll),
                    roll=roll,
                    succeeded=succeeded,
                )
            )
        if succeeded and not effect.cancels and self._answered(effect, moment):
            succeeded = False
        if effect.discard or (roll is not None and not succeeded and self._played_card(effect)):
            self._discard(effect)  # TACT-2; AMB-26: a failed roll sends the card to the losses
        if not succeeded:
            return
        if cost.is_paid and effect.lasts_until is not None and not effect.stacks:
            self._in_force.add((player, effect.key, expiry(effect.lasts_until)))
        if effect.changes and self._is_tactical_in_battle(effect):
            name = name_key(effect.name)
            self._changed.update(
                (name, target, part) for target in moment.targets for part in effect.changes
            )
        effect.apply(moment)

    def _played_card(self, effect: Effect) -> bool:
        """A situation card played from the hand (its ``put``): AMB-26 sends it to the losses
        when its D6 requirement fails, as TACT-2 does a tactical card."""
        card = self.game.state.cards.get(effect.source or "")
        return card is not None and card.kind is CardKind.SITUATION and card.zone is Zone.HAND

    def _discard(self, effect: Effect) -> None:
        card = self.game.state.cards.get(effect.source or "")
        if card is not None and card.zone is Zone.HAND:
            self.game.state.move(card.uid, Zone.LOSSES)

    def _chosen(self, effect: Effect, moment: Moment) -> tuple[str, ...]:
        """The targets of a play on several cards: all of them, or ``pick`` chosen one at a time
        by the player or, when the card says so, by his opponent."""
        found = self.candidates(effect, moment)
        if effect.pick is None or len(found) <= effect.pick:
            return tuple(found)
        state = self.game.state
        chooser = moment.player if effect.chooser == "self" else state.opponent(moment.player)
        chosen: list[str] = []
        while len(chosen) < effect.pick:
            options = [Option(uid) for uid in found if uid not in chosen]
            chosen.append(
                self.game.ask(
                    chooser, DecisionKind.EFFECT_TARGET, options, DecisionContext(effect=effect.key)
                ).key
            )
        return tuple(chosen)

    def _answered(self, effect: Effect, moment: Moment) -> bool:
        """The opponent may answer a play before it takes effect (the ``opponent_play``
        window): a «cancel» there stops it. A cancel is never answered in turn."""
        opponent = self.game.state.opponent(moment.player)
        candidates = self._window_plays(opponent, Window.OPPONENT_PLAY)
        if not candidates:
            return False
        source = self.game.state.cards.get(effect.source) if effect.source else None
        self._cancelled = False
        self._plays(
            Moment(
                self.game,
                Window.OPPONENT_PLAY,
                opponent,
                moment.battle,
                AnsweredPlay(
                    self.play_facts(effect, moment, moment.target, reach=False),
                    # the card being played, face up now (the opponent sees it)
                    None if source is None else source.spec,
                    effect.name,
                    moment.player,
                    moment.battle,
                    moment.attack,
                ),
            ),
            candidates,
        )
        cancelled, self._cancelled = self._cancelled, False
        if cancelled and self.game.log.enabled:
            self.game.log.emit(ev.Cancelled(player=moment.player, effect=effect.key))
        return cancelled

    def cancel(self) -> None:
        """The play being answered does not take effect (its payment stays paid)."""
        self._cancelled = True

    # --- cards taken from the deck or the losses (SPECIAL-10, SPECIAL-11) ---------------------

    def fetch(self, uid: str, to: Zone = Zone.HAND) -> None:
        """Move a card of the deck or the losses elsewhere, or a card into the deck: it is
        shown to the opponent (the ``revealed`` event), and a deck searched or added to is
        shuffled."""
        state = self.game.state
        card = state.cards[uid]
        frm = card.zone
        if self.game.log.enabled:
            self.game.log.emit(
                ev.Revealed(player=card.owner, card=uid, name=card.spec.name, frm=frm, to=to)
            )
        state.move(uid, to)
        card.shown = to is Zone.HAND  # the opponent saw it go into the hand
        if Zone.DECK in (frm, to):
            self.shuffle(card.owner)

    def shuffle(self, player: int) -> None:
        """SPECIAL-11: «колода перемешивается» after a card is found in or put into it (the
        ``shuffled`` event: fixed dice leave the order as it was)."""
        self.game.shuffle_deck(player)
        if self.game.log.enabled:
            self.game.log.emit(ev.Shuffled(player=player))


class _RerollingDice:
    """The match's dice as rolled by one player who holds rerolls (``Effects.dice_for``)."""

    __slots__ = ("_effects", "_need", "_player", "_purpose")

    def __init__(self, effects: Effects, player: int, purpose: str, need: int | None) -> None:
        self._effects = effects
        self._player = player
        self._purpose = purpose
        self._need = need

    def d6(self) -> int:
        return self._effects.roll(self._player, self._purpose, self._need)

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._effects.game.dice.shuffle(items)


def _count(counts: dict[str, int], name: str, delta: int) -> None:
    left = counts.get(name, 0) + delta
    if left > 0:
        counts[name] = left
    else:
        counts.pop(name, None)


def has_name(spec: CardSpec, name: str) -> bool:
    """SPECIAL-7: a card «с определенным названием» is one with that name, with that name as
    its type (``ship_class``), or with it as a part (whole words) of its full name. A player's
    own name for a card is not its name (OWNNAME-3) and is not stored on the spec.

    >>> from komandor.rules.cards import card_from_dict
    >>> cruiser = card_from_dict({"kind": "ship", "name": "Крейсер класса «Экзорцист»",
    ...     "ship_class": "крейсер", "strength": "8(5)", "speed": 6})
    >>> [has_name(cruiser, n) for n in ("Экзорцист", "Крейсер", "Экзо", "Химера")]
    [True, True, False, False]
    """
    key = name_key(name)
    if not key:
        return False
    full = name_key(spec.name)
    if full == key or (spec.ship_class is not None and name_key(spec.ship_class) == key):
        return True
    return f" {key} " in f" {full} "


def cards_named(state: GameState, name: str, uids: Iterable[str]) -> list[Card]:
    """The cards among ``uids`` (a zone) that a card naming ``name`` affects (SPECIAL-7)."""
    return [state.cards[uid] for uid in uids if has_name(state.cards[uid].spec, name)]
