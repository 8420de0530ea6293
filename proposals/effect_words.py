"""The effect language's codes (docs/effects.md) in words, for the effect builder's lists.

Each list is the engine's own vocabulary (``matches.engine.effect_schema``) in its order; a
code the engine adds and this module does not name yet is shown as the code itself, so the
builder never hides a part of the language.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from matches.engine import effect_schema as schema

WHEN: dict[str, Promise] = {
    "start_of_turn": _("At the start of the turn"),
    "initiative": _("When initiative is determined"),
    "resources": _("In the resources phase, with the income"),
    "production_abilities": _("In production, when ability cards are played"),
    "production_upgrades": _("In production, when upgrades are played"),
    "production_situations": _("In production, when situation cards are played"),
    "before_movement": _("In the movement phase, before the first move"),
    "after_movement": _("In the movement phase, after the last move"),
    "battle_phase_start": _("At the start of a battle phase"),
    "battle_start": _("Before the first round of battle"),
    "round_start": _("At the start of each battle round"),
    "attack_declared": _("When an attack is declared"),
    "after_attack": _("After an attack"),
    "round_end": _("At the end of each battle round"),
    "ship_destroyed": _("When a ship is destroyed"),
    "battle_end": _("When the battle is over"),
    "end_of_turn": _("At the end of the turn"),
    "opponent_play": _("When the opponent plays a card or property"),
    "static": _("Always, while the card is in play"),
    "on_play": _("Once, when the card enters play"),
}
ACTIONS: dict[str, Promise] = {
    "damage": _("deal damage"),
    "repair": _("remove damage"),
    "modify": _("change a stat"),
    "tap": _("turn (tap)"),
    "untap": _("turn back (untap)"),
    "move": _("move"),
    "destroy": _("destroy"),
    "draw": _("draw cards"),
    "search": _("search the deck or the losses"),
    "to_deck": _("put cards into the deck"),
    "enter": _("let this situation card be played now"),
    "gain": _("gain resources or action tokens"),
    "lose": _("lose resources or action tokens"),
    "initiative": _("change the initiative"),
    "cancel": _("cancel the opponent's play"),
    "permit": _("allow a rule"),
    "forbid": _("forbid a rule or a card"),
    "reroll": _("reroll dice"),
    "victory": _("give a victory condition"),
}
SIDES = {"own": _("own"), "enemy": _("enemy"), "any": _("either player's")}
SPECIFIC = {
    "self": _("this card"),
    "host": _("the upgraded card"),
    "carrier": _("the Commander's ship or object"),
    "attacker": _("the attacking ship"),
    "attacked": _("the attacked ship"),
}
KINDS = {
    "ship": pgettext_lazy("card kind", "ship"),
    "space_object": pgettext_lazy("card kind", "space object"),
    "station": _("station"),
    "ground_unit": pgettext_lazy("card kind", "ground unit"),
    "military_building": pgettext_lazy("card kind", "military building"),
    "civil_building": pgettext_lazy("card kind", "civil building"),
}
SIZES = {"LK": _("light (ЛК)"), "SK": _("medium (СК)"), "TK": _("heavy (ТК)")}
OBJECT_TYPES = {
    "planet": _("planet"),
    "asteroid": _("asteroid"),
    "station": _("station"),
    "other": _("other object"),
}
WEAPONS = {
    "plasma": _("plasma guns"),
    "turbolaser": _("turbolaser"),
    "maser": _("maser"),
    "lasers": _("laser batteries"),
    "missiles": _("missiles"),
    "torpedoes": _("torpedoes"),
    "nova": _("nova weapon"),
    "bombs": _("bombs"),
    "boarding": _("boarding shuttles"),
    "landing": _("landing"),
}
PROPERTIES = {
    "commercial_run": _("commercial run"),
    "escort": _("escort"),
    "smuggling_run": _("smuggling run"),
    "evasive_manoeuvre": _("evasive manoeuvre"),
}
PLACES = {
    "battle": _("in this battle"),
    "place": _("in the same orbit or sector as this card"),
    "orbit": _("in an orbit"),
    "sector": _("in a sector of open space"),
}
ZONES = {"play": _("in play"), "production": _("being built")}
CHOOSERS = {"self": _("the player"), "opponent": _("the opponent")}
PLAYERS = {"self": _("the player"), "opponent": _("the opponent")}
FROM = {
    "deck": _("the deck"),
    "losses": _("the losses"),
    "hand": _("the hand"),
    "play": _("the table"),
}
RANGES = {"long": _("long (Д)"), "medium": _("medium (С)"), "short": _("short (М)")}
SITES = {"orbit": _("on an orbit"), "open_space": _("in open space")}
ROLES = {"attacker": _("attacks"), "defender": _("defends")}
OWN_ENEMY = {"own": _("own"), "enemy": _("the enemy's")}
STATS = {
    "strength": _("strength"),
    "critical": _("critical damage"),
    "armor": _("armor"),
    "speed": _("speed"),
    "shield": _("shield power"),
    "crew": _("crew"),
    **WEAPONS,
}
UNTIL = {
    "round": _("until the end of the round"),
    "battle": _("until the end of the battle"),
    "phase": _("until the end of the phase"),
    "turn": _("until the end of the turn"),
    "attached": _("while this card is in play"),
    "permanent": _("for good"),
}
RULES = {
    "enter_enemy_sector": _("ships may enter a sector holding an enemy fleet"),
    "play_tactical": _("tactical cards may be played"),
}
VICTORIES = {"pirate": _("Pirate"), "trader": _("Trader"), "procurator": _("Procurator")}
PURPOSES = {
    "effect": _("an effect's roll"),
    "smuggling": _("smuggling"),
    "initiative": _("initiative"),
    "salvo": _("a salvo"),
    "point_defence": _("point defence"),
    "duel": _("a duel"),
    "boarding": _("boarding"),
    "ram_dodge": _("dodging a ram"),
    "nova_fire": _("nova: does it fire"),
    "nova_count": _("nova: how many ships"),
}
MOVE_TO = {"new_sector": _("to an empty sector of open space"), "place": _("to this card's place")}
YES_NO = {"yes": _("yes"), "no": _("no")}


def choices(
    words: dict[str, Promise], codes: tuple[str, ...] | None = None
) -> list[tuple[str, object]]:
    """The engine's codes (``codes``, or the dict's own) with their words, in the engine's order."""
    return [
        (code, words.get(code, code)) for code in (codes if codes is not None else tuple(words))
    ]


# The vocabulary each list offers, from the engine (so a new code shows up, as its code).
VOCABULARY = {
    "when": schema.WHEN_VALUES,
    "do": schema.ACTIONS,
    "side": schema.SIDES,
    "is": schema.SPECIFIC,
    "kind": schema.TARGET_KINDS,
    "object_type": schema.OBJECT_TYPES,
    "weapon": schema.WEAPONS,
    "property": schema.PROPERTIES,
    "in": schema.PLACES,
    "zone": schema.TARGET_ZONES,
    "chooser": schema.CHOOSERS,
    "player": schema.PLAYERS,
    "range": schema.RANGES,
    "site": schema.SITES,
    "role": schema.ROLES,
    "stat": schema.STATS,
    "until": schema.UNTIL,
    "rule": schema.RULES,
    "victory": schema.VICTORIES,
    "purposes": schema.ROLL_PURPOSES,
}
