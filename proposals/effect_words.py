"""The effect language's codes (docs/effects.md) in words, for the effect builder's lists.

Each list is the engine's own vocabulary (``komandor.rules.effect_schema``) in its order; a
code the engine adds and this module does not name yet is shown as the code itself, so the
builder never hides a part of the language.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from cardbase.terms import term_lazy
from komandor.rules import effect_schema as schema
from komandor.rules.cards import ObjectType
from komandor.rules.weapons import Weapon
from komandor.words.terms import OBJECT_TYPES as OBJECT_TYPE_TERMS
from komandor.words.terms import VICTORIES as VICTORY_TERMS
from komandor.words.terms import WEAPONS as WEAPON_TERMS

WHEN: dict[str, Promise] = {
    "start_of_turn": pgettext_lazy("effect builder", "At the start of the turn"),
    "initiative": pgettext_lazy("effect builder", "When initiative is determined"),
    "resources": pgettext_lazy("effect builder", "In the resources phase, with the income"),
    "production_abilities": pgettext_lazy(
        "effect builder", "In production, when ability cards are played"
    ),
    "production_upgrades": pgettext_lazy(
        "effect builder", "In production, when upgrades are played"
    ),
    "production_situations": pgettext_lazy(
        "effect builder", "In production, when situation cards are played"
    ),
    "before_movement": pgettext_lazy(
        "effect builder", "In the movement phase, before the first move"
    ),
    "after_movement": pgettext_lazy("effect builder", "In the movement phase, after the last move"),
    "battle_phase_start": pgettext_lazy("effect builder", "At the start of a battle phase"),
    "battle_start": pgettext_lazy("effect builder", "Before the first round of battle"),
    "round_start": pgettext_lazy("effect builder", "At the start of each battle round"),
    "attack_declared": pgettext_lazy("effect builder", "When an attack is declared"),
    "after_attack": pgettext_lazy("effect builder", "After an attack"),
    "round_end": pgettext_lazy("effect builder", "At the end of each battle round"),
    "ship_destroyed": pgettext_lazy("effect builder", "When a ship is destroyed"),
    "battle_end": pgettext_lazy("effect builder", "When the battle is over"),
    "end_of_turn": pgettext_lazy("effect builder", "At the end of the turn"),
    "opponent_play": pgettext_lazy("effect builder", "When the opponent plays a card or property"),
    "static": pgettext_lazy("effect builder", "Always, while the card is in play"),
    "on_play": pgettext_lazy("effect builder", "Once, when the card enters play"),
}
ACTIONS: dict[str, Promise] = {
    "damage": pgettext_lazy("effect builder", "deal damage"),
    "repair": pgettext_lazy("effect builder", "remove damage"),
    "modify": pgettext_lazy("effect builder", "change a stat"),
    "tap": pgettext_lazy("effect builder", "turn (tap)"),
    "untap": pgettext_lazy("effect builder", "turn back (untap)"),
    "move": pgettext_lazy("effect builder", "move"),
    "destroy": pgettext_lazy("effect builder", "destroy"),
    "draw": pgettext_lazy("effect builder", "draw cards"),
    "search": pgettext_lazy("effect builder", "search the deck or the losses"),
    "to_deck": pgettext_lazy("effect builder", "put cards into the deck"),
    "enter": pgettext_lazy("effect builder", "let this situation card be played now"),
    "gain": pgettext_lazy("effect builder", "gain resources or action tokens"),
    "lose": pgettext_lazy("effect builder", "lose resources or action tokens"),
    "initiative": pgettext_lazy("effect builder", "change the initiative"),
    "cancel": pgettext_lazy("effect builder", "cancel the opponent's play"),
    "permit": pgettext_lazy("effect builder", "allow a rule"),
    "forbid": pgettext_lazy("effect builder", "forbid a rule or a card"),
    "reroll": pgettext_lazy("effect builder", "reroll dice"),
    "victory": pgettext_lazy("effect builder", "give a victory condition"),
}
SIDES = {
    "own": pgettext_lazy("effect builder", "own"),
    "enemy": pgettext_lazy("effect builder", "enemy"),
    "any": pgettext_lazy("effect builder", "either player's"),
}
SPECIFIC = {
    "self": pgettext_lazy("effect builder", "this card"),
    "host": pgettext_lazy("effect builder", "the upgraded card"),
    "carrier": pgettext_lazy("effect builder", "the Commander's ship or object"),
    "attacker": pgettext_lazy("effect builder", "the attacking ship"),
    "attacked": pgettext_lazy("effect builder", "the attacked ship"),
}
KINDS = {
    "ship": pgettext_lazy("effect builder", "ship"),
    "space_object": pgettext_lazy("effect builder", "space object"),
    "station": term_lazy(OBJECT_TYPE_TERMS, ObjectType.STATION),
    "ground_unit": pgettext_lazy("effect builder", "ground unit"),
    "military_building": pgettext_lazy("effect builder", "military building"),
    "civil_building": pgettext_lazy("effect builder", "civil building"),
}
SIZES = {
    "LK": pgettext_lazy("effect builder", "light (ЛК)"),
    "SK": pgettext_lazy("effect builder", "medium (СК)"),
    "TK": pgettext_lazy("effect builder", "heavy (ТК)"),
}
OBJECT_TYPES = {  # the engine's table (komandor/words/terms.py)
    kind.value: term_lazy(OBJECT_TYPE_TERMS, kind) for kind in OBJECT_TYPE_TERMS
}
WEAPONS = {
    # the battle's weapons: the engine's table (komandor/words/terms.py)
    **{
        weapon.value: term_lazy(WEAPON_TERMS, weapon)
        for weapon in (
            Weapon.PLASMA,
            Weapon.TURBOLASER,
            Weapon.MASER,
            Weapon.LASERS,
            Weapon.MISSILES,
            Weapon.TORPEDOES,
        )
    },
    # the printed mounts named for themselves
    "nova": pgettext_lazy("effect builder", "nova weapon"),
    "bombs": term_lazy(WEAPON_TERMS, Weapon.BOMBS),
    "boarding": pgettext_lazy("effect builder", "boarding shuttles"),
    "landing": pgettext_lazy("effect builder", "landing"),
}
PROPERTIES = {
    "commercial_run": pgettext_lazy("effect builder", "commercial run"),
    "escort": pgettext_lazy("effect builder", "escort"),
    "smuggling_run": pgettext_lazy("effect builder", "smuggling run"),
    "evasive_manoeuvre": pgettext_lazy("effect builder", "evasive manoeuvre"),
}
PLACES = {
    "battle": pgettext_lazy("effect builder", "in this battle"),
    "place": pgettext_lazy("effect builder", "in the same orbit or sector as this card"),
    "orbit": pgettext_lazy("effect builder", "in an orbit"),
    "sector": pgettext_lazy("effect builder", "in a sector of open space"),
}
ZONES = {
    "play": pgettext_lazy("effect builder", "in play"),
    "production": pgettext_lazy("effect builder", "being built"),
}
CHOOSERS = {
    "self": pgettext_lazy("effect builder", "the player"),
    "opponent": pgettext_lazy("effect builder", "the opponent"),
}
PLAYERS = {
    "self": pgettext_lazy("effect builder", "the player"),
    "opponent": pgettext_lazy("effect builder", "the opponent"),
}
FROM = {
    "deck": pgettext_lazy("effect builder", "the deck"),
    "losses": pgettext_lazy("effect builder", "the losses"),
    "hand": pgettext_lazy("effect builder", "the hand"),
    "play": pgettext_lazy("effect builder", "the table"),
}
RANGES = {
    "long": pgettext_lazy("effect builder", "long (Д)"),
    "medium": pgettext_lazy("effect builder", "medium (С)"),
    "short": pgettext_lazy("effect builder", "short (М)"),
}
SITES = {
    "orbit": pgettext_lazy("effect builder", "on an orbit"),
    "open_space": pgettext_lazy("effect builder", "in open space"),
}
ROLES = {
    "attacker": pgettext_lazy("effect builder", "attacks"),
    "defender": pgettext_lazy("effect builder", "defends"),
}
OWN_ENEMY = {
    "own": pgettext_lazy("effect builder", "own"),
    "enemy": pgettext_lazy("effect builder", "the enemy's"),
}
STATS = {
    "strength": pgettext_lazy("effect builder", "strength"),
    "critical": pgettext_lazy("effect builder", "critical damage"),
    "armor": pgettext_lazy("effect builder", "armor"),
    "speed": pgettext_lazy("effect builder", "speed"),
    "shield": pgettext_lazy("effect builder", "shield power"),
    "crew": pgettext_lazy("effect builder", "crew"),
    **WEAPONS,
}
UNTIL = {
    "round": pgettext_lazy("effect builder", "until the end of the round"),
    "battle": pgettext_lazy("effect builder", "until the end of the battle"),
    "phase": pgettext_lazy("effect builder", "until the end of the phase"),
    "turn": pgettext_lazy("effect builder", "until the end of the turn"),
    "attached": pgettext_lazy("effect builder", "while this card is in play"),
    "permanent": pgettext_lazy("effect builder", "for good"),
}
RULES = {
    "enter_enemy_sector": pgettext_lazy(
        "effect builder", "ships may enter a sector holding an enemy fleet"
    ),
    "play_tactical": pgettext_lazy("effect builder", "tactical cards may be played"),
}
VICTORIES = {  # the engine's table (komandor/words/terms.py)
    victory.value: term_lazy(VICTORY_TERMS, victory) for victory in VICTORY_TERMS
}
PURPOSES = {
    "effect": pgettext_lazy("effect builder", "an effect's roll"),
    "smuggling": pgettext_lazy("effect builder", "smuggling"),
    "initiative": pgettext_lazy("effect builder", "initiative"),
    "salvo": pgettext_lazy("effect builder", "a salvo"),
    "point_defence": pgettext_lazy("effect builder", "point defence"),
    "duel": pgettext_lazy("effect builder", "a duel"),
    "boarding": term_lazy(WEAPON_TERMS, Weapon.BOARDING),
    "ram_dodge": pgettext_lazy("effect builder", "dodging a ram"),
    "nova_fire": pgettext_lazy("effect builder", "nova: does it fire"),
    "nova_count": pgettext_lazy("effect builder", "nova: how many ships"),
}
MOVE_TO = {
    "new_sector": pgettext_lazy("effect builder", "to an empty sector of open space"),
    "place": pgettext_lazy("effect builder", "to this card's place"),
}
YES_NO = {
    "yes": pgettext_lazy("effect builder", "yes"),
    "no": pgettext_lazy("effect builder", "no"),
}


def choices(
    words: Mapping[str, Promise], codes: tuple[str, ...] | None = None
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
