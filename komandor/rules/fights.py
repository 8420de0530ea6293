"""The battle phase on the game's side: which battles happen, in which order, handing each to
``battle.battle_fight`` and applying its result; then capture and blockade (CAP) and the
end-of-phase victory checks (WIN-3, WIN-6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from komandor.rules import event_records as ev
from komandor.rules.battle import (
    BattleResult,
    BattleSide,
    BattleSite,
    Combatant,
    SiteKind,
    battle_fight,
)
from komandor.rules.cards import CardKind, ObjectType
from komandor.rules.decisions import DecisionKind, Option
from komandor.rules.effects import Effects, Window
from komandor.rules.facts import DecisionContext, PlaceFacts
from komandor.rules.state import Card, Zone
from komandor.rules.victory import check_commanders, check_end_of_battle_phase

if TYPE_CHECKING:
    from komandor.rules.table import Table

# What keeps an object in its controller's hands against ships on the orbit (CAP-2, CIV-5).
_HOLDERS = (CardKind.MILITARY_BUILDING, CardKind.GROUND_UNIT)
_BUILT_IN_SEP = "#"
# Battle sites are immutable: one open space, one orbit per object type, shared by every battle.
_OPEN_SPACE = BattleSite(SiteKind.OPEN_SPACE)
_ORBITS: dict[str | None, BattleSite] = {}


def _orbit(object_type: str | None) -> BattleSite:
    site = _ORBITS.get(object_type)
    if site is None:
        site = _ORBITS[object_type] = BattleSite(SiteKind.ORBIT, object_type)
    return site


def battle_phase(game: Table[Effects], mover: int) -> None:
    """BATTLE-1..3: every place where the fleets meet fights; the priority player orders them."""
    state = game.state
    if game.effects.enabled:
        game.effects.open(Window.BATTLE_PHASE_START)
    # CMDR-3, CMDR-4, PHASE-22: first the Commanders may move (the priority player first).
    for player in (state.priority, state.opponent(state.priority)):
        game.move_commander(player)
    sites = battle_sites(game)
    while sites:
        if len(sites) == 1:
            site = sites[0]
        else:
            options = [Option(where, PlaceFacts(where)) for where in sites]
            site = game.ask(state.priority, DecisionKind.BATTLE_ORDER, options).key
        sites.remove(site)
        if site in battle_sites(game):
            fight(game, mover, site)
            resolve_control(game, at=site)  # CAP-6, PHASE-40: the last step of each battle
    resolve_control(game)
    game.stop_if(check_end_of_battle_phase(state))


def battle_sites(game: Table[Effects]) -> list[str]:
    """Places with ships of one player and, of the other, ships or (on the orbit of his
    object) a station, buildings or ground units (BATTLE-1, BATTLE-5, AMB-10)."""
    state = game.state
    sites: list[str] = []
    for where, present in _ship_places(game).items():
        if all(present):
            sites.append(where)
            continue
        obj = state.cards.get(where)
        if obj is None or obj.zone is not Zone.PLAY:
            continue
        holder = obj.controller
        if present[holder]:
            continue
        if obj.spec.object_type is ObjectType.STATION or _ground_forces(game, obj):
            sites.append(where)
    return sites


def _ship_places(game: Table[Effects]) -> dict[str, list[bool]]:
    """Every place with ships, in the order of the ships in play, and whether each player has
    ships there (one pass, not ``ships_at`` per place and player)."""
    places: dict[str, list[bool]] = {}
    for ship in game.state.in_play(CardKind.SHIP):
        if ship.where is not None:
            present = places.setdefault(ship.where, [False, False])
            if ship.controller in (0, 1):
                present[ship.controller] = True
    return places


def _ground_forces(game: Table[Effects], obj: Card) -> list[str]:
    """uids of the controller's cards on the object that can be attacked there."""
    uids = [c.uid for c in game.state.on_object(obj.uid) if c.controller == obj.controller]
    uids += [
        f"{obj.uid}{_BUILT_IN_SEP}{index}"
        for index, _ in enumerate(obj.spec.built_in or ())
        if index not in obj.destroyed_built_in
    ]
    return uids


def fight(game: Table[Effects], mover: int, where: str) -> None:
    state = game.state
    attacker = mover
    defender = state.opponent(mover)
    obj = state.cards.get(where)
    commanders = {p.commander_at for p in state.players}
    combatants: dict[int, list[Combatant]] = {0: [], 1: []}
    for ship in state.ships_at(where):
        combatants[ship.controller].append(
            Combatant.from_card(
                ship.uid,
                ship.spec,
                player=ship.controller,
                damage=ship.damage,
                has_commander=ship.uid in commanders,
            )
        )
    site = _OPEN_SPACE
    if obj is not None:
        object_type = obj.spec.object_type.value if obj.spec.object_type else None
        site = _orbit(object_type)
        on_planet = obj.spec.object_type is ObjectType.PLANET
        owner = obj.controller
        if obj.spec.object_type is ObjectType.STATION:
            combatants[owner].append(
                Combatant.from_card(
                    obj.uid,
                    obj.spec,
                    player=owner,
                    damage=obj.damage,
                    has_commander=obj.uid in commanders,
                )
            )
        for card in state.on_object(where):
            if card.spec.strength is None:
                continue  # a civil building that prints no strength cannot be attacked
            combatants[card.controller].append(
                Combatant.from_card(
                    card.uid,
                    card.spec,
                    player=card.controller,
                    damage=card.damage,
                    on_planet=on_planet,
                )
            )
        for index, part in enumerate(obj.spec.built_in or ()):
            if index not in obj.destroyed_built_in:
                combatants[owner].append(
                    Combatant.from_card(
                        f"{where}{_BUILT_IN_SEP}{index}",
                        part,
                        player=owner,
                        damage=obj.built_in_damage.get(index, 0),
                        on_planet=on_planet,
                    )
                )
    effects = game.effects
    if effects.enabled and (state.modifiers or effects.statics):
        # Card effects on the stats (every fighter is fighting: none is passed over).
        game.refresh_combatants([fighter for side in combatants.values() for fighter in side])
    if game.log.enabled:
        game.log.emit(
            ev.Battle(
                at=where,
                attacker=attacker,
                defender=defender,
                sides=tuple(tuple(c.uid for c in combatants[p]) for p in (0, 1)),
            )
        )
    result = battle_fight(
        attacker=BattleSide(player=attacker, combatants=combatants[attacker]),
        defender=BattleSide(player=defender, combatants=combatants[defender]),
        site=site,
        agents={0: game.agents[0], 1: game.agents[1]},
        dice=game.dice,
        log=game.log,
        hooks=effects if effects.enabled else None,
    )
    if effects.enabled:
        effects.battle = None
        effects.expire("round")  # «до конца раунда» / «до конца сражения»
        effects.expire("battle")
    apply_result(game, where, result)


def apply_result(game: Table[Effects], where: str, result: BattleResult) -> None:
    state = game.state
    # The battle logged its own "battle_end" (after the "battle" event naming ``where``).
    for uid, damage in result.damage.items():
        if _BUILT_IN_SEP in uid:
            obj_uid, index = uid.split(_BUILT_IN_SEP)
            state.cards[obj_uid].built_in_damage[int(index)] = damage  # GRD-5: until production
            continue
        card = state.cards.get(uid)
        if card is not None and card.zone is Zone.PLAY:
            card.damage = damage
    for uid, cause in result.destroyed:
        if _BUILT_IN_SEP in uid:
            obj_uid, index = uid.split(_BUILT_IN_SEP)
            state.cards[obj_uid].destroyed_built_in.add(int(index))
        else:
            game.lose_card(uid, cause)
    obj = state.cards.get(where)
    if obj is not None and obj.zone is Zone.PLAY:
        if result.station_outcome == "captured" and result.station_boarded_by is not None:
            obj.controller = result.station_boarded_by  # STN-9; its damage stays (STN-12)
            if game.log.enabled:
                game.log.emit(ev.Captured(card=where, by=result.station_boarded_by, how="boarding"))
        elif result.station_outcome == "destroyed":
            game.lose_card(where, "boarded")  # STN-10
    by_player: dict[int, list[Card]] = {}
    for uid in result.withdrawn:
        card = state.cards.get(uid)
        if card is not None and card.zone is Zone.PLAY:
            by_player.setdefault(card.controller, []).append(card)
    for player in result.retreated:
        for card in state.ships_at(where, player):
            if card not in by_player.setdefault(player, []):
                by_player[player].append(card)
    for player, cards in by_player.items():
        sector = state.new_sector()  # WDR-3, AMB-15: a sector without enemy ships
        for card in cards:
            card.where = sector
        if game.log.enabled:
            game.log.emit(
                ev.LeftBattle(player=player, cards=tuple(c.uid for c in cards), to=sector)
            )
    for player, amount in result.rewards.items():
        state.players[player].pending_rewards += amount  # WPN-BOARD-9
    game.stop_if(check_commanders(state, lost_in_round=result.commanders_lost))


def resolve_control(game: Table[Effects], *, at: str | None = None) -> None:
    """CAP-2, CAP-7, CIV-3: an object with only the enemy's ships on its orbit and none of the
    controller's ships, military buildings or ground units changes hands. Stations never do.
    ``at`` limits the check to the object whose orbit was just fought over (CAP-6)."""
    state = game.state
    for obj in state.objects():
        if at is not None and obj.uid != at:
            continue
        if obj.spec.object_type is ObjectType.STATION or not state.is_blocked(obj):
            continue
        holder = obj.controller
        held = any(
            c.kind in _HOLDERS for c in state.on_object(obj.uid) if c.controller == holder
        ) or any(
            index not in obj.destroyed_built_in for index, _ in enumerate(obj.spec.built_in or ())
        )
        if held:
            continue  # CAP-3: blocked, not captured
        captor = state.opponent(holder)
        obj.controller = captor
        if game.log.enabled:
            game.log.emit(ev.Captured(card=obj.uid, by=captor, how="orbit"))
        for civil in state.on_object(obj.uid):
            if civil.kind is not CardKind.CIVIL_BUILDING:
                continue
            option = game.ask(
                captor,
                DecisionKind.CAPTURE_CIVIL_BUILDING,
                (Option("capture"), Option("destroy")),
                DecisionContext(card=civil.uid),
            )
            if option.key == "destroy":
                game.lose_card(civil.uid, "captor_destroyed")
            else:
                civil.controller = captor
                civil.built_turn = state.turn  # CIV-3: its properties from the next turn
                civil.captured_turn = state.turn  # CIV-4: and it moves from the next turn
    game.check_commanders()
