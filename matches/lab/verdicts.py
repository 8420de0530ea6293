"""The one sentence that leads every lab result, in the player's language: the field test's
("Your deck wins 28 % [24–33] against the precons; worst against X, best against Y") and the
swap test's (Swap / Keep / No difference as large as δ / Cannot tell yet, with what it would
take here). The words come from the stored verdict code, so the page, the API and the export
never disagree about what was decided; only the wording is the page's."""

from __future__ import annotations

import math
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from matches.models import Tournament
from matches.tournaments import estimates, formats
from matches.tournaments.budget import expected_game_cpu
from matches.tournaments.selectors import tournament_entries
from matches.tournaments.services import MAX_GAMES_PER_PAIRING
from matches.tournaments.statistics import wilson_interval


def pct(rate: float) -> str:
    return f"{number_format(round(100 * rate))} %"


def points(difference: float) -> str:
    """A difference of win rates in percentage points, signed, one decimal, the locale's
    decimal separator."""
    value = number_format(abs(100 * difference), 1)
    return ("+" if difference >= 0 else "−") + value


def field_summary(
    *, tournament: Tournament, results: dict[str, Any], is_owner: bool
) -> dict[str, Any] | None:
    """A gauntlet's challenger (entry 0) against the field: the sentence and the matchups,
    weakest first, for the chart; None for other formats or before any game."""
    if tournament.format != formats.GAUNTLET:
        return None
    rows = [p for p in results["pairings"] if p["a"] == 0]
    games = sum(p["games"] for p in rows)
    if not games:
        return None
    score = sum(p["a_wins"] + p["draws"] / 2 for p in rows)
    low, high = wilson_interval(score, games)
    matchups = sorted(
        (
            {"name": p["b_name"], "rate": p["win_rate"], "ci95": p["ci95"], "games": p["games"]}
            for p in rows
        ),
        key=lambda m: (m["rate"], m["name"]),
    )
    labels = results["labels"]
    precons = all(
        entry.deck_version.deck.owner_id is None
        for entry in tournament_entries(tournament=tournament)
        if entry.rank != 0
    )
    values = {
        "deck": _("Your deck") if is_owner else labels[0],
        "rate": pct(score / games),
        "low": number_format(round(100 * low)),
        "high": number_format(round(100 * high)),
        "field": _("the precons") if precons else _("the field"),
        "games": games,
    }
    sentence = _("%(deck)s wins %(rate)s [%(low)s–%(high)s] against %(field)s") % values
    if len(matchups) > 1:
        sentence += _(
            "; worst against %(worst)s (%(worst_rate)s), best against %(best)s (%(best_rate)s)"
        ) % {
            "worst": matchups[0]["name"],
            "worst_rate": pct(matchups[0]["rate"]),
            "best": matchups[-1]["name"],
            "best_rate": pct(matchups[-1]["rate"]),
        }
    return {"sentence": sentence + ".", "matchups": matchups, "games": games}


def _minutes_here(tournament: Tournament, games: int) -> str:
    seconds = games * expected_game_cpu(agents=tournament.agents, turn_cap=tournament.turn_cap)
    seconds /= estimates.workers()
    if seconds < 90:
        return _("about %(n)s s here") % {"n": number_format(max(1, math.ceil(seconds)))}
    return _("about %(n)s min here") % {"n": number_format(math.ceil(seconds / 60))}


def swap_sentence(*, tournament: Tournament, summary: dict[str, Any]) -> dict[str, Any]:
    """The swap test's lead: a word (Swap, Keep, …) and its sentence; for «cannot tell yet»
    the games it would take, their time here and the games the «continue» button adds."""
    code = summary["verdict"]
    difference = summary["difference"]
    ci = summary["ci95"]
    interval = f"[{points(ci[0])}, {points(ci[1])}]" if ci else ""
    delta = number_format(tournament.options.get("delta", 0.1), 2)
    if code == "swap_better":
        word = _("Swap")
        text = _("the change is better by %(d)s points %(ci)s.") % {
            "d": points(difference),
            "ci": interval,
        }
    elif code == "swap_worse":
        word = _("Keep")
        text = _("the change is worse by %(d)s points %(ci)s.") % {
            "d": points(-difference),
            "ci": interval,
        }
    elif code == "swap_same":
        word = _("No difference as large as δ")
        text = _("the two versions differ by less than δ = %(delta)s.") % {"delta": delta}
    else:
        word = _("Cannot tell yet")
        text = _("so far %(d)s points %(ci)s.") % {
            "d": points(difference or 0.0),
            "ci": interval,
        }
    more = None
    if code == "swap_undecided" and tournament.status != "running":
        needed = summary["games_needed"] or 2 * summary["games"] or 100
        more = min(MAX_GAMES_PER_PAIRING, needed + needed % 2)
        text += " " + _("About %(games)s more games would tell, %(time)s.") % {
            "games": number_format(more),
            "time": _minutes_here(tournament, more),
        }
    return {"word": word, "text": text, "more": more}
