"""One match event in words for the replay page, attacks with their dice and arithmetic.

Events are the engine's log entries (``matches.engine.events``); card uids become card names.
Russian first, English through gettext (``matches/locale``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

WEAPONS = {
    "plasma": gettext_noop("plasma guns"),
    "turbolaser": gettext_noop("turbolaser"),
    "maser": gettext_noop("maser"),
    "lasers": gettext_noop("lasers"),
    "missiles.long": gettext_noop("long-range missiles"),
    "missiles.medium": gettext_noop("medium-range missiles"),
    "missiles.short": gettext_noop("short-range missiles"),
    "torpedoes": gettext_noop("torpedoes"),
    "nova": gettext_noop("Nova"),
    "bombs": gettext_noop("bombs"),
}


def player_name(index: Any) -> str:
    if not isinstance(index, int):
        return "—"
    return _("player %(number)s") % {"number": index + 1}


def describe(event: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """Never fails: an event of an unexpected shape is listed field by field."""
    try:
        return _describe(event, names)
    except (KeyError, TypeError, ValueError):
        return _fields(event)


def _fields(event: Mapping[str, Any]) -> str:
    details = ", ".join(
        f"{key}={value}" for key, value in event.items() if key not in ("seq", "type")
    )
    return f"{event.get('type', '?')}: {details}"


def _describe(event: Mapping[str, Any], names: Mapping[str, str]) -> str:
    def name(uid: Any) -> str:
        if isinstance(uid, str) and "+" in uid:
            return " + ".join(name(part) for part in uid.split("+"))
        return f"«{names.get(uid, uid)}»" if uid is not None else "—"

    kind = event["type"]
    e = event
    if kind == "match":
        return _("Match: %(decks)s; agents %(agents)s; seed %(seed)s; engine %(engine)s") % {
            "decks": " — ".join(e["decks"]),
            "agents": ", ".join(e["agents"]),
            "seed": e["seed"],
            "engine": e["engine"],
        }
    if kind == "turn":
        return _("Turn %(turn)s begins") % {"turn": e["turn"]}
    if kind == "priority":
        return _("%(player)s has priority") % {"player": player_name(e["player"])}
    if kind == "resources":
        return _("%(player)s: %(resources)s resources, %(tokens)s production tokens") % {
            "player": player_name(e["player"]),
            "resources": e["resources"],
            "tokens": e["tokens"],
        }
    if kind == "built":
        return _("%(player)s builds %(card)s for %(paid)s") % {
            "player": player_name(e["player"]),
            "card": name(e["card"]),
            "paid": e["paid"],
        }
    if kind == "production":
        return _("%(player)s puts %(paid)s into %(card)s (%(tokens)s tokens on it)") % {
            "player": player_name(e["player"]),
            "card": name(e["card"]),
            "paid": e["paid"],
            "tokens": e["tokens"],
        }
    if kind in ("placed", "commander"):
        return _("%(player)s places %(card)s at %(at)s") % {
            "player": player_name(e["player"]),
            "card": name(e.get("card")) if kind == "placed" else _("the Commander"),
            "at": name(e["at"]),
        }
    if kind == "moved":
        return _("%(player)s moves %(card)s from %(frm)s to %(to)s") % {
            "player": player_name(e["player"]),
            "card": name(e["card"]),
            "frm": name(e["frm"]),
            "to": name(e["to"]),
        }
    if kind == "battle_start":
        return _("Battle: %(attacker)s attacks %(defender)s (%(site)s)") % {
            "attacker": player_name(e["attacker"]),
            "defender": player_name(e["defender"]),
            "site": e["site"],
        }
    if kind == "round_start":
        return _("Battle round %(round)s at %(range)s range") % {
            "round": e["round"],
            "range": e["range"],
        }
    if kind == "attack":
        return _("%(by)s fires %(weapon)s at %(target)s: %(arithmetic)s") % {
            "by": name(e["by"]),
            "weapon": _(WEAPONS.get(e["weapon"], e["weapon"])),
            "target": name(e["target"]),
            "arithmetic": attack_arithmetic(e),
        }
    if kind == "ram":
        return _("%(by)s rams %(target)s: %(damage)s damage, %(back)s to the rammer") % {
            "by": name(e["by"]),
            "target": name(e["target"]),
            "damage": e["damage"],
            "back": e["damage_to_rammer"],
        }
    if kind == "destroyed":
        return _("%(card)s is destroyed") % {"card": name(e.get("uid", e.get("card")))}
    if kind == "captured":
        return _("%(card)s is captured by %(player)s") % {
            "card": name(e["card"]),
            "player": player_name(e["by"]),
        }
    if kind == "victory":
        if e["winner"] is None:
            return _("Draw: %(reason)s") % {"reason": e["reason"]}
        return _("%(player)s wins: %(reason)s") % {
            "player": player_name(e["winner"]),
            "reason": e["reason"],
        }
    if kind == "choice":
        return _("%(player)s chooses %(key)s (%(kind)s)") % {
            "player": player_name(e["player"]),
            "key": name(e["key"]) if e["key"] in names else e["key"],
            "kind": e["kind"],
        }
    return _fields(e)


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
                "maser": e["maser_type"],
                "shield": e["shield_type"] or _("none"),
                "effect": e["effect"],
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
