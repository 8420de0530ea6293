"""Template filters for tournament figures: percentages, differences, the codes' words and a
tournament's name in the reader's language. Decimals follow the page's language (a comma in
Russian, ``django.utils.formats``)."""

from __future__ import annotations

from django import template
from django.utils.formats import number_format
from django.utils.translation import get_language

from matches.words import labels

register = template.Library()


@register.filter
def percent(value) -> str:
    """0.534 → «53 %»; None → «—»."""
    if value is None:
        return "—"
    return f"{100 * value:.0f} %"


@register.filter
def interval(bounds) -> str:
    """(0.41, 0.66) → «41–66 %»; None → «—»."""
    if not bounds:
        return "—"
    low, high = bounds
    return f"{100 * low:.0f}…{100 * high:.0f} %"


@register.filter
def points(value) -> str:
    """A difference of rates in percentage points: 0.042 → «+4.2»; None → «—»."""
    if value is None:
        return "—"
    return ("-" if value < 0 else "+") + number_format(abs(100 * value), decimal_pos=1)


@register.filter
def termination(code: str) -> str:
    return labels.termination_label(code)


@register.filter
def decision(code: str) -> str:
    return labels.decision_label(code)


@register.filter
def victory_meter(kind: str) -> str:
    return labels.victory_meter_label(kind)


@register.filter
def commander_reach(why: str) -> str:
    return labels.commander_reach_label(why)


@register.filter
def tournament_name(tournament) -> str:
    """A made name (a field or swap test's) in the reader's language (issue 36)."""
    return tournament.localised_name(get_language() or "")
