"""A mid-game position built from JSON-compatible data, and the turn played on from its phase.

The same data sets up rules tests (``tests/engine/positions.py``) and position scenario files
(``python -m komandor.scenario``, docs/scenarios.md)::

    position = position_from_dict({
        "turn": 3, "priority": 0, "phase": "production",
        "library": {"cruiser": {"kind": "ship", "name": "Крейсер", "cost": 5, ...}},
        "players": [
            {"initiative": 5, "commander_at": "home", "resources": 7, "deck": 10,
             "script": ["{cruiser}:5"],
             "cards": {"home": {"card": {"kind": "space_object", ...}},
                       "cruiser": {"card": "cruiser", "zone": "hand"}}},
            {"initiative": 4, "commander_at": "raider", "deck": 10,
             "cards": {"raider": {"card": "cruiser", "at": "s1"}}},
        ],
        "dice": [4, 2],
    })
    game = position_game(position, agents=position_agents(position))  # a fresh Game each time
    outcome = play_phases(game, [Phase.PRODUCTION, Phase.MOVE_1, Phase.BATTLE_1])

Every card has a label, unique across both players; ``position.uids[label]`` is its engine uid
(``p<player>.<nn>`` in the order listed, then the ``deck`` filler cards). ``card`` is a card
dict (the book's notation accepted, ``cards.card_from_dict``) or a name from ``library``. A card
with ``at`` (an object's label, or a sector ``s<n>``) or a space object is in play unless a
``zone`` says otherwise. Each player's ``script`` (a list answered in order, or
``{kind: [keys]}``; ``{label}`` in a key becomes the uid) is for his agent
(``agents.simple.position_agents``: the script, then the heuristic); the rules take any agents.
``position_from_dict`` checks everything first and raises ``PositionError`` naming every
problem, so a bad file never ends in a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from komandor.rules.cards import CardKind, CardSpec, CardSpecError, card_from_dict, card_to_dict
from komandor.rules.decisions import Agent
from komandor.rules.dice import FixedDice
from komandor.rules.effect_play import card_entered, has_plays
from komandor.rules.events import EventLog
from komandor.rules.game import TURN_ORDER, Game, MatchOver
from komandor.rules.state import ATTACHED, GameState, Modifier, Phase, Zone
from komandor.rules.victory import Outcome
from komandor.rules.vocabulary import COMMANDER_NAME, FILLER_CARD_NAME

# An inert card for the ``deck`` count: no effect is attached to it, so it does nothing.
FILLER: dict[str, Any] = {"kind": "tactical", "name": FILLER_CARD_NAME, "action_tokens": 1}
DEFAULT_INITIATIVE = 5
IN_PLAY_KINDS = frozenset(
    {
        CardKind.SHIP,
        CardKind.SPACE_OBJECT,
        CardKind.GROUND_UNIT,
        CardKind.MILITARY_BUILDING,
        CardKind.CIVIL_BUILDING,
    }
)
_SECTOR = re.compile(r"^s([1-9][0-9]*)$")
_TOP_KEYS = frozenset(
    {
        "turn",
        "priority",
        "phase",
        "library",
        "filler",
        "players",
        "dice",
        "in_play",
        "next_sector",
        "modifiers",
    }
)
_COUNTERS = ("resources", "action_tokens", "commerce_tokens", "pending_rewards", "initiative_bonus")
_PLAYER_KEYS = frozenset(
    {"initiative", "victory", "commander", "commander_at", "deck", "script", "cards", "order"}
    | set(_COUNTERS)
)
_CARD_KEYS = frozenset(
    {
        "card",
        "zone",
        "at",
        "controller",
        "tokens",
        "tapped",
        "damage",
        "built_turn",
        "variant",
        "stay",
        "captured_turn",
        "destroyed_built_in",
        "built_in_damage",
        "shown",
    }
)
# The zones whose order a written position keeps (``order``): every list of a player's cards.
_ORDERED_ZONES = (
    Zone.DECK,
    Zone.HAND,
    Zone.LOSSES,
    Zone.PRODUCTION,
    Zone.SITUATIONS,
    Zone.ATTACHED,
)


class PositionError(ValueError):
    """The position data is not usable; the message lists every problem found."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


Script = tuple[str, ...] | Mapping[str, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class CardSetup:
    label: str
    spec: CardSpec
    zone: Zone
    at: str | None  # an object's uid or a sector, for a card in play
    controller: int
    tokens: int = 0
    tapped: bool = False
    damage: int = 0
    built_turn: int = 0
    variant: int | None = None  # an ability card on the Commander: its declared variant (0, 1)
    stay: bool = False  # moved on a commercial run or as escort this turn
    captured_turn: int = -1  # CIV-4
    destroyed_built_in: tuple[int, ...] = ()  # MILB-6 / GRD-6 markers
    built_in_damage: tuple[tuple[int, int], ...] = ()  # bombs on built-in units
    shown: bool = False  # in the hand, seen going there by the opponent (``Card.shown``)


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    commander: CardSpec
    cards: tuple[CardSetup, ...]
    deck: int  # filler cards under the labelled deck cards
    commander_at: str  # uid
    script: Script  # labels already replaced by uids
    resources: int = 0
    action_tokens: int = 0
    commerce_tokens: int = 0
    pending_rewards: int = 0
    initiative_bonus: int = 0
    order: Mapping[Zone, tuple[str, ...]] = field(default_factory=dict)  # uids, per zone


@dataclass(frozen=True, slots=True)
class Position:
    """A checked position: ``position_game`` builds a fresh ``Game`` from it at will."""

    players: tuple[PlayerSetup, PlayerSetup]
    filler: CardSpec
    turn: int
    priority: int
    phase: Phase
    dice: tuple[int, ...]
    uids: Mapping[str, str]  # label → uid
    in_play: tuple[str, ...] = ()  # uids: the order cards entered play, when written
    next_sector: int | None = None
    modifiers: tuple[Modifier, ...] | None = None  # the effects in force, when written


# --- reading ---------------------------------------------------------------------------------


def position_from_dict(data: Any) -> Position:
    """Check position data and return it ready to build; every problem is reported at once."""
    if not isinstance(data, Mapping):
        raise PositionError(["the position must be a JSON object"])
    problems: list[str] = []
    _unknown_keys(data, _TOP_KEYS, "", problems)
    library = _read_library(data.get("library", {}), problems)
    filler = _resolve_card(data.get("filler", FILLER), library, "filler", problems)
    turn = _whole(data, "turn", "", problems, default=1, least=1)
    priority = data.get("priority", 0)
    if priority not in (0, 1) or isinstance(priority, bool):
        problems.append(f"priority: 0 or 1, got {priority!r}")
        priority = 0
    phase = _read_phase(data.get("phase", Phase.START.value), "phase", problems)
    dice = read_dice(data.get("dice", []), problems)
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or len(raw_players) != 2:
        problems.append("players: a list of exactly two player objects")
        raise PositionError(problems)
    raw_cards = [_read_labels(index, player, problems) for index, player in enumerate(raw_players)]
    uids: dict[str, str] = {}
    for index, labels in enumerate(raw_cards):
        for number, label in enumerate(labels):
            if label in uids:
                problems.append(f"players[{index}].cards.{label}: the label is used twice")
            uids[label] = f"p{index}.{number:02d}"
    specs = {
        label: _resolve_card(
            entry["card"], library, f"players[{index}].cards.{label}.card", problems
        )
        for index, labels in enumerate(raw_cards)
        for label, entry in labels.items()
    }
    objects = {  # labels of the space objects in play: the places ships and units can be
        label
        for labels in raw_cards
        for label, entry in labels.items()
        if (spec := specs[label]) is not None
        and spec.kind is CardKind.SPACE_OBJECT
        and entry.get("zone", Zone.PLAY.value) == Zone.PLAY.value
    }
    players = tuple(
        _read_player(
            index, raw_players[index], raw_cards[index], specs, objects, uids, turn, problems
        )
        for index in (0, 1)
    )
    for index, player in enumerate(players):
        if player is not None:
            _check_carrier(index, raw_players[index].get("commander_at"), players, problems)
    in_play = _read_in_play(data.get("in_play"), uids, players, problems)
    next_sector = data.get("next_sector")
    if next_sector is not None:
        next_sector = _whole(data, "next_sector", "", problems, least=1)
    modifiers = _read_modifiers(data.get("modifiers"), uids, problems)
    if problems:
        raise PositionError(problems)
    return Position(
        # No problems: every player and the filler were read (not None).
        players=(players[0], players[1]),  # type: ignore[arg-type]
        filler=filler,  # type: ignore[arg-type]
        turn=turn,
        priority=priority,
        phase=phase,
        dice=dice,
        uids=uids,
        in_play=in_play,
        next_sector=next_sector,
        modifiers=modifiers,
    )


def _check_carrier(
    index: int, carrier: Any, players: tuple[PlayerSetup | None, ...], problems: list[str]
) -> None:
    """The Commander is on a ship or space object in play that the player controls (his own,
    or one he captured) or owns: one the opponent took during this battle phase still carries
    him until the phase's end, when the loss is checked (WIN-3, CMDR-5)."""
    carriers = {
        card.label
        for owner, player in enumerate(players)
        if player is not None
        for card in player.cards
        if card.zone is Zone.PLAY
        and card.spec.kind in (CardKind.SHIP, CardKind.SPACE_OBJECT)
        and index in (card.controller, owner)
    }
    if carrier not in carriers:
        problems.append(
            f"players[{index}].commander_at: the label of a ship or space object of his in play "
            f"({', '.join(sorted(carriers)) or 'he has none'}), got {carrier!r}"
        )


def _read_in_play(
    raw: Any,
    uids: Mapping[str, str],
    players: tuple[PlayerSetup | None, ...],
    problems: list[str],
) -> tuple[str, ...]:
    """``in_play``: the labels of every card in play, in the order they entered it."""
    if raw is None:
        return ()
    in_play = {
        card.label
        for player in players
        if player is not None
        for card in player.cards
        if card.zone is Zone.PLAY
    }
    if not isinstance(raw, list) or sorted(map(str, raw)) != sorted(in_play):
        problems.append(
            "in_play: the labels of exactly the cards in play, in the order they entered"
        )
        return ()
    return tuple(uids[label] for label in raw)


def _read_modifiers(
    raw: Any, uids: Mapping[str, str], problems: list[str]
) -> tuple[Modifier, ...] | None:
    """``modifiers``: ``[target, stat, delta, expires]`` each (``state.Modifier``); a card
    target, or the card of an ``attached:`` expiry, by its label."""
    if raw is None:
        return None
    modifiers = []
    for number, item in enumerate(raw if isinstance(raw, list) else [None]):
        if (
            not isinstance(item, list)
            or len(item) != 4
            or not isinstance(item[0], str)
            or not isinstance(item[1], str)
            or not isinstance(item[2], int)
            or not (item[3] is None or isinstance(item[3], str))
        ):
            problems.append(f"modifiers[{number}]: [target, stat, delta, expires], got {item!r}")
            continue
        target, stat, delta, expires = item
        if expires is not None and expires.startswith(ATTACHED):
            label = expires[len(ATTACHED) :]
            expires = ATTACHED + uids.get(label, label)
        modifiers.append(Modifier(uids.get(target, target), stat, delta, expires))
    return tuple(modifiers)


def _read_library(raw: Any, problems: list[str]) -> dict[str, CardSpec | None]:
    """Card names → specs; ``None`` for a card already reported, so its uses add nothing."""
    if not isinstance(raw, Mapping):
        problems.append("library: an object mapping a card name to a card")
        return {}
    return {name: _card(card, f"library.{name}", problems) for name, card in raw.items()}


def _resolve_card(
    raw: Any, library: Mapping[str, CardSpec | None], path: str, problems: list[str]
) -> CardSpec | None:
    if isinstance(raw, str):
        if raw not in library:
            known = ", ".join(library) or "none"
            problems.append(f"{path}: {raw!r} is not in the library (known: {known})")
            return None
        return library[raw]
    return _card(raw, path, problems)


def _card(raw: Any, path: str, problems: list[str]) -> CardSpec | None:
    if not isinstance(raw, Mapping):
        problems.append(f"{path}: a card object or a library name, got {raw!r}")
        return None
    try:
        return card_from_dict(raw)
    except CardSpecError as error:
        problems.append(f"{path}: {error}")
        return None


def _read_labels(index: int, player: Any, problems: list[str]) -> dict[str, Mapping[str, Any]]:
    where = f"players[{index}]"
    if not isinstance(player, Mapping):
        problems.append(f"{where}: an object")
        return {}
    _unknown_keys(player, _PLAYER_KEYS, where, problems)
    cards = player.get("cards", {})
    if not isinstance(cards, Mapping):
        problems.append(f"{where}.cards: an object mapping a label to a card entry")
        return {}
    labels = {}
    for label, entry in cards.items():
        if _SECTOR.match(label):
            problems.append(f"{where}.cards.{label}: a label must not read as a sector s<n>")
        if not isinstance(entry, Mapping) or "card" not in entry:
            problems.append(f"{where}.cards.{label}: an object with a 'card'")
            continue
        _unknown_keys(entry, _CARD_KEYS, f"{where}.cards.{label}", problems)
        labels[label] = entry
    return labels


def _read_player(
    index: int,
    raw: Any,
    entries: Mapping[str, Mapping[str, Any]],
    specs: Mapping[str, CardSpec | None],
    objects: set[str],
    uids: Mapping[str, str],
    turn: int,
    problems: list[str],
) -> PlayerSetup | None:
    where = f"players[{index}]"
    if not isinstance(raw, Mapping):
        return None
    if "commander" in raw:  # a written position: the Commander card itself
        commander = _card(raw["commander"], f"{where}.commander", problems)
        if commander is not None and commander.kind is not CardKind.COMMANDER:
            problems.append(f"{where}.commander: a commander card, got a {commander.kind.value}")
    else:
        commander = _card(
            {
                "kind": "commander",
                "name": f"{COMMANDER_NAME} {index}",
                "initiative": raw.get("initiative", DEFAULT_INITIATIVE),
                **({"victory": raw["victory"]} if raw.get("victory") else {}),
            },
            where,
            problems,
        )
    cards = []
    for label, entry in entries.items():
        spec = specs.get(label)
        if spec is not None:
            card = _read_card_setup(index, label, entry, spec, specs, objects, uids, turn, problems)
            if card is not None:
                cards.append(card)
    carrier = raw.get("commander_at")  # checked once both players' cards are read
    counters = {name: _whole(raw, name, where, problems) for name in _COUNTERS}
    deck = _whole(raw, "deck", where, problems)
    script = _read_script(raw.get("script", []), f"{where}.script", uids, problems)
    order = _read_order(raw.get("order", {}), cards, uids, f"{where}.order", problems)
    if commander is None:
        return None
    return PlayerSetup(
        commander=commander,
        cards=tuple(cards),
        deck=deck,
        commander_at=uids.get(carrier, "") if isinstance(carrier, str) else "",
        script=script,
        order=order,
        **counters,
    )


def _read_order(
    raw: Any, cards: list[CardSetup], uids: Mapping[str, str], path: str, problems: list[str]
) -> dict[Zone, tuple[str, ...]]:
    """``order``: zone → the labels of the player's cards in it, in their order there (a
    written position; otherwise each zone holds its cards in the order they are listed)."""
    if not isinstance(raw, Mapping):
        problems.append(f"{path}: an object mapping a zone to the labels in it, in order")
        return {}
    order: dict[Zone, tuple[str, ...]] = {}
    for key, labels in raw.items():
        try:
            zone = Zone(key)
        except ValueError:
            zone = Zone.PLAY
        if zone not in _ORDERED_ZONES:
            problems.append(f"{path}.{key}: one of {', '.join(z.value for z in _ORDERED_ZONES)}")
            continue
        there = sorted(card.label for card in cards if card.zone is zone)
        if not isinstance(labels, list) or sorted(map(str, labels)) != there:
            problems.append(f"{path}.{key}: the labels of exactly the player's cards there")
            continue
        order[zone] = tuple(uids[label] for label in labels)
    return order


def _read_card_setup(
    owner: int,
    label: str,
    entry: Mapping[str, Any],
    spec: CardSpec,
    specs: Mapping[str, CardSpec | None],
    objects: set[str],
    uids: Mapping[str, str],
    turn: int,
    problems: list[str],
) -> CardSetup | None:
    path = f"players[{owner}].cards.{label}"
    count = len(problems)
    at: Any = entry.get("at")  # a label, a sector …: checked below
    default_zone = Zone.PLAY if at is not None or spec.kind is CardKind.SPACE_OBJECT else Zone.DECK
    zone = default_zone
    if "zone" in entry:
        try:
            zone = Zone(entry["zone"])
        except ValueError:
            zones = ", ".join(z.value for z in Zone)
            problems.append(f"{path}.zone: one of {zones}, got {entry['zone']!r}")
    if zone is Zone.PLAY and spec.kind not in IN_PLAY_KINDS:
        problems.append(f"{path}: a {spec.kind.value} card is never in play")
    elif zone is Zone.PLAY and not ("at" in entry and at is None):
        # An explicit ``"at": null``: just built, not yet placed (a written position taken at
        # the decision where to place it).
        _check_place(path, spec.kind, at, specs, objects, problems)
    elif zone is Zone.ATTACHED:
        if spec.kind is not CardKind.UPGRADE:
            problems.append(f"{path}.zone: only an upgrade lies under a card (UPG-2)")
        elif not isinstance(at, str) or at not in specs:
            problems.append(f"{path}.at: the label of the card in play it lies under (UPG-2)")
    elif at is not None:
        problems.append(f"{path}.at: only a card in play has a place, this one is in {zone.value}")
    if spec.kind is CardKind.COMMANDER:
        problems.append(f"{path}: the Commander is given by the player's initiative and victory")
    controller = entry.get("controller", owner)
    if controller not in (0, 1) or isinstance(controller, bool):
        problems.append(f"{path}.controller: 0 or 1, got {controller!r}")
    tokens = _whole(entry, "tokens", path, problems)
    if tokens and zone is not Zone.PRODUCTION:
        problems.append(f"{path}.tokens: production tokens lie only on cards in production")
    elif zone is Zone.PRODUCTION and not 1 <= tokens < (spec.cost or 0):
        problems.append(
            f"{path}.tokens: a card in production carries 1 to {(spec.cost or 0) - 1} "
            f"production tokens (PROD-4), got {tokens}"
        )
    tapped = entry.get("tapped", False)
    if not isinstance(tapped, bool):
        problems.append(f"{path}.tapped: true or false, got {tapped!r}")
    damage = _whole(entry, "damage", path, problems)
    built_turn = _whole(entry, "built_turn", path, problems, least=-1)
    stay = entry.get("stay", False)
    if not isinstance(stay, bool):
        problems.append(f"{path}.stay: true or false, got {stay!r}")
    captured_turn = _whole(entry, "captured_turn", path, problems, default=-1, least=-1)
    shown = entry.get("shown", False)
    if not isinstance(shown, bool):
        problems.append(f"{path}.shown: true or false, got {shown!r}")
    elif shown and zone is not Zone.HAND:
        problems.append(f"{path}.shown: only a card in the hand is shown there")
    destroyed = entry.get("destroyed_built_in", [])
    if not isinstance(destroyed, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) for n in destroyed
    ):
        problems.append(f"{path}.destroyed_built_in: a list of built-in unit numbers")
        destroyed = []
    bombed = entry.get("built_in_damage", {})
    if not isinstance(bombed, Mapping) or not all(
        str(k).isdigit() and isinstance(v, int) and not isinstance(v, bool)
        for k, v in bombed.items()
    ):
        problems.append(f"{path}.built_in_damage: built-in unit number → damage")
        bombed = {}
    if built_turn > turn:
        problems.append(f"{path}.built_turn: at most the position's turn {turn}, got {built_turn}")
    variant = entry.get("variant")
    if variant is not None:
        if spec.kind is not CardKind.ABILITY or zone is not Zone.SITUATIONS:
            problems.append(f"{path}.variant: only an ability card on the Commander has one")
        elif variant not in (1, 2) or isinstance(variant, bool):
            problems.append(f"{path}.variant: 1 or 2 (ABIL-4), got {variant!r}")
    elif spec.kind is CardKind.ABILITY and zone is Zone.SITUATIONS and "variant" not in entry:
        variant = 1  # an explicit null (a written position): no variant declared yet
    if len(problems) > count:
        return None
    return CardSetup(
        label=label,
        spec=spec,
        zone=zone,
        at=uids.get(at, at) if zone in (Zone.PLAY, Zone.ATTACHED) else None,
        controller=controller,
        tokens=tokens,
        tapped=tapped,
        damage=damage,
        built_turn=built_turn,
        variant=None if variant is None else variant - 1,
        stay=stay,
        captured_turn=captured_turn,
        destroyed_built_in=tuple(destroyed),
        built_in_damage=tuple((int(k), v) for k, v in bombed.items()),
        shown=shown,
    )


def _check_place(
    path: str,
    kind: CardKind,
    at: Any,
    specs: Mapping[str, CardSpec | None],
    objects: set[str],
    problems: list[str],
) -> None:
    """A space object lies in a zone of space objects; a ship is on an orbit or in a sector;
    a ground unit or building stands on an object."""
    if kind is CardKind.SPACE_OBJECT:
        if at is not None:
            problems.append(f"{path}.at: a space object is not placed anywhere, got {at!r}")
        return
    if not isinstance(at, str):
        places = "an object's label or a sector s<n>" if kind is CardKind.SHIP else "an object"
        problems.append(f"{path}.at: required for a {kind.value} in play: {places}")
    elif at in objects:
        return
    elif at in specs:
        if specs[at] is not None:
            problems.append(f"{path}.at: {at!r} is not a space object in play")
    elif not _SECTOR.match(at):
        problems.append(f"{path}.at: {at!r} is neither a card label nor a sector s<n>")
    elif kind is not CardKind.SHIP:
        problems.append(f"{path}.at: a {kind.value} stands on an object, not in sector {at}")


def _read_script(raw: Any, path: str, uids: Mapping[str, str], problems: list[str]) -> Script:
    if isinstance(raw, list):
        return tuple(_script_keys(raw, path, uids, problems))
    if isinstance(raw, Mapping):
        return {
            kind: tuple(_script_keys(keys, f"{path}.{kind}", uids, problems))
            for kind, keys in raw.items()
        }
    problems.append(f"{path}: a list of option keys, or an object mapping a decision kind to one")
    return ()


def _script_keys(raw: Any, path: str, uids: Mapping[str, str], problems: list[str]) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(key, str) for key in raw):
        problems.append(f"{path}: a list of option keys, got {raw!r}")
        return []
    keys = []
    for number, key in enumerate(raw):
        try:
            keys.append(key.format_map(uids))
        except (KeyError, ValueError, IndexError, AttributeError) as error:
            problems.append(f"{path}[{number}]: {key!r} names no card label ({error})")
    return keys


def _read_phase(raw: Any, path: str, problems: list[str]) -> Phase:
    try:
        phase = Phase(raw)
    except ValueError:
        phase = Phase.SETUP
    if phase is Phase.SETUP:
        names = ", ".join(p.value for p in TURN_ORDER)
        problems.append(f"{path}: one of {names}, got {raw!r}")
        return Phase.START
    return phase


def read_dice(raw: Any, problems: list[str]) -> tuple[int, ...]:
    """A fixed dice sequence as scenario and position files give it (``dice``)."""
    if not isinstance(raw, list) or not all(
        isinstance(roll, int) and not isinstance(roll, bool) and 1 <= roll <= 6 for roll in raw
    ):
        problems.append(f"dice: a list of D6 results 1..6 in the order rolled, got {raw!r}")
        return ()
    return tuple(raw)


def _whole(
    data: Mapping[str, Any],
    key: str,
    path: str,
    problems: list[str],
    *,
    default: int = 0,
    least: int = 0,
) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        problems.append(f"{_join(path, key)}: a whole number ≥ {least}, got {value!r}")
        return default
    return value


def _unknown_keys(
    data: Mapping[str, Any], known: Iterable[str], path: str, problems: list[str]
) -> None:
    for key in data:
        if key not in known:
            problems.append(f"{_join(path, key)}: unknown key (known: {', '.join(sorted(known))})")


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


# --- building ----------------------------------------------------------------------------------


def position_game(
    position: Position, *, agents: Sequence[Agent], log: EventLog | None = None
) -> Game:
    """A fresh ``Game`` at the position, its dice fixed to the position's, played by ``agents``
    (``agents.simple.position_agents``: each player's script, then the heuristic; or a match
    state's seats)."""
    decks = [
        [card.spec for card in player.cards] + [position.filler] * player.deck
        for player in position.players
    ]
    game = Game(
        decks=decks,
        commanders=[player.commander for player in position.players],
        agents=agents,
        dice=FixedDice(position.dice),
        log=log if log is not None else EventLog(),
    )
    state = game.state
    sectors = [0]
    for player in position.players:
        for setup in player.cards:
            card = state.cards[position.uids[setup.label]]
            if setup.at is not None and _SECTOR.match(setup.at):
                sectors.append(int(setup.at[1:]))
            if setup.zone is not Zone.DECK:
                state.move(card.uid, setup.zone, where=setup.at)
            card.controller = setup.controller
            card.tokens = setup.tokens
            card.tapped = setup.tapped
            card.damage = setup.damage
            card.built_turn = setup.built_turn
            card.variant = setup.variant
            card.stay = setup.stay
            card.captured_turn = setup.captured_turn
            card.destroyed_built_in = set(setup.destroyed_built_in)
            card.built_in_damage = dict(setup.built_in_damage)
            card.shown = setup.shown
    for index, player in enumerate(position.players):
        me = state.players[index]
        me.resources = player.resources
        me.action_tokens = player.action_tokens
        me.commerce_tokens = player.commerce_tokens
        me.pending_rewards = player.pending_rewards
        me.initiative_bonus = player.initiative_bonus
        me.commander_at = player.commander_at
        for zone, uids in player.order.items():
            listed = me.zone_list(zone)
            assert listed is not None  # every zone of ``_ORDERED_ZONES`` is a player's list
            listed[:] = uids
    if position.in_play:
        state.play = dict.fromkeys(position.in_play)
    state.next_sector = max(sectors) + 1 if position.next_sector is None else position.next_sector
    state.turn = position.turn
    state.priority = position.priority
    state.phase = position.phase
    if game.effects.enabled:
        for card in state.cards.values():
            if card.zone in (Zone.PLAY, Zone.SITUATIONS, Zone.ATTACHED) and has_plays(card.spec):
                card_entered(game, card.uid, on_play=False)  # its static effects in force
    if position.modifiers is not None:  # a written position: the effects in force as they were
        state.modifiers = list(position.modifiers)
    return game


# --- writing -----------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _printed(spec: CardSpec) -> dict[str, Any]:
    """``card_to_dict`` once per distinct card (a spec is frozen and hashable); not to be
    changed by the caller."""
    return card_to_dict(spec)


def position_to_dict(state: GameState) -> dict[str, Any]:
    """The table at any moment of a match (a decision point, say) as position data that
    ``position_from_dict`` reads back to the same state: every card with its zone, place and
    markers (its label is its uid; its printed text in ``library``, once per distinct card),
    each zone's order, the order cards entered play, the effects in force and the counters.
    Not written: the dice to come (a position's ``dice`` are the scenario's), nor a battle in
    progress (a battle is a battle scenario); the phase is the one the table stands at."""
    library: dict[str, dict[str, Any]] = {}
    names: dict[int, str] = {}  # id(spec) → its library name: each printed card written once

    def name_of(spec: CardSpec) -> str:
        name = names.get(id(spec))
        if name is None:
            written = _printed(spec)
            name = spec.name
            number = 1
            while name in library and library[name] != written:
                number += 1
                name = f"{spec.name} #{number}"
            library[name] = written
            names[id(spec)] = name
        return name

    players = []
    for player in state.players:
        cards: dict[str, dict[str, Any]] = {}
        mine = sorted(
            (card for card in state.cards.values() if card.owner == player.index),
            key=lambda card: card.uid,
        )
        for card in mine:
            entry: dict[str, Any] = {"card": name_of(card.spec), "zone": card.zone.value}
            placed = card.where is not None or card.kind is not CardKind.SPACE_OBJECT
            if card.zone in (Zone.PLAY, Zone.ATTACHED) and placed:
                entry["at"] = card.where
            entry["controller"] = card.controller
            # Typed as objects: compiled (mypyc), a tuple of ints would box the flags as 0 and 1.
            markers: tuple[tuple[str, object, object], ...] = (
                ("tokens", card.tokens, 0),
                ("tapped", card.tapped, False),
                ("damage", card.damage, 0),
                ("built_turn", card.built_turn, 0),
                ("stay", card.stay, False),
                ("captured_turn", card.captured_turn, -1),
                ("shown", card.shown, False),
            )
            for name, value, default in markers:
                if value != default:
                    entry[name] = value
            if card.variant is not None or (
                card.kind is CardKind.ABILITY and card.zone is Zone.SITUATIONS
            ):
                entry["variant"] = None if card.variant is None else card.variant + 1
            if card.destroyed_built_in:
                entry["destroyed_built_in"] = sorted(card.destroyed_built_in)
            if card.built_in_damage:
                entry["built_in_damage"] = {str(k): v for k, v in card.built_in_damage.items()}
            cards[card.uid] = entry
        order: dict[str, list[str]] = {}
        for zone in _ORDERED_ZONES:
            listed = player.zone_list(zone)
            if listed:
                order[zone.value] = list(listed)
        players.append(
            {
                "commander": card_to_dict(player.commander),
                "commander_at": player.commander_at,
                "resources": player.resources,
                "action_tokens": player.action_tokens,
                "commerce_tokens": player.commerce_tokens,
                "pending_rewards": player.pending_rewards,
                "initiative_bonus": player.initiative_bonus,
                "deck": 0,
                "cards": cards,
                "order": order,
            }
        )
    return {
        "turn": state.turn,
        "priority": state.priority,
        "phase": state.phase.value,
        "library": library,
        "players": players,
        "in_play": list(state.play),
        "next_sector": state.next_sector,
        "modifiers": [[m.target, m.stat, m.delta, m.expires] for m in state.modifiers],
    }


# --- playing on --------------------------------------------------------------------------------


def play_phases(game: Game, phases: Iterable[Phase]) -> Outcome | None:
    """Play ``phases`` in order; ``START`` after another phase begins the next turn. Returns
    the outcome if the match ended on the way (its ``victory`` event is in the log)."""
    try:
        for number, phase in enumerate(phases):
            if phase is Phase.START and number:
                game.state.turn += 1
            game.enter(phase)
            game.play_phase(phase)
    except MatchOver as over:
        return over.outcome
    return None


def phases_for_turns(start: Phase, turns: int) -> Iterator[Phase]:
    """From ``start`` to the end of its turn, then whole turns: ``turns`` turns in all."""
    yield from TURN_ORDER[TURN_ORDER.index(start) :]
    for _ in range(turns - 1):
        yield from TURN_ORDER
