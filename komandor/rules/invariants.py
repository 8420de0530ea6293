"""Consistency checks of a game state, run by tests after every phase of random matches."""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from komandor.rules import rules
from komandor.rules.cards import CardKind
from komandor.rules.state import Card, GameState, Phase, Zone


@mypyc_attr(native_class=False)  # mypyc compiles no subclass of this builtin
class InvariantError(AssertionError):
    """The state broke a rule the engine must always keep; the message lists every break."""


def state_problems(state: GameState) -> list[str]:
    problems: list[str] = []
    seen: dict[str, str] = {}
    for player in state.players:
        for zone in (
            Zone.DECK,
            Zone.HAND,
            Zone.LOSSES,
            Zone.PRODUCTION,
            Zone.SITUATIONS,
            Zone.ATTACHED,
        ):
            for uid in player.zone_list(zone) or ():
                if uid in seen:
                    problems.append(f"{uid} is both in {seen[uid]} and {zone}")
                seen[uid] = f"p{player.index}.{zone}"
                card = state.cards[uid]
                if card.zone is not zone or card.owner != player.index:
                    problems.append(
                        f"{uid} listed in p{player.index} {zone}, card says {card.zone}"
                    )
        for name in ("resources", "action_tokens", "commerce_tokens", "pending_rewards"):
            if getattr(player, name) < 0:
                problems.append(f"player {player.index} has {getattr(player, name)} {name}")
    for uid in state.play:
        if uid in seen:
            problems.append(f"{uid} is both in play and in {seen[uid]}")
        seen[uid] = "play"
        if state.cards[uid].zone is not Zone.PLAY:
            problems.append(f"{uid} is listed in play, card says {state.cards[uid].zone}")
    missing = set(state.cards) - set(seen)
    if missing:
        problems.append(f"cards in no zone: {sorted(missing)}")
    for index in (0, 1):
        introduced = sum(1 for c in state.objects() if c.owner == index)
        if introduced > rules.MAX_SPACE_OBJECTS:
            problems.append(f"player {index} introduced {introduced} objects in play (OBJ-7)")
    for card in state.cards.values():
        problems.extend(_card_problems(state, card))
    return problems


def _card_problems(state: GameState, card: Card) -> list[str]:
    problems = []
    if card.zone is not Zone.PLAY:
        if card.damage:
            problems.append(f"{card.uid} out of play carries {card.damage} damage")
        if card.zone is Zone.PRODUCTION and not 1 <= card.tokens < card.cost:
            problems.append(f"{card.uid} in production with {card.tokens}/{card.cost} tokens")
        if card.zone is Zone.ATTACHED:
            host = state.cards.get(card.where or "")
            if host is None or host.zone is not Zone.PLAY:
                problems.append(f"upgrade {card.uid} is under {card.where!r}, not a card in play")
        if card.zone is Zone.SITUATIONS and card.kind is CardKind.ABILITY and card.variant is None:
            problems.append(f"ability card {card.uid} on the Commander with no variant (ABIL-4)")
        return problems
    if card.damage < 0 or (card.spec.strength is not None and card.damage >= card.spec.strength):
        problems.append(f"{card.uid} in play with damage {card.damage}/{card.spec.strength}")
    if card.kind is CardKind.SHIP:
        if card.damage:
            problems.append(f"{card.uid}: a ship keeps no damage after battle (BEND-4)")
        if state.phase is Phase.SETUP and card.where is None:
            pass  # built face down, not placed yet (SETUP-8, SETUP-12): a match may end here
        elif card.where is None or not (
            card.where.startswith("s") or _object_in_play(state, card.where)
        ):
            problems.append(f"{card.uid} is at {card.where!r}, neither a sector nor an orbit")
    elif card.kind is CardKind.SPACE_OBJECT:
        if card.where is not None:
            problems.append(f"object {card.uid} is placed at {card.where!r}")
    elif not _object_in_play(state, card.where or ""):
        problems.append(f"{card.uid} stands on {card.where!r}, not an object in play")
    return problems


def _object_in_play(state: GameState, uid: str) -> bool:
    card = state.cards.get(uid)
    return card is not None and card.zone is Zone.PLAY and card.kind is CardKind.SPACE_OBJECT


def check_state(state: GameState) -> None:
    problems = state_problems(state)
    if problems:
        raise InvariantError("; ".join(problems))
