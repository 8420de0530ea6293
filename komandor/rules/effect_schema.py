"""The effect language (docs/effects.md): card effects as plain data, checked once.

``read_effects`` turns the JSON-compatible ``effects`` of a card (or one ability variant) into
immutable ``EffectSpec`` values and reports *every* problem as ``(path, code, message)`` with
the path of the bad part (``effects.0.targets.size``) and the rule it breaks. ``cards.py`` calls
it from ``card_from_dict``, so the loader, the admin and the API reject a bad effect alike.
``effect_to_dict`` gives the canonical form back (``card_to_dict``); the two round-trip.

>>> specs, problems = read_effects([{"when": "round_start", "targets": {"side": "own",
...     "kind": "ship", "size": "ЛК"}, "actions": [{"do": "modify", "stat": "speed", "by": 2,
...     "until": "round"}]}], "effects", kind="situation")
>>> problems, specs[0].targets.sizes, specs[0].actions[0].until
([], ('LK',), 'round')
>>> read_effects([{"when": "dawn", "actions": []}], "effects", kind="ship")[1][0][:2]
('effects.0.when', 'bad_choice')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from komandor.rules.vocabulary import BOOK_QUOTES, SIZE_LETTERS
from komandor.rules.windows import ATTACK_WINDOWS, BATTLE_WINDOWS, Window

STATIC = "static"
ON_PLAY = "on_play"
WHEN_VALUES = (*(w.value for w in Window), STATIC, ON_PLAY)

SIDES = ("own", "enemy", "any")
SPECIFIC = ("self", "host", "carrier", "attacker", "attacked")
TARGET_KINDS = (
    "ship",
    "space_object",
    "station",
    "ground_unit",
    "military_building",
    "civil_building",
)
_SIZE_ALIASES = {"LK": "LK", "SK": "SK", "TK": "TK", **SIZE_LETTERS}  # and the book's «ЛК»…
# Problem templates quoting the book's Russian (vocabulary.json); the Django side translates
# them by their text (content/runtime_texts.py).
SIZE_CLASS_PROBLEM = (
    f"%(value)s is not a size class; accepted: LK, SK, TK ({', '.join(SIZE_LETTERS)})"
)
ENTER_WINDOW_PROBLEM = (
    "enter lets a situation card be played in the windows its text names (SIT-1: "
    f"«{BOOK_QUOTES['SIT-1']}»): only on a situation card, with a window"
)
OBJECT_TYPES = ("planet", "asteroid", "station", "other")
WEAPONS = (
    "plasma",
    "turbolaser",
    "maser",
    "lasers",
    "missiles",
    "torpedoes",
    "nova",
    "bombs",
    "boarding",
    "landing",
)
PROPERTIES = ("commercial_run", "escort", "smuggling_run", "evasive_manoeuvre")
PLACES = ("battle", "place", "orbit", "sector")
TARGET_ZONES = ("play", "production")
SEARCH_ZONES = ("deck", "losses")
TO_DECK_ZONES = ("hand", "losses", "play")  # SPECIAL-10: «из руки (потерь, со стола) в колоду»
CHOOSERS = ("self", "opponent")
PLAYERS = ("self", "opponent")
RANGES = ("long", "medium", "short")
SITES = ("orbit", "open_space")
ROLES = ("attacker", "defender")
STATS = ("strength", "critical", "armor", "speed", "shield", "crew", *WEAPONS)
UNTIL = ("round", "battle", "phase", "turn", "attached", "permanent")
RULES = ("enter_enemy_sector", "play_tactical")
VICTORIES = ("pirate", "trader", "procurator")
ROLL_PURPOSES = (
    "effect",
    "smuggling",
    "initiative",
    "salvo",
    "point_defence",
    "duel",
    "boarding",
    "ram_dodge",
    "nova_fire",
    "nova_count",
)
# Actions on the chosen cards; the others act on a player.
CARD_ACTIONS = ("damage", "repair", "modify", "tap", "untap", "move", "destroy")
PLAYER_ACTIONS = (
    "draw",
    "search",
    "to_deck",
    "enter",
    "gain",
    "lose",
    "initiative",
    "cancel",
    "permit",
    "forbid",
    "reroll",
    "victory",
)
ACTIONS = CARD_ACTIONS + PLAYER_ACTIONS
_ACTION_KEYS: dict[str, tuple[str, ...]] = {
    "damage": ("amount",),
    "repair": ("amount",),
    "modify": ("stat", "by", "until"),
    "tap": (),
    "untap": (),
    "move": ("to",),
    "destroy": (),
    "draw": ("count", "player"),
    "search": ("from", "select", "count"),
    "to_deck": ("from", "select", "count"),
    "enter": (),
    "gain": ("resources", "action_tokens", "player"),
    "lose": ("resources", "action_tokens", "player"),
    "initiative": ("by", "until"),
    "cancel": (),
    "permit": ("rule", "until"),
    "forbid": ("rule", "card", "player", "until"),
    "reroll": ("count", "purposes", "until"),
    "victory": ("condition",),
}
_EFFECT_KEYS = ("when", "cost", "condition", "targets", "actions", "stacks")
SELECTOR_KEYS = (
    "side",
    "is",
    "kind",
    "size",
    "class",
    "name",
    "object_type",
    "damaged",
    "tapped",
    "weapon",
    "property",
    "in",
    "zone",
    "count",
    "chooser",
    "any_of",
)
CONDITION_KEYS = ("range", "site", "role", "attack", "count", "self", "turn", "destroyed")
_MAX_AMOUNT = 99  # no printed figure comes near; keeps data sane


# ---------------------------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EffectCost:
    action_tokens: int = 0
    resources: int = 0
    roll: int | None = None  # «на кубике D6 выбросить не менее» (DICE-3)

    @property
    def is_free(self) -> bool:
        return not (self.action_tokens or self.resources or self.roll)


@dataclass(frozen=True, slots=True)
class Selector:
    """Which cards an effect acts on; every given part must hold (``any_of``: one of them)."""

    side: str | None = None
    is_: str | None = None
    kinds: tuple[str, ...] = ()
    sizes: tuple[str, ...] = ()
    ship_class: str | None = None
    name: str | None = None
    object_types: tuple[str, ...] = ()
    damaged: bool | None = None
    tapped: bool | None = None
    weapon: str | None = None
    property: str | None = None
    in_: str | None = None
    zone: str = "play"
    count: int | None = 1  # None: all of them
    chooser: str = "self"
    any_of: tuple[Selector, ...] = ()


@dataclass(frozen=True, slots=True)
class AttackCondition:
    by: str | None = None  # own / enemy
    weapons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CountCondition:
    of: Selector
    min: int | None = None
    max: int | None = None


@dataclass(frozen=True, slots=True)
class SelfCondition:
    damaged: bool | None = None
    in_: str | None = None  # orbit / sector
    object_type: str | None = None  # of the object whose orbit it is on


@dataclass(frozen=True, slots=True)
class Condition:
    ranges: tuple[str, ...] = ()
    site: str | None = None
    role: str | None = None
    attack: AttackCondition | None = None
    count: CountCondition | None = None
    self_: SelfCondition | None = None
    turn_min: int | None = None
    destroyed: str | None = None  # ship_destroyed: whose ship (own / enemy)


@dataclass(frozen=True, slots=True)
class Action:
    do: str
    amount: int | None = None  # damage, repair (None with repair: all of it)
    stat: str | None = None
    by: int = 0
    until: str | None = None
    count: int = 1
    player: str = "self"
    zone: str | None = None  # search: deck / losses; to_deck: hand / losses / play
    select: Selector | None = None
    resources: int = 0
    action_tokens: int = 0
    to: str | None = None
    rule: str | None = None
    card: str | None = None
    purposes: tuple[str, ...] | None = None
    victory: str | None = None


@dataclass(frozen=True, slots=True)
class EffectSpec:
    when: tuple[str, ...]
    actions: tuple[Action, ...]
    cost: EffectCost = field(default_factory=EffectCost)
    condition: Condition | None = None
    targets: Selector | None = None
    stacks: bool = False

    @property
    def is_static(self) -> bool:
        return self.when == (STATIC,)

    @property
    def is_on_play(self) -> bool:
        return self.when == (ON_PLAY,)

    @property
    def windows(self) -> frozenset[Window]:
        return frozenset(Window(w) for w in self.when if w not in (STATIC, ON_PLAY))


class Problem(NamedTuple):
    """One problem of an ``effects`` list. ``message`` is English and starts with the path;
    ``template`` and ``params`` are the message without the path, for a reader in another
    language: the template is a printf-style string with named fields (``%(value)s``), and the
    ``what`` parameter, where there is one, names the expected thing in words."""

    path: str
    code: str
    message: str
    template: str = ""
    params: tuple[tuple[str, str], ...] = ()


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------


class _Reader:
    """Collects every problem of one ``effects`` list."""

    __slots__ = ("kind", "problems")

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.problems: list[Problem] = []

    def add(self, path: str, code: str, template: str, **params: object) -> None:
        words = {name: str(value) for name, value in params.items()}
        message = template % words if words else template
        self.problems.append(
            Problem(path, code, f"{path}: {message}", template, tuple(words.items()))
        )

    def mapping(self, value: Any, path: str, allowed: Sequence[str]) -> Mapping[str, Any] | None:
        if not isinstance(value, Mapping):
            self.add(
                path, "not_an_object", "%(value)s is not an object with fields", value=repr(value)
            )
            return None
        for key in value:
            if key not in allowed:
                self.add(
                    f"{path}.{key}",
                    "unknown_field",
                    "unknown field; takes: %(allowed)s",
                    allowed=", ".join(allowed),
                )
        return value

    def choice(self, value: Any, path: str, allowed: Sequence[str], what: str) -> str | None:
        if isinstance(value, str) and value in allowed:
            return value
        self.add(
            path,
            "bad_choice",
            "%(value)s is not %(what)s; accepted: %(allowed)s",
            value=repr(value),
            what=what,
            allowed=", ".join(allowed),
        )
        return None

    def choices(self, value: Any, path: str, allowed: Sequence[str], what: str) -> tuple[str, ...]:
        items = value if isinstance(value, list | tuple) else [value]
        if not items:
            self.add(path, "required", "give at least one: %(what)s", what=what)
        picked = [self.choice(item, path, allowed, what) for item in items]
        return tuple(dict.fromkeys(p for p in picked if p is not None))

    def number(
        self, value: Any, path: str, *, minimum: int = 0, signed: bool = False
    ) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(path, "not_a_number", "%(value)s is not a whole number", value=repr(value))
            return None
        low = -_MAX_AMOUNT if signed else minimum
        if value < low or value > _MAX_AMOUNT or (signed and value == 0):
            template = "%(value)s is out of range: must be from %(low)s to %(high)s"
            if signed:
                template += ", not 0"
            self.add(path, "out_of_range", template, value=value, low=low, high=_MAX_AMOUNT)
            return None
        return value

    def flag(self, value: Any, path: str) -> bool | None:
        if isinstance(value, bool):
            return value
        self.add(path, "not_a_bool", "%(value)s is not true or false", value=repr(value))
        return None

    def text(self, value: Any, path: str) -> str | None:
        if isinstance(value, str) and value.strip():
            return value.strip()
        self.add(path, "not_text", "%(value)s is not a name", value=repr(value))
        return None


def read_effects(
    raw: Any, path: str, *, kind: str, upgrade: bool = False
) -> tuple[tuple[EffectSpec, ...], list[Problem]]:
    """Check a card's ``effects`` list (``kind`` is the card kind, ``ability`` for a variant)."""
    reader = _Reader(kind)
    if not isinstance(raw, list | tuple):
        reader.add(path, "not_a_list", "%(value)s is not a list of effects", value=repr(raw))
        return (), reader.problems
    specs = [_effect(reader, item, f"{path}.{index}") for index, item in enumerate(raw)]
    if kind == "tactical" and len(raw) != 1:
        reader.add(
            path,
            "one_tactical_effect",
            "a tactical card is played once and then lost (TACT-2): give exactly one effect, "
            "got %(count)s",
            count=len(raw),
        )
    done = tuple(spec for spec in specs if spec is not None)
    return (done if not reader.problems else ()), reader.problems


def _effect(reader: _Reader, raw: Any, path: str) -> EffectSpec | None:
    data = reader.mapping(raw, path, _EFFECT_KEYS)
    if data is None:
        return None
    before = len(reader.problems)
    when = _when(reader, data.get("when"), f"{path}.when")
    cost = EffectCost()
    if data.get("cost") is not None:
        if reader.kind in ("tactical", "situation"):
            reader.add(
                f"{path}.cost",
                "cost_is_printed",
                "a %(kind)s card's cost is printed on the card (its action_tokens, "
                "resources or dice: TACT-3, TACT-4, SIT-2), not on its effect",
                kind=reader.kind,
            )
        else:
            cost = _cost(reader, data["cost"], f"{path}.cost")
    condition = None
    if data.get("condition") is not None:
        condition = _condition(reader, data["condition"], f"{path}.condition", when)
    targets = None
    if data.get("targets") is not None:
        targets = _selector(reader, data["targets"], f"{path}.targets", when, top=True)
    # A bad selector is reported once; the actions are checked as if it had been given.
    given = targets if targets is not None or "targets" not in data else Selector(side="any")
    actions = _actions(reader, data.get("actions"), f"{path}.actions", when, given)
    if any(a.do == "enter" for a in actions) and (len(actions) > 1 or targets is not None):
        reader.add(
            f"{path}.actions",
            "enter_alone",
            "enter is the card's own play: give it alone, without targets",
        )
    stacks = False
    if data.get("stacks") is not None:
        stacks = bool(reader.flag(data["stacks"], f"{path}.stacks"))
    if reader.kind == "tactical" and when and (STATIC in when or ON_PLAY in when):
        reader.add(
            f"{path}.when",
            "tactical_needs_window",
            "a tactical card's text says when it can be played (TACT-1): name a window",
        )
    if len(reader.problems) > before or not when:
        return None
    return EffectSpec(when, actions, cost, condition, targets, stacks)


def _when(reader: _Reader, raw: Any, path: str) -> tuple[str, ...]:
    if raw is None:
        reader.add(path, "required", "is required: a window, a list of windows, static or on_play")
        return ()
    when = reader.choices(raw, path, WHEN_VALUES, "a window (docs/effects.md)")
    if len(when) > 1 and (STATIC in when or ON_PLAY in when):
        reader.add(path, "static_alone", "static and on_play stand alone, not among windows")
        return ()
    return when


def _cost(reader: _Reader, raw: Any, path: str) -> EffectCost:
    data = reader.mapping(raw, path, ("action_tokens", "resources", "roll"))
    if data is None:
        return EffectCost()
    tokens = reader.number(data.get("action_tokens", 0), f"{path}.action_tokens") or 0
    resources = reader.number(data.get("resources", 0), f"{path}.resources") or 0
    roll = None
    if data.get("roll") is not None:
        roll = reader.number(data["roll"], f"{path}.roll", minimum=1)
        if roll is not None and roll > 6:
            reader.add(
                f"{path}.roll",
                "out_of_range",
                "a D6 shows 1 to 6 (DICE-1), not %(roll)s",
                roll=roll,
            )
            roll = None
    return EffectCost(tokens, resources, roll)


def _in_battle(when: tuple[str, ...]) -> bool:
    return bool(when) and all(w in BATTLE_WINDOWS for w in when)


def _in_attack(when: tuple[str, ...]) -> bool:
    return bool(when) and all(w in ATTACK_WINDOWS for w in when)


def _needs(
    reader: _Reader, ok: bool, path: str, code: str, template: str, **params: object
) -> None:
    if not ok:
        reader.add(path, code, template, **params)


def _condition(reader: _Reader, raw: Any, path: str, when: tuple[str, ...]) -> Condition | None:
    if isinstance(raw, list | tuple):
        merged: dict[str, Any] = {}
        for index, item in enumerate(raw):
            if reader.mapping(item, f"{path}.{index}", CONDITION_KEYS) is not None:
                merged.update(item)
        raw = merged
    data = reader.mapping(raw, path, CONDITION_KEYS)
    if data is None:
        return None
    battle_only = ("range", "site", "role")
    for key in battle_only:
        if key in data:
            _needs(
                reader,
                _in_battle(when),
                f"{path}.{key}",
                "needs_battle_window",
                "%(key)s is known only in a battle: play it in battle windows only",
                key=key,
            )
    ranges = (
        reader.choices(data["range"], f"{path}.range", RANGES, "a range") if "range" in data else ()
    )
    site = reader.choice(data["site"], f"{path}.site", SITES, "a site") if "site" in data else None
    role = reader.choice(data["role"], f"{path}.role", ROLES, "a role") if "role" in data else None
    attack = None
    if "attack" in data:
        _needs(
            reader,
            _in_attack(when),
            f"{path}.attack",
            "needs_attack_window",
            "an attack is known only in attack_declared and after_attack",
        )
        at = f"{path}.attack"
        attack_data = reader.mapping(data["attack"], at, ("by", "weapon"))
        if attack_data is not None:
            by = None
            if "by" in attack_data:
                by = reader.choice(attack_data["by"], f"{at}.by", ("own", "enemy"), "own or enemy")
            weapons: tuple[str, ...] = ()
            if "weapon" in attack_data:
                weapons = reader.choices(attack_data["weapon"], f"{at}.weapon", WEAPONS, "a weapon")
            attack = AttackCondition(by, weapons)
    count = None
    if "count" in data:
        at = f"{path}.count"
        count_data = reader.mapping(data["count"], at, ("of", "min", "max"))
        if count_data is not None:
            if "of" not in count_data:
                reader.add(f"{at}.of", "required", "is required: the selector to count")
            else:
                of = _selector(reader, count_data["of"], f"{at}.of", when, top=False)
                low = reader.number(count_data["min"], f"{at}.min") if "min" in count_data else None
                high = (
                    reader.number(count_data["max"], f"{at}.max") if "max" in count_data else None
                )
                if low is None and high is None:
                    reader.add(at, "required", "give min, max or both")
                if of is not None:
                    count = CountCondition(of, low, high)
    self_ = None
    if "self" in data:
        at = f"{path}.self"
        self_data = reader.mapping(data["self"], at, ("damaged", "in", "object_type"))
        if self_data is not None:
            self_ = SelfCondition(
                reader.flag(self_data["damaged"], f"{at}.damaged")
                if "damaged" in self_data
                else None,
                reader.choice(self_data["in"], f"{at}.in", ("orbit", "sector"), "orbit or sector")
                if "in" in self_data
                else None,
                reader.choice(
                    self_data["object_type"], f"{at}.object_type", OBJECT_TYPES, "an object type"
                )
                if "object_type" in self_data
                else None,
            )
    turn_min = None
    if "turn" in data:
        turn_data = reader.mapping(data["turn"], f"{path}.turn", ("min",))
        if turn_data is not None:
            turn_min = reader.number(turn_data.get("min"), f"{path}.turn.min", minimum=1)
    destroyed = None
    if "destroyed" in data:
        _needs(
            reader,
            when == (Window.SHIP_DESTROYED.value,),
            f"{path}.destroyed",
            "needs_ship_destroyed",
            "whose ship was destroyed is known only in the ship_destroyed window",
        )
        destroyed = reader.choice(
            data["destroyed"], f"{path}.destroyed", ("own", "enemy"), "own or enemy"
        )
    return Condition(ranges, site, role, attack, count, self_, turn_min, destroyed)


def _selector(
    reader: _Reader, raw: Any, path: str, when: tuple[str, ...], *, top: bool, search: bool = False
) -> Selector | None:
    data = reader.mapping(raw, path, SELECTOR_KEYS)
    if data is None:
        return None
    before = len(reader.problems)
    values: dict[str, Any] = {}
    if "side" in data:
        if search:
            reader.add(f"{path}.side", "unknown_field", "a search looks in the player's own cards")
        values["side"] = reader.choice(data["side"], f"{path}.side", SIDES, "a side")
    if "is" in data:
        specific = reader.choice(data["is"], f"{path}.is", SPECIFIC, "a specific card")
        if specific == "host":
            _needs(
                reader,
                reader.kind == "upgrade",
                f"{path}.is",
                "host_needs_upgrade",
                "only an upgrade has a host: the card it is under (UPG-2)",
            )
        if specific in ("attacker", "attacked"):
            _needs(
                reader,
                _in_attack(when),
                f"{path}.is",
                "needs_attack_window",
                "an attack's cards are known only in attack_declared and after_attack",
            )
        values["is_"] = specific
    elif top and not search and "side" not in data:
        reader.add(path, "side_required", "say whose cards: side own, enemy or any (or is …)")
    if "kind" in data:
        values["kinds"] = reader.choices(data["kind"], f"{path}.kind", TARGET_KINDS, "a card kind")
    if "size" in data:
        raw_sizes = data["size"] if isinstance(data["size"], list | tuple) else [data["size"]]
        sizes = []
        for item in raw_sizes:
            size = _SIZE_ALIASES.get(str(item).strip().upper()) if isinstance(item, str) else None
            if size is None:
                reader.add(
                    f"{path}.size",
                    "bad_choice",
                    SIZE_CLASS_PROBLEM,
                    value=repr(item),
                )
            else:
                sizes.append(size)
        values["sizes"] = tuple(dict.fromkeys(sizes))
    for key, attr in (("class", "ship_class"), ("name", "name")):
        if key in data:
            values[attr] = reader.text(data[key], f"{path}.{key}")
    if "object_type" in data:
        values["object_types"] = reader.choices(
            data["object_type"], f"{path}.object_type", OBJECT_TYPES, "an object type"
        )
    for key in ("damaged", "tapped"):
        if key in data:
            values[key] = reader.flag(data[key], f"{path}.{key}")
    if "weapon" in data:
        values["weapon"] = reader.choice(data["weapon"], f"{path}.weapon", WEAPONS, "a weapon")
    if "property" in data:
        values["property"] = reader.choice(
            data["property"], f"{path}.property", PROPERTIES, "a ship property"
        )
    if "in" in data:
        place = reader.choice(data["in"], f"{path}.in", PLACES, "a place")
        if place == "battle":
            _needs(
                reader,
                _in_battle(when),
                f"{path}.in",
                "needs_battle_window",
                "'in this battle' holds only in battle windows",
            )
        values["in_"] = place
    if "zone" in data:
        if search:
            reader.add(f"{path}.zone", "unknown_field", "a search names its zone in 'from'")
        else:
            values["zone"] = reader.choice(data["zone"], f"{path}.zone", TARGET_ZONES, "a zone")
    if "count" in data:
        if data["count"] == "all":
            values["count"] = None
        else:
            values["count"] = reader.number(data["count"], f"{path}.count", minimum=1)
    if "chooser" in data:
        values["chooser"] = reader.choice(data["chooser"], f"{path}.chooser", CHOOSERS, "a chooser")
    if "any_of" in data:
        items = data["any_of"]
        if not isinstance(items, list | tuple) or len(items) < 2:
            reader.add(f"{path}.any_of", "not_a_list", "give a list of at least two selectors")
        else:
            parts = [
                _selector(reader, item, f"{path}.any_of.{i}", when, top=False, search=search)
                for i, item in enumerate(items)
            ]
            values["any_of"] = tuple(p for p in parts if p is not None)
    if len(reader.problems) > before:
        return None
    return Selector(**values)


def _actions(
    reader: _Reader, raw: Any, path: str, when: tuple[str, ...], targets: Selector | None
) -> tuple[Action, ...]:
    if not isinstance(raw, list | tuple) or not raw:
        reader.add(path, "required", "give a non-empty list of actions")
        return ()
    actions = [_action(reader, item, f"{path}.{i}", when, targets) for i, item in enumerate(raw)]
    return tuple(a for a in actions if a is not None)


def _action(
    reader: _Reader, raw: Any, path: str, when: tuple[str, ...], targets: Selector | None
) -> Action | None:
    if not isinstance(raw, Mapping):
        reader.add(path, "not_an_object", "%(value)s is not an action object", value=repr(raw))
        return None
    do = reader.choice(raw.get("do"), f"{path}.do", ACTIONS, "an action")
    if do is None:
        return None
    data = reader.mapping(raw, path, ("do", *_ACTION_KEYS[do]))
    if data is None:
        return None
    before = len(reader.problems)
    values: dict[str, Any] = {"do": do}
    if do in CARD_ACTIONS and targets is None:
        reader.add(path, "needs_targets", "%(do)s acts on cards: give the effect targets", do=do)
    harms = do in ("damage", "destroy")
    if (
        harms
        and targets is not None
        and (targets.side == "own" or targets.is_ in ("self", "host", "carrier"))
    ):
        reader.add(
            path,
            "own_cards",
            "a player may not attack or destroy his own cards (SPECIAL-2): target the enemy",
        )
    if do in ("damage", "repair"):
        amount = data.get("amount")
        if do == "repair" and amount == "all":
            values["amount"] = None
        else:
            values["amount"] = reader.number(amount, f"{path}.amount", minimum=1)
    if do == "modify":
        values["stat"] = reader.choice(data.get("stat"), f"{path}.stat", STATS, "a stat or weapon")
        values["by"] = reader.number(data.get("by"), f"{path}.by", signed=True)
    if do in ("modify", "initiative", "permit", "forbid", "reroll"):
        values["until"] = _until(reader, data, path, when)
    if do == "initiative":
        values["by"] = reader.number(data.get("by"), f"{path}.by", signed=True)
    if do in ("draw", "search", "reroll", "to_deck") and "count" in data:
        values["count"] = reader.number(data["count"], f"{path}.count", minimum=1)
    if do in ("draw", "gain", "lose", "forbid") and "player" in data:
        values["player"] = reader.choice(
            data["player"], f"{path}.player", PLAYERS, "self or opponent"
        )
    if do == "forbid" and "player" not in data:
        values["player"] = "opponent"
    if do == "search":
        values["zone"] = reader.choice(
            data.get("from"), f"{path}.from", SEARCH_ZONES, "deck or losses"
        )
        if "select" in data:
            values["select"] = _selector(
                reader, data["select"], f"{path}.select", when, top=False, search=True
            )
    if do == "to_deck":
        values["zone"] = reader.choice(
            data.get("from"), f"{path}.from", TO_DECK_ZONES, "hand, losses or play"
        )
        if "select" in data:
            values["select"] = _selector(
                reader, data["select"], f"{path}.select", when, top=False, search=True
            )
    if do == "enter":
        _needs(
            reader,
            reader.kind == "situation"
            and bool(when)
            and STATIC not in when
            and ON_PLAY not in when,
            path,
            "enter_needs_situation_window",
            ENTER_WINDOW_PROBLEM,
        )
    if do in ("gain", "lose"):
        values["resources"] = reader.number(data.get("resources", 0), f"{path}.resources") or 0
        values["action_tokens"] = (
            reader.number(data.get("action_tokens", 0), f"{path}.action_tokens") or 0
        )
        if not values["resources"] and not values["action_tokens"]:
            reader.add(
                path, "required", "%(do)s what: give resources, action_tokens or both", do=do
            )
    if do == "move":
        values["to"] = reader.choice(
            data.get("to"), f"{path}.to", ("new_sector", "place"), "a destination"
        )
    if do == "cancel":
        _needs(
            reader,
            when == (Window.OPPONENT_PLAY.value,),
            path,
            "cancel_needs_opponent_play",
            "cancel answers the opponent's play: use it with when opponent_play",
        )
    if do == "permit":
        values["rule"] = reader.choice(data.get("rule"), f"{path}.rule", RULES, "a rule")
    if do == "forbid":
        if ("rule" in data) == ("card" in data):
            reader.add(path, "rule_or_card", "forbid a rule or a card (by name): give one of them")
        elif "rule" in data:
            values["rule"] = reader.choice(data["rule"], f"{path}.rule", RULES, "a rule")
        else:
            values["card"] = reader.text(data["card"], f"{path}.card")
    if do == "reroll" and "purposes" in data:
        values["purposes"] = reader.choices(
            data["purposes"], f"{path}.purposes", ROLL_PURPOSES, "a roll purpose"
        )
    if do == "victory":
        values["victory"] = reader.choice(
            data.get("condition"), f"{path}.condition", VICTORIES, "a victory condition (WIN-6)"
        )
    if len(reader.problems) > before:
        return None
    return Action(**values)


def _until(
    reader: _Reader, data: Mapping[str, Any], path: str, when: tuple[str, ...]
) -> str | None:
    if "until" not in data:
        if when in ((STATIC,),) or reader.kind == "upgrade":
            return "attached"
        reader.add(
            f"{path}.until",
            "required",
            "is required: how long it lasts (%(allowed)s)",
            allowed=", ".join(UNTIL),
        )
        return None
    until = reader.choice(data["until"], f"{path}.until", UNTIL, "a duration")
    if until in ("round", "battle") and not _in_battle(when):
        reader.add(
            f"{path}.until",
            "needs_battle_window",
            "'until the end of the %(until)s' needs the effect played in a battle window",
            until=until,
        )
    if until == "attached" and reader.kind in ("tactical",):
        reader.add(
            f"{path}.until",
            "bad_choice",
            "a tactical card is lost at once (TACT-2): it attaches to nothing",
        )
    return until


# ---------------------------------------------------------------------------------------------
# Canonical form
# ---------------------------------------------------------------------------------------------

_JSON_NAMES = {
    "is_": "is",
    "in_": "in",
    "ship_class": "class",
    "kinds": "kind",
    "sizes": "size",
    "object_types": "object_type",
    "self_": "self",
    "ranges": "range",
    "weapons": "weapon",
    "zone": "zone",
    "victory": "condition",
}


def effect_to_dict(spec: EffectSpec) -> dict[str, Any]:
    """The canonical JSON-compatible form; ``read_effects`` of it gives ``spec`` back."""
    out: dict[str, Any] = {"when": _one_or_list(spec.when)}
    if not spec.cost.is_free:
        out["cost"] = _plain(spec.cost)
    if spec.condition is not None:
        out["condition"] = _plain(spec.condition)
        if spec.condition.turn_min is not None:
            out["condition"].pop("turn_min", None)
            out["condition"]["turn"] = {"min": spec.condition.turn_min}
    if spec.targets is not None:
        out["targets"] = _plain(spec.targets)
    out["actions"] = [_action_dict(action) for action in spec.actions]
    if spec.stacks:
        out["stacks"] = True
    return out


def _action_dict(action: Action) -> dict[str, Any]:
    out = _plain(action)
    if action.do == "repair" and action.amount is None:
        out["amount"] = "all"
    if action.do in ("search", "to_deck"):
        out["from"] = out.pop("zone")
    return out


def _one_or_list(values: tuple[str, ...]) -> str | list[str]:
    return values[0] if len(values) == 1 else list(values)


def _plain(value: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(value):
        item = getattr(value, f.name)
        if _is_default(value, f.name, item):
            continue
        name = _JSON_NAMES.get(f.name, f.name)
        if hasattr(item, "__dataclass_fields__"):
            out[name] = _plain(item)
        elif isinstance(item, tuple) and item and hasattr(item[0], "__dataclass_fields__"):
            out[name] = [_plain(part) for part in item]
        elif isinstance(item, tuple):
            out[name] = list(item) if f.name == "purposes" else _one_or_list(item)
        else:
            out[name] = item
    if isinstance(value, Selector) and value.count != 1:
        out["count"] = "all" if value.count is None else value.count
    return out


def _is_default(value: Any, name: str, item: Any) -> bool:
    if isinstance(value, Selector) and (
        name == "count"
        or (name == "zone" and item == "play")
        or (name == "chooser" and item == "self")
    ):
        return True
    if isinstance(value, Action):
        if name == "count" and item == 1:
            return True
        if name == "player" and item == "self":
            return True
        if name in ("by", "resources", "action_tokens") and item == 0:
            return True
    # ``damaged``/``tapped`` false is a real choice (not damaged, untapped): kept.
    return item is None or item == () or (item is False and name == "stacks")
