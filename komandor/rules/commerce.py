"""Commercial runs, escorts and smuggling runs in the resources phase (PROP-COMMERCE,
PROP-ESCORT, PROP-SMUGGLE)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from komandor.rules import event_records as ev
from komandor.rules import rules
from komandor.rules.cards import CardKind, RewardKind
from komandor.rules.decisions import DecisionKind, Option
from komandor.rules.facts import DecisionContext, RunFacts
from komandor.rules.state import Card, Zone

if TYPE_CHECKING:
    from komandor.rules.effects import Effects
    from komandor.rules.table import Table


def commercial_runs(game: Table[Effects], player: int) -> None:
    state = game.state
    # Fleets as they stood at the start of the phase (PROP-ESCORT-1).
    start = {ship.uid: ship.where for ship in state.in_play(CardKind.SHIP)}
    runners = [
        ship
        for ship in state.in_play(CardKind.SHIP)
        if ship.controller == player
        and ship.spec.properties is not None
        and ship.spec.properties.commercial_run is not None
    ]
    for ship in runners:
        properties = ship.spec.properties
        assert properties is not None  # a runner's (above)
        if ship.zone is not Zone.PLAY or ship.tapped:
            continue
        home = state.cards.get(start[ship.uid] or "")
        # PROP-COMMERCE-1 / PROP-SMUGGLE-2: on the orbit of an object the player controls.
        if home is None or home.zone is not Zone.PLAY or home.controller != player:
            continue
        options = [Option("none")]
        for obj in state.objects():
            if obj.uid == home.uid:
                continue
            if obj.controller == player and not state.is_blocked(obj):
                options.append(
                    Option(
                        f"run:{obj.uid}",
                        RunFacts(obj.uid, False),
                    )
                )
            elif properties.smuggling_run is not None:
                options.append(
                    Option(
                        f"smuggle:{obj.uid}",
                        RunFacts(obj.uid, True),
                    )
                )
        option = game.ask(
            player, DecisionKind.COMMERCE_RUN, options, DecisionContext(ship=ship.uid)
        )
        if option.key == "none":
            continue
        action, target = option.key.split(":", 1)
        ship.tapped = True
        if action == "smuggle":
            _smuggle(game, player, ship, target)
            continue
        fleet = [
            other
            for other in state.in_play(CardKind.SHIP)
            if other.controller == player
            and other.uid != ship.uid
            and start.get(other.uid) == home.uid
            and not other.stay
        ]
        ship.where, ship.stay = target, True
        _reward(game, player, ship, action="run", target=target)
        for escort in fleet:
            choice = game.ask(
                player,
                DecisionKind.COMMERCE_ESCORT,
                (Option("stay"), Option("escort")),
                DecisionContext(ship=escort.uid),
            )
            if choice.key == "escort":
                escort.where, escort.tapped, escort.stay = target, True, True
                if game.log.enabled:
                    game.log.emit(ev.Escort(player=player, card=escort.uid, to=target))


def _smuggle(game: Table[Effects], player: int, ship: Card, target: str) -> None:
    """PROP-SMUGGLE-3..5: the ship taps and stays; D6 4+ succeeds, else it is destroyed."""
    roll = game.effects.roll(player, "smuggling", rules.SMUGGLING_ROLL)
    if roll >= rules.SMUGGLING_ROLL:
        _reward(game, player, ship, action="smuggle", target=target, roll=roll)
        return
    if game.log.enabled:
        game.log.emit(ev.SmugglingFailed(player=player, card=ship.uid, roll=roll))
    game.lose_card(ship.uid, "intercepted")
    game.check_commanders()


def _reward(
    game: Table[Effects],
    player: int,
    ship: Card,
    *,
    action: str,
    target: str,
    roll: int | None = None,
) -> None:
    me = game.state.players[player]
    properties = ship.spec.properties
    run = properties.commercial_run if properties is not None else None
    assert run is not None  # only runners are rewarded (commercial_runs)
    me.commerce_tokens += 1
    if run.reward_kind is RewardKind.RESOURCES:
        me.resources += run.reward
    else:
        me.action_tokens += run.reward
    if game.log.enabled:
        game.log.emit(
            ev.CommercialRun(
                player=player,
                card=ship.uid,
                reward=run.reward,
                reward_kind=run.reward_kind.value,
                tokens=me.commerce_tokens,
                action=action,
                target=target,
                roll=roll,
            )
        )
