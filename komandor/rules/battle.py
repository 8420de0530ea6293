"""One battle of «Путь Командора» between two sides, from the second echelon to the criticals.

Public entry point (engine-core calls this once per battle of a battle phase)::

    result = battle_fight(
        attacker=BattleSide(player=0, combatants=[...]),   # moved just before the battle
        defender=BattleSide(player=1, combatants=[...]),
        site=BattleSite(kind=SiteKind.ORBIT, object_type="planet"),   # or SiteKind.OPEN_SPACE
        agents={0: agent0, 1: agent1},   # every choice goes through decisions.decide
        dice=dice,                       # the match's Dice (SeededDice / FixedDice)
        log=log,                         # EventLog; EventLog(enabled=False) for bulk matches
        rules=BattleRules(),             # optional knobs (round cap)
        hooks=None,                      # card effects (``BattleHooks``), None when none exist
    ) -> BattleResult

With ``hooks``, the battle opens the effect windows ``BATTLE_START`` (after the second echelon),
``ROUND_START`` (after the untap), ``ATTACK_DECLARED`` and ``AFTER_ATTACK`` (around each attack)
and ``BATTLE_END`` (before the landing), and rolls each player's dice through
``hooks.dice_for`` so that granted rerolls apply (DICE-4); see ``effects.py``.

Value types (plain, ``__slots__``; no game state is read or written here):

* ``Combatant.from_card(uid, spec, *, player, damage=0, on_planet=False, has_commander=False)``
  builds a participant from a card's ``CardSpec`` (``cards.card_from_dict``): a ship, a station
  (``space_object`` with ``object_type == "station"``), a military or civil building, or a
  ground unit. ``damage`` is carried-over damage (stations keep theirs between battles, ground
  units until production). Phase-long flags ``shield_disabled`` (Nova), ``boarding_barred`` and
  ``bombed_units`` may be set by the caller when one battle phase holds several battles.
* ``BattleSide(player, combatants)``: everything one player has in the battle zone.
* ``BattleSite(kind, object_type=None)``: open space, or the orbit of an object of that type
  (buildings on a ``"planet"`` get the atmosphere's −2).

``BattleResult`` says what happened, for engine-core to apply to its state:

* ``end`` (``BattleEnd``) and ``winner`` (player or ``None``), ``rounds`` played;
* ``destroyed``: ``[(uid, cause)]`` in order (cause: damage, critical, boarded, ram,
  tactical_superiority, station_lost, landing, bombs);
* ``withdrawn``: uids moved to empty open-space sectors; ``retreated``: players whose whole
  fleet must leave the battle place for open space (stalemate, forced retreat on an orbit);
* ``damage``: ``{uid: damage}`` left on surviving cards after the clean-up (ships 0, stations
  keep theirs, ground units keep bomb damage);
* ``rewards``: ``{player: resources}`` due in the next resources phase for boarded ships;
* ``station_boarded_by`` and ``station_outcome`` ("captured" | "destroyed" | None);
* ``commanders_lost``: players whose Commander's card was destroyed in a round of the battle
  (lost at the end of that round, WIN-3), as opposed to one removed after it by its critical
  damage (lost at the end of the battle, AMB-3d);
* ``combatants``: ``{uid: Combatant}`` with final state, for phase-long flags.

Decisions asked (``Decision.kind``; option keys are stable): ``battle.second_echelon``,
``battle.withdraw``, ``battle.allow_withdraw``, ``battle.attack``, ``battle.evade``,
``battle.nova_targets``, ``battle.nova_shield``, ``battle.ram_dodge``, ``battle.counter_fire``,
``battle.stop_closing``, ``battle.resume_closing``, ``battle.increase_distance``,
``battle.echelon_enter``, ``battle.landing``. The first option of a yes/no decision is the
plain default: done, stay, refuse, evade, absorb, dodge, continue, hold, keep, wait, land.
Attack options have keys like ``EX:maser>CH``,
``CH:lasers>A,B``, ``A1+A2:bombs>G1``, ``A1:nova``, ``A1:ram>D1``, ``A1:boarding>D1`` or
``pass`` (offered only when every attack left may be declined: ramming, boarding, bombing ground
units after the enemy fleet is gone), and data ``{"attackers", "mount", "targets"}``: facts, no
value (what an agent expects of an attack is ``agents.battle_values``). Every battle decision's
context carries the round, the range and ``battle``: the battle itself, read only
(``BattleView``). A decision with a single legal option is not asked.

Readings of unclear rules are in docs/rules-decisions.md; weapon arithmetic is in
``weapons.py``; the scenario runner and its file format in ``scenario.py`` / docs/scenarios.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import combinations
from typing import Any, Final, Protocol, cast

from komandor.rules import event_records as ev
from komandor.rules.by_identity import IdentityCache
from komandor.rules.cards import CardKind, CardSpec, ObjectType, Range, Weapons
from komandor.rules.decisions import Agent, Decision, DecisionKind, Option, decide
from komandor.rules.dice import Dice
from komandor.rules.events import EventLog
from komandor.rules.facts import (
    NO_CONTEXT,
    AttackFacts,
    DecisionContext,
    ShipLost,
    TargetsFacts,
    WindowAttack,
)
from komandor.rules.weapons import (
    EXACT_RANGE_ONLY,
    MISSILE_TO_HIT,
    NOVA_FIRE_ROLL,
    POINT_DEFENCE_ROLL,
    RAM_DODGE_ROLL,
    TORPEDO_TO_HIT,
    WEAPON_RANGE,
    Distance,
    Weapon,
    atmosphere_reduced,
    bomb_damage,
    evasive_manoeuvre_applies,
    fires_at,
    landing_succeeds,
    laser_damage,
    light_duel_applies,
    maser_damage,
    maser_effect,
    missile_damage,
    nova_damage,
    nova_target_count,
    plasma_damage,
    point_defence_applies,
    ram_can_target,
    ram_damage,
    ram_dodge_allowed,
    roll_boarding,
    roll_light_duel,
    roll_point_defence,
    roll_salvo,
    torpedo_can_target,
    torpedo_damage,
    turbolaser_can_target,
    turbolaser_damage,
)
from komandor.rules.windows import Window

# --- Small value types ----------------------------------------------------------------------


class BattleSetupError(ValueError):
    """A combatant or side cannot take part in a battle as given; the message names the card."""


class Role(StrEnum):
    SHIP = "ship"
    STATION = "station"
    MILITARY_BUILDING = "military_building"
    CIVIL_BUILDING = "civil_building"
    GROUND_UNIT = "ground_unit"


class Status(StrEnum):
    FIGHTING = "fighting"
    RESERVE = "reserve"  # second echelon, not yet in the battle
    WITHDRAWN = "withdrawn"
    DESTROYED = "destroyed"
    BOARDED = "boarded"  # a station taken by boarding: out of the battle, fate decided at the end


class SiteKind(StrEnum):
    OPEN_SPACE = "open_space"
    ORBIT = "orbit"


class BattleEnd(StrEnum):
    ELIMINATED = "eliminated"  # one side's fleet destroyed (BEND-1)
    RETREATED = "retreated"  # one side's fleet left the battle, at least partly by withdrawal
    MUTUAL_DESTRUCTION = "mutual_destruction"
    STALEMATE = "stalemate"  # CLOSE-5: both fleets retreat to open space
    FORCED_RETREAT = "forced_retreat"  # ORBIT-2: the attacker leaves the orbit
    COMMANDER_LOST = "commander_lost"  # WIN-3, checked at the end of every round
    ROUND_LIMIT = "round_limit"  # engineering backstop (BattleRules.max_rounds), not a book rule


# «флот (включая военные постройки и вооруженные космические объекты)» — what keeps a side in
# the battle (BEND-1).
_FLEET_ROLES = frozenset({Role.SHIP, Role.STATION, Role.MILITARY_BUILDING})
_BUILDING_ROLES = frozenset({Role.MILITARY_BUILDING, Role.CIVIL_BUILDING})
_MOUNT_ORDER = (
    "turbolaser",
    "nova",
    "missiles",
    "torpedoes",
    "plasma",
    "maser",
    "lasers",
    "bombs",
    "boarding",
)


@dataclass(frozen=True, slots=True)
class Mount:
    """One weapon type on a card: ``key`` is ``"plasma"``, ``"missiles.long"``, ...;
    ``count`` is the number of missiles/torpedoes or of laser targets."""

    key: str
    weapon: Weapon
    range: Distance
    power: int
    count: int = 1
    maser_type: str | None = None


class Combatant:
    """A card in the battle zone with its current damage and per-battle state."""

    __slots__ = (
        "armor",
        "boarding_barred",
        "bombed_units",
        "cost",
        "crew_level",
        "crew_size",
        "crewed",
        "critical",
        "damage",
        "evasive",
        "has_commander",
        "landing",
        "mounts",
        "name",
        "on_planet",
        "player",
        "role",
        "shield_disabled",
        "shield_power",
        "shield_type",
        "size",
        "speed",
        "status",
        "strength",
        "tapped",
        "uid",
    )

    def __init__(
        self,
        *,
        uid: str,
        player: int,
        role: Role,
        name: str = "",
        strength: int,
        critical: int | None = None,
        armor: int = 0,
        speed: int = 0,
        size: str | None = None,
        shield_type: str | None = None,
        shield_power: int = 0,
        mounts: tuple[Mount, ...] = (),
        crew_level: str | None = None,
        crew_size: int = 0,
        cost: int = 0,
        evasive: bool = False,
        landing: int = 0,
        on_planet: bool = False,
        has_commander: bool = False,
        damage: int = 0,
    ) -> None:
        self.uid = uid
        self.player = player
        self.role = role
        self.name = name
        self.strength = strength
        self.critical = critical
        self.armor = armor
        self.speed = speed
        self.size = size
        self.shield_type = shield_type
        self.shield_power = shield_power
        self.mounts = mounts
        self.crew_level = crew_level
        self.crew_size = crew_size
        # «Не может быть взят на абордаж корабль, не имеющий экипажа (экипаж 0)». A station card
        # that prints no crew can still be boarded (STN-4): it defends with the die alone.
        self.crewed = crew_size > 0 or (role is Role.STATION and crew_level is None)
        self.cost = cost
        self.evasive = evasive
        self.landing = landing
        self.on_planet = on_planet
        self.has_commander = has_commander
        self.damage = damage
        self.tapped = False
        self.status = Status.FIGHTING
        # Phase-long flags (WPN-NOVA-7, WPN-BOARD-7, WPN-BOMB-4); the caller may carry them over.
        self.shield_disabled = False
        self.boarding_barred = False
        self.bombed_units: set[str] = set()

    @classmethod
    def from_card(
        cls,
        uid: str,
        spec: CardSpec,
        *,
        player: int,
        damage: int = 0,
        on_planet: bool = False,
        has_commander: bool = False,
    ) -> Combatant:
        """Build a participant from a card's spec (``cards.card_from_dict`` output)."""
        role = _role_of(uid, spec)
        shield, crew, weapons = spec.shield, spec.crew, spec.weapons
        # A civil building printed without strength cannot be damaged at all (CIV-2 gives it
        # the military buildings' rules, which need a strength to destroy it).
        unbreakable = role is Role.CIVIL_BUILDING and spec.strength is None
        # ``Combatant`` itself, not ``cls``: the compiled engine then builds it directly instead
        # of through a keyword-argument call (no class derives from it).
        return Combatant(
            uid=uid,
            player=player,
            role=role,
            name=spec.name or uid,
            strength=0 if unbreakable else _strength(uid, spec.strength),
            critical=spec.critical if role is Role.SHIP else None,
            armor=spec.armor or 0,
            speed=(spec.speed or 0) if role is Role.SHIP else 0,
            size=spec.size.value if spec.size is not None else None,
            shield_type=shield.type.value if shield is not None else None,
            shield_power=shield.power if shield is not None else 0,
            mounts=_mounts(weapons) if weapons is not None else (),
            crew_level=crew.level.value if crew is not None else None,
            crew_size=crew.size if crew is not None else 0,
            cost=spec.cost or 0,
            evasive=spec.properties is not None and spec.properties.evasive_manoeuvre is not None,
            landing=weapons.landing.strength if weapons and weapons.landing else 0,
            on_planet=on_planet and role in _BUILDING_ROLES,
            has_commander=has_commander,
            damage=damage,
        )

    @property
    def is_light(self) -> bool:
        return self.size == "LK"

    @property
    def shield_now(self) -> int:
        return 0 if self.shield_disabled else self.shield_power

    @property
    def shield_type_now(self) -> str | None:
        # A burned-out generator leaves the ship unshielded, so it has no type either (AMB-4).
        return None if self.shield_disabled else self.shield_type

    def mount(self, key: str) -> Mount:
        for mount in self.mounts:
            if mount.key == key:
                return mount
        raise KeyError(f"{self.uid} has no weapon {key!r}")

    def has_weapon(self, weapon: Weapon) -> bool:
        return any(mount.weapon is weapon for mount in self.mounts)

    def __repr__(self) -> str:
        return f"<Combatant {self.uid} p{self.player} {self.role} {self.damage}/{self.strength}>"


def _role_of(uid: str, spec: CardSpec) -> Role:
    kind = spec.kind
    if kind is CardKind.SHIP:
        return Role.SHIP
    if kind is CardKind.SPACE_OBJECT:
        if spec.object_type is ObjectType.STATION:
            return Role.STATION
        object_type = spec.object_type.value if spec.object_type is not None else None
        raise BattleSetupError(
            f"{uid}: only a station among space objects fights (STN-2); "
            f"object_type is {object_type!r}"
        )
    role = _ROLES.get(kind)
    if role is None:
        raise BattleSetupError(
            f"{uid}: a card of kind {kind.value!r} cannot take part in a battle; expected ship, "
            "station, military_building, civil_building or ground_unit"
        )
    return role


# A card kind's battle role (a station's is settled by its object type above), read from a table:
# ``Role(kind.value)`` is two Python-level enum calls in the compiled engine, per fighter.
_ROLES: Final[dict[CardKind, Role]] = {
    kind: role for kind in CardKind for role in Role if role.value == kind.value
}


def _strength(uid: str, value: int | None) -> int:
    if value is None or value < 0:
        raise BattleSetupError(f"{uid}: strength must be a whole number ≥ 0, got {value!r}")
    return value


# Mount kinds by weapon: a power alone, a salvo (count and power), lasers (targets and power),
# a force (boarding shuttles). Missiles (one salvo per range) and the maser (its type) apart.
_POWER_MOUNTS = frozenset({"turbolaser", "nova", "plasma", "bombs"})


@lru_cache(maxsize=1024)
def _mounts_of(weapons: Weapons) -> tuple[Mount, ...]:
    """A card's weapons as mounts, in ``_MOUNT_ORDER``; computed once per distinct weapons
    (``_mounts``: once per weapons object)."""
    mounts: list[Mount] = []
    for key in _MOUNT_ORDER:
        if key == "missiles":
            for range_ in Range:
                salvo = weapons.missiles.at(range_) if weapons.missiles else None
                if salvo is not None:
                    mounts.append(
                        Mount(
                            f"missiles.{range_.value}",
                            Weapon.MISSILES,
                            Distance.from_key(range_.value),
                            salvo.power,
                            salvo.count,
                        )
                    )
            continue
        printed = getattr(weapons, key)
        if printed is None:
            continue
        weapon = Weapon(key)
        distance = WEAPON_RANGE[weapon]
        if key in _POWER_MOUNTS:
            mount = Mount(key, weapon, distance, printed.power)
        elif key == "maser":
            # «Мазер использует энергию того же типа ..., который создает энергетический щит
            # корабля»: ``card_from_dict`` gives it the shield's type unless it prints its own.
            mount = Mount(key, weapon, distance, printed.power, 1, printed.type.value)
        elif key == "torpedoes":
            mount = Mount(key, weapon, distance, printed.power, printed.count or 1)
        elif key == "lasers":
            mount = Mount(key, weapon, distance, printed.power, printed.targets or 1)
        else:  # boarding: a force («сила»)
            mount = Mount(key, weapon, distance, printed.strength)
        mounts.append(mount)
    return tuple(mounts)


_mounts: Final[IdentityCache[Weapons, tuple[Mount, ...]]] = IdentityCache(_mounts_of)


class BattleSide:
    """Everything one player has in the battle zone: ships, station, buildings, ground units."""

    __slots__ = ("combatants", "player")

    def __init__(self, *, player: int, combatants: Iterable[Combatant]) -> None:
        self.player = player
        self.combatants = list(combatants)
        for combatant in self.combatants:
            if combatant.player != player:
                raise BattleSetupError(
                    f"{combatant.uid} belongs to player {combatant.player}, not to side {player}"
                )

    def alive(self, role: Role) -> list[Combatant]:
        return [c for c in self.combatants if c.role is role and c.status is Status.FIGHTING]

    def fighting(self) -> list[Combatant]:
        return [
            c for c in self.combatants if c.status is Status.FIGHTING and c.role in _FLEET_ROLES
        ]

    def reserve(self) -> list[Combatant]:
        return [c for c in self.combatants if c.status is Status.RESERVE]

    def ships_on_site(self) -> list[Combatant]:
        return [
            c
            for c in self.combatants
            if c.role is Role.SHIP and c.status in (Status.FIGHTING, Status.RESERVE)
        ]


@dataclass(frozen=True, slots=True)
class BattleSite:
    kind: SiteKind
    object_type: str | None = None  # "planet", "station", "asteroid", ... on an orbit

    @property
    def is_orbit(self) -> bool:
        return self.kind is SiteKind.ORBIT

    @property
    def allows_bombs(self) -> bool:
        # «только при атаке построек либо наземных отрядов на космических объектах (кроме станций)»
        return self.is_orbit and self.object_type != "station"


class BattleView(Protocol):
    """The running battle as agents may read it (a battle decision's ``context["battle"]``):
    its cards, its range and what a weapon could do to a target; never changed through it."""

    @property
    def by_uid(self) -> Mapping[str, Combatant]: ...

    @property
    def range(self) -> Distance: ...

    def potential(self, c: Combatant, mount: Mount, t: Combatant) -> int:
        """Damage ``mount`` of ``c`` would deal to ``t`` now if every die hit."""
        ...

    def can_hurt(self, c: Combatant, mount: Mount, t: Combatant) -> bool:
        """Whether ``mount`` of ``c`` may be fired at ``t`` and could damage it (AMB-31)."""
        ...

    def fighting_targets(self, c: Combatant) -> list[Combatant]:
        """The enemy's cards fighting now, as ``c``'s side sees them."""
        ...


def shown_battle(battle: object) -> BattleView | None:
    """The battle a decision shows (its context's ``battle``, or a play answered's), as agents
    read it: ``facts`` sits below this module and cannot name the type."""
    return cast("BattleView | None", battle)


class BattleHooks(Protocol):
    """What card effects need of a battle (``effects.Effects`` implements it)."""

    def open(
        self,
        window: Window,
        *,
        battle: _Battle | None = None,
        attack: WindowAttack | None = None,
    ) -> None: ...

    def dice_for(self, player: int, purpose: str, need: int | None = None) -> Dice: ...

    def standing_changed(self, battle: _Battle) -> None:
        """The battle's cards changed standing: the second echelon chosen or entered, a card
        destroyed (lasting properties begin and end with their cards, ECH-6, BATTLE-22)."""


@dataclass(frozen=True, slots=True)
class BattleRules:
    # Not in the book: a backstop so that a battle whose sides can never finish each other
    # (e.g. an evader that always evades) still ends. Ends as a stalemate (ROUND_LIMIT).
    max_rounds: int = 100


@dataclass(slots=True, init=False)
class BattleResult:
    end: BattleEnd
    winner: int | None
    rounds: int
    destroyed: list[tuple[str, str]]
    withdrawn: list[str]
    retreated: list[int]
    damage: dict[str, int]
    rewards: dict[int, int]
    station_boarded_by: int | None
    station_outcome: str | None
    combatants: dict[str, Combatant]
    # Players whose Commander's card was destroyed in a round (WIN-3: «в конце любого раунда
    # боя»), before the criticals and the station's fate after the battle. Not in the log's
    # ``battle_end``: the game side reads it to tell that loss from a later one (AMB-3d).
    commanders_lost: tuple[int, ...] = ()

    def __init__(
        self,
        end: BattleEnd,
        winner: int | None,
        rounds: int,
        destroyed: list[tuple[str, str]],
        withdrawn: list[str],
        retreated: list[int],
        damage: dict[str, int],
        rewards: dict[int, int],
        station_boarded_by: int | None,
        station_outcome: str | None,
        combatants: dict[str, Combatant],
        commanders_lost: tuple[int, ...] = (),
    ) -> None:
        # One per battle: the attributes set natively, not by the dataclass's generated
        # (interpreted) __init__.
        self.end = end
        self.winner = winner
        self.rounds = rounds
        self.destroyed = destroyed
        self.withdrawn = withdrawn
        self.retreated = retreated
        self.damage = damage
        self.rewards = rewards
        self.station_boarded_by = station_boarded_by
        self.station_outcome = station_outcome
        self.combatants = combatants
        self.commanders_lost = commanders_lost

    def to_dict(self) -> dict[str, Any]:
        return {
            "end": self.end.value,
            "winner": self.winner,
            "rounds": self.rounds,
            "destroyed": [list(item) for item in self.destroyed],
            "withdrawn": list(self.withdrawn),
            "retreated": list(self.retreated),
            "damage": dict(self.damage),
            "rewards": {str(player): amount for player, amount in self.rewards.items()},
            "station_boarded_by": self.station_boarded_by,
            "station_outcome": self.station_outcome,
        }


def battle_fight(
    *,
    attacker: BattleSide,
    defender: BattleSide,
    site: BattleSite,
    agents: Mapping[int, Agent],
    dice: Dice,
    log: EventLog,
    rules: BattleRules = BattleRules(),
    hooks: BattleHooks | None = None,
) -> BattleResult:
    """Fight one battle to its end and clean up after it (see the module docstring)."""
    if attacker.player == defender.player:
        raise BattleSetupError(f"both sides belong to player {attacker.player}")
    for side in (attacker, defender):
        if side.player not in agents:
            raise BattleSetupError(f"no agent for player {side.player}")
    uids = [c.uid for side in (attacker, defender) for c in side.combatants]
    if len(set(uids)) != len(uids):
        raise BattleSetupError(f"combatant uids must be unique, got {uids}")
    return _Battle(attacker, defender, site, agents, dice, log, rules, hooks).run()


# --- The battle procedure -------------------------------------------------------------------

_PASS = Option("pass")
_ATTACK_ROLES = frozenset({Role.SHIP, Role.STATION, Role.MILITARY_BUILDING})
# What weapons may be fired at: the fleet, plus civil buildings «по тем же правилам, что и
# военные постройки» (CIV-2). Ground units are hit by bombs only (GRD-8).
_WEAPON_TARGET_ROLES = frozenset(
    {Role.SHIP, Role.STATION, Role.MILITARY_BUILDING, Role.CIVIL_BUILDING}
)
_NOT_WEAPONS = frozenset({Weapon.BOARDING, Weapon.RAM})


# The withdrawal step's options, asked every round of every battle: immutable, so built once
# (a ship's pair by its uid, a few hundred at most: free to withdraw, or asking leave).
_STAY: Final = Option("stay")
_PERMIT: Final = (Option("refuse"), Option("allow"))
_WITHDRAW_OPTIONS: Final[dict[str, tuple[Option, Option]]] = {}


class _Battle:
    __slots__ = (
        "agents",
        "attacked",
        "by_uid",
        "context",
        "declined",
        "destroyed",
        "dice",
        "hooks",
        "last_range",
        "log",
        "range",
        "retreated",
        "rewards",
        "round",
        "rules",
        "sides",
        "site",
        "station_boarded_by",
        "stopped",
        "streak",
        "withdrawn",
    )

    def __init__(
        self,
        attacker: BattleSide,
        defender: BattleSide,
        site: BattleSite,
        agents: Mapping[int, Agent],
        dice: Dice,
        log: EventLog,
        rules: BattleRules,
        hooks: BattleHooks | None = None,
    ) -> None:
        self.sides = (attacker, defender)
        self.hooks = hooks
        self.site = site
        self.agents = agents
        self.dice = dice
        self.log = log
        self.rules = rules
        self.by_uid = {c.uid: c for side in self.sides for c in side.combatants}
        self.range = Distance.LONG
        self.stopped = False  # closing stopped or distance increased: the range repeats
        self.round = 0
        self.last_range: Distance | None = None
        self.streak = [0, 0]  # rounds in a row towards tactical superiority (TACSUP-1)
        self.attacked = [False, False]
        self.declined = [False, False]
        self.destroyed: list[tuple[str, str]] = []
        self.withdrawn: list[str] = []
        self.retreated: list[int] = []
        self.rewards: dict[int, int] = {}
        self.station_boarded_by: int | None = None
        self.context = NO_CONTEXT  # the round and its range as it began, once it has

    # -- the whole battle --------------------------------------------------------------------

    def run(self) -> BattleResult:
        attacker, defender = self.sides
        if self.log.enabled:
            self.log.emit(
                ev.BattleStart(
                    attacker=attacker.player,
                    defender=defender.player,
                    site=self.site.kind.value,
                    object_type=self.site.object_type,
                    combatants=tuple(
                        ev.BattleCombatant(c.uid, c.player, c.role.value, c.damage)
                        for c in self.by_uid.values()
                    ),
                )
            )
        self._second_echelon()
        if self.hooks is not None:
            self.hooks.standing_changed(self)  # ECH-6: the waiting ships' properties wait too
            self.hooks.open(Window.BATTLE_START, battle=self)
        end: tuple[BattleEnd, int | None] | None = None
        while end is None:
            end = self._round()
        return self._after_battle(*end)

    def _round(self) -> tuple[BattleEnd, int | None] | None:
        if self.round >= self.rules.max_rounds:
            return self._retreat(BattleEnd.ROUND_LIMIT)
        self.round += 1
        self._enter_reserves()
        if self.range != self.last_range:
            self.streak = [0, 0]
        else:
            self._tactical_superiority()
        end = self._check_end()
        if end:
            return end
        for side in self.sides:
            for combatant in side.combatants:
                combatant.tapped = False  # «В начале каждого раунда боя ... разворачиваются»
        self.context = DecisionContext(round=self.round, range=self.range.key)
        if self.log.enabled:
            self.log.emit(ev.RoundStart(round=self.round, range=self.range.key))
        if self.hooks is not None:
            self.hooks.open(Window.ROUND_START, battle=self)
        for index in (0, 1):
            self._withdrawals(index)
        end = self._check_end()
        if end:
            return end
        armed = [self._has_weapon_for_range(index) for index in (0, 1)]
        self.attacked = [False, False]
        self.declined = [False, False]
        end = self._attacks()
        if end:
            # «ж. когда раунд закончен (у обоих игроков не осталось кораблей, способных
            # использовать в этом раунде свое оружие …)»: with one side gone the round is
            # finished, and its end comes before the battle's.
            self._round_end()
            return self._check_end() or end
        lost = [i for i in (0, 1) if self._commander_lost(i)]
        if lost:
            return BattleEnd.COMMANDER_LOST, (
                self.sides[1 - lost[0]].player if len(lost) == 1 else None
            )
        for index in (0, 1):
            if not self.attacked[index] and not armed[index] and self.attacked[1 - index]:
                self.streak[index] += 1
            else:
                self.streak[index] = 0
        self.last_range = self.range
        self._round_end()
        return self._end_of_round()

    def _round_end(self) -> None:
        if self.log.enabled:
            self.log.emit(
                ev.RoundEnd(
                    round=self.round, range=self.range.key, damage=tuple(self._damage_map().items())
                )
            )
        if self.hooks is not None:
            self.hooks.open(Window.ROUND_END, battle=self)  # the end of a battle round

    def _check_end(self) -> tuple[BattleEnd, int | None] | None:
        out = [self._is_out(0), self._is_out(1)]
        if not out[0] and not out[1]:
            return None
        if out[0] and out[1]:
            return BattleEnd.MUTUAL_DESTRUCTION, None
        loser = 0 if out[0] else 1
        if self._bombing_continues(loser):
            return None
        left = any(c.status is Status.WITHDRAWN for c in self.sides[loser].combatants)
        end = BattleEnd.RETREATED if left else BattleEnd.ELIMINATED
        return end, self.sides[1 - loser].player

    def _is_out(self, index: int) -> bool:
        side = self.sides[index]
        return not side.fighting() and not side.reserve()

    def _bombing_continues(self, loser: int) -> bool:
        """BEND-2: the loser's ground units (and civil buildings) keep the battle going while the
        other side can bomb them and has not declined to."""
        winner = 1 - loser
        if not self.site.allows_bombs or self.declined[winner]:
            return False
        targets = [
            c
            for c in self.sides[loser].combatants
            if c.status is Status.FIGHTING and c.role in (Role.GROUND_UNIT, Role.CIVIL_BUILDING)
        ]
        return any(
            bomber.has_weapon(Weapon.BOMBS) and any(self._bomb_target(bomber, t) for t in targets)
            for bomber in self.sides[winner].fighting()
        )

    def _commander_lost(self, index: int) -> bool:
        return any(
            c.has_commander and c.status is Status.DESTROYED for c in self.sides[index].combatants
        )

    def _retreat(self, end: BattleEnd) -> tuple[BattleEnd, int | None]:
        """Stalemate in open space sends both fleets away; on an orbit only the attacker goes
        and the defender keeps the orbit (ORBIT-3)."""
        attacker, defender = self.sides
        if self.site.is_orbit:
            self.retreated = [attacker.player]
            winner = defender.player if end is BattleEnd.FORCED_RETREAT else None
        else:
            self.retreated = [attacker.player, defender.player]
            winner = None
        if self.log.enabled:
            self.log.emit(ev.Retreat(reason=end.value, players=tuple(self.retreated)))
        return end, winner

    # -- before and between rounds -----------------------------------------------------------

    def _dice(self, player: int, purpose: str, need: int | None = None) -> Dice:
        """The dice ``player`` rolls with: his rerolls apply (DICE-4, ``effects.roll``)."""
        hooks = self.hooks
        return self.dice if hooks is None else hooks.dice_for(player, purpose, need)

    def _ask(
        self,
        player: int,
        kind: DecisionKind,
        options: Iterable[Option],
        *,
        ship: str | None = None,
        attacker: str | None = None,
        target: str | None = None,
        rammer: str | None = None,
    ) -> Option:
        offered = tuple(options)
        if len(offered) == 1:
            return offered[0]  # a lone option is taken at once (``decide``): nothing to build
        rounds = self.context
        context = DecisionContext(
            round=rounds.round,
            range=rounds.range,
            battle=self,
            ship=ship,
            attacker=attacker,
            target=target,
            rammer=rammer,
        )
        decision = Decision(player, kind, offered, context)
        choice = decide(self.agents[player], decision)
        if self.log.enabled and len(decision.options) > 1:
            self.log.emit(ev.Choice(player=player, decision=kind, key=choice.key))
        return choice

    def _second_echelon(self) -> None:
        """ECH-1: up to half of each fleet's ships (rounded down) may wait in the second echelon.
        Both players choose before either choice is applied (AMB-14: secret and simultaneous)."""
        picks: list[list[Combatant]] = []
        for side in self.sides:
            ships = side.alive(Role.SHIP)
            chosen: list[Combatant] = []
            while len(chosen) < len(ships) // 2:
                options = [Option("done")]
                options += [Option(f"reserve:{c.uid}") for c in ships if c not in chosen]
                choice = self._ask(side.player, DecisionKind.BATTLE_SECOND_ECHELON, options)
                if choice.key == "done":
                    break
                chosen.append(self.by_uid[choice.key.split(":", 1)[1]])
            picks.append(chosen)
        for chosen in picks:
            for combatant in chosen:
                combatant.status = Status.RESERVE
                if self.log.enabled:
                    self.log.emit(ev.SecondEchelon(uid=combatant.uid, player=combatant.player))

    def _enter_reserves(self) -> None:
        entered = False
        for index, side in enumerate(self.sides):
            reserve = side.reserve()
            if not reserve:
                continue
            if side.alive(Role.SHIP):
                enemy = self.sides[1 - index]
                # ECH-8: the enemy has no ships on the orbit but still has buildings or units.
                if not (
                    self.site.is_orbit
                    and self.round > 1
                    and not enemy.ships_on_site()
                    and (enemy.alive(Role.MILITARY_BUILDING) or enemy.alive(Role.GROUND_UNIT))
                ):
                    continue
                options = (Option("wait"), Option("enter"))
                if (
                    self._ask(side.player, DecisionKind.BATTLE_ECHELON_ENTER, options).key
                    != "enter"
                ):
                    continue
            for combatant in reserve:
                combatant.status = Status.FIGHTING
            entered = True
            if self.hooks is not None:
                self.hooks.standing_changed(self)  # ECH-6: their properties now work
            if self.log.enabled:
                self.log.emit(
                    ev.EchelonEnter(player=side.player, uids=tuple(c.uid for c in reserve))
                )
        if entered:
            # «вступают в сражение, начиная бой с дальней дистанции» — for both fleets (AMB-14).
            self.range = Distance.LONG
            self.stopped = False

    def _tactical_superiority(self) -> None:
        for index in (0, 1):
            if self.streak[index] < 3:
                continue
            victims = self.sides[index].fighting()
            if self.log.enabled:
                self.log.emit(
                    ev.TacticalSuperiority(
                        player=self.sides[index].player,
                        rounds=self.streak[index],
                        range=self.range.key,
                    )
                )
            for combatant in victims:
                self._destroy(combatant, "tactical_superiority")
            self.streak[index] = 0

    def _withdrawals(self, index: int) -> None:
        """WDR-1..4, step б of every round."""
        side, enemy = self.sides[index], self.sides[1 - index]
        refused: set[str] = set()
        while True:
            enemy_fastest = max((c.speed for c in enemy.fighting()), default=0)
            ships = [c for c in side.alive(Role.SHIP) if c.uid not in refused]
            if not ships:
                return
            options = [_STAY]
            for ship in ships:
                pair = _WITHDRAW_OPTIONS.get(ship.uid)
                if pair is None:
                    pair = _WITHDRAW_OPTIONS[ship.uid] = (
                        Option(f"withdraw:{ship.uid}"),
                        Option(f"ask:{ship.uid}"),
                    )
                options.append(pair[0] if ship.speed >= enemy_fastest else pair[1])
            choice = self._ask(side.player, DecisionKind.BATTLE_WITHDRAW, options)
            if choice.key == "stay":
                return
            action, uid = choice.key.split(":", 1)
            if action == "ask" and (
                self._ask(enemy.player, DecisionKind.BATTLE_ALLOW_WITHDRAW, _PERMIT, ship=uid).key
                != "allow"
            ):
                refused.add(uid)
                if self.log.enabled:
                    self.log.emit(ev.WithdrawRefused(uid=uid, player=side.player))
                continue
            ship = self.by_uid[uid]
            ship.status = Status.WITHDRAWN
            self.withdrawn.append(uid)
            if self.hooks is not None:
                self.hooks.standing_changed(self)  # no longer «in this battle»
            if self.log.enabled:
                self.log.emit(ev.Withdraw(uid=uid, player=side.player, allowed=action == "ask"))

    def _has_weapon_for_range(self, index: int) -> bool:
        distance = self.range
        return any(
            mount.weapon not in _NOT_WEAPONS
            and fires_at(mount.range, distance, exact=mount.weapon in EXACT_RANGE_ONLY)
            for c in self.sides[index].fighting()
            for mount in c.mounts
        )

    def _end_of_round(self) -> tuple[BattleEnd, int | None] | None:
        """Steps ж, з, и: stopping closing, resuming it, increasing the distance; then the
        stalemate (CLOSE-5) and the forced retreat from an orbit (ORBIT-2)."""
        if self._reserve_pending():
            return None  # the second echelon enters next round and the battle restarts at long
        current = self.range
        following = current if self.stopped or current is Distance.SHORT else Distance(current - 1)
        if not self.stopped and current is not Distance.SHORT:
            for index in (0, 1):
                if self._may_manoeuvre(index) and self._slowest(index) >= self._fastest(1 - index):
                    options = (
                        Option("continue"),
                        Option("stop"),
                    )
                    if (
                        self._ask(
                            self.sides[index].player, DecisionKind.BATTLE_STOP_CLOSING, options
                        ).key
                        == "stop"
                    ):
                        self.stopped, following = True, current
                        self._emit_range(ev.StopClosing, index, current)
                        break
        if self.stopped and current is not Distance.SHORT:
            for index in (0, 1):
                if self._fastest(index) > self._fastest(1 - index) and self.sides[index].fighting():
                    options = (Option("hold"), Option("resume"))
                    if (
                        self._ask(
                            self.sides[index].player, DecisionKind.BATTLE_RESUME_CLOSING, options
                        ).key
                        == "resume"
                    ):
                        self.stopped, following = False, Distance(current - 1)
                        self._emit_range(ev.ResumeClosing, index, following)
                        break
        if current is not Distance.LONG:
            for index in (0, 1):
                if self._may_manoeuvre(index) and self._slowest(index) > self._fastest(1 - index):
                    farther = [Option("keep")]
                    farther += [
                        Option(d.key) for d in (Distance.MEDIUM, Distance.LONG) if d > current
                    ]
                    choice = self._ask(
                        self.sides[index].player, DecisionKind.BATTLE_INCREASE_DISTANCE, farther
                    )
                    if choice.key != "keep":
                        self.stopped, following = True, Distance.from_key(choice.key)
                        self._emit_range(ev.IncreaseDistance, index, following)
                        break
        self.range = following
        if following is not current:
            return None
        out = [self._is_out(0), self._is_out(1)]
        if out[0] or out[1]:
            # BEND-2: only bombs at short range reach the ground units; a bomber held at a longer
            # range (and not resuming closing) «не может ... их атаковать», so the battle ends.
            loser = 0 if out[0] else 1
            if current is Distance.SHORT and self._bombing_continues(loser):
                return None
            return BattleEnd.ELIMINATED, self.sides[1 - loser].player
        if self.site.is_orbit:
            if self._can_damage(0, current):
                return None
            return self._retreat(BattleEnd.FORCED_RETREAT)
        if self._can_damage(0, current) or self._can_damage(1, current):
            return None
        return self._retreat(BattleEnd.STALEMATE)

    def _reserve_pending(self) -> bool:
        return any(side.reserve() and not side.alive(Role.SHIP) for side in self.sides)

    def _may_manoeuvre(self, index: int) -> bool:
        # ORBIT-1: on an orbit only the attacker may stop closing or increase the distance.
        return bool(self.sides[index].fighting()) and (not self.site.is_orbit or index == 0)

    def _slowest(self, index: int) -> int:
        return min((c.speed for c in self.sides[index].fighting()), default=0)

    def _fastest(self, index: int) -> int:
        return max((c.speed for c in self.sides[index].fighting()), default=0)

    def _emit_range(
        self,
        record: type[ev.StopClosing | ev.ResumeClosing | ev.IncreaseDistance],
        index: int,
        distance: Distance,
    ) -> None:
        if self.log.enabled:
            self.log.emit(record(player=self.sides[index].player, range=distance.key))

    def _can_damage(self, index: int, distance: Distance) -> bool:
        return any(
            not optional
            for c in self.sides[index].fighting()
            for _, optional in self._options_of(c, index, distance, untapped_only=False)
        )

    # -- attacks -----------------------------------------------------------------------------

    def _attacks(self) -> tuple[BattleEnd, int | None] | None:
        """BATTLE-13..17: alternate single attacks, attacker first, skipping a side that has
        nothing left to attack with, until neither has."""
        turn = 0
        while True:
            options = self._attack_options(turn)
            if not options:
                turn = 1 - turn
                options = self._attack_options(turn)
                if not options:
                    return None
            player = self.sides[turn].player
            choice = self._ask(player, DecisionKind.BATTLE_ATTACK, options)
            if choice is _PASS or choice.key == "pass":
                self.declined[turn] = True
            else:
                self.attacked[turn] = True
                if self.hooks is None:
                    self._perform(turn, choice)
                else:
                    self._perform_between_windows(turn, choice, self.hooks)
            end = self._check_end()
            if end:
                return end
            turn = 1 - turn

    def _attack_options(self, index: int) -> tuple[Option, ...]:
        if self.declined[index]:
            return ()
        mandatory: list[Option] = []
        optional: list[Option] = []
        distance = self.range
        for combatant in self.sides[index].combatants:
            if combatant.status is not Status.FIGHTING or combatant.tapped:
                continue
            if combatant.role not in _ATTACK_ROLES:
                continue
            for option, is_optional in self._options_of(combatant, index, distance):
                (optional if is_optional else mandatory).append(option)
        joint = self._joint_bombing(index, distance)
        if joint:
            (optional if self._is_out(1 - index) else mandatory).extend(joint)
        if not mandatory and optional:
            optional.append(_PASS)  # only ram/boarding/BEND-2 bombing left: they may be declined
        return tuple(mandatory + optional)

    def _options_of(
        self, c: Combatant, index: int, distance: Distance, *, untapped_only: bool = True
    ) -> list[tuple[Option, bool]]:
        """Every attack ``c`` can make at ``distance``, each flagged optional or not (AMB-31:
        a weapon counts only against a target it could damage)."""
        if untapped_only and c.tapped:
            return []
        enemy = self.sides[1 - index]
        enemy_out = self._is_out(1 - index)
        targets = [t for t in enemy.combatants if t.status is Status.FIGHTING]
        found: list[tuple[Option, bool]] = []
        for mount in c.mounts:
            weapon = mount.weapon
            if not fires_at(mount.range, distance, exact=weapon in EXACT_RANGE_ONLY):
                continue
            if weapon is Weapon.MASER and c.shield_disabled:
                continue  # WPN-NOVA-7
            if weapon is Weapon.BOMBS:
                if self.site.allows_bombs:
                    for t in targets:
                        if self._bomb_target(c, t):
                            found.append((self._option(c, mount, (t,)), enemy_out))
                continue
            if weapon is Weapon.BOARDING:
                if not c.boarding_barred:
                    for t in targets:
                        if _boardable(t):
                            found.append((self._option(c, mount, (t,)), True))
                continue
            hittable = [t for t in targets if self.can_hurt(c, mount, t)]
            if not hittable:
                continue
            optional = enemy_out
            if weapon is Weapon.NOVA:
                found.append((self._option(c, mount, ()), optional))
            elif weapon is Weapon.LASERS and mount.count > 1 and len(hittable) > 1:
                # More targets never hurt the shooter, so only full-size groups are offered.
                for group in combinations(hittable, min(mount.count, len(hittable))):
                    found.append((self._option(c, mount, group), optional))
            else:
                for t in hittable:
                    found.append((self._option(c, mount, (t,)), optional))
        if distance is Distance.SHORT and c.role is Role.SHIP and c.speed > 0:
            for t in targets:
                if t.role in (Role.SHIP, Role.STATION) and ram_can_target(
                    rammer_is_light=c.is_light, target_is_light=t.is_light
                ):
                    found.append((_ram_option(c, t), True))
        return found

    def _option(
        self,
        c: Combatant,
        mount: Mount,
        targets: tuple[Combatant, ...],
    ) -> Option:
        if mount.weapon is Weapon.NOVA:
            key = f"{c.uid}:nova"
        else:
            key = f"{c.uid}:{mount.key}>{','.join(t.uid for t in targets)}"
        return Option(key, AttackFacts((c.uid,), mount.key, tuple(t.uid for t in targets)))

    def _bomb_target(self, bomber: Combatant, t: Combatant) -> bool:
        if t.role is Role.GROUND_UNIT:
            return t.uid not in bomber.bombed_units  # WPN-BOMB-4: once per unit per phase
        return t.role in _BUILDING_ROLES and t.strength > 0

    def _joint_bombing(self, index: int, distance: Distance) -> list[Option]:
        """WPN-BOMB-5: all untapped bombers able to hit a target may hit it together."""
        if distance is not Distance.SHORT or not self.site.allows_bombs:
            return []
        bombers = [
            c for c in self.sides[index].fighting() if not c.tapped and c.has_weapon(Weapon.BOMBS)
        ]
        if len(bombers) < 2:
            return []
        joint: list[Option] = []
        for t in self.sides[1 - index].combatants:
            if t.status is not Status.FIGHTING:
                continue
            group = [b for b in bombers if self._bomb_target(b, t)]
            if len(group) < 2:
                continue
            uids = tuple(b.uid for b in group)
            joint.append(
                Option(
                    f"{'+'.join(uids)}:bombs>{t.uid}",
                    AttackFacts(uids, "bombs", (t.uid,)),
                )
            )
        return joint

    def _potential(self, c: Combatant, mount: Mount, t: Combatant) -> int:
        """Damage ``mount`` would deal to ``t`` if every die hit: the AMB-31 test."""
        per_hit = self._per_hit(c, mount, t)
        if mount.weapon in (Weapon.MISSILES, Weapon.TORPEDOES):
            return per_hit * mount.count
        return per_hit

    # -- what agents read (``BattleView``) ----------------------------------------------------

    def potential(self, c: Combatant, mount: Mount, t: Combatant) -> int:
        """Damage ``mount`` of ``c`` would deal to ``t`` now if every die hit."""
        return self._potential(c, mount, t)

    def can_hurt(self, c: Combatant, mount: Mount, t: Combatant) -> bool:
        """Whether ``mount`` of ``c`` may be fired at ``t`` and could damage it (AMB-31)."""
        return (
            t.role in _WEAPON_TARGET_ROLES and t.strength > 0 and self._potential(c, mount, t) > 0
        )

    def fighting_targets(self, c: Combatant) -> list[Combatant]:
        """The enemy's cards fighting now, as ``c``'s side sees them, in their side's order."""
        return [
            t
            for side in self.sides
            if side.player != c.player
            for t in side.combatants
            if t.status is Status.FIGHTING
        ]

    def _per_hit(self, c: Combatant, mount: Mount, t: Combatant) -> int:
        weapon, power = mount.weapon, mount.power
        if weapon is Weapon.PLASMA:
            amount = plasma_damage(power, t.shield_now)
        elif weapon is Weapon.TURBOLASER:
            amount = turbolaser_damage(power, t.armor) if turbolaser_can_target(t.is_light) else 0
        elif weapon is Weapon.MASER:
            amount = maser_damage(power, maser_effect(mount.maser_type, t.shield_type_now))
        elif weapon is Weapon.LASERS:
            amount = laser_damage(power, t.armor)
        elif weapon is Weapon.MISSILES:
            amount = missile_damage(power, t.armor)
        elif weapon is Weapon.TORPEDOES:
            amount = torpedo_damage(power, t.armor) if torpedo_can_target(t.is_light) else 0
        elif weapon is Weapon.NOVA:
            amount = power  # armor never applies; the shield is the defender's choice
        else:
            amount = power
        return atmosphere_reduced(amount, weapon) if t.on_planet else amount

    def _perform(self, index: int, choice: Option) -> None:
        data = choice.data
        assert isinstance(data, AttackFacts)
        attackers = [self.by_uid[uid] for uid in data.attackers]
        targets = [self.by_uid[uid] for uid in data.targets]
        for attacker in attackers:
            attacker.tapped = True  # BATTLE-8
        first = attackers[0]
        key = data.mount
        if key == "ram":
            self._ram(first, targets[0])
        elif key == "bombs":
            self._bomb(attackers, targets[0])
        elif key == "boarding":
            self._board(first, targets[0])
        elif key == "nova":
            self._nova(first, first.mount("nova"), index)
        else:
            self._fire(first, first.mount(key), targets)

    def _perform_between_windows(self, index: int, choice: Option, hooks: BattleHooks) -> None:
        """«объявление атаки», the effect windows around it; an attacker that an effect took
        out of the fight after the declaration makes no attack."""
        data = choice.data
        assert isinstance(data, AttackFacts)
        hooks.open(Window.ATTACK_DECLARED, battle=self, attack=data)
        if all(self.by_uid[uid].status is Status.FIGHTING for uid in data.attackers):
            self._perform(index, choice)
        hooks.open(Window.AFTER_ATTACK, battle=self, attack=data)

    def _fire(
        self, shooter: Combatant, mount: Mount, targets: list[Combatant], *, reaction: bool = False
    ) -> None:
        distance = self.range
        weapon = mount.weapon
        for target in targets:
            if target.status is not Status.FIGHTING:
                continue
            if (
                not reaction
                and target.evasive
                and not target.tapped
                and evasive_manoeuvre_applies(weapon, distance)
            ):
                options = (Option("evade"), Option("take"))
                choice = self._ask(
                    target.player,
                    DecisionKind.BATTLE_EVADE,
                    options,
                    attacker=shooter.uid,
                    target=target.uid,
                )
                if choice.key == "evade":
                    target.tapped = True  # PROP-EVADE-1: «может быть повернут игроком»
                    if self.log.enabled:
                        self.log.emit(
                            ev.Evade(uid=target.uid, attacker=shooter.uid, weapon=mount.key)
                        )
                    continue
            if not reaction and light_duel_applies(
                attacker_is_light=shooter.is_light,
                target_is_light=target.is_light,
                weapon=weapon,
                distance=distance,
            ):
                duel = roll_light_duel(
                    self._dice(shooter.player, "duel"),
                    attacker_speed=shooter.speed,
                    defender_speed=target.speed,
                    defender_dice=self._dice(target.player, "duel"),
                )
                if self.log.enabled:
                    self.log.emit(
                        ev.LightDuel(
                            attacker=shooter.uid,
                            target=target.uid,
                            rolls=(duel.attacker_roll, duel.defender_roll),
                            totals=(duel.attacker_total, duel.defender_total),
                            hits=duel.attacker_hits,
                            counter=duel.defender_counters,
                        )
                    )
                if not duel.attacker_hits:
                    if duel.defender_counters:
                        self._counter_fire(target, shooter)
                    continue
            self._strike(shooter, mount, target, reaction=reaction)

    def _strike(
        self, shooter: Combatant, mount: Mount, target: Combatant, *, reaction: bool
    ) -> None:
        """Roll what must be rolled and apply the damage of one weapon against one target."""
        weapon = mount.weapon
        per_hit = self._per_hit(shooter, mount, target)
        detail: ev.SalvoNumbers | None = None
        if weapon in (Weapon.MISSILES, Weapon.TORPEDOES):
            table = MISSILE_TO_HIT if weapon is Weapon.MISSILES else TORPEDO_TO_HIT
            to_hit = table[self.range]
            salvo = roll_salvo(
                self._dice(shooter.player, "salvo", to_hit), count=mount.count, to_hit=to_hit
            )
            hits = salvo.hits
            defence_rolls: tuple[int, ...] | None = None
            shot_down: int | None = None
            if (
                hits
                and target.has_weapon(Weapon.LASERS)
                and point_defence_applies(weapon, self.range)
            ):
                defence = roll_point_defence(
                    self._dice(target.player, "point_defence", POINT_DEFENCE_ROLL), hits=hits
                )
                hits -= defence.hits
                defence_rolls = tuple(defence.rolls)
                shot_down = defence.hits
            amount = hits * per_hit
            if self.log.enabled:
                detail = ev.SalvoNumbers(
                    tuple(salvo.rolls), salvo.to_hit, salvo.hits, per_hit, defence_rolls, shot_down
                )
        else:
            amount = per_hit
        if self.log.enabled:
            self.log.emit(self._arithmetic(mount, target, shooter.uid, amount, reaction, detail))
        self._damage(target, amount, "damage")

    def _arithmetic(
        self,
        mount: Mount,
        target: Combatant,
        by: str,
        amount: int,
        reaction: bool,
        salvo: ev.SalvoNumbers | None,
    ) -> ev.Attack:
        """The attack's event with the numbers the book writes out, e.g. «10 (мощность ...) - 3
        (мощность щита)»."""
        weapon = mount.weapon
        shield = armor = None
        maser = None
        if weapon is Weapon.PLASMA:
            shield = target.shield_now
        elif weapon is Weapon.MASER:
            effect = maser_effect(mount.maser_type, target.shield_type_now).value
            maser = ev.MaserNumbers(mount.maser_type, target.shield_type_now, effect)
        elif weapon in (Weapon.TURBOLASER, Weapon.LASERS, Weapon.MISSILES, Weapon.TORPEDOES):
            armor = target.armor
        atmosphere = 2 if target.on_planet and weapon is not Weapon.BOMBS else None
        return ev.Attack(
            by=by,
            weapon=mount.key,
            target=target.uid,
            damage=amount,
            reaction=reaction,
            power=mount.power,
            shield=shield,
            armor=armor,
            atmosphere=atmosphere,
            salvo=salvo,
            maser=maser,
        )

    def _counter_fire(self, defender: Combatant, attacker: Combatant) -> None:
        """WPN-LIGHT-5: a free shot back at the attacker with any weapon usable at short range
        (AMB-18); a multi-target laser fires at the attacker alone."""
        options = []
        for mount in defender.mounts:
            if (
                mount.weapon in _NOT_WEAPONS
                or mount.weapon in (Weapon.NOVA, Weapon.BOMBS)
                or not fires_at(mount.range, Distance.SHORT)
                or (mount.weapon is Weapon.MASER and defender.shield_disabled)
                or self._potential(defender, mount, attacker) <= 0
            ):
                continue
            options.append(self._option(defender, mount, (attacker,)))
        if not options:
            return
        choice = self._ask(defender.player, DecisionKind.BATTLE_COUNTER_FIRE, [*options, _PASS])
        data = choice.data
        if isinstance(data, AttackFacts):  # not ``pass``
            self._fire(defender, defender.mount(data.mount), [attacker], reaction=True)

    def _nova(self, shooter: Combatant, mount: Mount, index: int) -> None:
        fire_roll = self._dice(shooter.player, "nova_fire", NOVA_FIRE_ROLL).d6()
        if fire_roll < NOVA_FIRE_ROLL:
            if self.log.enabled:
                self.log.emit(ev.Nova(by=shooter.uid, rolls=(fire_roll,), fired=False))
            return
        count_roll = self._dice(shooter.player, "nova_count").d6()
        count = nova_target_count(count_roll)
        eligible = [
            t
            for t in self.sides[1 - index].combatants
            if t.status is Status.FIGHTING
            and t.role in _WEAPON_TARGET_ROLES
            and t.strength > 0
            and self._per_hit(shooter, mount, t) > 0
        ]
        if len(eligible) > count:
            options = [
                Option(",".join(t.uid for t in group), TargetsFacts(tuple(t.uid for t in group)))
                for group in combinations(eligible, count)
            ]
            choice = self._ask(shooter.player, DecisionKind.BATTLE_NOVA_TARGETS, options)
            chosen = choice.data
            assert isinstance(chosen, TargetsFacts)
            eligible = [self.by_uid[uid] for uid in chosen.targets]
        if self.log.enabled:
            self.log.emit(
                ev.Nova(
                    by=shooter.uid,
                    rolls=(fire_roll, count_roll),
                    fired=True,
                    count=count,
                    targets=tuple(t.uid for t in eligible),
                )
            )
        for target in eligible:
            shield = target.shield_now
            absorb = False
            if shield > 0:
                answers = (Option("absorb"), Option("full"))
                choice = self._ask(
                    target.player, DecisionKind.BATTLE_NOVA_SHIELD, answers, target=target.uid
                )
                absorb = choice.key == "absorb"
                if absorb:
                    target.shield_disabled = True  # WPN-NOVA-7, for the rest of the battle phase
            amount = nova_damage(mount.power, shield_power=shield, use_shield=absorb)
            if target.on_planet:
                amount = atmosphere_reduced(amount, Weapon.NOVA)
            if self.log.enabled:
                self.log.emit(
                    ev.Attack(
                        by=shooter.uid,
                        weapon="nova",
                        target=target.uid,
                        damage=amount,
                        reaction=False,
                        power=mount.power,
                        shield=shield if absorb else 0,
                    )
                )
            self._damage(target, amount, "damage")

    def _bomb(self, bombers: list[Combatant], target: Combatant) -> None:
        amount = bomb_damage([b.mount("bombs").power for b in bombers])
        if target.role is Role.GROUND_UNIT:
            for bomber in bombers:
                bomber.bombed_units.add(target.uid)
        if self.log.enabled:
            self.log.emit(
                ev.Attack(
                    by="+".join(b.uid for b in bombers),
                    weapon="bombs",
                    target=target.uid,
                    damage=amount,
                    reaction=False,
                    powers=tuple(b.mount("bombs").power for b in bombers),
                )
            )
        self._damage(target, amount, "bombs")

    def _board(self, boarder: Combatant, target: Combatant) -> None:
        roll = roll_boarding(
            self._dice(boarder.player, "boarding"),
            force=boarder.mount("boarding").power,
            crew_level=target.crew_level,
            crew_size=target.crew_size,
            defender_dice=self._dice(target.player, "boarding"),
        )
        if self.log.enabled:
            self.log.emit(
                ev.Boarding(
                    by=boarder.uid,
                    target=target.uid,
                    rolls=(roll.attacker_roll, roll.defender_roll),
                    totals=(roll.attacker_total, roll.defender_total),
                    succeeded=roll.succeeded,
                )
            )
        if not roll.succeeded:
            boarder.boarding_barred = True  # WPN-BOARD-7
            return
        if target.role is Role.STATION:
            # STN-9: out of the battle; STN-10/11 decide its fate at the end.
            target.status = Status.BOARDED
            self.station_boarded_by = boarder.player
            self._station_buildings_lost(target)
            return
        self.rewards[boarder.player] = self.rewards.get(boarder.player, 0) + target.cost
        self._destroy(target, "boarded")

    def _ram(self, rammer: Combatant, target: Combatant) -> None:
        if ram_dodge_allowed(rammer_speed=rammer.speed, target_speed=target.speed):
            options = (Option("dodge"), Option("accept"))
            if (
                self._ask(
                    target.player, DecisionKind.BATTLE_RAM_DODGE, options, rammer=rammer.uid
                ).key
                == "dodge"
            ):
                roll = self._dice(target.player, "ram_dodge", RAM_DODGE_ROLL).d6()
                dodged = roll >= RAM_DODGE_ROLL
                if self.log.enabled:
                    self.log.emit(ev.RamDodge(uid=target.uid, roll=roll, dodged=dodged))
                if dodged:
                    return
        to_target, to_rammer = _ram_numbers(rammer, target)
        if self.log.enabled:
            self.log.emit(
                ev.Ram(
                    by=rammer.uid, target=target.uid, damage=to_target, damage_to_rammer=to_rammer
                )
            )
        # Both collide at once (AMB-19): apply both before either card leaves.
        self._damage(target, to_target, "ram")
        self._damage(rammer, to_rammer, "ram")

    def _damage(self, target: Combatant, amount: int, cause: str) -> None:
        if amount <= 0 or target.status is not Status.FIGHTING:
            return
        target.damage += amount
        if target.damage >= target.strength:
            self._destroy(target, cause)  # BATTLE-22: «немедленно помещается в потери»

    def _destroy(self, target: Combatant, cause: str) -> None:
        target.status = Status.DESTROYED
        self.destroyed.append((target.uid, cause))
        if self.hooks is not None:
            self.hooks.standing_changed(self)  # BATTLE-22: its lasting properties end at once
        if self.log.enabled:
            self.log.emit(ev.Destroyed(target.uid, target.player, cause, in_battle=True))
        if target.role is Role.STATION:
            self._station_buildings_lost(target)
        if self.hooks is not None and target.role is Role.SHIP:
            # «немедленно помещается в потери»: the moment a ship is destroyed
            self.hooks.open(
                Window.SHIP_DESTROYED,
                battle=self,
                attack=ShipLost(target.uid, target.player),
            )

    # -- what card effects do to the battle's cards (``effect_play``) ----------------------------

    def effect_damage(self, uid: str, amount: int) -> None:
        """Damage from a card effect counts like a hit (BATTLE-22)."""
        self._damage(self.by_uid[uid], amount, "effect")

    def effect_destroy(self, uid: str) -> None:
        target = self.by_uid[uid]
        if target.status in (Status.FIGHTING, Status.RESERVE):
            self._destroy(target, "effect")

    def effect_withdraw(self, uid: str) -> None:
        """A card effect moves the ship out of the battle into a new open-space sector."""
        target = self.by_uid[uid]
        if target.role is Role.SHIP and target.status in (Status.FIGHTING, Status.RESERVE):
            target.status = Status.WITHDRAWN
            self.withdrawn.append(uid)
            if self.hooks is not None:
                self.hooks.standing_changed(self)  # no longer «in this battle»

    def _station_buildings_lost(self, station: Combatant) -> None:
        """STN-5: «все расположенные на ней военные постройки немедленно уничтожаются»."""
        side = self.sides[0] if self.sides[0].player == station.player else self.sides[1]
        for building in side.alive(Role.MILITARY_BUILDING):
            self._destroy(building, "station_lost")

    def _damage_map(self) -> dict[str, int]:
        return {uid: c.damage for uid, c in self.by_uid.items() if c.status is not Status.DESTROYED}

    # -- after the battle --------------------------------------------------------------------

    def _after_battle(self, end: BattleEnd, winner: int | None) -> BattleResult:
        """BEND-5 order: landing → criticals and token clean-up → station fate."""
        commanders_lost = tuple(
            side.player for i, side in enumerate(self.sides) if self._commander_lost(i)
        )
        if self.hooks is not None:
            self.hooks.open(Window.BATTLE_END, battle=self)
        self._landings()
        for combatant in self.by_uid.values():
            if (
                combatant.role is Role.SHIP
                and combatant.status in (Status.FIGHTING, Status.RESERVE, Status.WITHDRAWN)
                and combatant.critical is not None
                and combatant.damage > 0
                and combatant.damage >= combatant.critical
            ):
                self._destroy(combatant, "critical")  # BEND-3
        for combatant in self.by_uid.values():
            if combatant.status is not Status.DESTROYED and combatant.role in (
                Role.SHIP,
                Role.MILITARY_BUILDING,
                Role.CIVIL_BUILDING,
            ):
                combatant.damage = 0  # BEND-4, MILB-4; stations and ground units keep theirs
        outcome = self._station_fate()
        result = BattleResult(
            end=end,
            winner=winner,
            rounds=self.round,
            destroyed=self.destroyed,
            withdrawn=self.withdrawn,
            retreated=self.retreated,
            damage=self._damage_map(),
            rewards=self.rewards,
            station_boarded_by=self.station_boarded_by,
            station_outcome=outcome,
            combatants=self.by_uid,
            commanders_lost=commanders_lost,
        )
        if self.log.enabled:
            self.log.emit(
                ev.BattleEnded(
                    end=result.end.value,
                    winner=result.winner,
                    rounds=result.rounds,
                    destroyed=tuple(result.destroyed),
                    withdrawn=tuple(result.withdrawn),
                    retreated=tuple(result.retreated),
                    damage=tuple(result.damage.items()),
                    rewards=tuple(result.rewards.items()),
                    station_boarded_by=result.station_boarded_by,
                    station_outcome=result.station_outcome,
                )
            )
        return result

    def _on_site(self, index: int) -> bool:
        side = self.sides[index]
        return side.player not in self.retreated and bool(side.ships_on_site())

    def _landings(self) -> None:
        """WPN-LAND: all-or-nothing against the total force of the enemy's ground units."""
        if not self.site.allows_bombs:  # landings need a non-station object (STN-7)
            return
        for index, side in enumerate(self.sides):
            enemy = self.sides[1 - index]
            units = enemy.alive(Role.GROUND_UNIT)
            if not units or not self._on_site(index) or self._on_site(1 - index):
                continue
            if enemy.alive(Role.MILITARY_BUILDING):
                continue
            landers = [c for c in side.ships_on_site() if c.landing > 0]
            if not landing_succeeds([c.landing for c in landers], [u.strength for u in units]):
                continue
            options = (Option("land"), Option("hold"))
            if self._ask(side.player, DecisionKind.BATTLE_LANDING, options).key != "land":
                continue
            if self.log.enabled:
                self.log.emit(
                    ev.Landing(
                        player=side.player,
                        ships=tuple(c.uid for c in landers),
                        force=sum(c.landing for c in landers),
                        units=tuple(u.uid for u in units),
                    )
                )
            for unit in units:
                self._destroy(unit, "landing")

    def _station_fate(self) -> str | None:
        if self.station_boarded_by is None:
            return None
        station = next(c for c in self.by_uid.values() if c.status is Status.BOARDED)
        boarder = 0 if self.sides[0].player == self.station_boarded_by else 1
        if self._on_site(boarder) and not self._on_site(1 - boarder):
            return "captured"  # STN-10
        self._destroy(station, "boarded")  # STN-11, AMB-16b: no resources for a station
        return "destroyed"


def _boardable(t: Combatant) -> bool:
    """WPN-BOARD-3/10/11: not light ships, not buildings, not a crewless card."""
    return t.role in (Role.SHIP, Role.STATION) and not t.is_light and t.crewed


def _ram_numbers(rammer: Combatant, target: Combatant) -> tuple[int, int]:
    return ram_damage(
        rammer_size=rammer.size or "",
        rammer_strength=rammer.strength,
        target_size=target.size or "",
        target_strength=target.strength,
        target_armor=target.armor,
    )


def _ram_option(rammer: Combatant, target: Combatant) -> Option:
    return Option(
        f"{rammer.uid}:ram>{target.uid}", AttackFacts((rammer.uid,), "ram", (target.uid,))
    )
