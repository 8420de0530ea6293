"""Words for the codes a match or tournament stores (terminations, results, verdicts), in the
request's language: the domain keeps codes, the pages show these."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

TERMINATIONS = {
    "commander_lost": _("Commander lost"),
    "deck_out": _("deck ran out"),
    "pirate": _("pirate victory"),
    "trader": _("trader victory"),
    "procurator": _("procurator victory"),
    "no_commander_carrier": _("no carrier for the Commander"),
    "turn_cap": _("turn limit reached"),
    "game_limit": _("per-game CPU limit"),
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
}


def termination_label(code: str) -> str:
    return str(TERMINATIONS.get(code, code))


def decision_label(code: str) -> str:
    return str(DECISIONS.get(code, code))
