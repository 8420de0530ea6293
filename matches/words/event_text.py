"""Match events in words, attacks with their dice and arithmetic: ``narrate`` and ``describe``.

Events are the engine's log entries (``komandor.rules.events``); card uids become card names,
players are named as the page names them (deck and Commander). ``narrate`` tells one seat only
what it may know: the opponent's choices that pick a hidden card (a card returned to the deck,
one taken from it, the secret second echelon) are told without the card. Russian first,
English through gettext (``matches/locale``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from komandor.rules import event_records as ev
from komandor.rules.event_records import Event, EventKind, event_from_dict
from komandor.rules.events import EventLog
from komandor.rules.facts import NO_FACTS
from matches.words.decision_text import kind_prompt_short, option_words
from matches.words.labels import termination_label
from matches.words.terms import (
    Words,
    phase_label,
    player_name,
    range_label,
    seat_named,
    sector_label,
    weapon_label,
)

ZONES = {
    "deck": gettext_noop("the deck"),
    "hand": gettext_noop("the hand"),
    "losses": gettext_noop("the losses"),
    "production": gettext_noop("production"),
    "play": gettext_noop("play"),
    "situations": gettext_noop("the situations"),
    "attached": gettext_noop("under a card"),
}

MASER_EFFECTS = {
    "full": gettext_noop("full power"),
    "half": gettext_noop("half power"),
    "forbidden": gettext_noop("cannot hit"),
}
# Shield and maser types as the rule book prints them (the engine keeps Latin letters).
_BOOK_LETTERS = {"A": "А", "B": "В", "C": "С"}

REWARD_KINDS = {
    "resources": gettext_noop("resources"),
    "action_tokens": gettext_noop("action tokens"),
}

# The opponent's choices that pick a card he alone sees (told to the other seat without it).
PRIVATE_CHOICES = frozenset(
    {"setup.return_card", "effect.search", "battle.second_echelon", "setup.redeal"}
)


def narrate(
    events: Iterable[Mapping[str, object] | Event] | EventLog,
    *,
    viewer: int | None,
    names: Sequence[str],
    cards: Mapping[str, str] | None = None,
    choices: bool = False,
) -> list[str]:
    """The events in words in the active language, as ``viewer`` (a seat, or None for a
    spectator who sees everything) may know them; an event with nothing to tell is left out.
    The players' choices are told only with ``choices`` (a replay steps through them): what
    they do is told by the events that follow. ``events``: records (a match's log) or the
    log's lines as JSON objects (a stored match)."""
    words = Words(lambda index: seat_named(index, names), cards or {})
    told = (event_words(event, words, viewer=viewer, choices=choices) for event in events)
    return [text for text in told if text]


def describe(event: Mapping[str, object] | Event, names: Mapping[str, str]) -> str:
    """One event for a spectator, players by number. Never fails: an event of an unexpected
    shape is listed field by field (the log's tools; pages use ``narrate``)."""
    text = event_words(event, Words(player_name, names), viewer=None)
    if text is not None:
        return text
    return _fields(event.to_dict(0) if isinstance(event, Event) else event)


def _fields(event: Mapping[str, object]) -> str:
    details = ", ".join(
        f"{key}={value}" for key, value in event.items() if key not in ("seq", "type")
    )
    return f"{event.get('type', '?')}: {details}"


def event_words(
    event: Mapping[str, object] | Event, words: Words, *, viewer: int | None, choices: bool = True
) -> str | None:
    """One event in words, or None when it has nothing to tell or an unexpected shape (a
    stored line ``event_from_dict`` cannot read). ``choices`` False: a choice tells nothing."""
    try:
        record = event if isinstance(event, Event) else event_from_dict(event)
        if record is None or (not choices and record.kind is EventKind.CHOICE):
            return None
        return _TELLERS[record.kind](record, words, viewer)
    except (KeyError, TypeError, ValueError, IndexError):
        return None


Teller = Callable[[Event, Words, "int | None"], "str | None"]
R = TypeVar("R", bound=Event)
T = TypeVar("T")


def _on(kind: type[R], tell: Callable[[R, Words, int | None], str | None]) -> Teller:
    """The teller of one record class, in the table below (a record of another class: None)."""

    def telling(e: Event, w: Words, viewer: int | None) -> str | None:
        return tell(e, w, viewer) if isinstance(e, kind) else None

    return telling


def _match(e: ev.MatchStarted, w: Words, viewer: int | None) -> str:
    return _("The match begins: %(first)s against %(second)s") % {
        "first": w.player(0),
        "second": w.player(1),
    }


def _setup(e: ev.Setup, w: Words, viewer: int | None) -> str:
    return _("Initiative of the Commanders: %(first)s, %(second)s") % {
        "first": e.initiative[0],
        "second": e.initiative[1],
    }


def _turn(e: ev.Turn, w: Words, viewer: int | None) -> str:
    return _("Turn %(turn)s begins") % {"turn": e.turn}


def _priority(e: ev.Priority, w: Words, viewer: int | None) -> str:
    return _("%(player)s has priority") % {"player": w.player(e.player)}


def _initiative(e: ev.Initiative, w: Words, viewer: int | None) -> str:
    if e.rolls:
        return _("Initiative: dice %(rolls)s; %(player)s has priority") % {
            "rolls": ", ".join(str(list(roll)) for roll in e.rolls),
            "player": w.player(e.priority),
        }
    return _("Initiative: %(player)s has priority") % {"player": w.player(e.priority)}


def _draw(e: ev.Draw, w: Words, viewer: int | None) -> str:
    return ngettext(
        "Each player draws %(count)s card", "Each player draws %(count)s cards", e.cards
    ) % {"count": e.cards}


def _redeal(e: ev.Redeal, w: Words, viewer: int | None) -> str:
    return ngettext(
        "%(player)s redeals and takes %(count)s card",
        "%(player)s redeals and takes %(count)s cards",
        e.cards,
    ) % {"player": w.player(e.player), "count": e.cards}


def _resources(e: ev.Resources, w: Words, viewer: int | None) -> str:
    return _("%(player)s receives resources: %(resources)s, action tokens: %(tokens)s") % {
        "player": w.player(e.player),
        "resources": e.resources,
        "tokens": e.tokens,
    }


def _built(e: ev.Built, w: Words, viewer: int | None) -> str:
    return _("%(player)s builds %(card)s for %(paid)s") % {
        "player": w.player(e.player),
        "card": w.card(e.card),
        "paid": e.paid,
    }


def _production(e: ev.Production, w: Words, viewer: int | None) -> str:
    return _("%(player)s puts %(paid)s into %(card)s (tokens on it: %(tokens)s)") % {
        "player": w.player(e.player),
        "card": w.card(e.card),
        "paid": e.paid,
        "tokens": e.tokens,
    }


def _placed(e: ev.Placed, w: Words, viewer: int | None) -> str:
    return _("%(player)s places %(card)s: %(at)s") % {
        "player": w.player(e.player),
        "card": w.card(e.card),
        "at": w.place(e.at),
    }


def _commander(e: ev.Commander, w: Words, viewer: int | None) -> str:
    return _("The Commander of %(player)s is on %(at)s") % {
        "player": w.player(e.player),
        "at": w.card(e.at),
    }


def _moved(e: ev.Moved, w: Words, viewer: int | None) -> str:
    return _("%(player)s moves %(card)s from %(frm)s to %(to)s") % {
        "player": w.player(e.player),
        "card": w.card(e.card),
        "frm": w.place(e.frm),
        "to": w.place(e.to),
    }


def _battle(e: ev.Battle, w: Words, viewer: int | None) -> str:
    return _("Battle at %(at)s: %(attacker)s attacks %(defender)s") % {
        "at": w.place(e.at),
        "attacker": w.player(e.attacker),
        "defender": w.player(e.defender),
    }


def _battle_start(e: ev.BattleStart, w: Words, viewer: int | None) -> str:
    sides = [w.cards(c.uid for c in e.combatants if c.player == p) for p in (0, 1)]
    return _("In the battle: %(first)s — %(one)s; %(second)s — %(two)s") % {
        "first": w.player(0),
        "one": sides[0],
        "second": w.player(1),
        "two": sides[1],
    }


def _round_start(e: ev.RoundStart, w: Words, viewer: int | None) -> str:
    return _("Battle round %(round)s at %(range)s range") % {
        "round": e.round,
        "range": range_label(e.range),
    }


def _round_end(e: ev.RoundEnd, w: Words, viewer: int | None) -> str:
    damaged = [
        _("%(card)s %(damage)s") % {"card": w.card(uid), "damage": damage}
        for uid, damage in e.damage
        if damage
    ]
    if not damaged:
        return _("End of round %(round)s: no damage") % {"round": e.round}
    return _("End of round %(round)s; damage: %(damage)s") % {
        "round": e.round,
        "damage": ", ".join(damaged),
    }


def _battle_end(e: ev.BattleEnded, w: Words, viewer: int | None) -> str:
    if e.winner is None:
        return _("The battle ends without a winner after %(rounds)s rounds") % {"rounds": e.rounds}
    return _("%(player)s wins the battle after %(rounds)s rounds") % {
        "player": w.player(e.winner),
        "rounds": e.rounds,
    }


def _attack(e: ev.Attack, w: Words, viewer: int | None) -> str:
    return _("%(by)s fires %(weapon)s at %(target)s: %(arithmetic)s") % {
        "by": w.card(e.by),
        "weapon": weapon_label(e.weapon),
        "target": w.card(e.target),
        "arithmetic": attack_arithmetic(e),
    }


def _nova(e: ev.Nova, w: Words, viewer: int | None) -> str:
    if not e.fired:
        return _("%(by)s: the Nova does not fire (dice %(rolls)s)") % {
            "by": w.card(e.by),
            "rolls": ", ".join(map(str, e.rolls)),
        }
    if e.targets is None:
        raise KeyError("targets")
    return _("%(by)s fires the Nova (dice %(rolls)s) at %(targets)s") % {
        "by": w.card(e.by),
        "rolls": ", ".join(map(str, e.rolls)),
        "targets": w.cards(e.targets),
    }


def _ram(e: ev.Ram, w: Words, viewer: int | None) -> str:
    return _("%(by)s rams %(target)s: %(damage)s damage, %(back)s to the rammer") % {
        "by": w.card(e.by),
        "target": w.card(e.target),
        "damage": e.damage,
        "back": e.damage_to_rammer,
    }


def _ram_dodge(e: ev.RamDodge, w: Words, viewer: int | None) -> str:
    if e.dodged:
        return _("%(card)s dodges the ram (die %(roll)s)") % {
            "card": w.card(e.uid),
            "roll": e.roll,
        }
    return _("%(card)s fails to dodge the ram (die %(roll)s)") % {
        "card": w.card(e.uid),
        "roll": e.roll,
    }


def _duel_words(
    what: str, by: str, target: str, rolls: Sequence[int], totals: Sequence[int], w: Words
) -> str:
    return _("%(what)s: %(by)s against %(target)s, dice %(rolls)s, totals %(totals)s") % {
        "what": what,
        "by": w.card(by),
        "target": w.card(target),
        "rolls": " : ".join(map(str, rolls)),
        "totals": " : ".join(map(str, totals)),
    }


def _boarding(e: ev.Boarding, w: Words, viewer: int | None) -> str:
    return _duel_words(weapon_label("boarding"), e.by, e.target, e.rolls, e.totals, w)


def _light_duel(e: ev.LightDuel, w: Words, viewer: int | None) -> str:
    return _duel_words(_("light ships' duel"), e.attacker, e.target, e.rolls, e.totals, w)


def _evade(e: ev.Evade, w: Words, viewer: int | None) -> str:
    return _("%(card)s evades the attack of %(by)s") % {
        "card": w.card(e.uid),
        "by": w.card(e.attacker),
    }


def _destroyed(e: ev.Destroyed, w: Words, viewer: int | None) -> str:
    return _("%(card)s is destroyed") % {"card": w.card(e.card)}


def _captured(e: ev.Captured, w: Words, viewer: int | None) -> str:
    return _("%(card)s is captured by %(player)s") % {
        "card": w.card(e.card),
        "player": w.player(e.by),
    }


def _withdraw(e: ev.Withdraw, w: Words, viewer: int | None) -> str:
    if not e.allowed:
        return _("%(card)s tries to withdraw from the battle") % {"card": w.card(e.uid)}
    return _("%(card)s withdraws from the battle") % {"card": w.card(e.uid)}


def _withdraw_refused(e: ev.WithdrawRefused, w: Words, viewer: int | None) -> str:
    return _("%(card)s is not let go and stays in the battle") % {"card": w.card(e.uid)}


def _left_battle(e: ev.LeftBattle, w: Words, viewer: int | None) -> str:
    return _("Leaving the battle for %(to)s: %(cards)s") % {
        "cards": w.cards(e.cards),
        "to": w.place(e.to),
    }


def _retreat(e: ev.Retreat, w: Words, viewer: int | None) -> str:
    return _("Retreat: %(players)s") % {"players": ", ".join(w.player(p) for p in e.players)}


def _range_words(text: str) -> Callable[[_RangeEvent, Words, int | None], str]:
    def tell(e: _RangeEvent, w: Words, viewer: int | None) -> str:
        return _(text) % {"player": w.player(e.player), "range": range_label(e.range)}

    return tell


_RangeEvent = ev.StopClosing | ev.ResumeClosing | ev.IncreaseDistance


def _second_echelon(e: ev.SecondEchelon, w: Words, viewer: int | None) -> str:
    return _("%(card)s waits in the second echelon") % {"card": w.card(e.uid)}


def _echelon_enter(e: ev.EchelonEnter, w: Words, viewer: int | None) -> str:
    return _("%(player)s brings in the second echelon: %(cards)s") % {
        "player": w.player(e.player),
        "cards": w.cards(e.uids),
    }


def _superiority(e: ev.TacticalSuperiority, w: Words, viewer: int | None) -> str:
    return _("%(player)s has tactical superiority (%(rounds)s rounds)") % {
        "player": w.player(e.player),
        "rounds": e.rounds,
    }


def _landing(e: ev.Landing, w: Words, viewer: int | None) -> str:
    return _("%(player)s lands troops from %(ships)s (force %(force)s)") % {
        "player": w.player(e.player),
        "ships": w.cards(e.ships),
        "force": e.force,
    }


def _effect(e: ev.EffectPlayed, w: Words, viewer: int | None) -> str:
    source = e.effect.split(":")[0]
    if w.knows(source):
        text = _("%(player)s plays %(card)s") % {
            "player": w.player(e.player),
            "card": w.card(source),
        }
    elif source.startswith("cmdr"):  # an ability printed on the Commander card
        text = _("%(player)s uses the Commander's ability") % {"player": w.player(e.player)}
    else:  # an effect given to the player, of no card
        text = _("%(player)s plays an effect") % {"player": w.player(e.player)}
    if e.target:
        text += " " + _("on %(target)s") % {"target": w.card(e.target)}
    if e.roll is not None:
        text += " " + _("(die %(roll)s)") % {"roll": e.roll}
    if not e.succeeded:
        text += " — " + _("no effect")
    return text


def _cancelled(e: ev.Cancelled, w: Words, viewer: int | None) -> str:
    source = e.effect.split(":")[0]
    return _("%(player)s cancels %(card)s") % {
        "player": w.player(e.player),
        "card": w.card(source),
    }


def _static(e: ev.Static, w: Words, viewer: int | None) -> str:
    return _("%(card)s takes effect") % {"card": w.card(e.card)}


def _upgraded(e: ev.Upgraded, w: Words, viewer: int | None) -> str:
    return _("%(player)s puts %(card)s under %(host)s") % {
        "player": w.player(e.player),
        "card": w.card(e.card),
        "host": w.card(e.host),
    }


_CardOfPlayer = (
    ev.AbilityPreselected | ev.AbilityDiscarded | ev.AbilityReplaced | ev.SituationDiscarded
)


def _card_of_player(text: str) -> Callable[[_CardOfPlayer, Words, int | None], str]:
    def tell(e: _CardOfPlayer, w: Words, viewer: int | None) -> str:
        return _(text) % {"player": w.player(e.player), "card": w.card(e.card)}

    return tell


def _ability_variant(e: ev.AbilityVariant, w: Words, viewer: int | None) -> str:
    return _("%(player)s declares variant %(variant)s of %(card)s") % {
        "player": w.player(e.player),
        "variant": e.variant,
        "card": w.card(e.card),
    }


def _revealed(e: ev.Revealed, w: Words, viewer: int | None) -> str:
    return _("%(player)s shows %(card)s and moves it from %(frm)s to %(to)s") % {
        "player": w.player(e.player),
        "card": w.card(e.card),
        "frm": _(ZONES.get(e.frm.value, gettext_noop("the deck"))),
        "to": _(ZONES.get(e.to.value, gettext_noop("the hand"))),
    }


def _shuffled(e: ev.Shuffled, w: Words, viewer: int | None) -> str:
    return _("%(player)s shuffles the deck") % {"player": w.player(e.player)}


def _commercial_run(e: ev.CommercialRun, w: Words, viewer: int | None) -> str:
    text = (
        gettext_noop("%(card)s smuggles to %(target)s (die %(roll)s): %(kind)s +%(reward)s")
        if e.action == "smuggle"
        else gettext_noop("%(card)s makes a commercial run to %(target)s: %(kind)s +%(reward)s")
    )
    return _(text) % {
        "card": w.card(e.card),
        "target": w.card(e.target),
        "roll": "—" if e.roll is None else e.roll,
        "reward": e.reward,
        "kind": _(REWARD_KINDS.get(e.reward_kind, gettext_noop("resources"))),
    }


def _smuggling_failed(e: ev.SmugglingFailed, w: Words, viewer: int | None) -> str:
    return _("Smuggling of %(card)s fails") % {"card": w.card(e.card)}


def _escort(e: ev.Escort, w: Words, viewer: int | None) -> str:
    return _("%(card)s escorts the run to %(to)s") % {
        "card": w.card(e.card),
        "to": w.card(e.to),
    }


def _exchange(e: ev.Exchange, w: Words, viewer: int | None) -> str:
    return ngettext(
        "%(player)s exchanges %(tokens)s commercial-run token",
        "%(player)s exchanges %(tokens)s commercial-run tokens",
        e.tokens,
    ) % {"player": w.player(e.player), "tokens": e.tokens}


def _other_income(e: ev.OtherIncome, w: Words, viewer: int | None) -> str:
    return _("%(player)s receives resources for boarding: %(resources)s") % {
        "player": w.player(e.player),
        "resources": e.resources,
    }


def _reroll(e: ev.Reroll, w: Words, viewer: int | None) -> str:
    return _("%(player)s rerolls %(first)s: %(second)s") % {
        "player": w.player(e.player),
        "first": e.first,
        "second": e.second,
    }


def _victory(e: ev.Victory, w: Words, viewer: int | None) -> str:
    how = termination_label(e.termination)
    if e.winner is None:
        return _("Draw: %(reason)s") % {"reason": how}
    return _("%(player)s wins: %(reason)s") % {"player": w.player(e.winner), "reason": how}


def _choice(e: ev.Choice, w: Words, viewer: int | None) -> str | None:
    player, kind = e.player, str(e.decision)
    if viewer is not None and player != viewer and kind in PRIVATE_CHOICES:
        return _("%(player)s decides: %(what)s") % {
            "player": w.player(player),
            "what": kind_prompt_short(kind),
        }
    return _("%(player)s chooses: %(option)s") % {
        "player": w.player(player),
        "option": option_words(kind, e.key, NO_FACTS, w),
    }


_TELLERS: dict[EventKind, Teller] = {
    EventKind.MATCH: _on(ev.MatchStarted, _match),
    EventKind.SETUP: _on(ev.Setup, _setup),
    EventKind.TURN: _on(ev.Turn, _turn),
    EventKind.PRIORITY: _on(ev.Priority, _priority),
    EventKind.INITIATIVE: _on(ev.Initiative, _initiative),
    EventKind.DRAW: _on(ev.Draw, _draw),
    EventKind.REDEAL: _on(ev.Redeal, _redeal),
    EventKind.RESOURCES: _on(ev.Resources, _resources),
    EventKind.BUILT: _on(ev.Built, _built),
    EventKind.PRODUCTION: _on(ev.Production, _production),
    EventKind.PLACED: _on(ev.Placed, _placed),
    EventKind.COMMANDER: _on(ev.Commander, _commander),
    EventKind.MOVED: _on(ev.Moved, _moved),
    EventKind.BATTLE: _on(ev.Battle, _battle),
    EventKind.BATTLE_START: _on(ev.BattleStart, _battle_start),
    EventKind.ROUND_START: _on(ev.RoundStart, _round_start),
    EventKind.ROUND_END: _on(ev.RoundEnd, _round_end),
    EventKind.BATTLE_END: _on(ev.BattleEnded, _battle_end),
    EventKind.ATTACK: _on(ev.Attack, _attack),
    EventKind.NOVA: _on(ev.Nova, _nova),
    EventKind.RAM: _on(ev.Ram, _ram),
    EventKind.RAM_DODGE: _on(ev.RamDodge, _ram_dodge),
    EventKind.BOARDING: _on(ev.Boarding, _boarding),
    EventKind.LIGHT_DUEL: _on(ev.LightDuel, _light_duel),
    EventKind.EVADE: _on(ev.Evade, _evade),
    EventKind.DESTROYED: _on(ev.Destroyed, _destroyed),
    EventKind.CAPTURED: _on(ev.Captured, _captured),
    EventKind.WITHDRAW: _on(ev.Withdraw, _withdraw),
    EventKind.WITHDRAW_REFUSED: _on(ev.WithdrawRefused, _withdraw_refused),
    EventKind.LEFT_BATTLE: _on(ev.LeftBattle, _left_battle),
    EventKind.RETREAT: _on(ev.Retreat, _retreat),
    EventKind.STOP_CLOSING: _on(
        ev.StopClosing,
        _range_words(gettext_noop("%(player)s stops closing in at %(range)s range")),
    ),
    EventKind.RESUME_CLOSING: _on(
        ev.ResumeClosing,
        _range_words(gettext_noop("%(player)s closes in again: %(range)s range")),
    ),
    EventKind.INCREASE_DISTANCE: _on(
        ev.IncreaseDistance,
        _range_words(gettext_noop("%(player)s increases the distance to %(range)s")),
    ),
    EventKind.SECOND_ECHELON: _on(ev.SecondEchelon, _second_echelon),
    EventKind.ECHELON_ENTER: _on(ev.EchelonEnter, _echelon_enter),
    EventKind.TACTICAL_SUPERIORITY: _on(ev.TacticalSuperiority, _superiority),
    EventKind.LANDING: _on(ev.Landing, _landing),
    EventKind.EFFECT: _on(ev.EffectPlayed, _effect),
    EventKind.CANCELLED: _on(ev.Cancelled, _cancelled),
    EventKind.STATIC: _on(ev.Static, _static),
    EventKind.UPGRADED: _on(ev.Upgraded, _upgraded),
    EventKind.ABILITY_PRESELECTED: _on(
        ev.AbilityPreselected,
        _card_of_player(gettext_noop("%(player)s puts %(card)s on the Commander")),
    ),
    EventKind.ABILITY_DISCARDED: _on(
        ev.AbilityDiscarded,
        _card_of_player(gettext_noop("%(player)s discards %(card)s for an action token")),
    ),
    EventKind.ABILITY_REPLACED: _on(
        ev.AbilityReplaced,
        _card_of_player(gettext_noop("%(player)s sends %(card)s from the Commander to the losses")),
    ),
    EventKind.SITUATION_DISCARDED: _on(
        ev.SituationDiscarded, _card_of_player(gettext_noop("%(player)s discards %(card)s"))
    ),
    EventKind.ABILITY_VARIANT: _on(ev.AbilityVariant, _ability_variant),
    EventKind.REVEALED: _on(ev.Revealed, _revealed),
    EventKind.SHUFFLED: _on(ev.Shuffled, _shuffled),
    EventKind.COMMERCIAL_RUN: _on(ev.CommercialRun, _commercial_run),
    EventKind.SMUGGLING_FAILED: _on(ev.SmugglingFailed, _smuggling_failed),
    EventKind.ESCORT: _on(ev.Escort, _escort),
    EventKind.EXCHANGE: _on(ev.Exchange, _exchange),
    EventKind.OTHER_INCOME: _on(ev.OtherIncome, _other_income),
    EventKind.REROLL: _on(ev.Reroll, _reroll),
    EventKind.VICTORY: _on(ev.Victory, _victory),
    EventKind.CHOICE: _on(ev.Choice, _choice),
}


def _need(value: T | None, key: str) -> T:
    """A number the words need that the event lacks: the event reads as of an unexpected shape."""
    if value is None:
        raise KeyError(key)
    return value


def attack_arithmetic(e: ev.Attack) -> str:
    """The attack's numbers in words, as the rule book writes them out."""
    damage = e.damage
    parts: list[str] = []
    salvo = e.salvo
    if salvo is not None:
        rolls = ", ".join(str(r) for r in salvo.rolls)
        hits = salvo.hits
        parts.append(
            ngettext(
                "dice %(rolls)s, hitting on %(to_hit)s+: %(hits)s hit",
                "dice %(rolls)s, hitting on %(to_hit)s+: %(hits)s hits",
                hits,
            )
            % {
                "rolls": rolls,
                "to_hit": "?" if salvo.to_hit is None else salvo.to_hit,
                "hits": hits,
            }
        )
        if salvo.shot_down is not None:
            defence = _need(salvo.point_defence, "point_defence")
            parts.append(
                _("point defence %(rolls)s shoots down %(count)s")
                % {"rolls": ", ".join(map(str, defence)), "count": salvo.shot_down}
            )
        if salvo.per_hit is not None:
            per_hit = _("%(per_hit)s per hit") % {"per_hit": salvo.per_hit}
            if e.armor is not None:
                per_hit += " " + _("(power %(power)s − armor %(armor)s)") % {
                    "power": e.power,
                    "armor": e.armor,
                }
            parts.append(per_hit)
    elif e.weapon == "maser":
        maser = _need(e.maser, "maser_type")
        parts.append(
            _("power %(power)s, maser type %(maser)s against shield %(shield)s: %(effect)s")
            % {
                "power": _need(e.power, "power"),
                "maser": _BOOK_LETTERS.get(maser.maser_type or "", maser.maser_type),
                "shield": _BOOK_LETTERS.get(maser.shield_type or "", maser.shield_type)
                or _("none"),
                "effect": _(MASER_EFFECTS.get(maser.effect, gettext_noop("full power"))),
            }
        )
    elif e.weapon == "bombs":
        powers = _need(e.powers, "powers")
        parts.append(_("bombs %(powers)s") % {"powers": " + ".join(map(str, powers))})
    elif e.shield is not None:
        parts.append(
            _("power %(power)s − shield %(shield)s")
            % {"power": _need(e.power, "power"), "shield": e.shield}
        )
    elif e.armor is not None:
        parts.append(
            _("power %(power)s − armor %(armor)s")
            % {"power": _need(e.power, "power"), "armor": e.armor}
        )
    if e.atmosphere is not None:
        parts.append(_("− %(atmosphere)s for the atmosphere") % {"atmosphere": e.atmosphere})
    text = "; ".join(parts)
    result = ngettext("%(damage)s damage", "%(damage)s damage", damage) % {"damage": damage}
    return f"{text} = {result}" if text else result


__all__ = [
    "attack_arithmetic",
    "describe",
    "narrate",
    "phase_label",
    "player_name",
    "range_label",
    "sector_label",
    "weapon_label",
]
