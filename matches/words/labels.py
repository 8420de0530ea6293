"""Words for the codes a match or tournament stores (terminations, results, verdicts), in the
request's language: the domain keeps codes, the pages show these."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from komandor.rules import rules

TERMINATIONS = {
    "commander_lost": _("Commander lost"),
    "deck_out": _("deck ran out"),
    "pirate": _("pirate victory"),
    "trader": _("trader victory"),
    "procurator": _("procurator victory"),
    "no_commander_carrier": _("no carrier for the Commander"),
    "turn_cap": _("turn limit reached"),
    "game_limit": _("per-game CPU limit"),
    # games between two people (``matches.friends``)
    "timeout": _("out of time"),
    "forfeit": _("left the game"),
    "resignation": _("resignation"),
    "agreed_draw": _("draw agreed"),
    "idle": _("nobody moved for too long"),
}

DECISIONS = {
    "better": _("A is better"),
    "not_better": _("A is not better"),
    "undecided": _("cannot tell yet"),
    # the swap test (``matches.tournaments.swap``)
    "swap_better": _("the change is better"),
    "swap_worse": _("the change is worse"),
    "swap_same": _("no difference as large as δ"),
    "swap_undecided": _("cannot tell yet"),
    # the deck doctor (``matches.tournaments.doctor``)
    "doctor_better": _("a better deck found"),
    "doctor_none": _("nothing better by δ"),
    "doctor_undecided": _("cannot tell yet"),
}


def termination_label(code: str) -> str:
    return str(TERMINATIONS.get(code, code))


def decision_label(code: str) -> str:
    return str(DECISIONS.get(code, code))


# How a game ended, in a sentence of the request's language (the engine's own ``reason`` is an
# English note for logs): %(winner)s and %(loser)s are the players' names.
REASONS = {
    "commander_lost": _("%(loser)s lost the Commander: his carrier was destroyed or taken"),
    "deck_out": _("%(loser)s could not draw two cards"),
    "pirate": _(
        "%(winner)s (Pirate): the cards in the opponent's losses are worth more than "
        "%(pirate)s resources"
    ),
    "trader": _("%(winner)s (Trader) began a turn with %(trader)s or more commercial-run tokens"),
    "procurator": _(
        "%(winner)s (Procurator) began a turn with %(procurator)s or more unblocked space objects"
    ),
    "no_commander_carrier": _("%(loser)s had no card to carry the Commander"),
    "turn_cap": _("the turn limit was reached: a draw"),
    "game_limit": _("the per-game CPU limit was reached: a draw"),
}
BOTH_AT_ONCE = _("both at once: the player with initiative priority wins")


def result_reason(*, termination: str, winner: str, loser: str, both: bool = False) -> str:
    """Why the game ended, in the request's language (the thresholds are the rules')."""
    template = REASONS.get(termination)
    if template is None:
        return termination_label(termination)
    text = str(template) % {
        "winner": winner,
        "loser": loser,
        "pirate": rules.PIRATE_LOSSES_THRESHOLD,
        "trader": rules.TRADER_COMMERCE_TOKENS,
        "procurator": rules.PROCURATOR_OBJECTS,
    }
    return f"{text} ({BOTH_AT_ONCE})" if both else text


# The extra-victory meters (``matches.games.threats``): what each one counts.
VICTORY_METERS = {
    "procurator": _("Procurator: unblocked space objects"),
    "trader": _("Trader: commercial-run tokens"),
    "pirate": _("Pirate: worth of the opponent's losses"),
}
COMMANDER_REACH = {
    "enemy_here": _("an enemy fleet is at his place: a battle can reach him this turn"),
    "enemy_can_move": _("enemy ships can still move to his orbit this turn"),
    "lost": _("the Commander is lost"),
    "not_placed": _("not placed yet"),
    "": _("out of the enemy's reach this turn"),
}


def victory_meter_label(kind: str) -> str:
    return str(VICTORY_METERS.get(kind, kind))


def commander_reach_label(why: str) -> str:
    return str(COMMANDER_REACH.get(why, why))
