"""Template filters for tournament figures: percentages, differences, and the codes' words."""

from __future__ import annotations

from django import template

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
    return f"{100 * value:+.1f}"


@register.filter
def termination(code: str) -> str:
    return labels.termination_label(code)


@register.filter
def decision(code: str) -> str:
    return labels.decision_label(code)
