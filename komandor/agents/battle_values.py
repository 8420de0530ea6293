"""What the agents expect of an attack in battle: ``attack_value`` of a ``battle.attack`` or
``battle.counter_fire`` option, computed from the option's facts (attackers, mount, targets)
and the battle as the decision shows it (``context["battle"]``, a read-only
``battle.BattleView``). The rules offer the attacks and put no value on any of them.

A value is a rough expectation, not a rule: the damage to expect, weighted by the chance of
every die involved, nothing if the target would surely evade, never more than it has left; a
ram net of the rammer's own loss; a boarding the target's strength left by the chance of
winning it.
"""

from __future__ import annotations

from komandor.rules.battle import BattleView, Combatant, Mount, shown_battle
from komandor.rules.decisions import Decision, DecisionKind
from komandor.rules.facts import AttackFacts, OptionFacts
from komandor.rules.weapons import (
    MISSILE_TO_HIT,
    TORPEDO_TO_HIT,
    Distance,
    Weapon,
    boarding_defence,
    bomb_damage,
    evasive_manoeuvre_applies,
    light_duel_applies,
    point_defence_applies,
    ram_damage,
    ram_dodge_allowed,
)

# The chance that one D6 less another is above ``k``.
_P_D6_DIFF_ABOVE = {
    k: sum(1 for a in range(1, 7) for b in range(1, 7) if a - b > k) / 36 for k in range(-40, 41)
}
# A Nova that fires hits one ship on 1–4, two on 5, three on 6 (WPN-NOVA-3).
_NOVA_WEIGHTS = (1.0, 2 / 6, 1 / 6)
# The decisions whose options are attacks.
_ATTACKS = frozenset({DecisionKind.BATTLE_ATTACK, DecisionKind.BATTLE_COUNTER_FIRE})


def attack_values(decision: Decision) -> list[int | float] | None:
    """The value of each option of an attack decision (a ``pass``: 0), or None when the
    decision is no attack or shows no battle."""
    battle = shown_battle(decision.context.battle)
    if decision.kind not in _ATTACKS or battle is None:
        return None
    reaction = decision.kind is DecisionKind.BATTLE_COUNTER_FIRE
    return [attack_value(battle, option.data, reaction=reaction) for option in decision.options]


def attack_value(battle: BattleView, data: OptionFacts, *, reaction: bool = False) -> int | float:
    """What an agent may expect from one attack (its option's facts, ``AttackFacts``) in
    ``battle`` now; ``reaction``: a counter-fire, at short range, which no evasion or duel
    roll stops."""
    if not isinstance(data, AttackFacts) or not data.attackers:
        return 0  # ``pass``
    attackers = data.attackers
    by_uid = battle.by_uid
    key = data.mount
    c = by_uid[attackers[0]]
    targets = [by_uid[uid] for uid in data.targets]
    if key == "ram":
        return _ram_value(c, targets[0])
    if key == "bombs" and len(attackers) > 1:
        return bomb_damage([by_uid[uid].mount("bombs").power for uid in attackers])
    mount = c.mount(key)
    weapon = mount.weapon
    if weapon is Weapon.BOMBS:
        t = targets[0]
        return min(mount.power, t.strength - t.damage)
    if weapon is Weapon.BOARDING:
        t = targets[0]
        chance = _P_D6_DIFF_ABOVE[boarding_defence(t.crew_level, t.crew_size) - mount.power]
        return round((t.strength - t.damage) * chance, 2)
    distance = Distance.SHORT if reaction else battle.range
    if weapon is Weapon.NOVA:
        hittable = [
            expected(battle, c, mount, t, distance)
            for t in battle.fighting_targets(c)
            if battle.can_hurt(c, mount, t)
        ]
        best = sorted(hittable, reverse=True)[:3]
        return round(sum(a * w for a, w in zip(best, _NOVA_WEIGHTS, strict=False)), 2)
    if len(targets) == 1:
        return expected(battle, c, mount, targets[0], distance, reaction=reaction)
    return sum(expected(battle, c, mount, t, distance) for t in targets)


def expected(
    battle: BattleView,
    c: Combatant,
    mount: Mount,
    t: Combatant,
    distance: Distance,
    *,
    reaction: bool = False,
) -> float:
    """Damage weighted by the chance of every die involved, nothing if the target would surely
    evade, never more than it has left."""
    weapon = mount.weapon
    value = float(battle.potential(c, mount, t))
    if weapon in (Weapon.MISSILES, Weapon.TORPEDOES):
        table = MISSILE_TO_HIT if weapon is Weapon.MISSILES else TORPEDO_TO_HIT
        value *= (7 - table[distance]) / 6
        if t.has_weapon(Weapon.LASERS) and point_defence_applies(weapon, distance):
            value *= 2 / 3
    elif weapon is Weapon.NOVA:
        value *= 0.5
    if not reaction:
        if t.evasive and not t.tapped and evasive_manoeuvre_applies(weapon, distance):
            return 0.0
        if light_duel_applies(
            attacker_is_light=c.is_light,
            target_is_light=t.is_light,
            weapon=weapon,
            distance=distance,
        ):
            value *= _P_D6_DIFF_ABOVE[t.speed - c.speed]
    return round(min(value, t.strength - t.damage), 2)


def _ram_value(rammer: Combatant, target: Combatant) -> float:
    """Net damage of a ram: what the target loses minus what the rammer loses, less likely
    when the target may dodge (5+)."""
    to_target, to_rammer = ram_damage(
        rammer_size=rammer.size or "",
        rammer_strength=rammer.strength,
        target_size=target.size or "",
        target_strength=target.strength,
        target_armor=target.armor,
    )
    net = min(to_target, target.strength - target.damage) - min(
        to_rammer, rammer.strength - rammer.damage
    )
    dodge = ram_dodge_allowed(rammer_speed=rammer.speed, target_speed=target.speed)
    return round(net * (4 / 6 if dodge else 1.0), 2)
