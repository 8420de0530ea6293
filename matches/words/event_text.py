"""Match events in words, attacks with their dice and arithmetic: ``narrate`` and ``describe``.

Events are the engine's log entries (``komandor.rules.events``); card uids become card names,
players are named as the page names them (deck and Commander). ``narrate`` tells one seat only
what it may know: the opponent's choices that pick a hidden card (a card returned to the deck,
one taken from it, the secret second echelon) are told without the card. Russian first,
English through gettext (``matches/locale``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from komandor.rules.events import EventLog
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
    events: Iterable[Mapping[str, Any]] | EventLog,
    *,
    viewer: int | None,
    names: Sequence[str],
    cards: Mapping[str, str] | None = None,
    choices: bool = False,
) -> list[str]:
    """The events in words in the active language, as ``viewer`` (a seat, or None for a
    spectator who sees everything) may know them; an event with nothing to tell is left out.
    The players' choices are told only with ``choices`` (a replay steps through them): what
    they do is told by the events that follow."""
    words = Words(lambda index: seat_named(index, names), cards or {})
    if isinstance(events, EventLog):
        events = events.events
    told = (
        event_words(event, words, viewer=viewer)
        for event in events
        if choices or event.get("type") != "choice"
    )
    return [text for text in told if text]


def describe(event: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """One event for a spectator, players by number. Never fails: an event of an unexpected
    shape is listed field by field (the log's tools; pages use ``narrate``)."""
    text = event_words(event, Words(player_name, names), viewer=None)
    return text if text is not None else _fields(event)


def _fields(event: Mapping[str, Any]) -> str:
    details = ", ".join(
        f"{key}={value}" for key, value in event.items() if key not in ("seq", "type")
    )
    return f"{event.get('type', '?')}: {details}"


def event_words(event: Mapping[str, Any], words: Words, *, viewer: int | None) -> str | None:
    """One event in words, or None when it has nothing to tell or an unexpected shape."""
    telling = _TELLERS.get(str(event.get("type")))
    if telling is None:
        return None
    try:
        return telling(event, words, viewer)
    except (KeyError, TypeError, ValueError, IndexError):
        return None


Teller = Callable[[Mapping[str, Any], Words, "int | None"], "str | None"]


def _match(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("The match begins: %(first)s against %(second)s") % {
        "first": w.player(0),
        "second": w.player(1),
    }


def _setup(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("Initiative of the Commanders: %(first)s, %(second)s") % {
        "first": e["initiative"][0],
        "second": e["initiative"][1],
    }


def _turn(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("Turn %(turn)s begins") % {"turn": e["turn"]}


def _priority(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s has priority") % {"player": w.player(e["player"])}


def _initiative(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    if e.get("rolls"):
        return _("Initiative: dice %(rolls)s; %(player)s has priority") % {
            "rolls": ", ".join(map(str, e["rolls"])),
            "player": w.player(e["priority"]),
        }
    return _("Initiative: %(player)s has priority") % {"player": w.player(e["priority"])}


def _draw(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return ngettext(
        "Each player draws %(count)s card", "Each player draws %(count)s cards", e["cards"]
    ) % {"count": e["cards"]}


def _redeal(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return ngettext(
        "%(player)s redeals and takes %(count)s card",
        "%(player)s redeals and takes %(count)s cards",
        e["cards"],
    ) % {"player": w.player(e["player"]), "count": e["cards"]}


def _resources(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s receives resources: %(resources)s, action tokens: %(tokens)s") % {
        "player": w.player(e["player"]),
        "resources": e["resources"],
        "tokens": e["tokens"],
    }


def _built(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s builds %(card)s for %(paid)s") % {
        "player": w.player(e["player"]),
        "card": w.card(e["card"]),
        "paid": e["paid"],
    }


def _production(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s puts %(paid)s into %(card)s (tokens on it: %(tokens)s)") % {
        "player": w.player(e["player"]),
        "card": w.card(e["card"]),
        "paid": e["paid"],
        "tokens": e["tokens"],
    }


def _placed(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s places %(card)s: %(at)s") % {
        "player": w.player(e["player"]),
        "card": w.card(e["card"]),
        "at": w.place(e["at"]),
    }


def _commander(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("The Commander of %(player)s is on %(at)s") % {
        "player": w.player(e["player"]),
        "at": w.card(e["at"]),
    }


def _moved(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s moves %(card)s from %(frm)s to %(to)s") % {
        "player": w.player(e["player"]),
        "card": w.card(e["card"]),
        "frm": w.place(e["frm"]),
        "to": w.place(e["to"]),
    }


def _battle(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("Battle at %(at)s: %(attacker)s attacks %(defender)s") % {
        "at": w.place(e["at"]),
        "attacker": w.player(e["attacker"]),
        "defender": w.player(e["defender"]),
    }


def _battle_start(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    sides = [w.cards(c["uid"] for c in e["combatants"] if c["player"] == p) for p in (0, 1)]
    return _("In the battle: %(first)s — %(one)s; %(second)s — %(two)s") % {
        "first": w.player(0),
        "one": sides[0],
        "second": w.player(1),
        "two": sides[1],
    }


def _round_start(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("Battle round %(round)s at %(range)s range") % {
        "round": e["round"],
        "range": range_label(e["range"]),
    }


def _round_end(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    damaged = [
        _("%(card)s %(damage)s") % {"card": w.card(uid), "damage": damage}
        for uid, damage in e["damage"].items()
        if damage
    ]
    if not damaged:
        return _("End of round %(round)s: no damage") % {"round": e["round"]}
    return _("End of round %(round)s; damage: %(damage)s") % {
        "round": e["round"],
        "damage": ", ".join(damaged),
    }


def _battle_end(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    if e.get("winner") is None:
        return _("The battle ends without a winner after %(rounds)s rounds") % {
            "rounds": e["rounds"]
        }
    return _("%(player)s wins the battle after %(rounds)s rounds") % {
        "player": w.player(e["winner"]),
        "rounds": e["rounds"],
    }


def _attack(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(by)s fires %(weapon)s at %(target)s: %(arithmetic)s") % {
        "by": w.card(e["by"]),
        "weapon": weapon_label(e["weapon"]),
        "target": w.card(e["target"]),
        "arithmetic": attack_arithmetic(e),
    }


def _nova(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    if not e.get("fired"):
        return _("%(by)s: the Nova does not fire (dice %(rolls)s)") % {
            "by": w.card(e["by"]),
            "rolls": ", ".join(map(str, e["rolls"])),
        }
    return _("%(by)s fires the Nova (dice %(rolls)s) at %(targets)s") % {
        "by": w.card(e["by"]),
        "rolls": ", ".join(map(str, e["rolls"])),
        "targets": w.cards(e["targets"]),
    }


def _ram(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(by)s rams %(target)s: %(damage)s damage, %(back)s to the rammer") % {
        "by": w.card(e["by"]),
        "target": w.card(e["target"]),
        "damage": e["damage"],
        "back": e["damage_to_rammer"],
    }


def _ram_dodge(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    if e["dodged"]:
        return _("%(card)s dodges the ram (die %(roll)s)") % {
            "card": w.card(e["uid"]),
            "roll": e["roll"],
        }
    return _("%(card)s fails to dodge the ram (die %(roll)s)") % {
        "card": w.card(e["uid"]),
        "roll": e["roll"],
    }


def _duel(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    key = "by" if e["type"] == "boarding" else "attacker"
    text = weapon_label("boarding") if e["type"] == "boarding" else _("light ships' duel")
    return _("%(what)s: %(by)s against %(target)s, dice %(rolls)s, totals %(totals)s") % {
        "what": text,
        "by": w.card(e[key]),
        "target": w.card(e["target"]),
        "rolls": " : ".join(map(str, e["rolls"])),
        "totals": " : ".join(map(str, e["totals"])),
    }


def _evade(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(card)s evades the attack of %(by)s") % {
        "card": w.card(e["uid"]),
        "by": w.card(e["attacker"]),
    }


def _destroyed(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(card)s is destroyed") % {"card": w.card(e.get("uid", e.get("card")))}


def _captured(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(card)s is captured by %(player)s") % {
        "card": w.card(e["card"]),
        "player": w.player(e["by"]),
    }


def _withdraw(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    if e.get("allowed") is False:
        return _("%(card)s tries to withdraw from the battle") % {"card": w.card(e["uid"])}
    return _("%(card)s withdraws from the battle") % {"card": w.card(e["uid"])}


def _withdraw_refused(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(card)s is not let go and stays in the battle") % {"card": w.card(e["uid"])}


def _left_battle(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("Leaving the battle for %(to)s: %(cards)s") % {
        "cards": w.cards(e["cards"]),
        "to": w.place(e["to"]),
    }


def _retreat(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("Retreat: %(players)s") % {"players": ", ".join(w.player(p) for p in e["players"])}


def _range_change(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    texts = {
        "stop_closing": gettext_noop("%(player)s stops closing in at %(range)s range"),
        "resume_closing": gettext_noop("%(player)s closes in again: %(range)s range"),
        "increase_distance": gettext_noop("%(player)s increases the distance to %(range)s"),
    }
    return _(texts[e["type"]]) % {"player": w.player(e["player"]), "range": range_label(e["range"])}


def _second_echelon(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(card)s waits in the second echelon") % {"card": w.card(e["uid"])}


def _echelon_enter(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s brings in the second echelon: %(cards)s") % {
        "player": w.player(e["player"]),
        "cards": w.cards(e["uids"]),
    }


def _superiority(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s has tactical superiority (%(rounds)s rounds)") % {
        "player": w.player(e["player"]),
        "rounds": e["rounds"],
    }


def _landing(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s lands troops from %(ships)s (force %(force)s)") % {
        "player": w.player(e["player"]),
        "ships": w.cards(e["ships"]),
        "force": e["force"],
    }


def _effect(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    source = str(e["effect"]).split(":")[0]
    if w.knows(source):
        text = _("%(player)s plays %(card)s") % {
            "player": w.player(e["player"]),
            "card": w.card(source),
        }
    elif source.startswith("cmdr"):  # an ability printed on the Commander card
        text = _("%(player)s uses the Commander's ability") % {"player": w.player(e["player"])}
    else:  # an effect given to the player, of no card
        text = _("%(player)s plays an effect") % {"player": w.player(e["player"])}
    if e.get("target"):
        text += " " + _("on %(target)s") % {"target": w.card(e["target"])}
    if e.get("roll") is not None:
        text += " " + _("(die %(roll)s)") % {"roll": e["roll"]}
    if e.get("succeeded") is False:
        text += " — " + _("no effect")
    return text


def _cancelled(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    source = str(e["effect"]).split(":")[0]
    return _("%(player)s cancels %(card)s") % {
        "player": w.player(e["player"]),
        "card": w.card(source),
    }


def _static(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(card)s takes effect") % {"card": w.card(e["card"])}


def _upgraded(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s puts %(card)s under %(host)s") % {
        "player": w.player(e["player"]),
        "card": w.card(e["card"]),
        "host": w.card(e["host"]),
    }


def _card_of_player(text: str) -> Teller:
    def tell(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
        return _(text) % {"player": w.player(e["player"]), "card": w.card(e["card"])}

    return tell


def _ability_variant(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s declares variant %(variant)s of %(card)s") % {
        "player": w.player(e["player"]),
        "variant": e["variant"],
        "card": w.card(e["card"]),
    }


def _revealed(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s shows %(card)s and moves it from %(frm)s to %(to)s") % {
        "player": w.player(e["player"]),
        "card": w.card(e["card"]),
        "frm": _(ZONES.get(e["frm"], gettext_noop("the deck"))),
        "to": _(ZONES.get(e["to"], gettext_noop("the hand"))),
    }


def _shuffled(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s shuffles the deck") % {"player": w.player(e["player"])}


def _commercial_run(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    text = (
        gettext_noop("%(card)s smuggles to %(target)s (die %(roll)s): %(kind)s +%(reward)s")
        if e.get("action") == "smuggle"
        else gettext_noop("%(card)s makes a commercial run to %(target)s: %(kind)s +%(reward)s")
    )
    return _(text) % {
        "card": w.card(e["card"]),
        "target": w.card(e["target"]),
        "roll": e.get("roll", "—"),
        "reward": e["reward"],
        "kind": _(REWARD_KINDS.get(e["reward_kind"], gettext_noop("resources"))),
    }


def _smuggling_failed(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("Smuggling of %(card)s fails") % {"card": w.card(e.get("card"))}


def _escort(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(card)s escorts the run to %(to)s") % {
        "card": w.card(e["card"]),
        "to": w.card(e["to"]),
    }


def _exchange(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return ngettext(
        "%(player)s exchanges %(tokens)s commercial-run token",
        "%(player)s exchanges %(tokens)s commercial-run tokens",
        e["tokens"],
    ) % {"player": w.player(e["player"]), "tokens": e["tokens"]}


def _other_income(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s receives resources for boarding: %(resources)s") % {
        "player": w.player(e["player"]),
        "resources": e["resources"],
    }


def _reroll(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    return _("%(player)s rerolls %(first)s: %(second)s") % {
        "player": w.player(e["player"]),
        "first": e["first"],
        "second": e["second"],
    }


def _victory(e: Mapping[str, Any], w: Words, viewer: int | None) -> str:
    how = termination_label(str(e.get("termination", "")))
    if e.get("winner") is None:
        return _("Draw: %(reason)s") % {"reason": how}
    return _("%(player)s wins: %(reason)s") % {"player": w.player(e["winner"]), "reason": how}


def _choice(e: Mapping[str, Any], w: Words, viewer: int | None) -> str | None:
    player, kind = e["player"], str(e["kind"])
    if viewer is not None and player != viewer and kind in PRIVATE_CHOICES:
        return _("%(player)s decides: %(what)s") % {
            "player": w.player(player),
            "what": kind_prompt_short(kind),
        }
    return _("%(player)s chooses: %(option)s") % {
        "player": w.player(player),
        "option": option_words(kind, str(e["key"]), {}, w),
    }


_TELLERS: dict[str, Teller] = {
    "match": _match,
    "setup": _setup,
    "turn": _turn,
    "priority": _priority,
    "initiative": _initiative,
    "draw": _draw,
    "redeal": _redeal,
    "resources": _resources,
    "built": _built,
    "production": _production,
    "placed": _placed,
    "commander": _commander,
    "moved": _moved,
    "battle": _battle,
    "battle_start": _battle_start,
    "round_start": _round_start,
    "round_end": _round_end,
    "battle_end": _battle_end,
    "attack": _attack,
    "nova": _nova,
    "ram": _ram,
    "ram_dodge": _ram_dodge,
    "boarding": _duel,
    "light_duel": _duel,
    "evade": _evade,
    "destroyed": _destroyed,
    "captured": _captured,
    "withdraw": _withdraw,
    "withdraw_refused": _withdraw_refused,
    "left_battle": _left_battle,
    "retreat": _retreat,
    "stop_closing": _range_change,
    "resume_closing": _range_change,
    "increase_distance": _range_change,
    "second_echelon": _second_echelon,
    "echelon_enter": _echelon_enter,
    "tactical_superiority": _superiority,
    "landing": _landing,
    "effect": _effect,
    "cancelled": _cancelled,
    "static": _static,
    "upgraded": _upgraded,
    "ability_preselected": _card_of_player(
        gettext_noop("%(player)s puts %(card)s on the Commander")
    ),
    "ability_discarded": _card_of_player(
        gettext_noop("%(player)s discards %(card)s for an action token")
    ),
    "ability_replaced": _card_of_player(
        gettext_noop("%(player)s sends %(card)s from the Commander to the losses")
    ),
    "situation_discarded": _card_of_player(gettext_noop("%(player)s discards %(card)s")),
    "ability_variant": _ability_variant,
    "revealed": _revealed,
    "shuffled": _shuffled,
    "commercial_run": _commercial_run,
    "smuggling_failed": _smuggling_failed,
    "escort": _escort,
    "exchange": _exchange,
    "other_income": _other_income,
    "reroll": _reroll,
    "victory": _victory,
    "choice": _choice,
}


def attack_arithmetic(e: Mapping[str, Any]) -> str:
    """The attack's numbers in words, as the rule book writes them out."""
    damage = e["damage"]
    parts: list[str] = []
    if "rolls" in e:
        rolls = ", ".join(str(r) for r in e["rolls"])
        hits = e.get("hits", 0)
        parts.append(
            ngettext(
                "dice %(rolls)s, hitting on %(to_hit)s+: %(hits)s hit",
                "dice %(rolls)s, hitting on %(to_hit)s+: %(hits)s hits",
                hits,
            )
            % {"rolls": rolls, "to_hit": e.get("to_hit", "?"), "hits": hits}
        )
        if "shot_down" in e:
            parts.append(
                _("point defence %(rolls)s shoots down %(count)s")
                % {"rolls": ", ".join(map(str, e["point_defence"])), "count": e["shot_down"]}
            )
        if "per_hit" in e:
            per_hit = _("%(per_hit)s per hit") % {"per_hit": e["per_hit"]}
            if "armor" in e:
                per_hit += " " + _("(power %(power)s − armor %(armor)s)") % {
                    "power": e.get("power"),
                    "armor": e["armor"],
                }
            parts.append(per_hit)
    elif e["weapon"] == "maser":
        parts.append(
            _("power %(power)s, maser type %(maser)s against shield %(shield)s: %(effect)s")
            % {
                "power": e["power"],
                "maser": _BOOK_LETTERS.get(e["maser_type"], e["maser_type"]),
                "shield": _BOOK_LETTERS.get(e["shield_type"], e["shield_type"]) or _("none"),
                "effect": _(MASER_EFFECTS.get(e["effect"], gettext_noop("full power"))),
            }
        )
    elif e["weapon"] == "bombs":
        parts.append(_("bombs %(powers)s") % {"powers": " + ".join(map(str, e["powers"]))})
    elif "shield" in e:
        parts.append(_("power %(power)s − shield %(shield)s") % e)
    elif "armor" in e:
        parts.append(_("power %(power)s − armor %(armor)s") % e)
    if "atmosphere" in e:
        parts.append(_("− %(atmosphere)s for the atmosphere") % e)
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
