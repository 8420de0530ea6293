"""The events of the match log as typed, frozen records: one class per ``EventKind``.

A record carries the facts of one event (uids, places, players, costs, ranges, dice, keys) and
nothing derived: no labels, no prose. The rules build records and ``EventLog`` keeps them; the
JSON-lines log is written from them (``Event.data``: the same keys and values as the log has
always had), and a stored log's objects are read back by ``event_from_dict``. The readers (the
narration, the replays, the agents) dispatch on ``Event.kind``.

The record of a kind is ``RECORDS[kind]``; ``data()`` gives the JSON object of the event
without ``seq`` and ``type``. A field that a log line omits when it does not apply (e.g. the
roll of a commercial run that is not smuggling) is ``None`` on the record and absent from the
line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from komandor.rules.decisions import DecisionKind
from komandor.rules.state import Zone
from komandor.rules.victory import Outcome


class EventKind(StrEnum):
    """The ``type`` of an event of the log. The values are a public contract: the JSON-lines
    logs, stored games, the replay and the narration read events by them."""

    ABILITY_DISCARDED = "ability_discarded"
    ABILITY_PRESELECTED = "ability_preselected"
    ABILITY_REPLACED = "ability_replaced"
    ABILITY_VARIANT = "ability_variant"
    ATTACK = "attack"
    BATTLE = "battle"
    BATTLE_END = "battle_end"
    BATTLE_START = "battle_start"
    BOARDING = "boarding"
    BUILT = "built"
    CANCELLED = "cancelled"
    CAPTURED = "captured"
    CHOICE = "choice"
    COMMANDER = "commander"
    COMMERCIAL_RUN = "commercial_run"
    DESTROYED = "destroyed"
    DRAW = "draw"
    ECHELON_ENTER = "echelon_enter"
    EFFECT = "effect"
    ESCORT = "escort"
    EVADE = "evade"
    EXCHANGE = "exchange"
    INCREASE_DISTANCE = "increase_distance"
    INITIATIVE = "initiative"
    LANDING = "landing"
    LEFT_BATTLE = "left_battle"
    LIGHT_DUEL = "light_duel"
    MATCH = "match"
    MOVED = "moved"
    NOVA = "nova"
    OTHER_INCOME = "other_income"
    PLACED = "placed"
    POSITION = "position"
    PRIORITY = "priority"
    PRODUCTION = "production"
    RAM = "ram"
    RAM_DODGE = "ram_dodge"
    REDEAL = "redeal"
    REROLL = "reroll"
    RESOURCES = "resources"
    RESUME_CLOSING = "resume_closing"
    RETREAT = "retreat"
    REVEALED = "revealed"
    ROUND_END = "round_end"
    ROUND_START = "round_start"
    SECOND_ECHELON = "second_echelon"
    SETUP = "setup"
    SHUFFLED = "shuffled"
    SITUATION_DISCARDED = "situation_discarded"
    SMUGGLING_FAILED = "smuggling_failed"
    STATIC = "static"
    STOP_CLOSING = "stop_closing"
    TACTICAL_SUPERIORITY = "tactical_superiority"
    TURN = "turn"
    UPGRADED = "upgraded"
    VICTORY = "victory"
    WITHDRAW = "withdraw"
    WITHDRAW_REFUSED = "withdraw_refused"


# --- reading a stored log's values ----------------------------------------------------------
# A number or a string the line must have raises ``KeyError``/``TypeError`` when it lacks it (a
# line of an unexpected shape: the narration lists it field by field); lists, optional values
# and flags an older log may lack read as empty, None or their old meaning.


def _int(data: Mapping[str, object], key: str) -> int:
    value = data[key]
    if not isinstance(value, int):
        raise TypeError(f"{key}: not an integer")
    return value


def _opt_int(data: Mapping[str, object], key: str) -> int | None:
    value = data.get(key)
    return value if isinstance(value, int) else None


def _str(data: Mapping[str, object], key: str) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise TypeError(f"{key}: not a string")
    return value


def _opt_str(data: Mapping[str, object], key: str) -> str | None:
    value = data.get(key)
    return value if isinstance(value, str) else None


def _bool(data: Mapping[str, object], key: str) -> bool:
    return data.get(key) is True


def _list(data: Mapping[str, object], key: str) -> list[object]:
    value = data.get(key)
    return value if isinstance(value, list) else []


def _ints(data: Mapping[str, object], key: str) -> tuple[int, ...]:
    return tuple(item for item in _list(data, key) if isinstance(item, int))


def _strs(data: Mapping[str, object], key: str) -> tuple[str, ...]:
    return tuple(item for item in _list(data, key) if isinstance(item, str))


def _intss(data: Mapping[str, object], key: str) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(x for x in item if isinstance(x, int))
        for item in _list(data, key)
        if isinstance(item, list)
    )


def _strss(data: Mapping[str, object], key: str) -> tuple[tuple[str, ...], ...]:
    return tuple(
        tuple(x for x in item if isinstance(x, str))
        for item in _list(data, key)
        if isinstance(item, list)
    )


def _mapping(data: Mapping[str, object], key: str) -> Mapping[str, object]:
    value = data.get(key)
    if isinstance(value, dict):
        return {str(k): v for k, v in value.items()}
    return {}


def _pairs_si(data: Mapping[str, object], key: str) -> tuple[tuple[str, int], ...]:
    return tuple((k, v) for k, v in _mapping(data, key).items() if isinstance(v, int))


def _pairs_ss(data: Mapping[str, object], key: str) -> tuple[tuple[str, str], ...]:
    return tuple((k, v) for k, v in _mapping(data, key).items() if isinstance(v, str))


def _decision(value: str) -> DecisionKind | str:
    return DecisionKind(value) if value in _DECISION_KINDS else value


_DECISION_KINDS = frozenset(kind.value for kind in DecisionKind)


# --- the records ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """An event of the match log; ``kind`` is the log line's ``type``."""

    @property
    def kind(self) -> EventKind:
        """The log line's ``type``."""
        raise NotImplementedError

    def data(self) -> dict[str, object]:
        """The log line's keys and values other than ``seq`` and ``type``."""
        raise NotImplementedError

    def to_dict(self, seq: int) -> dict[str, object]:
        """The log line as a JSON object (``{"seq": seq, "type": kind, **data}``)."""
        line: dict[str, object] = {"seq": seq, "type": self.kind}
        line.update(self.data())
        return line


@dataclass(frozen=True, slots=True)
class SalvoNumbers:
    """A missile or torpedo salvo: the rolls, the number needed, the hits; the lasers' point
    defence (its rolls and the missiles shot down) when the target had it."""

    rolls: tuple[int, ...]
    to_hit: int | None
    hits: int
    per_hit: int | None
    point_defence: tuple[int, ...] | None = None
    shot_down: int | None = None


@dataclass(frozen=True, slots=True)
class MaserNumbers:
    """A maser's type against the target's shield type, and the effect that gives."""

    maser_type: str | None
    shield_type: str | None
    effect: str


@dataclass(frozen=True, slots=True)
class Attack(Event):
    """``attack``: a hit by a weapon (``by`` is ``a+b`` for bombers together), with the numbers
    the book writes out: the weapon's power (``powers`` of each bomber), the target's shield,
    armor, a planet's atmosphere, a salvo's dice, a maser's types."""

    @property
    def kind(self) -> EventKind:
        return EventKind.ATTACK

    by: str
    weapon: str
    target: str
    damage: int
    reaction: bool
    power: int | None = None
    powers: tuple[int, ...] | None = None
    shield: int | None = None
    armor: int | None = None
    atmosphere: int | None = None
    salvo: SalvoNumbers | None = None
    maser: MaserNumbers | None = None

    def data(self) -> dict[str, object]:
        data: dict[str, object] = {
            "by": self.by,
            "weapon": self.weapon,
            "target": self.target,
            "damage": self.damage,
            "reaction": self.reaction,
        }
        if self.power is not None:
            data["power"] = self.power
        if self.powers is not None:
            data["powers"] = list(self.powers)
        if self.shield is not None:
            data["shield"] = self.shield
        if self.armor is not None:
            data["armor"] = self.armor
        if self.atmosphere is not None:
            data["atmosphere"] = self.atmosphere
        salvo = self.salvo
        if salvo is not None:
            data["rolls"] = list(salvo.rolls)
            data["to_hit"] = salvo.to_hit
            data["hits"] = salvo.hits
            if salvo.per_hit is not None:
                data["per_hit"] = salvo.per_hit
            if salvo.point_defence is not None:
                data["point_defence"] = list(salvo.point_defence)
            if salvo.shot_down is not None:
                data["shot_down"] = salvo.shot_down
        maser = self.maser
        if maser is not None:
            data["maser_type"] = maser.maser_type
            data["shield_type"] = maser.shield_type
            data["effect"] = maser.effect
        return data

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Attack:
        salvo = None
        if "rolls" in data:
            salvo = SalvoNumbers(
                rolls=_ints(data, "rolls"),
                to_hit=_opt_int(data, "to_hit"),
                hits=_opt_int(data, "hits") or 0,
                per_hit=_opt_int(data, "per_hit"),
                point_defence=_ints(data, "point_defence") if "point_defence" in data else None,
                shot_down=_opt_int(data, "shot_down"),
            )
        maser = None
        if "effect" in data:
            maser = MaserNumbers(
                maser_type=_opt_str(data, "maser_type"),
                shield_type=_opt_str(data, "shield_type"),
                effect=_str(data, "effect"),
            )
        return Attack(
            by=_str(data, "by"),
            weapon=_str(data, "weapon"),
            target=_str(data, "target"),
            damage=_int(data, "damage"),
            reaction=_bool(data, "reaction"),
            power=_opt_int(data, "power"),
            powers=_ints(data, "powers") if "powers" in data else None,
            shield=_opt_int(data, "shield"),
            armor=_opt_int(data, "armor"),
            atmosphere=_opt_int(data, "atmosphere"),
            salvo=salvo,
            maser=maser,
        )


@dataclass(frozen=True, slots=True)
class BattleCombatant:
    """A card in a battle as it began: its role (``battle.Role``'s value) and its damage."""

    uid: str
    player: int
    role: str
    damage: int


@dataclass(frozen=True, slots=True)
class BattleStart(Event):
    """``battle_start``: the site (``battle.SiteKind``'s value, the object's type) and the cards."""

    @property
    def kind(self) -> EventKind:
        return EventKind.BATTLE_START

    attacker: int
    defender: int
    site: str
    object_type: str | None
    combatants: tuple[BattleCombatant, ...]

    def data(self) -> dict[str, object]:
        return {
            "attacker": self.attacker,
            "defender": self.defender,
            "site": self.site,
            "object_type": self.object_type,
            "combatants": [
                {"uid": c.uid, "player": c.player, "role": c.role, "damage": c.damage}
                for c in self.combatants
            ],
        }

    @staticmethod
    def from_data(data: Mapping[str, object]) -> BattleStart:
        combatants = tuple(
            BattleCombatant(
                uid=_str(item, "uid"),
                player=_int(item, "player"),
                role=_str(item, "role"),
                damage=_int(item, "damage"),
            )
            for item in _list(data, "combatants")
            if isinstance(item, dict)
        )
        return BattleStart(
            attacker=_int(data, "attacker"),
            defender=_int(data, "defender"),
            site=_str(data, "site"),
            object_type=_opt_str(data, "object_type"),
            combatants=combatants,
        )


@dataclass(frozen=True, slots=True)
class BattleEnded(Event):
    """``battle_end``: how it ended (``battle.BattleEnd``'s value), the cards destroyed (uid,
    cause), withdrawn, the players retreated, the damage left, the boarding rewards, a boarded
    station's fate."""

    @property
    def kind(self) -> EventKind:
        return EventKind.BATTLE_END

    end: str
    winner: int | None
    rounds: int
    destroyed: tuple[tuple[str, str], ...]
    withdrawn: tuple[str, ...]
    retreated: tuple[int, ...]
    damage: tuple[tuple[str, int], ...]
    rewards: tuple[tuple[int, int], ...]
    station_boarded_by: int | None
    station_outcome: str | None

    def data(self) -> dict[str, object]:
        return {
            "end": self.end,
            "winner": self.winner,
            "rounds": self.rounds,
            "destroyed": [list(item) for item in self.destroyed],
            "withdrawn": list(self.withdrawn),
            "retreated": list(self.retreated),
            "damage": dict(self.damage),
            "rewards": {str(player): amount for player, amount in self.rewards},
            "station_boarded_by": self.station_boarded_by,
            "station_outcome": self.station_outcome,
        }

    @staticmethod
    def from_data(data: Mapping[str, object]) -> BattleEnded:
        return BattleEnded(
            end=_opt_str(data, "end") or "",
            winner=_opt_int(data, "winner"),
            rounds=_int(data, "rounds"),
            destroyed=tuple(
                (item[0], item[1]) for item in _strss(data, "destroyed") if len(item) == 2
            ),
            withdrawn=_strs(data, "withdrawn"),
            retreated=_ints(data, "retreated"),
            damage=_pairs_si(data, "damage"),
            rewards=tuple(
                (int(player), amount)
                for player, amount in _pairs_si(data, "rewards")
                if player.isdigit()
            ),
            station_boarded_by=_opt_int(data, "station_boarded_by"),
            station_outcome=_opt_str(data, "station_outcome"),
        )


@dataclass(frozen=True, slots=True)
class Destroyed(Event):
    """``destroyed``: a card lost, and why. In a battle (``in_battle``) the line names the
    card ``uid`` and its ``player``; outside one, ``card`` and its ``owner``."""

    @property
    def kind(self) -> EventKind:
        return EventKind.DESTROYED

    card: str
    player: int
    cause: str
    in_battle: bool

    def data(self) -> dict[str, object]:
        if self.in_battle:
            return {"uid": self.card, "player": self.player, "cause": self.cause}
        return {"card": self.card, "owner": self.player, "cause": self.cause}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Destroyed:
        if "uid" in data:
            return Destroyed(
                card=_str(data, "uid"),
                player=_int(data, "player"),
                cause=_opt_str(data, "cause") or "",
                in_battle=True,
            )
        return Destroyed(
            card=_str(data, "card"),
            player=_int(data, "owner"),
            cause=_opt_str(data, "cause") or "",
            in_battle=False,
        )


@dataclass(frozen=True, slots=True)
class EffectCost:
    """What a play cost (``effects.Cost``): action tokens, resources, a D6 to reach."""

    action_tokens: int
    resources: int
    roll: int | None


@dataclass(frozen=True, slots=True)
class EffectPlayed(Event):
    """``effect``: a card effect played, in a window (``windows.Window``'s value or
    ``on_play``), on a target, at a cost, with the roll it needed and whether it took effect."""

    @property
    def kind(self) -> EventKind:
        return EventKind.EFFECT

    player: int
    effect: str
    name: str
    window: str
    target: str | None
    cost: EffectCost
    roll: int | None
    succeeded: bool

    def data(self) -> dict[str, object]:
        cost = self.cost
        return {
            "player": self.player,
            "effect": self.effect,
            "name": self.name,
            "window": self.window,
            "target": self.target,
            "cost": {
                "action_tokens": cost.action_tokens,
                "resources": cost.resources,
                "roll": cost.roll,
            },
            "roll": self.roll,
            "succeeded": self.succeeded,
        }

    @staticmethod
    def from_data(data: Mapping[str, object]) -> EffectPlayed:
        cost = _mapping(data, "cost")
        return EffectPlayed(
            player=_int(data, "player"),
            effect=_str(data, "effect"),
            name=_str(data, "name"),
            window=_str(data, "window"),
            target=_opt_str(data, "target"),
            cost=EffectCost(
                action_tokens=_opt_int(cost, "action_tokens") or 0,
                resources=_opt_int(cost, "resources") or 0,
                roll=_opt_int(cost, "roll"),
            ),
            roll=_opt_int(data, "roll"),
            succeeded=data.get("succeeded") is not False,
        )


@dataclass(frozen=True, slots=True)
class AbilityDiscarded(Event):
    """``ability_discarded``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.ABILITY_DISCARDED

    player: int
    card: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "card": self.card}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> AbilityDiscarded:
        return AbilityDiscarded(player=_int(data, "player"), card=_str(data, "card"))


@dataclass(frozen=True, slots=True)
class AbilityPreselected(Event):
    """``ability_preselected``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.ABILITY_PRESELECTED

    player: int
    card: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "card": self.card}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> AbilityPreselected:
        return AbilityPreselected(player=_int(data, "player"), card=_str(data, "card"))


@dataclass(frozen=True, slots=True)
class AbilityReplaced(Event):
    """``ability_replaced``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.ABILITY_REPLACED

    player: int
    card: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "card": self.card}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> AbilityReplaced:
        return AbilityReplaced(player=_int(data, "player"), card=_str(data, "card"))


@dataclass(frozen=True, slots=True)
class AbilityVariant(Event):
    """``ability_variant``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.ABILITY_VARIANT

    player: int
    card: str
    variant: int

    def data(self) -> dict[str, object]:
        return {"player": self.player, "card": self.card, "variant": self.variant}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> AbilityVariant:
        return AbilityVariant(
            player=_int(data, "player"), card=_str(data, "card"), variant=_int(data, "variant")
        )


@dataclass(frozen=True, slots=True)
class Battle(Event):
    """``battle``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.BATTLE

    at: str
    attacker: int
    defender: int
    sides: tuple[tuple[str, ...], ...]

    def data(self) -> dict[str, object]:
        return {
            "at": self.at,
            "attacker": self.attacker,
            "defender": self.defender,
            "sides": [list(item) for item in self.sides],
        }

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Battle:
        return Battle(
            at=_str(data, "at"),
            attacker=_int(data, "attacker"),
            defender=_int(data, "defender"),
            sides=_strss(data, "sides"),
        )


@dataclass(frozen=True, slots=True)
class Boarding(Event):
    """``boarding``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.BOARDING

    by: str
    target: str
    rolls: tuple[int, ...]
    totals: tuple[int, ...]
    succeeded: bool

    def data(self) -> dict[str, object]:
        return {
            "by": self.by,
            "target": self.target,
            "rolls": list(self.rolls),
            "totals": list(self.totals),
            "succeeded": self.succeeded,
        }

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Boarding:
        return Boarding(
            by=_str(data, "by"),
            target=_str(data, "target"),
            rolls=_ints(data, "rolls"),
            totals=_ints(data, "totals"),
            succeeded=_bool(data, "succeeded"),
        )


@dataclass(frozen=True, slots=True)
class Built(Event):
    """``built``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.BUILT

    player: int
    card: str
    name: str
    paid: int

    def data(self) -> dict[str, object]:
        return {"player": self.player, "card": self.card, "name": self.name, "paid": self.paid}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Built:
        return Built(
            player=_int(data, "player"),
            card=_str(data, "card"),
            name=_str(data, "name"),
            paid=_int(data, "paid"),
        )


@dataclass(frozen=True, slots=True)
class Cancelled(Event):
    """``cancelled``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.CANCELLED

    player: int
    effect: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "effect": self.effect}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Cancelled:
        return Cancelled(player=_int(data, "player"), effect=_str(data, "effect"))


@dataclass(frozen=True, slots=True)
class Captured(Event):
    """``captured``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.CAPTURED

    card: str
    by: int
    how: str

    def data(self) -> dict[str, object]:
        return {"card": self.card, "by": self.by, "how": self.how}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Captured:
        return Captured(card=_str(data, "card"), by=_int(data, "by"), how=_str(data, "how"))


@dataclass(frozen=True, slots=True)
class Choice(Event):
    """``choice``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.CHOICE

    player: int
    decision: DecisionKind | str  # the line's ``kind`` (a kind no longer known: its name)
    key: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "kind": self.decision, "key": self.key}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Choice:
        return Choice(
            player=_int(data, "player"),
            decision=_decision(_str(data, "kind")),
            key=_str(data, "key"),
        )


@dataclass(frozen=True, slots=True)
class Commander(Event):
    """``commander``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.COMMANDER

    player: int
    at: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "at": self.at}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Commander:
        return Commander(player=_int(data, "player"), at=_str(data, "at"))


@dataclass(frozen=True, slots=True)
class CommercialRun(Event):
    """``commercial_run``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.COMMERCIAL_RUN

    player: int
    card: str
    reward: int
    reward_kind: str
    tokens: int
    action: str
    target: str
    roll: int | None = None

    def data(self) -> dict[str, object]:
        data: dict[str, object] = {
            "player": self.player,
            "card": self.card,
            "reward": self.reward,
            "reward_kind": self.reward_kind,
            "tokens": self.tokens,
            "action": self.action,
            "target": self.target,
        }
        if self.roll is not None:
            data["roll"] = self.roll
        return data

    @staticmethod
    def from_data(data: Mapping[str, object]) -> CommercialRun:
        return CommercialRun(
            player=_opt_int(data, "player") or 0,
            card=_str(data, "card"),
            reward=_int(data, "reward"),
            reward_kind=_str(data, "reward_kind"),
            tokens=_opt_int(data, "tokens") or 0,
            action=_opt_str(data, "action") or "",
            target=_str(data, "target"),
            roll=_int(data, "roll") if "roll" in data else None,
        )


@dataclass(frozen=True, slots=True)
class Draw(Event):
    """``draw``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.DRAW

    cards: int
    decks: tuple[int, ...]

    def data(self) -> dict[str, object]:
        return {"cards": self.cards, "decks": list(self.decks)}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Draw:
        return Draw(cards=_int(data, "cards"), decks=_ints(data, "decks"))


@dataclass(frozen=True, slots=True)
class EchelonEnter(Event):
    """``echelon_enter``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.ECHELON_ENTER

    player: int
    uids: tuple[str, ...]

    def data(self) -> dict[str, object]:
        return {"player": self.player, "uids": list(self.uids)}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> EchelonEnter:
        return EchelonEnter(player=_int(data, "player"), uids=_strs(data, "uids"))


@dataclass(frozen=True, slots=True)
class Escort(Event):
    """``escort``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.ESCORT

    player: int
    card: str
    to: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "card": self.card, "to": self.to}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Escort:
        return Escort(player=_int(data, "player"), card=_str(data, "card"), to=_str(data, "to"))


@dataclass(frozen=True, slots=True)
class Evade(Event):
    """``evade``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.EVADE

    uid: str
    attacker: str
    weapon: str

    def data(self) -> dict[str, object]:
        return {"uid": self.uid, "attacker": self.attacker, "weapon": self.weapon}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Evade:
        return Evade(
            uid=_str(data, "uid"), attacker=_str(data, "attacker"), weapon=_str(data, "weapon")
        )


@dataclass(frozen=True, slots=True)
class Exchange(Event):
    """``exchange``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.EXCHANGE

    player: int
    tokens: int

    def data(self) -> dict[str, object]:
        return {"player": self.player, "tokens": self.tokens}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Exchange:
        return Exchange(player=_int(data, "player"), tokens=_int(data, "tokens"))


@dataclass(frozen=True, slots=True)
class IncreaseDistance(Event):
    """``increase_distance``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.INCREASE_DISTANCE

    player: int
    range: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "range": self.range}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> IncreaseDistance:
        return IncreaseDistance(player=_int(data, "player"), range=_str(data, "range"))


@dataclass(frozen=True, slots=True)
class Initiative(Event):
    """``initiative``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.INITIATIVE

    priority: int
    rolls: tuple[tuple[int, ...], ...]

    def data(self) -> dict[str, object]:
        return {"priority": self.priority, "rolls": [list(item) for item in self.rolls]}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Initiative:
        return Initiative(priority=_int(data, "priority"), rolls=_intss(data, "rolls"))


@dataclass(frozen=True, slots=True)
class Landing(Event):
    """``landing``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.LANDING

    player: int
    ships: tuple[str, ...]
    force: int
    units: tuple[str, ...]

    def data(self) -> dict[str, object]:
        return {
            "player": self.player,
            "ships": list(self.ships),
            "force": self.force,
            "units": list(self.units),
        }

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Landing:
        return Landing(
            player=_int(data, "player"),
            ships=_strs(data, "ships"),
            force=_int(data, "force"),
            units=_strs(data, "units"),
        )


@dataclass(frozen=True, slots=True)
class LeftBattle(Event):
    """``left_battle``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.LEFT_BATTLE

    player: int
    cards: tuple[str, ...]
    to: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "cards": list(self.cards), "to": self.to}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> LeftBattle:
        return LeftBattle(
            player=_int(data, "player"), cards=_strs(data, "cards"), to=_str(data, "to")
        )


@dataclass(frozen=True, slots=True)
class LightDuel(Event):
    """``light_duel``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.LIGHT_DUEL

    attacker: str
    target: str
    rolls: tuple[int, ...]
    totals: tuple[int, ...]
    hits: bool
    counter: bool

    def data(self) -> dict[str, object]:
        return {
            "attacker": self.attacker,
            "target": self.target,
            "rolls": list(self.rolls),
            "totals": list(self.totals),
            "hits": self.hits,
            "counter": self.counter,
        }

    @staticmethod
    def from_data(data: Mapping[str, object]) -> LightDuel:
        return LightDuel(
            attacker=_str(data, "attacker"),
            target=_str(data, "target"),
            rolls=_ints(data, "rolls"),
            totals=_ints(data, "totals"),
            hits=_bool(data, "hits"),
            counter=_bool(data, "counter"),
        )


@dataclass(frozen=True, slots=True)
class MatchStarted(Event):
    """``match``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.MATCH

    engine: str
    seed: int
    decks: tuple[str, ...]
    agents: tuple[str, ...]

    def data(self) -> dict[str, object]:
        return {
            "engine": self.engine,
            "seed": self.seed,
            "decks": list(self.decks),
            "agents": list(self.agents),
        }

    @staticmethod
    def from_data(data: Mapping[str, object]) -> MatchStarted:
        return MatchStarted(
            engine=_str(data, "engine"),
            seed=_int(data, "seed"),
            decks=_strs(data, "decks"),
            agents=_strs(data, "agents"),
        )


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """``moved``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.MOVED

    player: int
    card: str
    frm: str | None
    to: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "card": self.card, "frm": self.frm, "to": self.to}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Moved:
        return Moved(
            player=_int(data, "player"),
            card=_str(data, "card"),
            frm=_opt_str(data, "frm"),
            to=_str(data, "to"),
        )


@dataclass(frozen=True, slots=True)
class Nova(Event):
    """``nova``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.NOVA

    by: str
    rolls: tuple[int, ...]
    fired: bool
    count: int | None = None
    targets: tuple[str, ...] | None = None

    def data(self) -> dict[str, object]:
        data: dict[str, object] = {"by": self.by, "rolls": list(self.rolls), "fired": self.fired}
        if self.count is not None:
            data["count"] = self.count
        if self.targets is not None:
            data["targets"] = list(self.targets)
        return data

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Nova:
        return Nova(
            by=_str(data, "by"),
            rolls=_ints(data, "rolls"),
            fired=_bool(data, "fired"),
            count=_int(data, "count") if "count" in data else None,
            targets=_strs(data, "targets") if "targets" in data else None,
        )


@dataclass(frozen=True, slots=True)
class OtherIncome(Event):
    """``other_income``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.OTHER_INCOME

    player: int
    resources: int

    def data(self) -> dict[str, object]:
        return {"player": self.player, "resources": self.resources}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> OtherIncome:
        return OtherIncome(player=_int(data, "player"), resources=_int(data, "resources"))


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """``placed``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.PLACED

    player: int
    card: str
    at: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "card": self.card, "at": self.at}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Placed:
        return Placed(player=_int(data, "player"), card=_str(data, "card"), at=_str(data, "at"))


@dataclass(frozen=True, slots=True)
class PositionSet(Event):
    """``position``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.POSITION

    turn: int
    phase: str
    priority: int
    cards: tuple[tuple[str, str], ...]

    def data(self) -> dict[str, object]:
        return {
            "turn": self.turn,
            "phase": self.phase,
            "priority": self.priority,
            "cards": dict(self.cards),
        }

    @staticmethod
    def from_data(data: Mapping[str, object]) -> PositionSet:
        return PositionSet(
            turn=_int(data, "turn"),
            phase=_str(data, "phase"),
            priority=_int(data, "priority"),
            cards=_pairs_ss(data, "cards"),
        )


@dataclass(frozen=True, slots=True)
class Priority(Event):
    """``priority``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.PRIORITY

    player: int

    def data(self) -> dict[str, object]:
        return {"player": self.player}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Priority:
        return Priority(player=_int(data, "player"))


@dataclass(frozen=True, slots=True)
class Production(Event):
    """``production``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.PRODUCTION

    player: int
    card: str
    paid: int
    tokens: int

    def data(self) -> dict[str, object]:
        return {"player": self.player, "card": self.card, "paid": self.paid, "tokens": self.tokens}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Production:
        return Production(
            player=_int(data, "player"),
            card=_str(data, "card"),
            paid=_int(data, "paid"),
            tokens=_int(data, "tokens"),
        )


@dataclass(frozen=True, slots=True)
class Ram(Event):
    """``ram``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.RAM

    by: str
    target: str
    damage: int
    damage_to_rammer: int

    def data(self) -> dict[str, object]:
        return {
            "by": self.by,
            "target": self.target,
            "damage": self.damage,
            "damage_to_rammer": self.damage_to_rammer,
        }

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Ram:
        return Ram(
            by=_str(data, "by"),
            target=_str(data, "target"),
            damage=_int(data, "damage"),
            damage_to_rammer=_int(data, "damage_to_rammer"),
        )


@dataclass(frozen=True, slots=True)
class RamDodge(Event):
    """``ram_dodge``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.RAM_DODGE

    uid: str
    roll: int
    dodged: bool

    def data(self) -> dict[str, object]:
        return {"uid": self.uid, "roll": self.roll, "dodged": self.dodged}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> RamDodge:
        return RamDodge(
            uid=_str(data, "uid"), roll=_int(data, "roll"), dodged=_bool(data, "dodged")
        )


@dataclass(frozen=True, slots=True)
class Redeal(Event):
    """``redeal``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.REDEAL

    player: int
    cards: int

    def data(self) -> dict[str, object]:
        return {"player": self.player, "cards": self.cards}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Redeal:
        return Redeal(player=_int(data, "player"), cards=_int(data, "cards"))


@dataclass(frozen=True, slots=True)
class Reroll(Event):
    """``reroll``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.REROLL

    player: int
    purpose: str
    first: int
    second: int
    need: int | None

    def data(self) -> dict[str, object]:
        return {
            "player": self.player,
            "purpose": self.purpose,
            "first": self.first,
            "second": self.second,
            "need": self.need,
        }

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Reroll:
        return Reroll(
            player=_int(data, "player"),
            purpose=_str(data, "purpose"),
            first=_int(data, "first"),
            second=_int(data, "second"),
            need=_opt_int(data, "need"),
        )


@dataclass(frozen=True, slots=True)
class Resources(Event):
    """``resources``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.RESOURCES

    player: int
    resources: int
    tokens: int

    def data(self) -> dict[str, object]:
        return {"player": self.player, "resources": self.resources, "tokens": self.tokens}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Resources:
        return Resources(
            player=_int(data, "player"),
            resources=_int(data, "resources"),
            tokens=_int(data, "tokens"),
        )


@dataclass(frozen=True, slots=True)
class ResumeClosing(Event):
    """``resume_closing``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.RESUME_CLOSING

    player: int
    range: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "range": self.range}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> ResumeClosing:
        return ResumeClosing(player=_int(data, "player"), range=_str(data, "range"))


@dataclass(frozen=True, slots=True)
class Retreat(Event):
    """``retreat``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.RETREAT

    reason: str
    players: tuple[int, ...]

    def data(self) -> dict[str, object]:
        return {"reason": self.reason, "players": list(self.players)}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Retreat:
        return Retreat(reason=_str(data, "reason"), players=_ints(data, "players"))


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """``revealed``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.REVEALED

    player: int
    card: str
    name: str
    frm: Zone
    to: Zone

    def data(self) -> dict[str, object]:
        return {
            "player": self.player,
            "card": self.card,
            "name": self.name,
            "frm": self.frm.value,
            "to": self.to.value,
        }

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Revealed:
        return Revealed(
            player=_int(data, "player"),
            card=_str(data, "card"),
            name=_str(data, "name"),
            frm=Zone(_str(data, "frm")),
            to=Zone(_str(data, "to")),
        )


@dataclass(frozen=True, slots=True)
class RoundEnd(Event):
    """``round_end``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.ROUND_END

    round: int
    range: str
    damage: tuple[tuple[str, int], ...]

    def data(self) -> dict[str, object]:
        return {"round": self.round, "range": self.range, "damage": dict(self.damage)}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> RoundEnd:
        return RoundEnd(
            round=_int(data, "round"), range=_str(data, "range"), damage=_pairs_si(data, "damage")
        )


@dataclass(frozen=True, slots=True)
class RoundStart(Event):
    """``round_start``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.ROUND_START

    round: int
    range: str

    def data(self) -> dict[str, object]:
        return {"round": self.round, "range": self.range}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> RoundStart:
        return RoundStart(round=_int(data, "round"), range=_str(data, "range"))


@dataclass(frozen=True, slots=True)
class SecondEchelon(Event):
    """``second_echelon``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.SECOND_ECHELON

    uid: str
    player: int

    def data(self) -> dict[str, object]:
        return {"uid": self.uid, "player": self.player}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> SecondEchelon:
        return SecondEchelon(uid=_str(data, "uid"), player=_int(data, "player"))


@dataclass(frozen=True, slots=True)
class Setup(Event):
    """``setup``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.SETUP

    commanders: tuple[str, ...]
    initiative: tuple[int, ...]
    deck_sizes: tuple[int, ...]

    def data(self) -> dict[str, object]:
        return {
            "commanders": list(self.commanders),
            "initiative": list(self.initiative),
            "deck_sizes": list(self.deck_sizes),
        }

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Setup:
        return Setup(
            commanders=_strs(data, "commanders"),
            initiative=_ints(data, "initiative"),
            deck_sizes=_ints(data, "deck_sizes"),
        )


@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    """``shuffled``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.SHUFFLED

    player: int

    def data(self) -> dict[str, object]:
        return {"player": self.player}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Shuffled:
        return Shuffled(player=_int(data, "player"))


@dataclass(frozen=True, slots=True)
class SituationDiscarded(Event):
    """``situation_discarded``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.SITUATION_DISCARDED

    player: int
    card: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "card": self.card}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> SituationDiscarded:
        return SituationDiscarded(player=_int(data, "player"), card=_str(data, "card"))


@dataclass(frozen=True, slots=True)
class SmugglingFailed(Event):
    """``smuggling_failed``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.SMUGGLING_FAILED

    player: int
    card: str
    roll: int

    def data(self) -> dict[str, object]:
        return {"player": self.player, "card": self.card, "roll": self.roll}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> SmugglingFailed:
        return SmugglingFailed(
            player=_int(data, "player"), card=_str(data, "card"), roll=_int(data, "roll")
        )


@dataclass(frozen=True, slots=True)
class Static(Event):
    """``static``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.STATIC

    player: int
    card: str
    index: int

    def data(self) -> dict[str, object]:
        return {"player": self.player, "card": self.card, "index": self.index}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Static:
        return Static(
            player=_int(data, "player"), card=_str(data, "card"), index=_int(data, "index")
        )


@dataclass(frozen=True, slots=True)
class StopClosing(Event):
    """``stop_closing``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.STOP_CLOSING

    player: int
    range: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "range": self.range}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> StopClosing:
        return StopClosing(player=_int(data, "player"), range=_str(data, "range"))


@dataclass(frozen=True, slots=True)
class TacticalSuperiority(Event):
    """``tactical_superiority``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.TACTICAL_SUPERIORITY

    player: int
    rounds: int
    range: str

    def data(self) -> dict[str, object]:
        return {"player": self.player, "rounds": self.rounds, "range": self.range}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> TacticalSuperiority:
        return TacticalSuperiority(
            player=_int(data, "player"), rounds=_int(data, "rounds"), range=_str(data, "range")
        )


@dataclass(frozen=True, slots=True)
class Turn(Event):
    """``turn``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.TURN

    turn: int

    def data(self) -> dict[str, object]:
        return {"turn": self.turn}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Turn:
        return Turn(turn=_int(data, "turn"))


@dataclass(frozen=True, slots=True)
class Upgraded(Event):
    """``upgraded``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.UPGRADED

    player: int
    card: str
    host: str | None

    def data(self) -> dict[str, object]:
        return {"player": self.player, "card": self.card, "host": self.host}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Upgraded:
        return Upgraded(
            player=_int(data, "player"), card=_str(data, "card"), host=_opt_str(data, "host")
        )


@dataclass(frozen=True, slots=True)
class Victory(Event):
    """``victory``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.VICTORY

    termination: str
    winner: int | None
    turn: int
    reason: str

    @staticmethod
    def of(outcome: Outcome) -> Victory:
        return Victory(outcome.termination.value, outcome.winner, outcome.turn, outcome.reason)

    def data(self) -> dict[str, object]:
        return {
            "termination": self.termination,
            "winner": self.winner,
            "turn": self.turn,
            "reason": self.reason,
        }

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Victory:
        return Victory(
            termination=_opt_str(data, "termination") or "",
            winner=_opt_int(data, "winner"),
            turn=_int(data, "turn"),
            reason=_opt_str(data, "reason") or "",
        )


@dataclass(frozen=True, slots=True)
class Withdraw(Event):
    """``withdraw``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.WITHDRAW

    uid: str
    player: int
    allowed: bool

    def data(self) -> dict[str, object]:
        return {"uid": self.uid, "player": self.player, "allowed": self.allowed}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> Withdraw:
        return Withdraw(
            uid=_str(data, "uid"),
            player=_int(data, "player"),
            allowed=data.get("allowed") is not False,
        )


@dataclass(frozen=True, slots=True)
class WithdrawRefused(Event):
    """``withdraw_refused``"""

    @property
    def kind(self) -> EventKind:
        return EventKind.WITHDRAW_REFUSED

    uid: str
    player: int

    def data(self) -> dict[str, object]:
        return {"uid": self.uid, "player": self.player}

    @staticmethod
    def from_data(data: Mapping[str, object]) -> WithdrawRefused:
        return WithdrawRefused(uid=_str(data, "uid"), player=_int(data, "player"))


# The reader of each kind of a stored log's line.
READERS: dict[EventKind, Callable[[Mapping[str, object]], Event]] = {
    EventKind.ABILITY_PRESELECTED: AbilityPreselected.from_data,
    EventKind.ABILITY_REPLACED: AbilityReplaced.from_data,
    EventKind.ABILITY_VARIANT: AbilityVariant.from_data,
    EventKind.ATTACK: Attack.from_data,
    EventKind.BATTLE: Battle.from_data,
    EventKind.BATTLE_END: BattleEnded.from_data,
    EventKind.BATTLE_START: BattleStart.from_data,
    EventKind.BOARDING: Boarding.from_data,
    EventKind.BUILT: Built.from_data,
    EventKind.CANCELLED: Cancelled.from_data,
    EventKind.CAPTURED: Captured.from_data,
    EventKind.CHOICE: Choice.from_data,
    EventKind.COMMANDER: Commander.from_data,
    EventKind.COMMERCIAL_RUN: CommercialRun.from_data,
    EventKind.DESTROYED: Destroyed.from_data,
    EventKind.DRAW: Draw.from_data,
    EventKind.ECHELON_ENTER: EchelonEnter.from_data,
    EventKind.EFFECT: EffectPlayed.from_data,
    EventKind.ESCORT: Escort.from_data,
    EventKind.EVADE: Evade.from_data,
    EventKind.EXCHANGE: Exchange.from_data,
    EventKind.INCREASE_DISTANCE: IncreaseDistance.from_data,
    EventKind.INITIATIVE: Initiative.from_data,
    EventKind.LANDING: Landing.from_data,
    EventKind.LEFT_BATTLE: LeftBattle.from_data,
    EventKind.LIGHT_DUEL: LightDuel.from_data,
    EventKind.MATCH: MatchStarted.from_data,
    EventKind.MOVED: Moved.from_data,
    EventKind.NOVA: Nova.from_data,
    EventKind.OTHER_INCOME: OtherIncome.from_data,
    EventKind.PLACED: Placed.from_data,
    EventKind.POSITION: PositionSet.from_data,
    EventKind.PRIORITY: Priority.from_data,
    EventKind.PRODUCTION: Production.from_data,
    EventKind.RAM: Ram.from_data,
    EventKind.RAM_DODGE: RamDodge.from_data,
    EventKind.REDEAL: Redeal.from_data,
    EventKind.REROLL: Reroll.from_data,
    EventKind.RESOURCES: Resources.from_data,
    EventKind.RESUME_CLOSING: ResumeClosing.from_data,
    EventKind.RETREAT: Retreat.from_data,
    EventKind.REVEALED: Revealed.from_data,
    EventKind.ROUND_END: RoundEnd.from_data,
    EventKind.ROUND_START: RoundStart.from_data,
    EventKind.SECOND_ECHELON: SecondEchelon.from_data,
    EventKind.SETUP: Setup.from_data,
    EventKind.SHUFFLED: Shuffled.from_data,
    EventKind.SITUATION_DISCARDED: SituationDiscarded.from_data,
    EventKind.SMUGGLING_FAILED: SmugglingFailed.from_data,
    EventKind.STATIC: Static.from_data,
    EventKind.STOP_CLOSING: StopClosing.from_data,
    EventKind.TACTICAL_SUPERIORITY: TacticalSuperiority.from_data,
    EventKind.TURN: Turn.from_data,
    EventKind.UPGRADED: Upgraded.from_data,
    EventKind.VICTORY: Victory.from_data,
    EventKind.WITHDRAW: Withdraw.from_data,
    EventKind.WITHDRAW_REFUSED: WithdrawRefused.from_data,
    EventKind.ABILITY_DISCARDED: AbilityDiscarded.from_data,
}


def event_from_dict(data: Mapping[str, object]) -> Event | None:
    """The record of a log line read back from JSON (a stored match, a ``.jsonl`` file):
    ``None`` for a ``type`` this engine does not know. Keys a line lacks read as empty."""
    type_ = data.get("type")
    if not isinstance(type_, str) or type_ not in _KINDS:
        return None
    return READERS[EventKind(type_)](data)


_KINDS = frozenset(kind.value for kind in EventKind)
