"""What a card play is worth to the agents: ``play_values`` of an ``effect.play`` decision,
computed from each option's facts (the kind of play, the effect's actions, its target, the
cards in reach of a play on several cards, the play being answered) and the agent's
``Observation`` (with the battle the decision shows, ``context["battle"]``). The rules offer
the plays and put no worth on any of them.

A worth is a rough guess, not a rule: damage most to what it destroys, repair what is damaged,
a card tapped (the opponent's) or untapped (one's own) its cost, a cancel the worth of the play
or attack it answers, a ship sent off to a new sector its cost where the enemy is stronger, the
right to enter enemy sectors half the cost of the enemy ships there, a ban on the opponent's
tactical cards half the cards in his hand, the rest by its numbers (``action_worth``).
"""

from __future__ import annotations

from collections.abc import Iterable

from komandor.agents.battle_values import attack_value
from komandor.agents.features import power
from komandor.rules.battle import BattleView, shown_battle
from komandor.rules.cards import CardKind, CardSpec
from komandor.rules.decisions import Decision
from komandor.rules.effect_schema import Action
from komandor.rules.facts import AnsweredPlay, AttackFacts, OptionFacts, PlayFacts, WindowAttack
from komandor.rules.observation import Observation
from komandor.rules.state import Card, Zone

# Turns a situation or upgrade is counted as working when agents weigh putting it into play
# (a match of the starter set's precons lasts about five).
LASTING_TURNS = 3
CARD_WORTH = 2.0  # a card drawn; one searched for (chosen) is worth more
SEARCH_WORTH = 3.0
REROLL_WORTH = 1.5  # a die rolled again (only a bad roll is)
ABILITY_WORTH = 2.0  # an ability card put on the Commander
REMOVE_WORTH = -1.0  # a situation discarded, an upgrade moved


def play_values(decision: Decision, observation: Observation) -> list[float]:
    """The worth of each option of an ``effect.play`` decision to its player (``pass``: 0)."""
    context = decision.context
    battle = shown_battle(context.battle)
    attack = context.attack
    player = decision.player
    return [
        play_worth(option.data, observation, player, battle, attack) for option in decision.options
    ]


def play_worth(
    data: OptionFacts,
    observation: Observation,
    player: int,
    battle: BattleView | None,
    attack: WindowAttack | None,
    spec: CardSpec | None = None,
) -> float:
    """What one play (its option's facts, or the facts of a play being answered, whose card
    ``spec`` is shown as it is played) is worth to ``player``, in ``battle`` (None outside
    one), answering ``attack`` (the window's attack or play, when there is one)."""
    if not isinstance(data, PlayFacts):
        return 0.0  # ``pass``
    play = data.play
    if play == "remove":
        return REMOVE_WORTH
    if play == "ability":
        return ABILITY_WORTH
    if play == "put":
        if spec is None:
            source = observation.card(str(data.source))
            spec = None if source is None else source.spec
        return 0.0 if spec is None else lasting_worth(spec)
    actions = data.actions
    candidates = data.candidates
    if candidates is None:
        return assess(actions, observation, player, battle, attack, data.target)
    worths = sorted(
        (assess(actions, observation, player, battle, attack, uid) for uid in candidates),
        reverse=data.chooser == "self",
    )
    pick = data.pick
    return sum(worths if pick is None else worths[:pick])


def lasting_worth(spec: CardSpec) -> float:
    """What putting a situation or an upgrade into play is worth: an ``on_play`` effect once,
    any other over ``LASTING_TURNS`` turns, each net of its own price."""
    total = 0.0
    for effect in spec.effects or ():
        if any(action.do == "enter" for action in effect.actions):
            continue  # when the card may be played, not what it does
        cost = effect.cost
        worth = action_worth(effect.actions) - cost.action_tokens * 1.5 - cost.resources
        if cost.roll is not None:
            worth *= (7 - cost.roll) / 6
        total += worth if effect.is_on_play else worth * LASTING_TURNS
    return max(total, 0.0)


def action_worth(actions: Iterable[Action]) -> float:
    """A rough worth of actions before any target is known."""
    total = 0.0
    for action in actions:
        if action.do in ("damage", "repair"):
            total += action.amount or 3
        elif action.do == "destroy":
            total += 6
        elif action.do in ("modify", "initiative"):
            total += abs(action.by)
        elif action.do == "draw":
            total += action.count * CARD_WORTH
        elif action.do == "search":
            total += action.count * SEARCH_WORTH
        elif action.do == "reroll":
            total += action.count * REROLL_WORTH
        elif action.do in ("gain", "lose"):
            total += action.resources + action.action_tokens
        else:
            total += 1
    return total


def assess(
    actions: tuple[Action, ...],
    observation: Observation,
    player: int,
    battle: BattleView | None,
    attack: WindowAttack | None,
    target: str | None,
) -> float:
    """What a play of ``actions`` on ``target`` is worth to ``player`` (module docstring)."""
    card = observation.card(target) if target else None
    total = 0.0
    for action in actions:
        if card is not None and action.do == "damage":
            fighter = battle.by_uid.get(card.uid) if battle is not None else None
            damage = fighter.damage if fighter is not None else card.damage
            strength = fighter.strength if fighter is not None else (card.spec.strength or 1)
            left = max(strength - damage, 1)
            amount = action.amount or 0
            total += card.cost * 2 if amount >= left else min(amount, left)
        elif card is not None and action.do == "destroy":
            total += card.cost * 2
        elif card is not None and action.do == "repair":
            fighter = battle.by_uid.get(card.uid) if battle is not None else None
            damage = fighter.damage if fighter is not None else card.damage
            total += min(damage, action.amount or damage) * 1.5
        elif card is not None and action.do in ("tap", "untap"):
            mine = _controller(card) == player
            total += card.cost if mine == (action.do == "untap") else -card.cost
        elif action.do == "cancel":
            total += _answered_worth(observation, battle, attack)
        elif card is not None and action.do == "move" and action.to == "new_sector":
            total += _rescue_worth(card, observation, player)
        elif action.do == "permit" and action.rule == "enter_enemy_sector":
            total += _enemy_in_sectors(observation, 1 - player) / 2
        elif action.do == "forbid" and action.rule == "play_tactical":
            whose = player if action.player == "self" else 1 - player
            hand = observation.hand_count(whose)
            total += hand / 2 if action.player == "opponent" else -hand / 2
        elif action.do == "modify":
            mine = card is None or _controller(card) == player
            total += action.by if mine else -action.by
        else:
            total += action_worth((action,))
    return total


def _answered_worth(
    observation: Observation, battle: BattleView | None, attack: WindowAttack | None
) -> float:
    """What a cancel takes away: the worth of the play it answers to the opponent who made it,
    or of the attack declared; 1 for anything else."""
    if isinstance(attack, AnsweredPlay):
        return float(
            play_worth(
                attack.play,
                observation,
                attack.player,
                shown_battle(attack.battle),
                attack.attack,
                attack.spec,
            )
        )
    if battle is not None and isinstance(attack, AttackFacts) and attack.attackers:
        return float(attack_value(battle, attack))
    return 1.0


def _controller(card: Card) -> int:
    return card.controller if card.zone is Zone.PLAY else card.owner


def _rescue_worth(card: Card, observation: Observation, player: int) -> float:
    """A ship of one's own moved off to an empty sector: its cost where the enemy ships
    outpower one's own, a loss of place (−1) elsewhere or beside its own Commander."""
    where = card.where
    if card.kind is not CardKind.SHIP or _controller(card) != player or not where:
        return 0.0
    if observation.commander_at(player) in (card.uid, where):
        return -1.0
    ships = [c for c in observation.cards_in_play(CardKind.SHIP) if c.where == where]

    def fleet(side: int) -> int:
        return sum(max(power(c) - c.damage, 0) for c in ships if c.controller == side)

    return float(card.cost) if fleet(1 - player) > fleet(player) else -1.0


def _enemy_in_sectors(observation: Observation, enemy: int) -> float:
    """The cost of ``enemy``'s ships in open-space sectors (what MOVE-9 lets one reach)."""
    return float(
        sum(
            ship.cost
            for ship in observation.cards_in_play(CardKind.SHIP)
            if ship.controller == enemy and ship.where is not None and ship.where.startswith("s")
        )
    )
