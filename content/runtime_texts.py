# ruff: noqa: E501  (each text as it is written where it is used)
"""Texts this app translates with gettext(variable): makemessages cannot find them where they
are written, so they are listed here with gettext_noop (and ngettext_lazy for plurals) to keep
them in this app's catalogue (scripts/catalogues.py; docs/TESTING.md, "Translations"). Nothing
imports this module. A text that changes where it is written changes here too.
"""

from django.utils.translation import gettext_noop

# The engine's effect-schema problems (komandor/rules/effect_schema.py), shown by the content loader and the effect editor.
EFFECT_SCHEMA_PROBLEMS = (
    gettext_noop("%(value)s is not %(what)s; accepted: %(allowed)s"),
    gettext_noop("%(value)s is not true or false"),
    gettext_noop("%(value)s is not a name"),
    gettext_noop("%(value)s is not a list of effects"),
    gettext_noop(
        "a tactical card is played once and then lost (TACT-2): give exactly one effect, got %(count)s"
    ),
    gettext_noop("a tactical card's text says when it can be played (TACT-1): name a window"),
    gettext_noop("is required: a window, a list of windows, static or on_play"),
    gettext_noop("static and on_play stand alone, not among windows"),
    gettext_noop("an attack is known only in attack_declared and after_attack"),
    gettext_noop("give a non-empty list of actions"),
    gettext_noop("%(value)s is not an action object"),
    gettext_noop("%(do)s acts on cards: give the effect targets"),
    gettext_noop("a player may not attack or destroy his own cards (SPECIAL-2): target the enemy"),
    gettext_noop("cancel answers the opponent's play: use it with when opponent_play"),
    gettext_noop("is required: how long it lasts (%(allowed)s)"),
    gettext_noop("'until the end of the %(until)s' needs the effect played in a battle window"),
    gettext_noop("a tactical card is lost at once (TACT-2): it attaches to nothing"),
    gettext_noop("%(value)s is not an object with fields"),
    gettext_noop("give at least one: %(what)s"),
    gettext_noop("%(value)s is not a whole number"),
    gettext_noop("%(value)s is out of range: must be from %(low)s to %(high)s"),
    # the same with ", not 0" added where 0 is excluded (effect_schema.py joins the two)
    gettext_noop("%(value)s is out of range: must be from %(low)s to %(high)s, not 0"),
    gettext_noop(
        "a %(kind)s card's cost is printed on the card (its action_tokens, resources or dice: TACT-3, TACT-4, SIT-2), not on its effect"
    ),
    gettext_noop("a D6 shows 1 to 6 (DICE-1), not %(roll)s"),
    gettext_noop("%(key)s is known only in a battle: play it in battle windows only"),
    gettext_noop("a search looks in the player's own cards"),
    gettext_noop("only an upgrade has a host: the card it is under (UPG-2)"),
    gettext_noop("an attack's cards are known only in attack_declared and after_attack"),
    gettext_noop("say whose cards: side own, enemy or any (or is …)"),
    gettext_noop("'in this battle' holds only in battle windows"),
    gettext_noop("a search names its zone in 'from'"),
    gettext_noop("give a list of at least two selectors"),
    gettext_noop("%(do)s what: give resources, action_tokens or both"),
    gettext_noop("forbid a rule or a card (by name): give one of them"),
    gettext_noop("unknown field; takes: %(allowed)s"),
    gettext_noop("is required: the selector to count"),
    gettext_noop("%(value)s is not a size class; accepted: LK, SK, TK (ЛК, СК, ТК)"),
    gettext_noop("give min, max or both"),
    gettext_noop("a window (docs/effects.md)"),
    gettext_noop("an action"),
    gettext_noop("a duration"),
    gettext_noop("a range"),
    gettext_noop("a site"),
    gettext_noop("a role"),
    gettext_noop("a side"),
    gettext_noop("a specific card"),
    gettext_noop("a card kind"),
    gettext_noop("an object type"),
    gettext_noop("a weapon"),
    gettext_noop("a ship property"),
    gettext_noop("a place"),
    gettext_noop("a chooser"),
    gettext_noop("a stat or weapon"),
    gettext_noop("self or opponent"),
    gettext_noop("deck or losses"),
    gettext_noop("a destination"),
    gettext_noop("a rule"),
    gettext_noop("a roll purpose"),
    gettext_noop("a victory condition (WIN-6)"),
    gettext_noop("a zone"),
    gettext_noop("own or enemy"),
    gettext_noop("orbit or sector"),
    gettext_noop("enter is the card's own play: give it alone, without targets"),
    gettext_noop(
        "enter lets a situation card be played in the windows its text names (SIT-1: «если иное не сказано в ее тексте»): only on a situation card, with a window"
    ),
    gettext_noop("hand, losses or play"),
    gettext_noop("whose ship was destroyed is known only in the ship_destroyed window"),
)
