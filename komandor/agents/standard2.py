"""The ``standard-2`` agent: ``standard-1``'s plan with the Commander kept safe
(``Standard2Agent``).

``standard-1`` (``standard.StandardAgent``) lost its own Commander within its first three turns
in about one game in seven: it put him on its weakest ship (the 1.1 rule), left that ship to
fight wherever the enemy came (a card opening its sector, MOVE-9: «Ложный маяк», «Опытный
штурман»), never used the second echelon, never took a ship out of a battle and never moved
him off a doomed ship. The book gives a player each of those means, and this agent uses them:

- **Where he is placed** (``setup.commander``, CMDR-2) stays ``standard-1``'s (the weakest
  ship, in open space). The rule written for it (``_setup_commander``: on the weakest ship no
  enemy ship in play outruns — a ship leaves a battle at the start of any round when no enemy
  ship is faster, WDR-1 — else the sturdiest) measured weaker and is left out of
  ``SAFETY_KINDS`` (``ALL_SAFETY_KINDS`` has it, for measuring).
- **Where he moves** (``commander.move``, CMDR-3/4): at the start of a battle phase with enemy
  ships at his place, off a ship they outrun onto the weakest one they do not (it will leave
  the battle); off a space object onto a ship. Otherwise he stays.
- **In a battle** his ship goes to the second echelon (ECH-1: it fights only once the first
  is gone) when it cannot leave the battle; one that can leave it fights no round: it leaves
  at the start of the first round it may (WDR-1), or asks the enemy's leave (WDR-3) when it
  is outrun, unless his side's strength left is over ``SAFE_ODDS`` times the enemy's. The
  enemy Commander's ship is never let go.
- **Not carried into battle**: his ship's move stays ``standard-1``'s (it leaves an orbit for
  an own sector free of the enemy and otherwise stays in open space), and so does the plan's
  guard beside him when the enemy shows a way into sectors.

Everything else is ``standard-1``'s answer, with its weights pinned here
(``STANDARD_2_WEIGHTS``), so a tuning of ``standard-1``'s defaults leaves this agent as it is.
Stateless beyond ``standard-1``'s plan: the same decisions and observations give the same
answers.
"""

from __future__ import annotations

from collections.abc import Callable

from komandor.agents.features import ship_power
from komandor.agents.standard import StandardAgent, StandardWeights
from komandor.rules.battle import BattleView, Combatant, Role, Status, shown_battle
from komandor.rules.cards import CardKind
from komandor.rules.decisions import Decision, DecisionKind
from komandor.rules.observation import Observation
from komandor.rules.state import Card

# ``standard-1``'s weights as it was measured with (agents 1.1's standard level), written out.
STANDARD_2_WEIGHTS = StandardWeights(
    attack_margin=1.25,
    kill_margin=1.5,
    guard_share=0.0,
    commander_focus=4.0,
    blockade_worth=12.0,
    unblock_worth=8.0,
    capture_worth=0.5,
    token_price_production=1.0,
    token_price_other=1.5,
    hunt_worth=25.0,
    hunted_guard=1.0,
    procurator_saving=1.0,
    procurator_alarm=4.0,
    trader_alarm=5.0,
)


# The Commander's ship stays in a battle where one's fighting strength left is more than this
# many times the enemy's.
SAFE_ODDS = 3.0


class Standard2Agent:
    """``standard-1`` with the Commander-safety rules of the module's docstring."""

    __slots__ = ("_standard", "kinds", "name")

    def __init__(
        self,
        name: str = "standard-2",
        weights: StandardWeights | None = None,
        kinds: frozenset[DecisionKind] | None = None,
    ) -> None:
        self.name = name
        self._standard = StandardAgent(name, STANDARD_2_WEIGHTS if weights is None else weights)
        # The decision kinds the safety rules answer (``SAFETY_KINDS``; others of
        # ``ALL_SAFETY_KINDS``: a measurement of what each rule is worth, docs/engine.md).
        self.kinds = SAFETY_KINDS if kinds is None else kinds

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        kind = decision.kind
        answer: int | None = None
        if kind in self.kinds:
            battle_rule = _BATTLE_SAFETY.get(kind)
            if battle_rule is not None:
                answer = battle_rule(decision)
            elif observation is not None:
                rule = _SAFETY.get(kind)
                if rule is not None:
                    answer = rule(decision, observation)
        return self._standard.choose(decision, observation) if answer is None else answer


# --- the carrier ----------------------------------------------------------------------------


def carrier_key(card: Card, outrun_by: int) -> tuple[bool, int, int, int]:
    """How safe ``card`` is as the Commander's carrier against enemy ships of speed up to
    ``outrun_by``: a ship none of them outruns (it may leave any battle with them, WDR-1),
    then its strength left, its armor, its speed. A space object ranks below every ship."""
    spec = card.spec
    if card.kind is not CardKind.SHIP:
        return (False, -1, 0, 0)
    speed = spec.speed or 0
    strength = (spec.strength or 0) - card.damage
    return (speed >= outrun_by, strength, spec.armor or 0, speed)


def _enemy_speed(observation: Observation, player: int, where: str | None) -> int:
    """The speed of the fastest enemy ship at ``where`` (None: anywhere in play)."""
    return max(
        (
            s.spec.speed or 0
            for s in observation.cards_in_play(CardKind.SHIP)
            if s.controller == 1 - player and (where is None or s.where == where)
        ),
        default=0,
    )


def _safest(
    decision: Decision, observation: Observation, outrun_by: int, current: str | None
) -> int | None:
    """The option naming the safest carrier (``carrier_key``), the current one on ties;
    None when no option names a card in sight."""
    best: int | None = None
    best_key: tuple[bool, int, int, int] | None = None
    for index, option in enumerate(decision.options):
        uid = current if option.key == "stay" else option.key
        card = observation.card(uid) if uid else None
        if card is None:
            continue
        key = carrier_key(card, outrun_by)
        if best_key is None or key > best_key or (key == best_key and option.key == "stay"):
            best, best_key = index, key
    return best


def _weakest_escaping(decision: Decision, observation: Observation, outrun_by: int) -> int | None:
    """The option naming the ship of least fighting value (then cost) that enemy ships of
    speed up to ``outrun_by`` do not outrun; None when there is none."""
    escaping: list[tuple[int, int, int]] = []
    for index, option in enumerate(decision.options):
        card = observation.card(option.key)
        if card is not None and card.kind is CardKind.SHIP and (card.spec.speed or 0) >= outrun_by:
            escaping.append((ship_power(card), card.cost, index))
    return min(escaping)[2] if escaping else None


def _setup_commander(decision: Decision, observation: Observation) -> int | None:
    """CMDR-2: on a ship no enemy ship in play outruns (none yet for the first to place), the
    one of least fighting value among those (the strong stay free to fight, as in 1.1);
    when every ship is outrun, the sturdiest (``carrier_key``). Never on an object while a
    ship is offered."""
    outrun_by = _enemy_speed(observation, decision.player, None)
    escaping = _weakest_escaping(decision, observation, outrun_by)
    return escaping if escaping is not None else _safest(decision, observation, outrun_by, None)


def _commander_move(decision: Decision, observation: Observation) -> int | None:
    """CMDR-3/4: at the start of a battle phase with enemy ships at his place, onto the
    option safest against them (``carrier_key``); off a space object onto the safest ship
    against every enemy ship in play. Otherwise None: he stays (the policy's answer)."""
    me = decision.player
    at = decision.context.at
    current = at if isinstance(at, str) else observation.commander_at(me)
    carrier = observation.card(current) if current else None
    if carrier is None:
        return None
    if carrier.kind is not CardKind.SHIP:
        return _safest(decision, observation, _enemy_speed(observation, me, None), None)
    if decision.context.phase == "production" or carrier.where is None:
        return None
    if not any(
        s.controller == 1 - me and s.where == carrier.where
        for s in observation.cards_in_play(CardKind.SHIP)
    ):
        return None
    outrun_by = _enemy_speed(observation, me, carrier.where)
    if (carrier.spec.speed or 0) >= outrun_by:
        return None  # it leaves the battle in its first round (``_withdraw``)
    return _weakest_escaping(decision, observation, outrun_by)


# --- the battle -----------------------------------------------------------------------------


def _battle(decision: Decision) -> BattleView | None:
    battle = shown_battle(decision.context.battle)
    return battle if battle is not None and hasattr(battle, "by_uid") else None


def _enemy_fastest(battle: BattleView, player: int) -> int:
    """The speed of the enemy's fastest card fighting now (what WDR-1 compares with)."""
    return max(
        (
            c.speed
            for c in battle.by_uid.values()
            if c.player != player and c.status is Status.FIGHTING and c.role is not Role.GROUND_UNIT
        ),
        default=0,
    )


def _threatened(battle: BattleView, player: int) -> bool:
    """Whether the enemy has a card fighting with a weapon and his fighting cards' strength
    left is at least ``SAFE_ODDS`` of one's own (a far weaker enemy dies before he kills)."""
    own = enemy = 0
    armed = False
    for c in battle.by_uid.values():
        if c.status is not Status.FIGHTING or c.role is Role.GROUND_UNIT:
            continue
        left = max(c.strength - c.damage, 0)
        if c.player == player:
            own += left
        else:
            enemy += left
            armed = armed or bool(c.mounts)
    return armed and enemy * SAFE_ODDS >= own


def _carrier(battle: BattleView, player: int) -> Combatant | None:
    """``player``'s card in the battle carrying his Commander."""
    for c in battle.by_uid.values():
        if c.player == player and c.has_commander:
            return c
    return None


def _second_echelon(decision: Decision) -> int | None:
    """ECH-1: the Commander's ship to the second echelon when it could not leave the battle
    now (an enemy ship outruns it); ``done`` once it is there; None (the policy's answer)
    when he is not in this battle or his ship can leave it in the first round."""
    battle = _battle(decision)
    carrier = None if battle is None else _carrier(battle, decision.player)
    if battle is None or carrier is None:
        return None
    if carrier.status is Status.RESERVE:
        return _index(decision, "done")
    if carrier.speed >= _enemy_fastest(battle, decision.player):
        return None  # it leaves the battle at the first round's start (``_withdraw``)
    for index, option in enumerate(decision.options):
        if option.key == f"reserve:{carrier.uid}":
            return index
    return None


def _withdraw(decision: Decision) -> int | None:
    """WDR-1/3: the Commander's ship leaves the battle at a round's start while the enemy
    threatens it (``_threatened``): freely when no enemy ship outruns it, else by asking his
    leave."""
    battle = _battle(decision)
    carrier = None if battle is None else _carrier(battle, decision.player)
    if battle is None or carrier is None or not _threatened(battle, decision.player):
        return None
    for prefix in ("withdraw:", "ask:"):
        for index, option in enumerate(decision.options):
            if option.key == f"{prefix}{carrier.uid}":
                return index
    return None


def _allow_withdraw(decision: Decision) -> int | None:
    """WDR-3: never let the enemy Commander's ship leave (his loss ends the match)."""
    battle = _battle(decision)
    ship = decision.context.ship
    if battle is not None and isinstance(ship, str):
        leaving = battle.by_uid.get(ship)
        if leaving is not None and leaving.has_commander:
            return _index(decision, "refuse")
    return None


def _index(decision: Decision, key: str) -> int:
    for index, option in enumerate(decision.options):
        if option.key == key:
            return index
    return 0


# The decisions the safety rules answer from the observation, and those they answer from the
# battle alone (its cards show which one carries the Commander); None: the policy's answer.
_SAFETY: dict[DecisionKind, Callable[[Decision, Observation], int | None]] = {
    DecisionKind.SETUP_COMMANDER: _setup_commander,
    DecisionKind.COMMANDER_MOVE: _commander_move,
}
_BATTLE_SAFETY: dict[DecisionKind, Callable[[Decision], int | None]] = {
    DecisionKind.BATTLE_SECOND_ECHELON: _second_echelon,
    DecisionKind.BATTLE_WITHDRAW: _withdraw,
    DecisionKind.BATTLE_ALLOW_WITHDRAW: _allow_withdraw,
}
# Every rule here, and the ones ``standard-2`` plays: all but the placement, which measured
# worse (docs/engine.md: against heuristic-1.1 61.6 % without it, 58.2 % with it; against
# standard-1 52.7 % and 50.4 %). A weakest ship in open space is rarely hunted, and a faster
# but stronger carrier is one ship fewer in the fleet's fights.
ALL_SAFETY_KINDS = frozenset({*_SAFETY, *_BATTLE_SAFETY})
SAFETY_KINDS = ALL_SAFETY_KINDS - {DecisionKind.SETUP_COMMANDER}
