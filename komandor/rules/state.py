"""The mutable game state of one match: zones, cards in play, fleets, sectors, orbits, tokens.

Every card of a player is in exactly one zone (``Zone``). Cards in play carry where they are:
a ship's ``where`` is an orbit (the uid of a space object) or an open-space sector (``"s<n>"``);
a ground unit's or building's ``where`` is the uid of the object it stands on; a space object's
``where`` is ``None`` and its ``controller`` says whose zone of space objects it is in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from komandor.rules.cards import CardKind, CardSpec, ObjectType, Victory


class Zone(StrEnum):
    DECK = "deck"  # «Колода»
    HAND = "hand"  # «рука»
    LOSSES = "losses"  # «Потери»
    PRODUCTION = "production"  # «Зона производства»
    PLAY = "play"  # zones of space objects and of open space, on the table
    SITUATIONS = "situations"  # «Зона карт обстановки» (and ability cards on the Commander)
    ATTACHED = "attached"  # under a built card: upgrades (UPG-2); ``where`` is the host's uid


class Phase(StrEnum):
    SETUP = "setup"
    START = "start"
    DRAW = "draw"
    UNTAP = "untap"
    INITIATIVE = "initiative"
    RESOURCES = "resources"
    PRODUCTION = "production"
    MOVE_1 = "move_1"
    BATTLE_1 = "battle_1"
    MOVE_2 = "move_2"
    BATTLE_2 = "battle_2"
    END = "end"


@dataclass(slots=True)
class Card:
    uid: str
    owner: int
    spec: CardSpec
    zone: Zone = Zone.DECK
    controller: int = -1
    where: str | None = None
    tokens: int = 0  # production tokens while in the production zone
    damage: int = 0
    tapped: bool = False
    built_turn: int = -1
    stay: bool = False  # moved on a commercial run or as escort: may not move this turn
    destroyed_built_in: set[int] = field(default_factory=set)  # MILB-6 / GRD-6 damage markers
    built_in_damage: dict[int, int] = field(default_factory=dict)  # bombs on built-in units
    captured_turn: int = -1  # CIV-4: a captured civil building moves from the next turn
    variant: int | None = None  # ABIL-4: the declared variant of an ability card on the Commander
    entered: bool = False  # ever put in play, among situations or under a card (card figures)
    # In its owner's hand, seen going there by the opponent (from a face-up zone, or shown when
    # fetched from the deck, SPECIAL-10) and not since left it: sampled worlds keep it there.
    shown: bool = False
    kind: CardKind = field(init=False)  # a copy of spec.kind: read in every hot query

    def __init__(
        self,
        uid: str,
        owner: int,
        spec: CardSpec,
        zone: Zone = Zone.DECK,
        controller: int = -1,
        where: str | None = None,
        tokens: int = 0,
        damage: int = 0,
        tapped: bool = False,
        built_turn: int = -1,
        stay: bool = False,
        destroyed_built_in: set[int] | None = None,
        built_in_damage: dict[int, int] | None = None,
        captured_turn: int = -1,
        variant: int | None = None,
        entered: bool = False,
        shown: bool = False,
    ) -> None:
        # Written out: the dataclass's generated ``__init__`` stays a Python function in the
        # compiled engine, and cards are built for every game and copied for every clone.
        self.uid = uid
        self.owner = owner
        self.spec = spec
        self.zone = zone
        self.controller = controller
        self.where = where
        self.tokens = tokens
        self.damage = damage
        self.tapped = tapped
        self.built_turn = built_turn
        self.stay = stay
        self.destroyed_built_in = set() if destroyed_built_in is None else destroyed_built_in
        self.built_in_damage = {} if built_in_damage is None else built_in_damage
        self.captured_turn = captured_turn
        self.variant = variant
        self.entered = entered
        self.shown = shown
        self.kind = spec.kind

    def copy(self) -> Card:
        """An independent copy (``GameState.copy``), written out: ``copy.deepcopy`` would
        also copy the shared, immutable spec."""
        return Card(
            self.uid,
            self.owner,
            self.spec,
            self.zone,
            self.controller,
            self.where,
            self.tokens,
            self.damage,
            self.tapped,
            self.built_turn,
            self.stay,
            set(self.destroyed_built_in),
            dict(self.built_in_damage),
            self.captured_turn,
            self.variant,
            self.entered,
            self.shown,
        )

    @property
    def cost(self) -> int:
        return self.spec.cost or 0


@dataclass(slots=True)
class PlayerState:
    index: int
    commander: CardSpec
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    losses: list[str] = field(default_factory=list)
    production: list[str] = field(default_factory=list)
    situations: list[str] = field(default_factory=list)
    attached: list[str] = field(default_factory=list)  # upgrades under cards (UPG-2)
    commander_at: str | None = None  # uid of the ship or space object carrying the Commander
    resources: int = 0
    action_tokens: int = 0
    commerce_tokens: int = 0
    pending_rewards: int = 0  # resources due next resources phase for boarded ships
    initiative_bonus: int = 0  # INIT-2: changed by effects («может быть изменена»)

    def copy(self) -> PlayerState:
        return PlayerState(
            self.index,
            self.commander,
            list(self.deck),
            list(self.hand),
            list(self.losses),
            list(self.production),
            list(self.situations),
            list(self.attached),
            self.commander_at,
            self.resources,
            self.action_tokens,
            self.commerce_tokens,
            self.pending_rewards,
            self.initiative_bonus,
        )

    @property
    def initiative(self) -> int:
        """The printed initiative as effects have changed it (INIT-2)."""
        return (self.commander.initiative or 0) + self.initiative_bonus

    def zone_list(self, zone: Zone) -> list[str] | None:
        # Tests (equality, as the dict this was), not a dict built per call: every move asks.
        if zone == Zone.DECK:
            return self.deck
        if zone == Zone.HAND:
            return self.hand
        if zone == Zone.LOSSES:
            return self.losses
        if zone == Zone.PRODUCTION:
            return self.production
        if zone == Zone.SITUATIONS:
            return self.situations
        if zone == Zone.ATTACHED:
            return self.attached
        return None


ATTACHED = "attached:"  # expiry prefix: while the named card stays in play or in its zone
LIVE_ZONES = frozenset({Zone.PLAY, Zone.SITUATIONS, Zone.ATTACHED})


@dataclass(frozen=True, slots=True, init=False)
class Modifier:
    """A change of a stat with a duration, kept as data in the state (card effects): ``target``
    is a card uid (or ``player:<n>`` for the initiative), ``stat`` a stat or weapon name,
    ``expires`` the key that ends it (a window's value, ``round``, ``battle``, ``phase``,
    ``turn``; ``attached:<uid>``: while that card stays in play or in its zone; ``None``:
    never). Stat reads add the live modifiers to the printed value. A victory condition an
    effect grants (WIN-5) is a modifier of ``player:<n>``, stat ``victory:<condition>``."""

    target: str
    stat: str
    delta: int
    expires: str | None

    def __init__(self, target: str, stat: str, delta: int, expires: str | None) -> None:
        # Many per match (every stat change of an effect): slots set directly.
        _set_modifier_target(self, target)
        _set_modifier_stat(self, stat)
        _set_modifier_delta(self, delta)
        _set_modifier_expires(self, expires)


_set_modifier_target: Final[Callable[[Modifier, str], None]] = vars(Modifier)["target"].__set__
_set_modifier_stat: Final[Callable[[Modifier, str], None]] = vars(Modifier)["stat"].__set__
_set_modifier_delta: Final[Callable[[Modifier, int], None]] = vars(Modifier)["delta"].__set__
_set_modifier_expires: Final[Callable[[Modifier, str | None], None]] = vars(Modifier)[
    "expires"
].__set__


@dataclass(slots=True)
class GameState:
    players: list[PlayerState]
    cards: dict[str, Card]
    play: dict[str, None] = field(default_factory=dict)  # cards in play, in entry order
    turn: int = 0
    phase: Phase = Phase.SETUP
    priority: int = 0  # «Приоритет в инициативе»
    next_sector: int = 1
    modifiers: list[Modifier] = field(default_factory=list)  # card effects with a duration
    # Cards in play by kind, in entry order: rebuilt lazily after ``move`` (the only way in and
    # out of play) so that the hot queries scan a handful of ships, not every card.
    _by_kind: dict[CardKind, list[Card]] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    # The cards in play, in entry order: rebuilt lazily after ``move`` like ``_by_kind``.
    _in_play: list[Card] | None = field(default=None, init=False, repr=False, compare=False)
    # Told the uid of every card that leaves play, the situations zone or its host for a zone
    # where nothing it gives lasts (``Effects.card_left``: its «while in play» effects end).
    on_leave: Callable[[str], None] | None = field(default=None, repr=False, compare=False)

    def copy(self) -> GameState:
        """An independent copy of the whole state, cards and zones (``Game.copy``); the
        specs and modifiers are immutable and shared. ``on_leave`` is the copier's to set."""
        return GameState(
            players=[player.copy() for player in self.players],
            cards={uid: card.copy() for uid, card in self.cards.items()},
            play=dict(self.play),
            turn=self.turn,
            phase=self.phase,
            priority=self.priority,
            next_sector=self.next_sector,
            modifiers=list(self.modifiers),
        )

    # --- durations and granted victories --------------------------------------------------

    def is_live(self, expires: str | None) -> bool:
        """Whether something lasting ``attached:<uid>`` still has its card in play or its zone;
        any other expiry is live until ``Effects.expire`` removes it."""
        if expires is None or not expires.startswith(ATTACHED):
            return True
        card = self.cards.get(expires[len(ATTACHED) :])
        return card is not None and card.zone in LIVE_ZONES

    def has_victory(self, player: int, victory: Victory) -> bool:
        """WIN-5: the Commander card's victory condition, or one an effect grants while it
        lasts (a static effect's: while its card stays in play or its zone)."""
        if self.players[player].commander.victory is victory:
            return True
        target, stat = f"player:{player}", f"victory:{victory.value}"
        return any(
            m.target == target and m.stat == stat and self.is_live(m.expires)
            for m in self.modifiers
        )

    # --- moving cards between zones ----------------------------------------------------------

    def move(self, uid: str, zone: Zone, *, where: str | None = None, top: bool = False) -> None:
        card = self.cards[uid]
        self._by_kind = None
        self._in_play = None
        left_live = card.zone in LIVE_ZONES
        # Every move is seen but a draw (a card fetched from the deck is shown: ``fetch``).
        card.shown = zone is Zone.HAND and card.zone is not Zone.DECK
        if card.zone is Zone.PLAY:
            del self.play[uid]
            if zone is not Zone.PLAY:
                self._lose_upgrades(uid)
        else:
            # A zone with a list: ``zone_list`` is None only for PLAY.
            self.players[card.owner].zone_list(card.zone).remove(uid)  # type: ignore[union-attr]
        card.zone = zone
        card.where = where
        card.tapped = False
        card.stay = False
        card.variant = None
        if zone in LIVE_ZONES:
            card.entered = True
        if zone is Zone.PLAY:
            self.play[uid] = None
        else:
            card.damage = 0
            card.controller = card.owner
            target = self.players[card.owner].zone_list(zone)
            assert target is not None
            if top:
                target.insert(0, uid)
            else:
                target.append(uid)
        if left_live and zone not in LIVE_ZONES and self.on_leave is not None:
            self.on_leave(uid)

    def _lose_upgrades(self, host: str) -> None:
        """UPG-4: «Улучшение действует до уничтожения улучшенной карты и вместе с ней
        помещается в потери»."""
        for player in self.players:
            for uid in [u for u in player.attached if self.cards[u].where == host]:
                self.move(uid, Zone.LOSSES)

    def upgrades_of(self, host: str) -> list[Card]:
        """The upgrades under a card (UPG-2)."""
        return [
            self.cards[uid]
            for player in self.players
            for uid in player.attached
            if self.cards[uid].where == host
        ]

    def new_sector(self) -> str:
        sector = f"s{self.next_sector}"
        self.next_sector += 1
        return sector

    # --- queries -----------------------------------------------------------------------------

    def _kinds(self) -> dict[CardKind, list[Card]]:
        by_kind = self._by_kind
        if by_kind is None:
            by_kind = {}
            for card in map(self.cards.__getitem__, self.play):
                by_kind.setdefault(card.kind, []).append(card)
            self._by_kind = by_kind
        return by_kind

    def in_play(self, kind: CardKind | None = None) -> list[Card]:
        if kind is None:
            cards = self._in_play
            if cards is None:
                cards = self._in_play = list(map(self.cards.__getitem__, self.play))
            return list(cards)  # a copy: callers may change theirs
        return list(self._kinds().get(kind, ()))

    def ships_at(self, where: str, player: int | None = None) -> list[Card]:
        ships = self._kinds().get(CardKind.SHIP, ())
        if player is None:
            return [card for card in ships if card.where == where]
        return [card for card in ships if card.where == where and card.controller == player]

    def objects(self, controller: int | None = None) -> list[Card]:
        return [
            card
            for card in self._kinds().get(CardKind.SPACE_OBJECT, ())
            if controller is None or card.controller == controller
        ]

    def on_object(self, object_uid: str) -> list[Card]:
        """Ground units and buildings standing on the object."""
        return [
            card
            for card in self.in_play()
            if card.where == object_uid and card.kind is not CardKind.SHIP
        ]

    def ship_locations(self, player: int) -> list[str]:
        seen: dict[str, None] = {}
        for card in self.in_play(CardKind.SHIP):
            if card.controller == player and card.where is not None:
                seen[card.where] = None
        return list(seen)

    def is_blocked(self, obj: Card) -> bool:
        """Enemy ships on the orbit and none of the controller's (CAP-3, AMB-40)."""
        where, holder = obj.uid, obj.controller
        enemy = False
        for ship in self._kinds().get(CardKind.SHIP, ()):
            if ship.where == where:
                if ship.controller == holder:
                    return False
                enemy = True
        return enemy

    def objects_counted(self, player: int) -> int:
        """OBJ-7 / AMB-11: objects he introduced still in play + objects of others he controls."""
        return sum(
            1
            for card in self._kinds().get(CardKind.SPACE_OBJECT, ())
            if card.owner == player or card.controller == player
        )

    def zone_of(self, obj: Card) -> int:
        """Whose zone of space objects the object lies in: a blocked object lies with the
        player blocking it (CAP-5, OBJ-6), any other with its controller."""
        if self.is_blocked(obj):
            return self.opponent(obj.controller)
        return obj.controller

    def is_station(self, uid: str) -> bool:
        card = self.cards.get(uid)
        return card is not None and card.spec.object_type is ObjectType.STATION

    def opponent(self, player: int) -> int:
        return 1 - player
