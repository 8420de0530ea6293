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

from collections.abc import Callable, Iterable, Mapping, MutableSequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from matches.engine.cards import CardKind, CardSpec, Victory
from matches.engine.decisions import Option
from matches.engine.names import name_key
from matches.engine.state import Phase, Zone

if TYPE_CHECKING:
    from matches.engine.dice import Dice
    from matches.engine.game import Game
    from matches.engine.state import Card, GameState

T = TypeVar("T")


class Window(StrEnum):
    """The moments at which effects may be played, in the order of the turn."""

    START_OF_TURN = "start_of_turn"  # «1. Начало хода» (after the Trader/Procurator check)
    INITIATIVE = "initiative"  # «4. Определение инициативы», before the initiatives are compared
    PRODUCTION_ABILITIES = "production_abilities"  # «введение в игру карт способностей Командора»
    PRODUCTION_UPGRADES = "production_upgrades"  # «отыгрыш карт улучшений»
    PRODUCTION_SITUATIONS = "production_situations"  # «введение в игру карт обстановки»
    BEFORE_MOVEMENT = "before_movement"  # «Фаза перемещений … игрока», before the first move
    AFTER_MOVEMENT = "after_movement"  # the same phase, after the last move
    BATTLE_PHASE_START = "battle_phase_start"  # «в начале любой фазы сражения» (CMDR-3)
    BATTLE_START = "battle_start"  # «Перед началом первого раунда боя», after the echelons
    ROUND_START = "round_start"  # «В начале каждого раунда боя», after «а. разворот»
    ATTACK_DECLARED = "attack_declared"  # «объявление атаки», before «расчет и нанесение …»
    AFTER_ATTACK = "after_attack"  # after «помещение корабля … в потери»
    BATTLE_END = "battle_end"  # «когда сражение завершено», before the landing
    END_OF_TURN = "end_of_turn"  # «11. Конец хода»


# Sub-steps of one player's production (PROD-2: he produces alone): only he is asked.
PRODUCTION_WINDOWS = frozenset(
    {Window.PRODUCTION_ABILITIES, Window.PRODUCTION_UPGRADES, Window.PRODUCTION_SITUATIONS}
)
_BATTLE_PHASES = frozenset({Phase.BATTLE_1, Phase.BATTLE_2})


class Permission(StrEnum):
    """Rules that card text may lift for a player (GEN-3, SPECIAL-1); a ban beats a grant
    (GEN-4)."""

    # MOVE-9: «(только если какие-либо карты дают игроку такую возможность) - в сектор
    # открытого космоса, где находится флот противника»
    ENTER_ENEMY_SECTOR = "enter_enemy_sector"


@dataclass(frozen=True, slots=True)
class Cost:
    """What a play costs: action tokens, resources, and a D6 that must show ``roll`` or more."""

    action_tokens: int = 0
    resources: int = 0
    roll: int | None = None  # «D6 N+» (DICE-3): the effect happens only on N or more

    @classmethod
    def of_card(cls, spec: CardSpec) -> Cost:
        """The printed cost of a tactical or situation card (TACT-3, TACT-4, SIT-2)."""
        return cls(spec.action_tokens or 0, spec.resources or 0, spec.dice)

    @property
    def is_paid(self) -> bool:
        """Needs a payment or a roll: what SPECIAL-9 limits."""
        return bool(self.action_tokens or self.resources or self.roll)

    def to_dict(self) -> dict[str, int | None]:
        return {"action_tokens": self.action_tokens, "resources": self.resources, "roll": self.roll}


@dataclass(slots=True)
class Moment:
    """Where a play happens: handed to an effect's ``condition``, ``targets`` and ``apply``.
    ``battle`` is the running battle (``battle._Battle``: ``by_uid``, ``sides``, ``range``,
    ``round``) in battle windows; ``attack`` the declared attack's option data (``attackers``,
    ``mount``, ``targets``) in the attack windows; ``target`` the chosen target of the play."""

    game: Game
    window: Window
    player: int
    battle: Any = None
    attack: Mapping[str, Any] | None = None
    target: str | None = None

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def effects(self) -> Effects:
        return self.game.effects


@dataclass(frozen=True, slots=True)
class Effect:
    """One playable card effect or property, attached to a player.

    ``key`` is unique among the player's effects. ``source`` is the uid of the card whose
    effect or property it is (a tactical card in hand, a situation or ability card, a card in
    play); ``None`` is the Commander's own ability. ``lasts_until`` is the window at which its
    effect ends (SPECIAL-9 counts a paid property as in force until then; ``None``: the effect
    is instant). ``stacks`` is card text overriding SPECIAL-9 (SPECIAL-1). ``changes`` names
    the parameters it changes on its target (SPECIAL-8). ``value`` is a hint for agents.
    """

    key: str
    name: str
    windows: frozenset[Window]
    apply: Callable[[Moment], None]
    cost: Cost = Cost()
    condition: Callable[[Moment], bool] | None = None
    targets: Callable[[Moment], Iterable[str]] | None = None
    source: str | None = None
    lasts_until: Window | None = None
    stacks: bool = False
    changes: tuple[str, ...] = ()
    value: float = 1.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "windows", frozenset(Window(w) for w in self.windows))


@dataclass(frozen=True, slots=True, eq=False)
class _Reroll:
    """One die a player may roll again (DICE-4); ``purposes`` limits which rolls."""

    purposes: frozenset[str] | None


_PASS = Option("pass", "не играть")
_KEEP = Option("keep", "оставить")
_REROLL = Option("reroll", "перебросить")


class Effects:
    """The effects of one match: who has which, and everything that limits or follows a play.

    ``Game.effects``; ``battle.py`` reaches it as its ``hooks`` (``open``, ``dice_for``)."""

    __slots__ = (
        "_attached",
        "_bans",
        "_budget",
        "_changed",
        "_grants",
        "_in_force",
        "_lapses",
        "_rerolls",
        "enabled",
        "game",
    )

    def __init__(self, game: Game) -> None:
        self.game = game
        # Turns on at the first attach or grant and stays on; while off, nobody opens windows.
        self.enabled = False
        self._attached: tuple[dict[str, Effect], ...] = ({}, {})
        self._grants: tuple[dict[str, int], ...] = ({}, {})  # permission → grants holding it
        self._bans: tuple[dict[str, int], ...] = ({}, {})  # effect key/name, permission → bans
        self._rerolls: tuple[list[_Reroll], ...] = ([], [])
        self._in_force: set[tuple[int, str]] = set()  # SPECIAL-9: (player, effect key)
        self._changed: set[tuple[str, str, str]] = set()  # SPECIAL-8: (card name, uid, param)
        self._lapses: dict[Window, list[Callable[[], None]]] = {}
        self._budget: list[int] | None = None  # PROD-9: tokens held when production began

    # --- attaching ----------------------------------------------------------------------------

    def attach(self, player: int, effect: Effect) -> None:
        """Give ``player`` an effect: at setup (a Commander's abilities, ability cards played on
        him) or during the game (GEN-2)."""
        if effect.key in self._attached[player]:
            raise ValueError(f"player {player} already has an effect {effect.key!r}")
        self._attached[player][effect.key] = effect
        self.enabled = True

    def detach(self, player: int, key: str) -> None:
        self._attached[player].pop(key, None)

    def attached(self, player: int) -> tuple[Effect, ...]:
        return tuple(self._attached[player].values())

    # --- what effects may change besides the state ----------------------------------------------

    def until(self, window: Window | None, undo: Callable[[], None]) -> None:
        """Call ``undo`` when ``window`` next opens (``None``: never)."""
        self.enabled = True
        if window is not None:
            self._lapses.setdefault(window, []).append(undo)

    def grant(self, player: int, permission: Permission, *, until: Window | None = None) -> None:
        """Card text lifts a rule for ``player`` (GEN-3, SPECIAL-1), e.g. MOVE-9."""
        _count(self._grants[player], permission, +1)
        self.until(until, lambda: _count(self._grants[player], permission, -1))

    def forbid(self, player: int, name: str, *, until: Window | None = None) -> None:
        """Card text forbids ``player`` an effect (by key or card name) or a permission; the ban
        wins over any grant, earlier or later (GEN-4, SPECIAL-6a)."""
        _count(self._bans[player], name, +1)
        self.until(until, lambda: _count(self._bans[player], name, -1))

    def allows(self, player: int, permission: Permission) -> bool:
        return permission in self._grants[player] and permission not in self._bans[player]

    def is_banned(self, player: int, effect: Effect) -> bool:
        bans = self._bans[player]
        return bool(bans) and (effect.key in bans or effect.name in bans)

    def modify_initiative(self, player: int, delta: int, *, until: Window | None = None) -> None:
        """INIT-2: «может быть изменена, например, картами способностей»."""
        me = self.game.state.players[player]
        me.initiative_bonus += delta

        def undo() -> None:
            me.initiative_bonus -= delta

        self.until(until, undo)

    def grant_victory(self, player: int, victory: Victory) -> None:
        """WIN-5: an additional victory condition «в тексте карты … способностей»."""
        self.game.state.players[player].victories.add(victory)
        self.enabled = True

    # --- dice (DICE-4, DICE-5) ---------------------------------------------------------------

    def grant_reroll(
        self,
        player: int,
        *,
        count: int = 1,
        purposes: Iterable[str] | None = None,
        until: Window | None = None,
    ) -> None:
        """Let ``player`` roll ``count`` of his dice again (one die each), any roll or only
        rolls of the given ``purposes`` (see ``roll``)."""
        grants = [_Reroll(None if purposes is None else frozenset(purposes)) for _ in range(count)]
        self._rerolls[player].extend(grants)

        def undo() -> None:
            left = self._rerolls[player]
            left[:] = [grant for grant in left if grant not in grants]

        self.until(until, undo)

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
        grant = next((g for g in grants if g.purposes is None or purpose in g.purposes), None)
        if grant is None:
            return first
        choice = self.game.ask(
            player, "dice.reroll", (_KEEP, _REROLL), roll=first, purpose=purpose, need=need
        )
        if choice.key == "keep":
            return first
        grants.remove(grant)
        second = self.game.dice.d6()
        self.game.log.emit(
            "reroll", player=player, purpose=purpose, first=first, second=second, need=need
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
        battle: Any = None,
        attack: Mapping[str, Any] | None = None,
    ) -> None:
        """Open ``window``: what lasted until it ends, then each player in turn plays what he
        wishes — the priority player first (SPECIAL-5) unless ``players`` says who may."""
        lapses = self._lapses.pop(window, None)
        if lapses:
            for undo in lapses:
                undo()
        if window is Window.BATTLE_PHASE_START:
            self._changed.clear()  # SPECIAL-8 counts within one battle phase
        state = self.game.state
        if players is None:
            players = (state.priority, state.opponent(state.priority))
        for player in players:
            if self._attached[player]:
                self._plays(Moment(self.game, window, player, battle, attack))

    def _plays(self, moment: Moment) -> None:
        """SPECIAL-4: the player picks his plays one at a time, in the order he wants, each
        effect at most once per window, until he passes or nothing is left to play."""
        player, window = moment.player, moment.window
        attached = self._attached[player]
        played: set[str] = set()
        context: dict[str, Any] = {"window": window.value}
        if moment.battle is not None:
            context.update(moment.battle.context)
        while True:
            options = [_PASS]
            for effect in attached.values():
                if window in effect.windows and effect.key not in played:
                    options += self._offers(effect, moment)
            if len(options) == 1:
                return
            choice = self.game.ask(player, "effect.play", options, **context)
            if choice.key == "pass":
                return
            effect = attached[choice.data["effect"]]
            played.add(effect.key)
            self._play(effect, replace(moment, target=choice.data["target"]))

    def _offers(self, effect: Effect, moment: Moment) -> list[Option]:
        targets = self.playable(effect, moment)
        data = {"effect": effect.key, "cost": effect.cost.to_dict(), "expected": effect.value}
        return [
            Option(
                f"play:{effect.key}" if target is None else f"play:{effect.key}>{target}",
                effect.name,
                {**data, "target": target},
            )
            for target in targets
        ]

    def playable(self, effect: Effect, moment: Moment) -> list[str | None]:
        """The targets ``effect`` may be played on now (``[None]`` for one without targets);
        empty when it may not be played (SPECIAL-6)."""
        player = moment.player
        if self.is_banned(player, effect):
            return []  # SPECIAL-6a, GEN-4
        if (player, effect.key) in self._in_force and not effect.stacks:
            return []  # SPECIAL-9
        if not self.can_use_source(effect, moment):
            return []
        cost = effect.cost
        if cost.action_tokens > self.tokens_available(player):
            return []  # SPECIAL-6b, PROD-9
        if cost.resources > self.game.state.players[player].resources:
            return []  # SPECIAL-6b
        condition = effect.condition
        if effect.targets is None:
            return [None] if condition is None or condition(moment) else []  # SPECIAL-6c
        battle = moment.battle
        return [
            target
            for target in effect.targets(moment)
            if self.in_zones_of(player, target, battle)
            and self._may_change(effect, target)
            and (condition is None or condition(replace(moment, target=target)))
        ]

    def can_use_source(self, effect: Effect, moment: Moment) -> bool:
        """Whether the card the effect belongs to can use it now."""
        source = effect.source
        if source is None:
            return True  # the Commander's ability: also from the second echelon (ECH-7)
        state = self.game.state
        card = state.cards.get(source)
        if card is None:
            return False
        if card.zone is Zone.HAND or card.zone is Zone.SITUATIONS:
            return card.owner == moment.player
        if card.zone is not Zone.PLAY or card.controller != moment.player:
            return False
        if card.kind is CardKind.SPACE_OBJECT and state.is_blocked(card):
            return False  # CAP-4: «не может использовать свойства заблокированного объекта»
        battle = moment.battle
        return battle is None or all(
            c.uid != source for side in battle.sides for c in side.reserve()
        )  # ECH-6: «не могут использовать … свои свойства»

    def in_zones_of(self, player: int, target: str, battle: Any = None) -> bool:
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
        """Pay, roll, then apply (AMB-26: a failed roll keeps the payment and does nothing)."""
        player = moment.player
        me = self.game.state.players[player]
        cost = effect.cost
        if cost.action_tokens:
            me.action_tokens -= cost.action_tokens
            if self._budget is not None:
                self._budget[player] -= cost.action_tokens
        me.resources -= cost.resources
        roll = None if cost.roll is None else self.roll(player, "effect", cost.roll)
        succeeded = roll is None or roll >= cost.roll  # no roll asked, or it was made
        self.game.log.emit(
            "effect",
            player=player,
            effect=effect.key,
            name=effect.name,
            window=moment.window.value,
            target=moment.target,
            cost=cost.to_dict(),
            roll=roll,
            succeeded=succeeded,
        )
        if not succeeded:
            return
        if cost.is_paid and effect.lasts_until is not None and not effect.stacks:
            held = (player, effect.key)
            self._in_force.add(held)
            self.until(effect.lasts_until, lambda: self._in_force.discard(held))
        if effect.changes and moment.target is not None and self._is_tactical_in_battle(effect):
            name = name_key(effect.name)
            self._changed.update((name, moment.target, part) for part in effect.changes)
        effect.apply(moment)

    # --- cards taken from the deck or the losses (SPECIAL-10, SPECIAL-11) ---------------------

    def fetch(self, uid: str, to: Zone = Zone.HAND) -> None:
        """Move a card of the deck or the losses elsewhere, or a card into the deck: it is
        shown to the opponent (the ``revealed`` event), and a deck searched or added to is
        shuffled."""
        state = self.game.state
        card = state.cards[uid]
        frm = card.zone
        self.game.log.emit(
            "revealed", player=card.owner, card=uid, name=card.spec.name, frm=frm.value, to=to.value
        )
        state.move(uid, to)
        if Zone.DECK in (frm, to):
            self.game.shuffle_deck(card.owner)


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

    >>> from matches.engine.cards import card_from_dict
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
