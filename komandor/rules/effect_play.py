"""Card effects played from their data (docs/effects.md): the checked ``EffectSpec`` values of
``effect_schema.py`` compiled into the engine's plays (``effects.Effect``) and applied.

Nothing here is content: every play is a module function bound to the card's data
(``functools.partial``), never a lambda stored with a card. ``attach_all`` gives each player the
plays of every card he owns and of his Commander once, at the start of a match; whether one may
be played is decided when a window opens (``Effects.playable``: the card's zone, cost, targets,
bans).

The card kinds, as the book says:

* tactical — played from hand in the windows its effect names for its printed cost (action
  tokens and/or a D6), applies at once, then goes to the losses (TACT-1..4);
* situation — put into the situations zone in production for its printed cost (SIT-1..3), or in
  the windows an ``enter`` effect of its names («если иное не сказано в ее тексте»); its
  effects live while it is there; its owner may discard it in production (SIT-4); a failed roll
  sends it to the losses (AMB-26);
* upgrade — put under a built card of its ``target`` kind in production for its ``cost`` in
  resources, never twice the same upgrade on one card (UPG-1, UPG-2, UPG-6, UPG-7); its effects
  are the upgraded card's (UPG-3); lost with its card (UPG-4, ``GameState.move``); may move to
  another card in production (UPG-5);
* ability — played on the Commander in production with a variant declared (ABIL-4, ABIL-6,
  ABIL-10), at most three, a fourth replaces one (ABIL-3, ABIL-8); pre-chosen at setup by
  ``Game.preselect_abilities`` (ABIL-5, ABIL-7); its effects are the Commander's (ABIL-1, ABIL-2);
* Commander — his ``effects`` from setup on, usable from the second echelon (CMDR-9, ECH-7);
* ship, space object, ground unit, building — properties while in play (ECH-6, CAP-4 in
  ``Effects.can_use_source``).

``static`` effects are read where the stats are read (``stat_deltas``) while their card is in
force (``Effects.source_in_force``: present, ready, eligible); their ``permit`` and ``forbid``
hold while the card does; their other actions, and ``on_play`` effects, are played once as the
card enters (``card_entered``), and what they give «while in play» ends when it leaves
(``Effects.card_left``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Final

from komandor.rules import event_records as ev
from komandor.rules.battle import Combatant, Mount, Status
from komandor.rules.by_identity import IdentityCache
from komandor.rules.cards import CardKind, CardSpec, ObjectType, Victory
from komandor.rules.decisions import DecisionKind, Option
from komandor.rules.effect_schema import PLAYER_ACTIONS, Action, Condition, EffectSpec, Selector
from komandor.rules.effects import Effect, Effects, Moment, Window, has_name
from komandor.rules.facts import AttackFacts, Cost, DecisionContext, ShipLost
from komandor.rules.names import name_key
from komandor.rules.state import Card, GameState, Zone
from komandor.rules.vocabulary import COMMANDER_NAME
from komandor.rules.weapons import Distance, Weapon

if TYPE_CHECKING:
    from komandor.rules.table import Table

_HARMS = frozenset({"damage", "destroy"})
_UNTIL_KEYS = {"round": "round", "battle": "battle", "phase": "phase", "turn": "turn"}
_BUILT = frozenset(
    {
        CardKind.SHIP,
        CardKind.SPACE_OBJECT,
        CardKind.GROUND_UNIT,
        CardKind.MILITARY_BUILDING,
        CardKind.CIVIL_BUILDING,
    }
)
_COMBAT_STATS = {
    "strength": "strength",
    "critical": "critical",
    "armor": "armor",
    "speed": "speed",
    "shield": "shield_power",
    "crew": "crew_size",
    "landing": "landing",
}
_MAX_ABILITIES = 3  # ABIL-3


# --- compiling a card's data into plays ----------------------------------------------------------


def attach_all(game: Table[Effects]) -> None:
    """Attach the plays of every card of both players and of both Commanders; register the
    Commanders' static effects (CMDR-7: his abilities hold from setup on). Effect handling is
    switched on here whatever the effects are: a match whose only effects are lasting ones
    (a Commander's «your ships get +2 armor», a ship's property) reads them in every battle and
    registers them as their cards enter play."""
    effects = game.effects
    effects.enabled = True
    for card in game.state.cards.values():
        for effect in _plays_of(card.uid, card.spec):
            effects.attach(card.owner, effect)
    for player in game.state.players:
        commander = player.commander
        for spec, play in zip(commander.effects or (), _COMMANDER_PLAYS(commander), strict=True):
            if play is not None:
                effects.attach(player.index, play)
            if spec.is_static:
                effects.statics.append((None, player.index, spec))
                _static_rules(game, spec, "", player.index)


@lru_cache(maxsize=4096)
def _plays_by_value(uid: str, spec: CardSpec) -> tuple[Effect, ...]:
    return tuple(card_plays(Card(uid, 0, spec)))


def _plays_of(uid: str, spec: CardSpec) -> tuple[Effect, ...]:
    """``card_plays`` of a card, compiled once per card position and spec (plays are immutable:
    bulk matches, a tournament's batches, reuse them), found by the spec object's identity."""
    by_uid = _PLAYS_BY_SPEC(spec)
    plays = by_uid.get(uid)
    if plays is None:
        plays = by_uid[uid] = _plays_by_value(uid, spec)
    return plays


_PLAYS_BY_SPEC: Final[IdentityCache[CardSpec, dict[str, tuple[Effect, ...]]]] = IdentityCache(
    lambda spec: {}
)


def _commander_plays(commander: CardSpec) -> tuple[Effect | None, ...]:
    """A Commander's effects as plays, each in his list's order (None for one with no window),
    compiled once per Commander spec object as ``_plays_of`` compiles a card's: they depend on
    the effect data and its place in the list alone."""
    return tuple(
        _compile(spec, f"cmdr.{index}", "", None) if spec.windows else None
        for index, spec in enumerate(commander.effects or ())
    )


_COMMANDER_PLAYS: Final[IdentityCache[CardSpec, tuple[Effect | None, ...]]] = IdentityCache(
    _commander_plays
)


def has_plays(spec: CardSpec) -> bool:
    """Whether a card carries effect data (cards without it are inert, as printed text)."""
    if spec.kind is CardKind.ABILITY:
        return any(not isinstance(v, str) for v in spec.variants or ())
    return bool(spec.effects)


def card_plays(card: Card) -> Iterator[Effect]:
    """The plays one card gives its owner, whatever zone it is in now."""
    spec, uid = card.spec, card.uid
    if not has_plays(spec):
        return
    kind = spec.kind
    if kind is CardKind.TACTICAL:
        (effect,) = spec.effects or ()
        yield _compile(effect, uid, spec.name, uid, cost=Cost.of_card(spec), zone=Zone.HAND)
        return
    if kind is CardKind.SITUATION:
        yield Effect(
            key=f"{uid}:put",
            name=spec.name,
            windows=frozenset({Window.PRODUCTION_SITUATIONS}),  # SIT-1
            apply=partial(_put_situation, uid),
            cost=Cost.of_card(spec),  # SIT-2
            source=uid,
            zone=Zone.HAND,
            play="put",
        )
        yield Effect(
            key=f"{uid}:discard",
            name=spec.name,
            windows=frozenset({Window.PRODUCTION_SITUATIONS}),  # SIT-4
            apply=partial(_discard_situation, uid),
            source=uid,
            zone=Zone.SITUATIONS,
            play="remove",
        )
        for index, effect in enumerate(spec.effects or ()):
            if is_entry(effect):
                yield _entry_play(card, effect, index)
        own = [e if not is_entry(e) else _NO_PLAY for e in spec.effects or ()]
        yield from _own_plays(own, uid, spec.name, Zone.SITUATIONS)
        return
    if kind is CardKind.UPGRADE:
        yield Effect(
            key=f"{uid}:put",
            name=spec.name,
            windows=frozenset({Window.PRODUCTION_UPGRADES}),  # UPG-1
            apply=partial(_attach_upgrade, uid),
            cost=Cost(resources=spec.cost or 0),
            targets=partial(_upgrade_hosts, uid),
            source=uid,
            zone=Zone.HAND,
            play="put",
        )
        yield Effect(
            key=f"{uid}:move",
            name=spec.name,
            windows=frozenset({Window.PRODUCTION_UPGRADES}),  # UPG-5
            apply=partial(_attach_upgrade, uid),
            targets=partial(_upgrade_hosts, uid),
            source=uid,
            zone=Zone.ATTACHED,
            play="remove",
        )
        yield from _own_plays(spec.effects or (), uid, spec.name, Zone.ATTACHED)
        return
    if kind is CardKind.ABILITY:
        yield Effect(
            key=f"{uid}:put",
            name=spec.name,
            windows=frozenset({Window.PRODUCTION_ABILITIES}),  # ABIL-6, ABIL-10
            apply=partial(_put_ability, uid),
            source=uid,
            zone=Zone.HAND,
            play="ability",
        )
        for number, variant in enumerate(spec.variants or ()):
            if not isinstance(variant, str):
                for index, effect in enumerate(variant):
                    if effect.windows:
                        yield _compile(
                            effect,
                            f"{uid}:v{number}.{index}",
                            spec.name,
                            uid,
                            zone=Zone.SITUATIONS,
                            variant=number,
                        )
        return
    yield from _own_plays(spec.effects or (), uid, spec.name, Zone.PLAY)


def is_entry(effect: EffectSpec) -> bool:
    """A situation card's text naming another moment it may be played at (``enter``)."""
    return any(action.do == "enter" for action in effect.actions)


# Stands in for a situation's ``enter`` effect among its own plays (keeps the others' indices).
_NO_PLAY = EffectSpec(when=("static",), actions=())


def _entry_play(card: Card, effect: EffectSpec, index: int) -> Effect:
    """SIT-1: «Карта обстановки может быть сыграна в фазу производства если иное не сказано в
    ее тексте»: the card's ``enter`` effect puts it into the situations zone from the hand in
    the windows it names, for its printed cost (SIT-2), under the effect's condition."""
    spec, uid = card.spec, card.uid
    return Effect(
        key=f"{uid}:put.{index}",
        name=spec.name,
        windows=effect.windows,
        apply=partial(_put_situation, uid),
        cost=Cost.of_card(spec),
        condition=None if effect.condition is None else partial(_holds, effect.condition, uid),
        source=uid,
        zone=Zone.HAND,
        play="put",
    )


def _own_plays(specs: Iterable[EffectSpec], uid: str, name: str, zone: Zone) -> Iterator[Effect]:
    for index, effect in enumerate(specs):
        if effect.windows:
            yield _compile(effect, f"{uid}:{index}", name, uid, zone=zone)


def _compile(
    spec: EffectSpec,
    key: str,
    name: str,
    source: str | None,
    *,
    cost: Cost | None = None,
    zone: Zone | None = None,
    variant: int | None = None,
) -> Effect:
    """One effect's data as a play: its selector, condition and actions bound to the data."""
    selector = spec.targets
    harms = any(action.do in _HARMS for action in spec.actions)
    tactical = zone is Zone.HAND
    printed = spec.cost
    untils = [a.until for a in spec.actions if a.until not in (None, "permanent")]
    pick: int | None = 1
    chooser = "self"
    if selector is not None and selector.is_ is None:
        pick, chooser = selector.count, selector.chooser
    return Effect(
        key=key,
        name=name or COMMANDER_NAME,
        windows=spec.windows,
        apply=partial(apply_actions, spec.actions, source),
        cost=cost
        if cost is not None
        else Cost(printed.action_tokens, printed.resources, printed.roll),
        condition=None if spec.condition is None else partial(_holds, spec.condition, source),
        targets=None if selector is None else partial(_targets, selector, source, harms),
        source=source,
        lasts_until=until_key(untils[0], source) if untils else None,
        stacks=spec.stacks,
        changes=tuple(a.stat for a in spec.actions if a.do == "modify" and a.stat),
        zone=zone,
        variant=variant,
        pick=pick,
        chooser=chooser,
        discard=tactical,
        cancels=any(action.do == "cancel" for action in spec.actions),
        actions=spec.actions,
    )


def until_key(until: str | None, source: str | None) -> str | None:
    """The expiry key of a data duration: ``round`` … ``turn``; ``attached`` while the giving
    card stays in play or its zone (a Commander's: for good); ``permanent``: never."""
    if until is None or until == "permanent":
        return None
    if until == "attached":
        return f"attached:{source}" if source else None
    return _UNTIL_KEYS[until]


# --- the card kinds' own plays -----------------------------------------------------------------


def _put_situation(uid: str, moment: Moment) -> None:
    """SIT-3: «Сыгранная карта обстановки помещается в одноименную зону на столе»."""
    moment.state.move(uid, Zone.SITUATIONS)
    card_entered(moment.game, uid)


def _discard_situation(uid: str, moment: Moment) -> None:
    """SIT-4: «в фазу производства карта обстановки … может быть помещена в потери»."""
    moment.state.move(uid, Zone.LOSSES)
    if moment.game.log.enabled:
        moment.game.log.emit(ev.SituationDiscarded(player=moment.player, card=uid))


def _upgrade_hosts(uid: str, moment: Moment) -> list[str]:
    """UPG-2, UPG-7: built cards of the upgrade's kind; UPG-6: none carrying the same one."""
    state = moment.state
    card = state.cards[uid]
    target = card.spec.target
    name = name_key(card.spec.name)
    here = card.where if card.zone is Zone.ATTACHED else None
    return [
        host.uid
        for host in state.in_play(target)
        if host.controller == moment.player
        and host.uid != here
        and all(name_key(u.spec.name) != name for u in state.upgrades_of(host.uid))
    ]


def _attach_upgrade(uid: str, moment: Moment) -> None:
    """UPG-2: «помещается под карту построенного корабля …»; UPG-5: moved in production."""
    state = moment.state
    entering = state.cards[uid].zone is Zone.HAND
    state.move(uid, Zone.ATTACHED, where=moment.target)
    if moment.game.log.enabled:
        moment.game.log.emit(ev.Upgraded(player=moment.player, card=uid, host=moment.target))
    if entering:
        card_entered(moment.game, uid)


def _put_ability(uid: str, moment: Moment) -> None:
    """ABIL-4: the variant declared; ABIL-8: a fourth card sends one of the three to the
    losses; ABIL-2: it lies in the situations zone."""
    game, player = moment.game, moment.player
    state = game.state
    held = game.preselected(player)
    if len(held) >= _MAX_ABILITIES:
        options = [Option(u) for u in held]
        out = game.ask(player, DecisionKind.ABILITY_REPLACE, options).key
        state.move(out, Zone.LOSSES)
        if game.log.enabled:
            game.log.emit(ev.AbilityReplaced(player=player, card=out))
    state.move(uid, Zone.SITUATIONS)
    game.declare_variant(player, uid)
    card_entered(game, uid)


def card_entered(game: Table[Effects], uid: str, *, on_play: bool = True) -> None:
    """A card has entered play or its zone: its static effects come into force, and its
    ``on_play`` effects are offered once (not for a card set out by a position file)."""
    card = game.state.cards[uid]
    for index, spec in enumerate(entered_effects(card)):
        if spec.is_static:
            game.effects.statics.append((uid, card.owner, spec))
            if game.log.enabled:
                game.log.emit(ev.Static(player=card.owner, card=uid, index=index))
            _static_rules(game, spec, uid, card.owner)
            if game.effects.battle is not None:
                # In force from now on: the running battle's stats are read again (a situation
                # card entered during a battle works in that battle).
                game.effects.settle_lasting()
        elif spec.is_on_play and on_play:
            effect = _compile(spec, f"{uid}:on_play.{index}", card.spec.name, uid)
            game.effects.play_now(effect, Moment(game, "on_play", card.owner))


def entered_effects(card: Card) -> tuple[EffectSpec, ...]:
    spec = card.spec
    if spec.kind is CardKind.ABILITY:
        variant = spec.variants[card.variant or 0] if spec.variants else ()
        return () if isinstance(variant, str) else variant
    return spec.effects or ()


def _static_rules(game: Table[Effects], spec: EffectSpec, uid: str, player: int) -> None:
    """A static effect's actions other than ``modify`` (read with the stats): permissions and
    bans hold while the card does; anything else happens once, as it enters."""
    moment = Moment(game, "static", player)
    rest = tuple(a for a in spec.actions if a.do != "modify")
    if not rest:
        return
    if spec.targets is not None and any(a.do not in _PLAYER_ACTIONS for a in rest):
        found = _targets(spec.targets, uid, False, moment)
        moment = replace(moment, targets=tuple(found))
    apply_actions(tuple(replace(a, until=a.until or "attached") for a in rest), uid, moment)


# --- selectors ----------------------------------------------------------------------------------


def _targets(selector: Selector, source: str | None, harms: bool, moment: Moment) -> list[str]:
    """The cards ``selector`` picks out now; a harmful play never picks the player's own cards
    (SPECIAL-2)."""
    state = moment.state
    player = moment.player
    found = [
        card.uid
        for card in _pool(selector, source, moment)
        if matches(selector, card, player, source, moment)
    ]
    if harms:
        found = [uid for uid in found if _controller(state.cards[uid], moment) != player]
    return found


def _pool(selector: Selector, source: str | None, moment: Moment) -> list[Card]:
    state = moment.state
    specific = _specific(selector, source, moment)
    if specific is not None:
        return [state.cards[uid] for uid in specific if uid in state.cards]
    if selector.zone == "production":
        return [state.cards[u] for p in state.players for u in p.production]
    kinds = selector.kinds
    if len(kinds) == 1:
        # One kind asked for: only the cards in play of that kind, in play order (``matches``
        # would turn every other card away). "station" is an object type, not a kind.
        kind = _CARD_KINDS.get(kinds[0])
        if kind is not None:
            return state.in_play(kind)
    return state.in_play()


_CARD_KINDS = {kind.value: kind for kind in CardKind}
# ``Distance.key`` without the ``Enum.name`` property read.
_RANGE_KEYS: Final[dict[Distance, str]] = {distance: distance.key for distance in Distance}


def _specific(selector: Selector, source: str | None, moment: Moment) -> list[str] | None:
    """``is``: this card, the upgraded card, the Commander's carrier, the attack's cards."""
    is_ = selector.is_
    if is_ is None:
        parts = [_specific(part, source, moment) for part in selector.any_of]
        return None if not parts or None in parts else [u for p in parts for u in p or ()]
    state = moment.state
    if is_ == "self":
        return [source] if source else _carrier(moment)
    if is_ == "host":
        card = state.cards.get(source or "")
        return [card.where] if card is not None and card.where else []
    if is_ == "carrier":
        return _carrier(moment)
    attack = moment.attack
    if not isinstance(attack, AttackFacts):
        return []
    return list(attack.attackers if is_ == "attacker" else attack.targets)


def _carrier(moment: Moment) -> list[str]:
    at = moment.state.players[moment.player].commander_at
    return [at] if at else []


def matches(
    selector: Selector, card: Card, player: int, source: str | None, moment: Moment
) -> bool:
    """Every given part of the selector holds for ``card`` (``any_of``: one of its parts)."""
    spec = card.spec
    side = selector.side
    if side is not None and side != "any":
        mine = (card.controller if card.zone is Zone.PLAY else card.owner) == player  # _controller
        if mine != (side == "own"):
            return False
    if selector.kinds and not _kind_in(card, selector.kinds):
        return False
    # A StrEnum member equals (and hashes as) its value: no ``.value``, a Python property.
    if selector.sizes and (spec.size is None or spec.size not in selector.sizes):
        return False
    if selector.ship_class is not None and not (
        spec.ship_class is not None and has_name(spec, selector.ship_class)
    ):
        return False
    if selector.name is not None and not has_name(spec, selector.name):
        return False
    if selector.object_types and (
        spec.object_type is None or spec.object_type not in selector.object_types
    ):
        return False
    if selector.damaged is not None:
        fighter = _combatant(card.uid, moment)
        damage = fighter.damage if fighter is not None else card.damage
        if (damage > 0) != selector.damaged:
            return False
    if selector.tapped is not None:
        fighter = _combatant(card.uid, moment)
        tapped = fighter.tapped if fighter is not None else card.tapped
        if tapped != selector.tapped:
            return False
    if selector.weapon is not None and (
        spec.weapons is None or getattr(spec.weapons, selector.weapon) is None
    ):
        return False
    if selector.property is not None and (
        spec.properties is None or getattr(spec.properties, selector.property) is None
    ):
        return False
    if selector.in_ is not None and not _placed(selector.in_, card, source, moment):
        return False
    if selector.any_of and selector.is_ is None:
        return any(matches(part, card, player, source, moment) for part in selector.any_of)
    return True


def _kind_in(card: Card, kinds: tuple[str, ...]) -> bool:
    if card.kind in kinds:  # a StrEnum equals its value
        return True
    return "station" in kinds and card.spec.object_type is ObjectType.STATION


def _controller(card: Card, moment: Moment) -> int:
    return card.controller if card.zone is Zone.PLAY else card.owner


def _combatant(uid: str, moment: Moment) -> Combatant | None:
    battle = moment.battle
    if battle is None:
        return None
    fighter: Combatant | None = battle.by_uid.get(uid)
    return fighter


def _placed(place: str, card: Card, source: str | None, moment: Moment) -> bool:
    if place == "battle":
        fighter = _combatant(card.uid, moment)
        return fighter is not None and fighter.status is Status.FIGHTING
    where = card.uid if card.kind is CardKind.SPACE_OBJECT else card.where
    if place == "orbit":
        return card.kind is CardKind.SHIP and bool(where) and not (where or "").startswith("s")
    if place == "sector":
        return card.kind is CardKind.SHIP and (where or "").startswith("s")
    return where is not None and where == _place_of(source, moment)  # "place"


def _place_of(source: str | None, moment: Moment) -> str | None:
    """Where this card is: its orbit or sector (an object: its own orbit); the Commander's: his
    carrier's."""
    state = moment.state
    uid = source or next(iter(_carrier(moment)), None)
    card = state.cards.get(uid or "")
    if card is None:
        return None
    if card.zone is Zone.ATTACHED:
        card = state.cards[card.where or ""]
    return card.uid if card.kind is CardKind.SPACE_OBJECT else card.where


# --- conditions ---------------------------------------------------------------------------------


def _holds(condition: Condition, source: str | None, moment: Moment) -> bool:
    """Every given part of the condition holds now (SPECIAL-6c)."""
    battle = moment.battle
    player = moment.player
    if condition.ranges and (battle is None or _RANGE_KEYS[battle.range] not in condition.ranges):
        return False
    if condition.site is not None and (battle is None or battle.site.kind != condition.site):
        return False
    if condition.role is not None:
        if battle is None:
            return False
        role = "attacker" if battle.sides[0].player == player else "defender"
        if role != condition.role:
            return False
    if condition.attack is not None and not _attack_holds(condition, moment):
        return False
    if condition.count is not None:
        count = condition.count
        # A selector's own ``count`` (how many a play picks) plays no part in matching.
        found = len(_targets(count.of, source, False, moment))
        if count.min is not None and found < count.min:
            return False
        if count.max is not None and found > count.max:
            return False
    if condition.self_ is not None and not _self_holds(condition, source, moment):
        return False
    if condition.destroyed is not None:
        attack = moment.attack
        lost = None if attack is None or isinstance(attack, AttackFacts) else attack.player
        if lost is None or (lost == player) != (condition.destroyed == "own"):
            return False
    return condition.turn_min is None or moment.state.turn >= condition.turn_min


def _attack_holds(condition: Condition, moment: Moment) -> bool:
    attack = moment.attack
    wanted = condition.attack
    if attack is None or wanted is None or moment.battle is None:
        return False
    attackers = attack.attackers if isinstance(attack, AttackFacts) else ()
    if wanted.by is not None:
        first = moment.battle.by_uid.get(attackers[0]) if attackers else None
        if first is None or (first.player == moment.player) != (wanted.by == "own"):
            return False
    weapon = attack.mount.split(".")[0] if isinstance(attack, AttackFacts) else ""
    return not wanted.weapons or weapon in wanted.weapons


def _self_holds(condition: Condition, source: str | None, moment: Moment) -> bool:
    state = moment.state
    wanted = condition.self_
    assert wanted is not None
    uid = source or next(iter(_carrier(moment)), None)
    card = state.cards.get(uid or "")
    if card is not None and card.zone is Zone.ATTACHED:
        card = state.cards.get(card.where or "")  # an upgrade: the upgraded card (UPG-3)
    elif card is not None and card.zone is not Zone.PLAY and card.kind not in _BUILT:
        card = state.cards.get((_carrier(moment) or [""])[0])  # a situation or ability card
    if card is None:
        return False
    if wanted.damaged is not None:
        fighter = _combatant(card.uid, moment)
        damage = fighter.damage if fighter is not None else card.damage
        if (damage > 0) != wanted.damaged:
            return False
    where = card.uid if card.kind is CardKind.SPACE_OBJECT else card.where
    if wanted.in_ == "orbit" and (where is None or where.startswith("s")):
        return False
    if wanted.in_ == "sector" and not (where or "").startswith("s"):
        return False
    if wanted.object_type is not None:
        obj = state.cards.get(where or "")
        if obj is None or obj.spec.object_type is None:
            return False
        if obj.spec.object_type != wanted.object_type:
            return False
    return True


# --- actions ------------------------------------------------------------------------------------


def apply_actions(actions: tuple[Action, ...], source: str | None, moment: Moment) -> None:
    """Apply an effect's actions in order, on its chosen cards or on a player."""
    for action in actions:
        _ACTIONS[action.do](action, source, moment)
    if any(action.do in ("destroy", "damage") for action in actions) and moment.battle is None:
        moment.game.check_commanders()  # CMDR-5 outside a battle


def _player(action: Action, moment: Moment) -> int:
    player = moment.player
    return player if action.player == "self" else moment.state.opponent(player)


def _live(uids: Iterable[str], moment: Moment) -> Iterator[Card]:
    state = moment.state
    for uid in uids:
        card = state.cards.get(uid)
        if card is not None and card.zone is Zone.PLAY:
            yield card


def _damage(action: Action, source: str | None, moment: Moment) -> None:
    amount = action.amount or 0
    battle = moment.battle
    for card in list(_live(moment.targets, moment)):
        if battle is not None and _combatant(card.uid, moment) is not None:
            battle.effect_damage(card.uid, amount)
        else:
            damage_out_of_battle(moment.game, card, amount)


def damage_out_of_battle(game: Table[Effects], card: Card, amount: int) -> None:
    """Damage outside a battle (docs/rules-decisions.md, «Card effects»): a card whose damage
    reaches its strength, or a ship its critical damage, goes to the losses (BATTLE-22,
    BEND-3); a ship's and a building's tokens are then removed as after a battle (BEND-4,
    MILB-4), a station's and a ground unit's stay (STN-12, GRD-5)."""
    strength = card.spec.strength
    if strength is None:
        return
    damage = card.damage + amount
    limit = strength
    if card.kind is CardKind.SHIP and card.spec.critical:
        limit = min(strength, card.spec.critical)
    if damage >= limit:
        controller = card.controller
        game.lose_card(card.uid, "effect")
        ship_lost(game, card.uid, controller)
        return
    keeps = card.kind is CardKind.GROUND_UNIT or card.spec.object_type is ObjectType.STATION
    card.damage = damage if keeps else 0


def _repair(action: Action, source: str | None, moment: Moment) -> None:
    for card in _live(moment.targets, moment):
        fighter = _combatant(card.uid, moment)
        holder: Combatant | Card = fighter if fighter is not None else card
        amount = holder.damage if action.amount is None else action.amount
        holder.damage = max(0, holder.damage - amount)


def _modify(action: Action, source: str | None, moment: Moment) -> None:
    assert action.stat is not None
    expires = until_key(action.until, source)
    for uid in moment.targets:
        moment.effects.add_modifier(uid, action.stat, action.by, expires)


def _tap(action: Action, source: str | None, moment: Moment) -> None:
    tapped = action.do == "tap"
    for card in _live(moment.targets, moment):
        card.tapped = tapped
        fighter = _combatant(card.uid, moment)
        if fighter is not None:
            fighter.tapped = tapped


def _move(action: Action, source: str | None, moment: Moment) -> None:
    state, battle = moment.state, moment.battle
    for card in list(_live(moment.targets, moment)):
        if card.kind is not CardKind.SHIP:
            continue
        if battle is not None and _combatant(card.uid, moment) is not None:
            if action.to == "new_sector":
                battle.effect_withdraw(card.uid)
            continue
        to = state.new_sector() if action.to == "new_sector" else _place_of(source, moment)
        if to is None or to == card.where:
            continue
        if moment.game.log.enabled:
            moment.game.log.emit(
                ev.Moved(player=card.controller, card=card.uid, frm=card.where, to=to)
            )
        card.where = to


def _destroy(action: Action, source: str | None, moment: Moment) -> None:
    battle = moment.battle
    for card in list(_live(moment.targets, moment)):
        if card.controller == moment.player:
            continue  # SPECIAL-2
        if battle is not None and _combatant(card.uid, moment) is not None:
            battle.effect_destroy(card.uid)
        else:
            controller = card.controller
            moment.game.lose_card(card.uid, "effect")
            ship_lost(moment.game, card.uid, controller)


def _draw(action: Action, source: str | None, moment: Moment) -> None:
    moment.game.draw(_player(action, moment), action.count)


def _search(action: Action, source: str | None, moment: Moment) -> None:
    """SPECIAL-10, SPECIAL-11: the card found is shown, a searched deck is shuffled."""
    game, player = moment.game, moment.player
    state = game.state
    me = state.players[player]
    zone = Zone(action.zone or "deck")
    select = action.select
    for _ in range(action.count):
        pool = me.deck if zone is Zone.DECK else me.losses
        found = [
            uid
            for uid in pool
            if uid != source  # TACT-2: the card played goes to the losses after its effect
            and (select is None or matches(select, state.cards[uid], player, source, moment))
        ]
        if not found:
            if zone is Zone.DECK:
                game.effects.shuffle(player)  # searched all the same (SPECIAL-11)
            return
        options = [Option(uid) for uid in found]
        game.effects.fetch(game.ask(player, DecisionKind.EFFECT_SEARCH, options).key)


def _to_deck(action: Action, source: str | None, moment: Moment) -> None:
    """SPECIAL-10, SPECIAL-11: «помещать карту из руки (потерь, со стола) в колоду» — the
    player's own cards: shown to the opponent, then the deck is shuffled. From the table: a
    ship, ground unit or building of his, not in a battle being fought and not carrying his
    Commander (a space object takes its orbit with it: never)."""
    game, player = moment.game, moment.player
    zone = action.zone or "hand"
    select = action.select
    for _ in range(action.count):
        found = [
            card.uid
            for card in _to_deck_pool(zone, moment)
            if (zone != "losses" or card.uid != source)  # TACT-2: there after its effect only
            and (select is None or matches(select, card, player, source, moment))
        ]
        if not found:
            return
        options = [Option(uid) for uid in found]
        uid = game.ask(player, DecisionKind.EFFECT_TO_DECK, options, DecisionContext(frm=zone)).key
        game.effects.fetch(uid, Zone.DECK)


def _to_deck_pool(zone: str, moment: Moment) -> list[Card]:
    state, player = moment.state, moment.player
    me = state.players[player]
    if zone == "hand":
        return [state.cards[uid] for uid in me.hand]
    if zone == "losses":
        return [state.cards[uid] for uid in me.losses]
    battle = moment.effects.battle
    return [
        card
        for card in state.in_play()
        if card.controller == player
        and card.owner == player
        and card.kind is not CardKind.SPACE_OBJECT
        and card.uid != me.commander_at
        and (battle is None or card.uid not in battle.by_uid)
    ]


def _enter(action: Action, source: str | None, moment: Moment) -> None:
    """Compiled as the card's own play (``_entry_play``), never applied as an action."""


def ship_lost(game: Table[Effects], uid: str, player: int) -> None:
    """A ship of ``player`` destroyed outside a battle (by an effect): the ``ship_destroyed``
    window opens, as the battle opens it for the ships destroyed there."""
    effects = game.effects
    if game.state.cards[uid].kind is CardKind.SHIP and (
        effects.has_window(0, Window.SHIP_DESTROYED) or effects.has_window(1, Window.SHIP_DESTROYED)
    ):
        effects.open(Window.SHIP_DESTROYED, attack=ShipLost(uid, player))


def _gain(action: Action, source: str | None, moment: Moment) -> None:
    me = moment.state.players[_player(action, moment)]
    sign = 1 if action.do == "gain" else -1
    me.resources = max(0, me.resources + sign * action.resources)
    me.action_tokens = max(0, me.action_tokens + sign * action.action_tokens)


def _initiative(action: Action, source: str | None, moment: Moment) -> None:
    moment.effects.modify_initiative(
        moment.player, action.by, until=until_key(action.until, source)
    )


def _cancel(action: Action, source: str | None, moment: Moment) -> None:
    moment.effects.cancel()


def _permit(action: Action, source: str | None, moment: Moment) -> None:
    assert action.rule is not None
    moment.effects.grant(moment.player, action.rule, until=until_key(action.until, source))


def _forbid(action: Action, source: str | None, moment: Moment) -> None:
    player, until = _player(action, moment), until_key(action.until, source)
    if action.rule is not None:
        moment.effects.forbid(player, action.rule, until=until)
    else:
        moment.effects.forbid_card(player, action.card or "", until=until)  # SPECIAL-7


def _reroll(action: Action, source: str | None, moment: Moment) -> None:
    moment.effects.grant_reroll(
        moment.player,
        count=action.count,
        purposes=action.purposes,
        until=until_key(action.until, source),
    )


def _victory(action: Action, source: str | None, moment: Moment) -> None:
    assert action.victory is not None
    until = until_key(action.until, source)  # a static effect's: while its card stays (WIN-5)
    moment.effects.grant_victory(moment.player, Victory(action.victory), until=until)


_ACTIONS: dict[str, Callable[[Action, str | None, Moment], None]] = {
    "damage": _damage,
    "repair": _repair,
    "modify": _modify,
    "tap": _tap,
    "untap": _tap,
    "move": _move,
    "destroy": _destroy,
    "draw": _draw,
    "search": _search,
    "to_deck": _to_deck,
    "enter": _enter,
    "gain": _gain,
    "lose": _gain,
    "initiative": _initiative,
    "cancel": _cancel,
    "permit": _permit,
    "forbid": _forbid,
    "reroll": _reroll,
    "victory": _victory,
}
_PLAYER_ACTIONS = frozenset(PLAYER_ACTIONS)


# --- stats as modified ----------------------------------------------------------------------------


def stat_deltas(game: Table[Effects], uid: str) -> dict[str, int]:
    """The live changes of a card's stats: modifiers with a duration and static effects."""
    deltas: dict[str, int] = {}
    effects = game.effects
    for modifier in game.state.modifiers:
        if modifier.target == uid and effects.is_live(modifier.expires):
            deltas[modifier.stat] = deltas.get(modifier.stat, 0) + modifier.delta
    if effects.statics:
        card = game.state.cards.get(uid)
        if card is not None:
            _static_deltas(card, _live_statics(game), deltas)
    return deltas


# A static stat effect in force now: its source, its targets, the moment its selector is read
# in (its holder's), and its stat changes.
_LiveStatic = tuple[str | None, Selector, Moment, tuple[tuple[str, int], ...]]


def _live_statics(game: Table[Effects]) -> list[_LiveStatic]:
    """The registered static effects with targets whose source is in force now (present,
    ready and eligible: CAP-4, OBJ-4, ECH-6, BATTLE-22), each with its holder's moment. What
    holds for every card read at this moment, found once for all of them."""
    effects = game.effects
    state = game.state
    battle = effects.battle
    moments: list[Moment | None] = [None, None]
    live: list[_LiveStatic] = []
    for source, player, spec in effects.statics:
        targets = spec.targets
        if targets is None:
            continue
        if source:
            if not effects.source_in_force(source):
                continue
            player = _holder(state, source, player)
        moment = moments[player] if 0 <= player < 2 else None
        if moment is None:
            moment = Moment(game, "static", player, battle)
            if 0 <= player < 2:
                moments[player] = moment
        live.append((source, targets, moment, _stat_changes(spec)))
    return live


def _stat_changes_of(spec: EffectSpec) -> tuple[tuple[str, int], ...]:
    return tuple((a.stat, a.by) for a in spec.actions if a.do == "modify" and a.stat)


_stat_changes: Final[IdentityCache[EffectSpec, tuple[tuple[str, int], ...]]] = IdentityCache(
    _stat_changes_of
)


def _static_deltas(card: Card, live: list[_LiveStatic], deltas: dict[str, int]) -> None:
    uid = card.uid
    for source, targets, moment, changes in live:
        # Most statics are their own card's (``is: self``): every other card is turned away at
        # once, as ``_specific`` would.
        is_ = targets.is_
        if source and is_ == "self" and uid != source:
            continue
        if not changes:
            continue
        if is_ is None and not targets.any_of:
            # ``_picks`` without the selector's ``_specific`` (which has none to give)
            if not matches(targets, card, moment.player, source, moment):
                continue
        elif not _picks(targets, card, source, moment):
            continue
        for stat, by in changes:
            deltas[stat] = deltas.get(stat, 0) + by


def _picks(selector: Selector, card: Card, source: str | None, moment: Moment) -> bool:
    specific = _specific(selector, source, moment)
    if specific is not None:
        return card.uid in specific
    return matches(selector, card, moment.player, source, moment)


def _holder(state: GameState, source: str, player: int) -> int:
    """Whose a card's lasting properties are: its controller's while it is in play (a captured
    object's work for its captor), the upgraded card's for an upgrade (UPG-3), else its
    owner's (``player``, as registered)."""
    card = state.cards[source]
    if card.zone is Zone.ATTACHED:
        card = state.cards[card.where or ""]
    return card.controller if card.zone is Zone.PLAY else player


def _with_power(mount: Mount, power: int) -> Mount:
    """``mount`` with this power (itself when unchanged: mounts are immutable)."""
    if power == mount.power:
        return mount
    return Mount(mount.key, mount.weapon, mount.range, power, mount.count, mount.maser_type)


class _Printed:
    """A spec's printed battle stats, read by ``refresh`` (never changed: each refresh writes
    the fighter's own), and its mounts as a refresh with no weapon change leaves them."""

    __slots__ = ("fighter", "mounts", "powered")

    def __init__(self, spec: CardSpec) -> None:
        self.fighter = Combatant.from_card("printed", spec, player=0)
        self.mounts = tuple(
            _with_power(mount, mount.power if mount.power > 0 else 0)
            for mount in self.fighter.mounts
        )
        # Each mount at each changed power met so far (mounts are immutable: shared).
        self.powered: list[dict[int, Mount]] = [{} for _ in self.mounts]

    def mount_at(self, index: int, power: int) -> Mount:
        """Printed mount ``index`` at ``power`` (``_with_power``, built once per power)."""
        mount = self.fighter.mounts[index]
        if power == mount.power:
            return mount
        known = self.powered[index]
        found = known.get(power)
        if found is None:
            found = known[power] = _with_power(mount, power)
        return found


# Built once per spec object.
_printed: Final[IdentityCache[CardSpec, _Printed]] = IdentityCache(_Printed)

# The stats that change a weapon mount's power (a mount's weapon, by value).
_MOUNT_STATS = frozenset(weapon.value for weapon in Weapon)


def refresh(game: Table[Effects], fighter: Combatant) -> None:
    """A battle card's stats: printed, plus the live modifiers and static effects."""
    card = game.state.cards.get(fighter.uid)
    if card is None:
        return
    _write_stats(fighter, _printed(card.spec), stat_deltas(game, fighter.uid))
    battle = game.effects.battle
    if fighter.damage >= fighter.strength and battle is not None and fighter.uid in battle.by_uid:
        battle.effect_destroy(fighter.uid)  # a lowered strength its damage now reaches


def refresh_all(game: Table[Effects], fighters: Iterable[Combatant]) -> None:
    """``refresh`` for each of ``fighters`` not destroyed whose card is on the table, in
    order: the statics in force are found once, and again after a refresh destroys a card (its
    window and the standing's change may have changed them)."""
    state = game.state
    effects = game.effects
    live: list[_LiveStatic] | None = None
    for fighter in fighters:
        if fighter.status is Status.DESTROYED:
            continue
        uid = fighter.uid
        card = state.cards.get(uid)
        if card is None:
            continue
        deltas: dict[str, int] = {}
        for modifier in state.modifiers:
            if modifier.target == uid and effects.is_live(modifier.expires):
                deltas[modifier.stat] = deltas.get(modifier.stat, 0) + modifier.delta
        if effects.statics:
            if live is None:
                live = _live_statics(game)
            _static_deltas(card, live, deltas)
        _write_stats(fighter, _printed(card.spec), deltas)
        battle = effects.battle
        if fighter.damage >= fighter.strength and battle is not None and uid in battle.by_uid:
            battle.effect_destroy(uid)  # a lowered strength its damage now reaches
            live = None


def _write_stats(fighter: Combatant, printed: _Printed, deltas: dict[str, int]) -> None:
    """The printed stats plus ``deltas``, each kept in its bounds."""
    base = printed.fighter
    if not deltas:
        # Each stat of ``_COMBAT_STATS`` written out (no getattr/setattr by name: a hot path).
        fighter.strength = base.strength if base.strength > 1 else 1
        critical = base.critical
        fighter.critical = None if critical is None else (critical if critical > 0 else 0)
        fighter.armor = base.armor if base.armor > 0 else 0
        fighter.speed = base.speed if base.speed > 0 else 0
        fighter.shield_power = base.shield_power if base.shield_power > 0 else 0
        fighter.crew_size = base.crew_size if base.crew_size > 0 else 0
        fighter.landing = base.landing if base.landing > 0 else 0
        fighter.mounts = printed.mounts
        return
    value = base.strength + deltas.get("strength", 0)
    fighter.strength = value if value > 1 else 1
    critical = base.critical
    if critical is None:
        fighter.critical = None
    else:
        value = critical + deltas.get("critical", 0)
        fighter.critical = value if value > 0 else 0
    value = base.armor + deltas.get("armor", 0)
    fighter.armor = value if value > 0 else 0
    value = base.speed + deltas.get("speed", 0)
    fighter.speed = value if value > 0 else 0
    value = base.shield_power + deltas.get("shield", 0)
    fighter.shield_power = value if value > 0 else 0
    value = base.crew_size + deltas.get("crew", 0)
    fighter.crew_size = value if value > 0 else 0
    value = base.landing + deltas.get("landing", 0)
    fighter.landing = value if value > 0 else 0
    if _MOUNT_STATS.isdisjoint(deltas):
        fighter.mounts = printed.mounts
    else:
        mounts: list[Mount] = []
        for index, mount in enumerate(base.mounts):
            power = mount.power + deltas.get(mount.weapon, 0)  # a StrEnum: its value's key
            mounts.append(printed.mount_at(index, power if power > 0 else 0))
        fighter.mounts = tuple(mounts)
